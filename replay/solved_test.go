package replay

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// solvingGame is the toy race with a solver: an exhaustive search that
// proves nothing past its budget.
type solvingGame struct{ rules.Game }

func (solvingGame) ID() string   { return "solving-race" }
func (solvingGame) Name() string { return "Solving Race" }
func (g solvingGame) Start(tags rules.Tags) (rules.Position, error) {
	pos, err := g.Game.Start(tags)
	return &solvingPos{pos}, err
}

type solvingPos struct{ rules.Position }

func (s *solvingPos) Solve(_ context.Context, nodes int64) rules.Proof {
	var n int64
	res, plies, ok := prove(s.Position, &n, nodes)
	if !ok {
		return rules.Proof{Result: rules.Unfinished, Move: rules.NoMove, Nodes: n}
	}
	return rules.Proof{Result: res, Move: rules.NoMove, Plies: plies, Nodes: n}
}

// prove returns pos's result with best play and the longest line of its
// proof, counting the positions visited in *n; ok is false past budget.
func prove(pos rules.Position, n *int64, budget int64) (res rules.Result, plies int, ok bool) {
	if *n >= budget {
		return rules.Unfinished, 0, false
	}
	*n++
	if o := pos.Outcome(); o.Over() {
		return o.Result, 0, true
	}
	me := pos.Turn()
	longest := 0
	for _, m := range pos.Moves(nil) {
		q := pos.Clone()
		q.Play(m)
		r, p, ok := prove(q, n, budget)
		if !ok {
			return rules.Unfinished, 0, false
		}
		if r == rules.Win(me) {
			return r, p + 1, true
		}
		longest = max(longest, p+1)
	}
	return rules.Win(me.Other()), longest, true
}

// TestSolvedRecords checks records of termination solved: valid when the
// final position's solver proves the declared result within the closing
// comment's budget, else invalid, located, with the reason.
func TestSolvedRecords(t *testing.T) {
	all := games.All
	games.All = append([]rules.Game{solvingGame{toygames.Race}, toygames.Race}, all...)
	t.Cleanup(func() { games.All = all })
	record := func(game, fen, moves, result string) string {
		return "[Game \"" + game + "\"]\n[FEN \"" + fen + "\"]\n[Result \"" + result + "\"]\n[Termination \"solved\"]\n\n" + moves + " " + result + "\n"
	}
	// From 17 the side to move loses, from 16 it wins (the other side is
	// then at 17).
	for _, tc := range []struct {
		name, src string
		code      string // "" for valid
		line, col int
		msg       string
	}{
		{"at the start", record("Solving Race", "17/0/0/w", "{solved: Black wins in at most 2 plies, proof of 15 nodes within 1000}", "0-1"), "", 0, 0, ""},
		{"after a move", record("Solving Race", "16/0/0/w", "1. 1 {+0.10/3 0.010s; solved: White wins in at most 2 plies, proof of 15 nodes within 1000}", "1-0"), "", 0, 0, ""},
		{"annotated after", record("Solving Race", "16/0/0/w", "1. 1 {+0.10/3 0.010s; solved: White wins in at most 2 plies, proof of 15 nodes within 1000; proven: White wins}", "1-0"), "", 0, 0, ""},
		{"game over", record("Solving Race", "20/0/0/b", "1... 1 {solved: Black wins in at most 0 plies, proof of 1 nodes within 1}", "0-1"), "", 0, 0, ""},
		{"wrong result", record("Solving Race", "17/0/0/w", "{solved: White wins in at most 2 plies, proof of 15 nodes within 1000}", "1-0"),
			notation.CodeResultMismatch, 6, 72, "termination solved, but after ply 0 the solver does not prove 1-0 within 1000 nodes (it proves 0-1)"},
		{"budget too small", record("Solving Race", "16/0/0/w", "1. 1 {solved: White wins in at most 2 plies, proof of 15 nodes within 3}", "1-0"),
			notation.CodeResultMismatch, 6, 74, "termination solved, but after ply 1 the solver does not prove 1-0 within 3 nodes (it proves nothing)"},
		{"comment's result", record("Solving Race", "17/0/0/w", "{solved: White wins in at most 2 plies, proof of 15 nodes within 1000}", "0-1"),
			notation.CodeResultMismatch, 6, 72, "result 0-1 declared, but the closing comment says the solver proved 1-0"},
		{"no budget", record("Solving Race", "17/0/0/w", "{adjudicated: Black wins}", "0-1"),
			notation.CodeBadTag, 4, 1, `termination solved, but the closing comment does not give the solver's budget (want "solved: ... within N")`},
		{"budget too large", record("Solving Race", "17/0/0/w", "{solved: Black wins in at most 2 plies, proof of 15 nodes within 100000001}", "0-1"),
			notation.CodeBadTag, 4, 1, "termination solved within 100000001 nodes: more than the 100000000 a record's result is checked with"},
		{"unfinished", record("Solving Race", "17/0/0/w", "{solved: Black wins in at most 2 plies, proof of 15 nodes within 1000}", "*"),
			notation.CodeResultMismatch, 6, 72, "termination solved, but the result is *"},
		{"game without a solver", record("Toy Race", "17/0/0/w", "{solved: Black wins in at most 2 plies, proof of 15 nodes within 1000}", "0-1"),
			notation.CodeBadTag, 4, 1, "termination solved, but Toy Race has no solver to prove the result with"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := one(t, tc.src)
			if tc.code == "" {
				if !r.Valid || r.Termination != notation.TermSolved {
					t.Fatalf("%s: valid %v (%s), termination %q; want valid, solved", tc.name, r.Valid, r.Describe(), r.Termination)
				}
				return
			}
			if r.Valid || r.Err == nil {
				t.Fatalf("%s: valid; want %s: %s", tc.name, tc.code, tc.msg)
			}
			if e := r.Err; e.Code != tc.code || e.Line != tc.line || e.Col != tc.col || e.Msg != tc.msg {
				t.Errorf("%s: %s %d:%d %q; want %s %d:%d %q", tc.name, e.Code, e.Line, e.Col, e.Msg, tc.code, tc.line, tc.col, tc.msg)
			}
			if d := r.Describe(); !strings.HasPrefix(d, "t.agn:") || !strings.Contains(d, tc.msg) {
				t.Errorf("Describe() = %q; want the file, the place and the reason", d)
			}
		})
	}
}
