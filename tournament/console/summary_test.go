package console

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/tournament"
)

// TestSummarySolver: the summary says what the solver's adjudication spent
// on the games the run played, and nothing of it without them.
func TestSummarySolver(t *testing.T) {
	cfg, err := config.Parse(context.Background(), "t.yaml", []byte(`name: t
game: lines-of-action
time_control: {move_ms: 10}
engines:
  - {name: a, cmd: arbiter}
  - {name: b, cmd: arbiter}
`), config.NoOpenings)
	if err != nil {
		t.Fatal(err)
	}
	const line = "solver: 3 games played with it now, 1.25 s, 4567 nodes (the runner's time)\n"
	for _, tc := range []struct {
		solver tournament.SolverTotals
		want   bool
	}{
		{tournament.SolverTotals{Games: 3, Time: 1250 * time.Millisecond, Nodes: 4567}, true},
		{tournament.SolverTotals{}, false},
	} {
		var b strings.Builder
		WriteSummary(&b, cfg, &tournament.Summary{Name: "t", Total: 4, Played: 4, Terminations: map[notation.Termination]int{notation.TermSolved: 3, notation.TermNormal: 1}, Solver: tc.solver})
		if got := strings.Contains(b.String(), line); got != tc.want {
			t.Errorf("summary with the solver's %+v:\n%s\nwant the line %q: %v", tc.solver, b.String(), line, tc.want)
		}
		if !tc.want && strings.Contains(b.String(), "solver:") {
			t.Errorf("summary without the solver:\n%s\nwant no solver line", b.String())
		}
	}
}
