package referee

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

// solving is a toy race position with a solver: an exhaustive search that
// gives up, proving nothing, past its budget. It notes the budget of each
// call and the proofs it returned.
type solving struct {
	rules.Position
	budgets []int64
	proofs  []rules.Proof
}

func (s *solving) Solve(_ context.Context, nodes int64) rules.Proof {
	s.budgets = append(s.budgets, nodes)
	var n int64
	res, plies, ok := prove(s.Position, &n, nodes)
	p := rules.Proof{Result: rules.Unfinished, Move: rules.NoMove, Nodes: n}
	if ok {
		p.Result, p.Plies = res, plies
	}
	s.proofs = append(s.proofs, p)
	return p
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
			return r, p + 1, true // the first win found is the proof's
		}
		longest = max(longest, p+1)
	}
	return rules.Win(me.Other()), longest, true // toy races have no draws
}

// TestSolverAdjudication plays toy races from positions the solver can
// prove within its budget sooner or later: the game ends at the first
// position it proves, with the proven result, termination solved and the
// closing comment of the proof; every call had the budget, none spent more,
// and the game's figures add the calls up.
func TestSolverAdjudication(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fen    string
		budget int64
		plies  int // the game's moves when the solver ends it
	}{
		// 17: the side to move loses (whatever it adds, the other
		// side reaches 21 next); from 0 the budget proves nothing until
		// the counter is near 21.
		{"at the start", "17/0/0/w", 1000, 0},
		{"after moves", "0/0/0/w", 200, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, b := &scripted{}, &scripted{}
			g := game(t, w, b, func(*Side) {})
			pos, err := toygames.Race.Start(rules.TagMap{"FEN": tc.fen})
			if err != nil {
				t.Fatal(err)
			}
			s := &solving{Position: pos}
			g.Pos = s
			res, err := Play(context.Background(), g, Rules{MaxPlies: 100, Solver: &Solver{Nodes: tc.budget}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Termination != notation.TermSolved {
				t.Fatalf("game ended %s %s (%s); want solved", res.Termination, res.Result, res.Comment)
			}
			if tc.plies < 0 && s.proofs[0].Result != rules.Unfinished {
				t.Fatalf("the first call proved %s; want nothing within %d nodes", s.proofs[0].Result, tc.budget)
			}
			if tc.plies >= 0 && len(res.Moves) != tc.plies {
				t.Errorf("game solved after %d plies; want %d", len(res.Moves), tc.plies)
			}
			last := s.proofs[len(s.proofs)-1]
			if res.Result != last.Result || last.Result == rules.Unfinished {
				t.Errorf("result %s; want the proof's, %s", res.Result, last.Result)
			}
			want := fmt.Sprintf("solved: %s in at most %d plies, proof of %d nodes within %d",
				map[rules.Result]string{rules.WhiteWins: "White wins", rules.BlackWins: "Black wins"}[last.Result], last.Plies, last.Nodes, tc.budget)
			if res.Comment != want {
				t.Errorf("comment %q; want %q", res.Comment, want)
			}
			if rec := res.Record(nil); !strings.Contains(rec, want+"} "+res.Result.String()) {
				t.Errorf("record %q; want the comment and the result", res.Record(nil))
			}
			var nodes int64
			for i, p := range s.proofs {
				if s.budgets[i] != tc.budget || p.Nodes > tc.budget {
					t.Errorf("call %d: budget %d, proof of %d nodes; want the budget %d and no more", i+1, s.budgets[i], p.Nodes, tc.budget)
				}
				if i < len(s.proofs)-1 && p.Result != rules.Unfinished {
					t.Errorf("call %d proved %s, but the game went on", i+1, p.Result)
				}
				nodes += p.Nodes
			}
			// At the start, then 2, 4, 4, … plies apart while unproven.
			calls := 0
			for ply, next, misses := 0, 0, 0; ply <= len(res.Moves); ply++ {
				if ply == next {
					calls++
					misses++
					next = ply + min(1<<misses, maxGap)
				}
			}
			if res.Solver.Calls != calls || res.Solver.Calls != len(s.proofs) || res.Solver.Nodes != nodes || res.Solver.Time < 0 {
				t.Errorf("solver's figures %+v after %d plies; want %d calls of %d nodes in all", res.Solver, len(res.Moves), calls, nodes)
			}
		})
	}
}

// TestSolverOff checks that a game without Rules.Solver never asks the
// solver.
func TestSolverOff(t *testing.T) {
	g := game(t, &scripted{}, &scripted{}, func(*Side) {})
	s := &solving{Position: g.Pos}
	g.Pos = s
	res, err := Play(context.Background(), g, Rules{MaxPlies: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.budgets) > 0 || res.Solver != (SolverUse{}) || res.Termination != notation.TermNormal {
		t.Errorf("game ended %s with %d solver calls (%+v); want normal, none", res.Termination, len(s.budgets), res.Solver)
	}
}
