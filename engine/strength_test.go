package engine

import (
	"flag"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/loa"
	"github.com/arbiter-games/arbiter/ugi"
)

var (
	strength      = flag.Bool("strength", false, "play the 200-game strength matches of search against random and greedy (minutes)")
	strengthNodes = flag.Int64("strength.nodes", 0, "node limit per move of search in the -strength matches (0: the per-game default)")
)

// strengthLimits are the search player's limits in the strength matches,
// per game: node limits keep the matches reproducible and their time
// bounded on a shared machine.
var strengthLimits = map[string]ugi.Limits{
	"lines-of-action": {Nodes: 20000},
	"knight-fight":    {Nodes: 20000},
	"tank-battle":     {Nodes: 20000},
}

// openingPlies is how many random plies open each pair of games: none in
// Knight Fight, whose random board already makes every pair differ (and
// whose first two plies, the placements, decide much of the game), two in
// the others.
func openingPlies(g rules.Game) int {
	if g.NewTags(0) != nil {
		return 0
	}
	return 2
}

func searchLimits(g rules.Game) ugi.Limits {
	if *strengthNodes > 0 {
		return ugi.Limits{Nodes: *strengthNodes}
	}
	if l, ok := strengthLimits[g.ID()]; ok {
		return l
	}
	return ugi.Limits{Nodes: 20000}
}

// TestStrength measures search against random and greedy. The default run
// plays a few games against random at a small node limit; -strength plays
// 200 games per pairing and checks the targets (90 % and 70 %).
func TestStrength(t *testing.T) {
	for _, g := range realGames() {
		t.Run(g.ID(), func(t *testing.T) {
			if !*strength {
				res, err := Match(g, Contestant{Level: Search, Limits: ugi.Limits{Nodes: 1000}}, Contestant{Level: Random},
					MatchOptions{Games: 10, Seed: 1, OpeningPlies: openingPlies(g), MaxPlies: 300})
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("search (1000 nodes) vs random: %v", res)
				if res.WinsA < 8 {
					t.Errorf("search (1000 nodes) vs random: %v; want at least 8 wins of 10", res)
				}
				return
			}
			for _, tc := range []struct {
				opp  Level
				want float64
			}{{Random, 0.9}, {Greedy, 0.7}} {
				start := time.Now()
				lim := searchLimits(g)
				res, err := Match(g, Contestant{Level: Search, Limits: lim}, Contestant{Level: tc.opp},
					MatchOptions{Games: 200, Seed: 2026, OpeningPlies: openingPlies(g), MaxPlies: 300, Jobs: 2})
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("search (%d nodes) vs %s over %d games: %v in %v", lim.Nodes, tc.opp, res.Games, res, time.Since(start).Round(time.Second))
				if res.Score() < tc.want {
					t.Errorf("search vs %s scored %.1f%%; want at least %.0f%%", tc.opp, 100*res.Score(), 100*tc.want)
				}
			}
		})
	}
}

// BenchmarkSearch reports the search's speed in nodes per second from a
// start position of each game.
func BenchmarkSearch(b *testing.B) {
	for _, g := range append(realGames(), toy) {
		b.Run(g.ID(), func(b *testing.B) {
			p, err := opening(g, 1, 2)
			if err != nil {
				b.Fatal(err)
			}
			e := New(g, Options{Level: Search, HashMB: 16})
			e.Think(p, nil, ugi.Limits{Depth: 1}, nil, nil) // allocate the tables
			b.ReportAllocs()
			var nodes int64
			start := time.Now()
			for b.Loop() {
				e.NewGame()
				r := e.Think(p, nil, ugi.Limits{Nodes: 100000}, nil, nil)
				nodes += r.Info.Nodes
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
		})
	}
}

// TestMatchReproducible: a match is a function of its seed, however many
// games run at once.
func TestMatchReproducible(t *testing.T) {
	for _, g := range realGames() {
		t.Run(g.ID(), func(t *testing.T) {
			a := Contestant{Level: Greedy}
			b := Contestant{Level: Search, Limits: ugi.Limits{Nodes: 300}}
			o := MatchOptions{Games: 3, Seed: 5, OpeningPlies: 2, MaxPlies: 120}
			r1, err := Match(g, a, b, o)
			if err != nil {
				t.Fatal(err)
			}
			o.Jobs = 2
			r2, err := Match(g, a, b, o)
			if err != nil {
				t.Fatal(err)
			}
			if r1 != r2 {
				t.Errorf("the same match twice: %v, then %v", r1, r2)
			}
			if r1.Games != 4 || r1.WinsA+r1.WinsB+r1.Draws != 4 {
				t.Errorf("3 games asked: %+v; want 4 (two pairs)", r1)
			}
		})
	}
}

// TestSearchBeatsRandom: the search level wins every game of a short LOA
// match against the random one at a small node budget.
func TestSearchBeatsRandom(t *testing.T) {
	res, err := Match(loa.Game, Contestant{Level: Search, Limits: ugi.Limits{Nodes: 2000}}, Contestant{Level: Random},
		MatchOptions{Games: 4, Seed: 1, OpeningPlies: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 4 || res.Score() != 1 {
		t.Errorf("search against random = %v in %d games; want all 4 won", res, res.Games)
	}
}
