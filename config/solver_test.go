package config

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// solvingGame is the toy race with a solver that proves nothing: a game
// whose positions are rules.Solver, for the checks of the solver's
// adjudication.
type solvingGame struct{ rules.Game }

func (solvingGame) ID() string   { return "solving-race" }
func (solvingGame) Name() string { return "Solving Race" }
func (g solvingGame) Start(tags rules.Tags) (rules.Position, error) {
	pos, err := g.Game.Start(tags)
	return solvingPos{pos}, err
}

type solvingPos struct{ rules.Position }

func (solvingPos) Solve(context.Context, int64) rules.Proof {
	return rules.Proof{Result: rules.Unfinished, Move: rules.NoMove}
}

// withSolvingGame makes the solving race known to rules/games for the
// test.
func withSolvingGame(t *testing.T) {
	all := games.All
	games.All = append([]rules.Game{solvingGame{toygames.Race}}, all...)
	t.Cleanup(func() { games.All = all })
}

// TestAdjudicationForms reads the adjudication key's two forms: the scalar
// (max_plies's value) and the mapping with the solver's budget. The
// scalar and the mapping without a solver are the same config (the same
// hash); a solver, and another budget, are another.
func TestAdjudicationForms(t *testing.T) {
	withSolvingGame(t)
	dir := configDir(t)
	base := strings.Replace(goodConfig, "game: toy-race", "game: solving-race", 1)
	hashes := map[string]string{}
	for _, tc := range []struct {
		name, adj string
		want      Adjudication
	}{
		{"scalar", "adjudication: score", Adjudication{MaxPlies: AdjudicateScore}},
		{"mapping", "adjudication: {max_plies: score}", Adjudication{MaxPlies: AdjudicateScore}},
		{"block mapping", "adjudication:\n  max_plies: score", Adjudication{MaxPlies: AdjudicateScore}},
		{"solver", "adjudication: {max_plies: score, solver: {nodes: 1000}}", Adjudication{MaxPlies: AdjudicateScore, Solver: &SolverRule{Nodes: ptr(int64(1000))}}},
		{"other budget", "adjudication: {max_plies: score, solver: {nodes: 2000}}", Adjudication{MaxPlies: AdjudicateScore, Solver: &SolverRule{Nodes: ptr(int64(2000))}}},
		{"solver, draw by default", "adjudication: {solver: {nodes: 1000}}\ndraw: null", Adjudication{MaxPlies: AdjudicateDraw, Solver: &SolverRule{Nodes: ptr(int64(1000))}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(base, "adjudication: score", tc.adj, 1)
			if tc.want.MaxPlies == AdjudicateDraw {
				text = strings.Replace(text, "game: solving-race", "game: solving-race\n", 1)
			}
			cfg, err := parse(filepath.Join(dir, "club.yaml"), []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			got := cfg.Adjudication
			if got.MaxPlies != tc.want.MaxPlies || (got.Solver == nil) != (tc.want.Solver == nil) ||
				got.Solver != nil && *got.Solver.Nodes != *tc.want.Solver.Nodes {
				t.Errorf("adjudication %+v; want %+v", got, tc.want)
			}
			hashes[tc.name] = cfg.Hash()
		})
	}
	if hashes["scalar"] != hashes["mapping"] || hashes["scalar"] != hashes["block mapping"] {
		t.Errorf("the forms without a solver have hashes %s, %s, %s; want one", hashes["scalar"], hashes["mapping"], hashes["block mapping"])
	}
	if hashes["solver"] == hashes["scalar"] || hashes["solver"] == hashes["other budget"] {
		t.Errorf("a solver, and another budget, keep the hash; want another")
	}
}

func ptr[T any](v T) *T { return &v }

// TestAdjudicationErrors checks the mapping form's problems, each at its
// line: unknown keys (named), a budget out of range, a game without a
// solver, a bad max_plies.
func TestAdjudicationErrors(t *testing.T) {
	withSolvingGame(t)
	dir := configDir(t)
	base := strings.Replace(goodConfig, "game: toy-race", "game: solving-race", 1)
	for _, tc := range []struct {
		name, text, want string
	}{
		{"unknown key", strings.Replace(base, "adjudication: score", "adjudication: {max_plies: score, solve: {nodes: 5}}", 1),
			`club.yaml:11: unknown key "solve" in adjudication`},
		{"unknown solver key", strings.Replace(base, "adjudication: score", "adjudication:\n  solver: {node: 5}\n  max_plies: score", 1),
			`club.yaml:12: unknown key "node" in adjudication's solver`},
		{"no nodes", strings.Replace(base, "adjudication: score", "adjudication:\n  max_plies: score\n  solver: {}", 1),
			`club.yaml:13: adjudication solver needs nodes`},
		{"zero nodes", strings.Replace(base, "adjudication: score", "adjudication:\n  max_plies: score\n  solver:\n    nodes: 0", 1),
			`club.yaml:14: adjudication solver nodes is 0; it must be from 1 to 100000000`},
		{"too many nodes", strings.Replace(base, "adjudication: score", "adjudication: {max_plies: score, solver: {nodes: 100000001}}", 1),
			`club.yaml:11: adjudication solver nodes is 100000001; it must be from 1 to 100000000`},
		{"nodes not a number", strings.Replace(base, "adjudication: score", "adjudication: {max_plies: score, solver: {nodes: many}}", 1),
			`club.yaml:11: cannot read "many" as int64`},
		{"bad max_plies", strings.Replace(base, "adjudication: score", "adjudication:\n  max_plies: coin", 1),
			`club.yaml:12: adjudication "coin" is neither draw nor score`},
		{"game without a solver", strings.Replace(goodConfig, "adjudication: score", "adjudication:\n  max_plies: score\n  solver: {nodes: 5}", 1),
			`club.yaml:13: adjudication solver: Toy Race has no solver`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse(filepath.Join(dir, "club.yaml"), []byte(tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Parse = %v; want an error with %q", err, tc.want)
			}
		})
	}
}
