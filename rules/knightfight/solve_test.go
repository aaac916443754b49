package knightfight_test

import (
	"context"
	"flag"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
)

var solveGames = flag.Int("solve.games", 2000, "random games whose last plies the solver is checked on against plain minimax")

// minimax returns White's points less Black's at the end of the game from
// p with best play, by the plain rules: every line through Clone and Play.
// ok is false when the tree has more than *budget positions (a random
// game may end with much of the board still reachable).
func minimax(t testing.TB, p rules.Position, budget *int) (margin int, ok bool) {
	if *budget--; *budget < 0 {
		return 0, false
	}
	if p.Outcome().Over() {
		s, _ := p.Score()
		return s.White - s.Black, true
	}
	white := p.Turn() == rules.White
	best := 0
	for i, m := range p.Moves(nil) {
		q := p.Clone()
		if err := q.Play(m); err != nil {
			t.Fatalf("Play(%s): %v", p.FormatMove(m), err)
		}
		v, ok := minimax(t, q, budget)
		if !ok {
			return 0, false
		}
		if i == 0 || white && v > best || !white && v < best {
			best = v
		}
	}
	return best, true
}

func resultOf(margin int) rules.Result {
	return rules.Score{White: margin}.Result()
}

// lastPlies returns the positions 1..n plies before the end of the random
// game of seed (fewer in a shorter game), nearest the end first.
func lastPlies(t testing.TB, seed int64, n int) []*knightfight.Position {
	start, texts := playout(t, seed)
	p := *start
	var all []*knightfight.Position
	for _, s := range texts {
		q := p
		all = append(all, &q)
		play(t, &p, s)
	}
	var out []*knightfight.Position
	for i := len(all) - 1; i >= 0 && len(out) < n; i-- {
		out = append(out, all[i])
	}
	return out
}

// TestSolveMinimax checks the solver's result and margin against plain
// minimax on the last 8 plies of many random games, and that its move and
// plies follow a line that keeps the margin.
func TestSolveMinimax(t *testing.T) {
	t.Parallel()
	games := *solveGames
	if testing.Short() {
		games /= 10
	}
	var checked [8]int
	for seed := int64(1); seed <= int64(games); seed++ {
		for back, p := range lastPlies(t, seed, 8) {
			fen := p.FEN()
			budget := 10000
			want, ok := minimax(t, p, &budget)
			if !ok {
				break // the positions further back have larger trees still
			}
			checked[back]++
			proof := p.Solve(context.Background(), 1e7)
			if proof.Result != resultOf(want) || proof.Margin != want || !proof.HasMargin {
				t.Fatalf("seed %d, %d plies before the end: Solve(%s) = %v margin %d (%v); want %v margin %d",
					seed, back+1, fen, proof.Result, proof.Margin, proof.HasMargin, resultOf(want), want)
			}
			if got := p.FEN(); got != fen {
				t.Fatalf("Solve changed the position: %s; want %s", got, fen)
			}
			if proof.Nodes > 1e7+1 {
				t.Errorf("Solve(%s) visited %d nodes; budget 1e7", fen, proof.Nodes)
			}
			if seed%4 == 0 { // following the line costs a solve a ply
				checkLine(t, p, proof)
			}
		}
	}
	// A random game may end with much of the board still reachable, and
	// then plain minimax cannot check the position several plies back.
	t.Logf("positions checked 1..8 plies before the end of %d games: %v", games, checked)
	if checked[7] < games/10 {
		t.Errorf("%d positions 8 plies before the end checked; want at least %d", checked[7], games/10)
	}
}

// checkLine follows the proof's moves to the end: each keeps the margin.
func checkLine(t *testing.T, p *knightfight.Position, proof rules.Proof) {
	t.Helper()
	q := *p
	for ply := 0; !q.Outcome().Over(); ply++ {
		pr := q.Solve(context.Background(), 1e7)
		if pr.Margin != proof.Margin || !pr.HasMargin {
			t.Fatalf("%s, ply %d of the line from %s: margin %d; want %d", q.FEN(), ply, p.FEN(), pr.Margin, proof.Margin)
		}
		if err := q.Play(pr.Move); err != nil {
			t.Fatalf("%s: the proof's move: %v", q.FEN(), err)
		}
	}
	r, _ := q.Result()
	s, _ := q.Score()
	if r != proof.Result || s.White-s.Black != proof.Margin {
		t.Fatalf("the line from %s ends in %s (%v); want %v %d", p.FEN(), q.FEN(), r, proof.Result, proof.Margin)
	}
}

// TestSolveOver checks the proof of a finished game: its result and
// points, no move, no plies.
func TestSolveOver(t *testing.T) {
	start, texts := playout(t, 3)
	p := *start
	play(t, &p, strings.Join(texts, " "))
	proof := p.Solve(context.Background(), 1)
	r, _ := p.Result()
	s, _ := p.Score()
	if proof.Result != r || proof.Margin != s.White-s.Black || !proof.HasMargin || proof.Move != rules.NoMove || proof.Plies != 0 {
		t.Errorf("Solve(%s) = %+v; want %v, margin %d, NoMove, 0 plies", p.FEN(), proof, r, s.White-s.Black)
	}
}

// TestSolveBudget checks that a small budget gives Unfinished, within the
// budget, and leaves the position as it was.
func TestSolveBudget(t *testing.T) {
	p := fromStart(t, 7)
	play(t, p, "c1 h10")
	fen := p.FEN()
	for _, budget := range []int64{0, 1, 100, 10000} {
		proof := p.Solve(context.Background(), budget)
		if proof.Result != rules.Unfinished || proof.Move != rules.NoMove || proof.HasMargin {
			t.Errorf("Solve(budget %d) = %+v; want Unfinished", budget, proof)
		}
		if proof.Nodes > budget+1 {
			t.Errorf("Solve(budget %d) visited %d nodes", budget, proof.Nodes)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("Solve changed the position: %s; want %s", got, fen)
		}
	}
}

// TestSolveCancel checks that Solve stops promptly once ctx is done.
func TestSolveCancel(t *testing.T) {
	p := fromStart(t, 7)
	play(t, p, "c1 h10")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	proof := p.Solve(ctx, 1e12)
	if proof.Result != rules.Unfinished || proof.Nodes > 1024 {
		t.Errorf("Solve(cancelled) = %v after %d nodes; want Unfinished within 1024", proof.Result, proof.Nodes)
	}
	// A context that ends at its sixth look: the search stops within
	// the next 1,024 nodes.
	proof = p.Solve(testkit.EndsAt(6), 1e12)
	if proof.Result != rules.Unfinished || proof.Nodes > 6*1024+64 {
		t.Errorf("Solve(a context ending at look 6) = %v after %d nodes; want Unfinished within %d", proof.Result, proof.Nodes, 6*1024+64)
	}
}

// BenchmarkSolve solves the positions 12 plies before the end of random
// games, with a budget of 10^6 nodes each, and reports the nodes searched
// per second.
func BenchmarkSolve(b *testing.B) {
	var positions []*knightfight.Position
	for seed := int64(1); seed <= 50; seed++ {
		ps := lastPlies(b, seed, 12)
		positions = append(positions, ps[len(ps)-1])
	}
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		nodes += positions[i%len(positions)].Solve(context.Background(), 1e6).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
