package pairing

import (
	"math/rand"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// play walks p to its end, each game ending as result says, and returns
// the stages' games and byes and every result by slot.
func play(t *testing.T, p Pairing, result func(Game) rules.Result) (stages [][]Game, byes [][]int, results map[int]rules.Result) {
	t.Helper()
	results = map[int]rules.Result{}
	lookup := func(slot int) rules.Result { return results[slot] }
	for {
		st, ok, err := p.Next(lookup)
		if err != nil {
			t.Fatalf("Next after %d stages: %v", len(stages), err)
		}
		if !ok {
			return stages, byes, results
		}
		if len(stages) > 1000 {
			t.Fatalf("more than 1000 stages")
		}
		var games []Game
		for slot := st.First; slot < st.End(); slot++ {
			g := st.Game(slot)
			games = append(games, g)
			results[slot] = result(g)
		}
		stages = append(stages, games)
		byes = append(byes, st.Byes)
	}
}

// random draws results from rng: one game in draws a draw, the others
// are won by either side evenly.
func random(rng *rand.Rand, draws int) func(Game) rules.Result {
	return func(Game) rules.Result {
		if rng.Intn(draws) == 0 {
			return rules.Draw
		}
		return []rules.Result{rules.WhiteWins, rules.BlackWins}[rng.Intn(2)]
	}
}

// key is the encounter of p and q, whatever their order.
func key(p, q int) [2]int {
	if p > q {
		p, q = q, p
	}
	return [2]int{p, q}
}
