package loa

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

var (
	solvePositions = flag.Int("solve.positions", 2000, "positions the solver is checked on against exhaustive search (half from real games, a quarter each from random playouts and random sparse boards)")
	solveNodes     = flag.Int64("solve.nodes", 20000, "solver budget per position in the soundness test")
)

// forced is the oracle: a plain exhaustive AND/OR search reporting whether
// c wins from p within depth plies whatever the other side plays.
func forced(p Position, c rules.Color, depth int) bool {
	if p.state != playing {
		return outcomes[p.state].Result == rules.Win(c)
	}
	if depth == 0 {
		return false
	}
	var buf [128]rules.Move
	mine := p.turn == c
	for _, m := range p.Moves(buf[:0]) {
		q := p
		q.PlayUnchecked(m)
		if forced(q, c, depth-1) == mine {
			return mine
		}
	}
	return !mine
}

// realEnds returns the positions 1 to 15 plies before the end of each real
// game (all of them when n is 0, else about n spread over the corpus).
func realEnds(t testing.TB, n int) []Position {
	t.Helper()
	var ps []Position
	for _, name := range []string{"real_loa.agn", "real_loa_undecided.agn"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "loa-real", name))
		if err != nil {
			t.Fatal(err)
		}
		games, err := notation.Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			p := StartPosition()
			line := []Position{p}
			for _, mv := range g.Moves {
				m, err := p.ParseMove(mv.Text)
				if err == nil {
					err = p.Play(m)
				}
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				line = append(line, p)
			}
			for k := 1; k <= 15 && k < len(line); k++ {
				ps = append(ps, line[len(line)-1-k])
			}
		}
	}
	return spread(ps, n)
}

// randomPositions returns n positions of random playouts from the start:
// mostly from their last 15 plies, where the results are short.
func randomPositions(n int, seed uint64) []Position {
	r := rand.New(rand.NewPCG(seed, 1))
	var ps []Position
	var buf [128]rules.Move
	for len(ps) < n {
		p := StartPosition()
		line := []Position{p}
		for p.state == playing && len(line) < 300 {
			moves := p.Moves(buf[:0])
			p.PlayUnchecked(moves[r.IntN(len(moves))])
			line = append(line, p)
		}
		for k := 1; k <= 15 && k < len(line) && len(ps) < n; k++ {
			ps = append(ps, line[len(line)-1-k])
		}
		if len(ps) < n {
			ps = append(ps, line[r.IntN(len(line))])
		}
	}
	return ps
}

// sparsePositions returns n positions in play with two to four pieces a
// side placed at random: few pieces leave room for moves back and forth,
// where a solver that trusted a repeated position would prove wins that
// are not there.
func sparsePositions(n int, seed uint64) []Position {
	r := rand.New(rand.NewPCG(seed, 2))
	var ps []Position
	for len(ps) < n {
		var p Position
		for c := range p.pieces {
			for k := 2 + r.IntN(3); k > 0; {
				s := uint64(1) << r.IntN(64)
				if (p.pieces[0]|p.pieces[1])&s == 0 {
					p.pieces[c] |= s
					k--
				}
			}
		}
		p.turn = rules.Color(r.IntN(2))
		if p.judge(); p.state == playing {
			ps = append(ps, p)
		}
	}
	return ps
}

// spread picks about n of ps at even steps; all of them when n is 0 or
// there are fewer.
func spread(ps []Position, n int) []Position {
	if n <= 0 || n >= len(ps) {
		return ps
	}
	out := make([]Position, 0, n)
	for i := range n {
		out = append(out, ps[i*len(ps)/n])
	}
	return out
}

// TestSolveSound checks every short result the solver claims against the
// exhaustive search, and that it proves every win within 3 plies that the
// exhaustive search finds.
func TestSolveSound(t *testing.T) {
	n := *solvePositions
	ps := append(realEnds(t, n/2), randomPositions(n/4, 7)...)
	ps = append(ps, sparsePositions(n-len(ps), 9)...)
	ctx := context.Background()
	var claimed, checked, short, proven, inner int
	for i, p := range ps {
		if p.state != playing {
			continue
		}
		before := p
		got := p.Solve(ctx, *solveNodes)
		if i%8 == 0 {
			inner += checkTable(t, p)
		}
		if p != before {
			t.Fatalf("%s: Solve changed the position to %s", before.FEN(), p.FEN())
		}
		var winner rules.Color
		switch got.Result {
		case rules.WhiteWins:
			winner = rules.White
		case rules.BlackWins:
			winner = rules.Black
		case rules.Unfinished:
		default:
			t.Errorf("%s: Solve = %v; a position in play is never proven %v", p.FEN(), got, got.Result)
		}
		if got.Result != rules.Unfinished {
			claimed++
			if got.Plies < 1 {
				t.Errorf("%s: Solve = %+v: a proof of no plies", p.FEN(), got)
			}
			if got.Plies <= 5 {
				checked++
				checkProof(t, p, winner, got)
			}
		}
		for _, c := range []rules.Color{p.turn, p.turn ^ 1} {
			if !forced(p, c, 3) {
				continue
			}
			short++
			if got.Result == rules.Unfinished {
				got = p.Solve(ctx, 1_000_000)
			}
			if got.Result != rules.Win(c) {
				t.Errorf("%s: Solve = %+v; %v wins within 3 plies", p.FEN(), got, c)
				continue
			}
			proven++
		}
	}
	t.Logf("%d positions: %d results claimed, %d of at most 5 plies checked; %d wins within 3 plies, %d proven; %d proven positions inside the search checked",
		len(ps), claimed, checked, short, proven, inner)
	if checked == 0 || short == 0 {
		t.Errorf("the positions gave %d short proofs and %d short wins: the test checks nothing", checked, short)
	}
}

// checkTable searches p as Solve does and checks every proof of at most 5
// plies left in the table (of the prover's win, or of the defender's where
// a disproof claims one), the positions inside the search included, and
// returns how many it checked.
func checkTable(t *testing.T, p Position) int {
	t.Helper()
	s := newSolver(context.Background(), *solveNodes)
	s.solve(p, *solveNodes)
	n := 0
	for _, e := range s.tt.entries {
		winner := rules.Color(e.meta & metaProver >> 1)
		switch {
		case e.meta&metaUsed == 0 || e.plies > 5:
			continue
		case e.dn == 0 && e.meta&metaTaint == 0:
			winner ^= 1
		case e.pn != 0:
			continue
		}
		q := Position{pieces: e.pieces, turn: rules.Color(e.meta & metaTurn)}
		q.judge()
		if !forced(q, winner, int(e.plies)) {
			t.Errorf("searching %s, the table holds a win of %v within %d plies at %s, which is not there",
				p.FEN(), winner, e.plies, q.FEN())
		}
		n++
	}
	return n
}

// checkProof checks a claimed win of winner within got.Plies plies from p,
// and the move it names.
func checkProof(t *testing.T, p Position, winner rules.Color, got rules.Proof) {
	t.Helper()
	if !forced(p, winner, got.Plies) {
		t.Errorf("%s: Solve = %+v, but %v does not win within %d plies", p.FEN(), got, winner, got.Plies)
		return
	}
	if got.Move == rules.NoMove {
		t.Errorf("%s: Solve = %+v names no move", p.FEN(), got)
		return
	}
	q := p
	if err := q.Play(got.Move); err != nil {
		t.Errorf("%s: Solve = %+v: move %s: %v", p.FEN(), got, p.FormatMove(got.Move), err)
		return
	}
	if p.turn == winner && !forced(q, winner, got.Plies-1) {
		t.Errorf("%s: Solve = %+v, but after %s %v does not win within %d plies",
			p.FEN(), got, p.FormatMove(got.Move), winner, got.Plies-1)
	}
}

func TestSolveKnown(t *testing.T) {
	tests := []struct {
		name, fen string
		want      rules.Result
		plies     int
	}{
		{"over", "8/8/8/3bb3/8/8/8/w6w w", rules.BlackWins, 0},
		{"drawn", "8/8/8/3bb3/8/8/8/ww6 b", rules.Draw, 0},
		{"win in 1", "8/8/8/3b4/5b2/8/8/w6w b", rules.BlackWins, 1},
		{"loss in 2", "8/8/8/3b4/5b2/8/8/w6w w", rules.BlackWins, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			got := p.Solve(context.Background(), 100_000)
			if got.Result != tt.want || got.Plies != tt.plies {
				t.Errorf("Solve(%s) = %+v; want %v in %d plies", tt.fen, got, tt.want, tt.plies)
			}
		})
	}
}

func TestSolveBudget(t *testing.T) {
	ps := append([]Position{StartPosition()}, spread(realEnds(t, 0), 20)...)
	for _, p := range ps {
		for _, budget := range []int64{1, 1000, 10_000, 100_000} {
			got := p.Solve(context.Background(), budget)
			// A node plays initialWidth moves at once.
			if got.Nodes > budget+initialWidth {
				t.Errorf("%s: Solve(%d).Nodes = %d; want at most %d", p.FEN(), budget, got.Nodes, budget+initialWidth)
			}
		}
	}
}

func TestSolveCancel(t *testing.T) {
	p := StartPosition()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := p.Solve(ctx, 1e9); got.Result != rules.Unfinished || got.Nodes > 1 {
		t.Errorf("Solve(done ctx) = %+v; want Unfinished at once", got)
	}
	// A context that ends at its sixth look: the search has run between
	// the looks, and stops within the next 1,024 nodes of the end.
	const looks = 6
	got := p.Solve(testkit.EndsAt(looks), 1e12)
	if got.Result != rules.Unfinished || got.Nodes < (looks-2)*1024 || got.Nodes > looks*1024+64 {
		t.Errorf("Solve(a context ending at look %d) = %+v; want Unfinished after %d to %d nodes",
			looks, got, (looks-2)*1024, looks*1024+64)
	}
}
