package tankbattle

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
)

var solveGames = flag.Int("solve.games", 100, "random games whose positions the solver is checked on against a plain AND/OR search")

// value returns the result of p with best play when every line from p
// ends within d plies (ok), by the plain rules.
func value(t testing.TB, p rules.Position, d int) (r rules.Result, ok bool) {
	if o := p.Outcome(); o.Over() {
		return o.Result, true
	}
	if d == 0 {
		return rules.Unfinished, false
	}
	me := p.Turn()
	best := rules.Win(me.Other())
	for _, m := range p.Moves(nil) {
		q := p.Clone()
		if err := q.Play(m); err != nil {
			t.Fatalf("Play(%s): %v", p.FormatMove(m), err)
		}
		v, ok := value(t, q, d-1)
		if !ok {
			return rules.Unfinished, false
		}
		if v == rules.Win(me) || v == rules.Draw && best != rules.Win(me) {
			best = v
		}
	}
	return best, true
}

// samples returns positions of random games from the default start, in
// which half the moves are drawn among the captures and the moves into the
// enemy base (when there are), so that most games end: every 25th ply, and
// the last 12 plies of the games that end within 300 plies.
func samples(t testing.TB, games int) []*Position {
	var out []*Position
	ended := 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		p := newPosition(defaultLayout)
		var line []*Position
		for len(line) < 300 && !p.over {
			q := *p
			line = append(line, &q)
			moves := p.Moves(nil)
			if rng.IntN(2) == 0 {
				var ahead []rules.Move
				for _, m := range moves {
					if m != rules.Pass && (p.board[To(m)] != 0 || p.lay.inBase(To(m), p.turn.Other())) {
						ahead = append(ahead, m)
					}
				}
				if len(ahead) > 0 {
					moves = ahead
				}
			}
			p.PlayUnchecked(moves[rng.IntN(len(moves))])
		}
		for i, q := range line {
			if i%25 == 0 || p.over && i >= len(line)-12 {
				out = append(out, q)
			}
		}
		if p.over {
			ended++
		}
	}
	t.Logf("%d positions from %d random games, %d of them played to the end", len(out), games, ended)
	return out
}

// TestSolveAndOr checks the solver against a plain AND/OR search: every
// win or loss it proves in at most 5 plies is one, and every forced win
// within 3 plies of either side is proven, with no more plies than that.
func TestSolveAndOr(t *testing.T) {
	games := *solveGames
	if testing.Short() {
		games /= 10
	}
	var claims, found int
	for _, p := range samples(t, games) {
		fen := p.FEN()
		proof := p.Solve(context.Background(), 5000)
		if got := p.FEN(); got != fen {
			t.Fatalf("Solve changed the position: %s; want %s", got, fen)
		}
		me := p.Turn()
		switch proof.Result {
		case rules.WhiteWins, rules.BlackWins:
			if proof.Plies > 5 {
				break
			}
			claims++
			winner := rules.White
			if proof.Result == rules.BlackWins {
				winner = rules.Black
			}
			if !forcedWin(t, p, winner, proof.Plies) {
				t.Errorf("Solve(%s) = %v in %d plies; the plain search finds no such win", fen, proof.Result, proof.Plies)
			}
			if winner == me {
				q := p.Clone()
				if err := q.Play(proof.Move); err != nil {
					t.Fatalf("Solve(%s): the move %v: %v", fen, proof.Move, err)
				}
				if !forcedWin(t, q, winner, proof.Plies-1) {
					t.Errorf("Solve(%s) = %v with %s; that move does not win in %d plies", fen, proof.Result, p.FormatMove(proof.Move), proof.Plies)
				}
			}
		case rules.Draw:
			if r, ok := value(t, p, proof.Plies); !ok || r != rules.Draw {
				t.Errorf("Solve(%s) = draw in %d plies; the plain search finds %v (every line ends: %v)", fen, proof.Plies, r, ok)
			}
		}
		for _, x := range []rules.Color{me, me.Other()} {
			for d := 1; d <= 3; d++ {
				if !forcedWin(t, p, x, d) {
					continue
				}
				found++
				pr := proof
				if pr.Result != rules.Win(x) {
					pr = p.Solve(context.Background(), 1e6) // a sufficient budget
				}
				if pr.Result != rules.Win(x) || pr.Plies > d {
					t.Errorf("Solve(%s) = %v in %d plies; the plain search finds a win of %s in %d", fen, pr.Result, pr.Plies, x, d)
				}
				break
			}
		}
	}
	t.Logf("%d wins or losses claimed in at most 5 plies, %d found within 3 by the plain search", claims, found)
	if claims == 0 || found == 0 {
		t.Errorf("nothing checked: %d claims, %d found", claims, found)
	}
}

// TestSolveEnds checks the proof of a finished game: its result and
// points, no move, no plies.
func TestSolveEnds(t *testing.T) {
	p, err := Start(rules.TagMap{"FEN": "cC9/11/11/11/11/11/11/11/11/11/11 b"})
	if err != nil {
		t.Fatal(err)
	}
	proof := p.Solve(context.Background(), 1000)
	s, _ := p.Score()
	if !p.over || proof.Result != p.result || proof.Margin != s.White-s.Black || !proof.HasMargin || proof.Plies != 0 || proof.Move != rules.NoMove || proof.Result != rules.WhiteWins {
		t.Errorf("Solve(%s) = %+v; want %v, margin %d", p.FEN(), proof, p.result, s.White-s.Black)
	}
}

// TestSolveStuck checks that a position where neither side can move,
// which passes never end, gets no result and no search.
func TestSolveStuck(t *testing.T) {
	layout := "bBBBB....#./BBBB#....##/BBB.....#../BB.#.~...../.#..~~~..../...~~~~~.../....~~~..#./.....~.#.WW/..#.....WWW/##....#WWWW/.#....WWWWw"
	p, err := Start(rules.TagMap{"Layout": layout, "FEN": "10t/11/11/11/11/11/11/11/11/11/T10 w"})
	if err != nil {
		t.Fatal(err)
	}
	if m := p.Moves(nil); len(m) != 1 || m[0] != rules.Pass {
		t.Fatalf("moves %v; want pass alone", m)
	}
	proof := p.Solve(context.Background(), 1000)
	if proof.Result != rules.Unfinished || proof.Nodes != 0 || proof.Move != rules.NoMove {
		t.Errorf("Solve(%s) = %+v; want Unfinished after 0 nodes", p.FEN(), proof)
	}
}

// TestSolveBudget checks that a small budget gives Unfinished within the
// budget and leaves the position as it was.
func TestSolveBudget(t *testing.T) {
	p := newPosition(defaultLayout)
	fen := p.FEN()
	for _, budget := range []int64{0, 1, 100, 10000} {
		proof := p.Solve(context.Background(), budget)
		if proof.Result != rules.Unfinished || proof.Move != rules.NoMove {
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
	p := newPosition(defaultLayout)
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

// BenchmarkSolve searches positions of random games with a budget of
// 100,000 nodes each and reports the nodes searched per second.
func BenchmarkSolve(b *testing.B) {
	positions := samples(b, 20)
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		nodes += positions[i%len(positions)].Solve(context.Background(), 100000).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// forcedWin is testkit.ForcedWin, failing t on an error of the rules.
func forcedWin(t testing.TB, p rules.Position, x rules.Color, d int) bool {
	t.Helper()
	w, err := testkit.ForcedWin(p, x, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	return w
}
