package testkit

import (
	"math/rand/v2"
	"testing"

	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules/games"
)

// TestRandomGame checks that the games played are valid records of their
// game, that the rules or maxPlies end them, and that a seed gives the same
// game.
func TestRandomGame(t *testing.T) {
	for _, g := range games.All {
		for _, plies := range []int{0, 7, 1000} {
			a, err := RandomGame(g, rand.New(rand.NewPCG(3, 4)), 11, plies)
			if err != nil {
				t.Fatalf("%s: %v", g.ID(), err)
			}
			b, _ := RandomGame(g, rand.New(rand.NewPCG(3, 4)), 11, plies)
			if a.String() != b.String() {
				t.Errorf("%s, %d plies: the same seeds gave two games", g.ID(), plies)
			}
			if len(a.Moves) > plies {
				t.Errorf("%s: %d moves; want at most %d", g.ID(), len(a.Moves), plies)
			}
			r := replay.Game("p.agn", a, replay.Options{})
			if !r.Valid {
				t.Errorf("%s, %d plies: %s", g.ID(), plies, r.Describe())
			}
			if plies == 1000 && r.Result.String() == "*" {
				t.Errorf("%s: a game of up to 1000 plies did not end (%d plies)", g.ID(), len(a.Moves))
			}
		}
	}
}
