package matchline

import (
	"context"
	"strings"
	"testing"
)

// TestMatchSolver checks -solver nodes=N: the config's adjudication
// mapping with the budget, which the config reads; and its errors, in the
// option's words.
func TestMatchSolver(t *testing.T) {
	two := append(append([]string{"-game", "lines-of-action"}, builtin("a", "random", "1")...), builtin("b", "greedy", "2")...)
	two = append(two, "-each", "st=0.05")
	opts, err := Parse(append(append([]string{}, two...), "-solver", "nodes=0100000"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Load(context.Background(), opts)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if want := "adjudication: {solver: {nodes: 100000}}"; !strings.Contains(m.Config.Text, want) {
		t.Errorf("config lacks %q:\n%s", want, m.Config.Text)
	}
	if s := m.Config.Adjudication.Solver; s == nil || *s.Nodes != 100000 || m.Config.Adjudication.MaxPlies != "draw" {
		t.Errorf("config's adjudication %+v; want draw at max_plies and the solver with 100000 nodes", m.Config.Adjudication)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-solver", "nodes=0"}, "-solver nodes=0: want a whole number from 1"},
		{[]string{"-solver", "nodes=lots"}, "-solver nodes=lots: want a whole number from 1"},
		{[]string{"-solver"}, "-solver needs key=value words (keys: nodes)"},
		{[]string{"-solver", "depth=3"}, `-solver: unknown key "depth"`},
		{[]string{"-solver", "nodes=100000001"}, "-solver: adjudication solver nodes is 100000001; it must be from 1 to 100000000"},
	} {
		opts, err := Parse(append(append([]string{}, two...), tc.args...))
		if err == nil {
			_, err = Load(context.Background(), opts)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("match %q: %v; want an error with %q", tc.args, err, tc.want)
		}
	}
}

// TestMatchSolverCompletes checks that the shell completes -solver and its
// key.
func TestMatchSolverCompletes(t *testing.T) {
	var b strings.Builder
	Complete(&b, []string{"-solver"}, "-solver")
	if !strings.Contains(b.String(), "nodes=\n") {
		t.Errorf("completions after -solver %q; want nodes=", b.String())
	}
	if !strings.Contains(Help(), "-solver") {
		t.Errorf("help lacks -solver:\n%s", Help())
	}
}
