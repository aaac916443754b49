package pairing

import (
	"fmt"
	"maps"
	"testing"
)

// scheduleByLoop lays out a fixed schedule by walking it, as the runner
// did before slots were computed from their index: round by round,
// encounter by encounter, game by game, a pair opened at every even game.
func scheduleByLoop(encs []encounter, rounds, per int) []Game {
	var out []Game
	pair := -1
	for r := 1; r <= rounds; r++ {
		num := 0
		for _, e := range encs {
			for g := 0; g < per; g++ {
				if g%2 == 0 {
					pair++
				}
				num++
				s := Game{Slot: len(out), Round: r, Number: num, Pair: pair, White: e.a, Black: e.b}
				if (g+(r-1)*per)%2 == 1 {
					s.White, s.Black = s.Black, s.White
				}
				out = append(out, s)
			}
		}
	}
	return out
}

func TestFixedSchedules(t *testing.T) {
	for _, format := range []string{RoundRobin, Gauntlet} {
		for players := 2; players <= 6; players++ {
			for rounds := 1; rounds <= 3; rounds++ {
				for per := 1; per <= 4; per++ {
					t.Run(fmt.Sprintf("%s/%d-players/%d-rounds/%d-per", format, players, rounds, per), func(t *testing.T) {
						p, err := New(Options{Format: format, Players: players, Rounds: rounds, GamesPerEncounter: per})
						if err != nil {
							t.Fatal(err)
						}
						encs := roundRobinEncounters(players)
						if format == Gauntlet {
							encs = gauntletEncounters(players, 1)
						}
						want := scheduleByLoop(encs, rounds, per)
						st, ok, err := p.Next(nil)
						if !ok || err != nil {
							t.Fatalf("Next = %v, %v; want the stage", ok, err)
						}
						if st.First != 0 || st.Len != len(want) {
							t.Fatalf("stage = slots %d+%d; want 0+%d", st.First, st.Len, len(want))
						}
						if n, exact := p.Total(); n != len(want) || !exact {
							t.Errorf("Total = %d, %v; want %d, true", n, exact, len(want))
						}
						for k, w := range want {
							if got := st.Game(k); got != w {
								t.Errorf("slot %d = %+v; want %+v", k, got, w)
							}
						}
						if _, ok, err := p.Next(nil); ok || err != nil {
							t.Errorf("second Next = %v, %v; want no stage", ok, err)
						}
					})
				}
			}
		}
	}
}

// TestGauntletSeeds checks a gauntlet with seeds: each seed meets every
// other player once a round and no seed meets another.
func TestGauntletSeeds(t *testing.T) {
	p, err := New(Options{Format: Gauntlet, Players: 5, Rounds: 1, GamesPerEncounter: 2, GauntletSeeds: 2})
	if err != nil {
		t.Fatal(err)
	}
	st, _, _ := p.Next(nil)
	met := map[[2]int]int{}
	for k := st.First; k < st.End(); k++ {
		g := st.Game(k)
		a, b := min(g.White, g.Black), max(g.White, g.Black)
		met[[2]int{a, b}]++
	}
	want := map[[2]int]int{{0, 2}: 2, {0, 3}: 2, {0, 4}: 2, {1, 2}: 2, {1, 3}: 2, {1, 4}: 2}
	if !maps.Equal(met, want) {
		t.Errorf("encounters %v; want %v", met, want)
	}
	if _, err := New(Options{Format: Gauntlet, Players: 3, Rounds: 1, GamesPerEncounter: 2, GauntletSeeds: 3}); err == nil {
		t.Error("New of a gauntlet of 3 with 3 seeds succeeded")
	}
}
