package pairing

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		err  string
	}{
		{"one player", Options{Players: 1, Rounds: 1, GamesPerEncounter: 1}, "1 players; a tournament has 2 to 1000"},
		{"negative players", Options{Players: -3, Rounds: 1, GamesPerEncounter: 1}, "-3 players"},
		{"too many players", Options{Format: Swiss, Players: 1001, Rounds: 1, GamesPerEncounter: 1}, "1001 players"},
		{"no games per encounter", Options{Players: 2, Rounds: 1}, "games per encounter 0 must be at least 1"},
		{"no rounds", Options{Players: 2, GamesPerEncounter: 1}, "rounds 0 must be at least 1"},
		{"swiss without rounds", Options{Format: Swiss, Players: 4, Rounds: -1, GamesPerEncounter: 1}, "rounds -1 must be at least 1"},
		{"unknown format", Options{Format: "ladder", Players: 2, Rounds: 1, GamesPerEncounter: 1}, `unknown format "ladder"`},
		{"negative tie-breaks", Options{Format: Knockout, Players: 2, GamesPerEncounter: 1, TiebreakPairs: -1}, "tie-break pairs -1"},
		{"knockout rounds", Options{Format: Knockout, Players: 10, Rounds: 3, GamesPerEncounter: 1}, "rounds 3: a knockout plays the rounds of its bracket (4 for 10 players)"},
		{"seeds short", Options{Format: Knockout, Players: 3, GamesPerEncounter: 1, Seeds: []int{0, 1}}, "2 seeds for 3 players"},
		{"seed out of range", Options{Format: Swiss, Players: 3, Rounds: 1, GamesPerEncounter: 1, Seeds: []int{0, 3, 1}}, "seed 2 is player 3; players are 0 to 2"},
		{"seed twice", Options{Format: Swiss, Players: 3, Rounds: 1, GamesPerEncounter: 1, Seeds: []int{0, 1, 0}}, "player 0 has two seeds"},
		{"swiss rounds", Options{Format: Swiss, Players: 9, Rounds: 6, GamesPerEncounter: 1}, "a Swiss of 9 players has at most 5 rounds"},
		{"too many games", Options{Players: 1000, Rounds: 1 << 30, GamesPerEncounter: 1}, "too many games"},
		{"too many per encounter", Options{Players: 2, Rounds: 1, GamesPerEncounter: 1<<40 + 1}, "games per encounter"},
		{"too many tie-breaks", Options{Format: Knockout, Players: 1000, GamesPerEncounter: 1, TiebreakPairs: 1 << 40}, "too many games"},
		{"swiss too many games", Options{Format: Swiss, Players: 1000, Rounds: 500, GamesPerEncounter: 1 << 30}, "too many games"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New(tt.o)
			if err == nil || !strings.Contains(err.Error(), tt.err) || p != nil {
				t.Errorf("New(%+v) = %v, %v; want nil, an error with %q", tt.o, p, err, tt.err)
			}
		})
	}
}

// TestNextNeedsResults checks that Next refuses to go on before every game
// of the stage before has a result, and goes on as if nothing happened
// once it has.
func TestNextNeedsResults(t *testing.T) {
	for _, o := range []Options{
		{Format: Knockout, Players: 5, GamesPerEncounter: 2, TiebreakPairs: 1},
		{Format: Swiss, Players: 5, Rounds: 3, GamesPerEncounter: 2},
	} {
		t.Run(o.Format, func(t *testing.T) {
			p, _ := New(o)
			fresh, _ := New(o)
			first, _, _ := p.Next(nil)
			fresh.Next(nil)
			partial := func(slot int) rules.Result {
				if slot == first.End()-1 {
					return rules.Unfinished
				}
				return rules.Draw
			}
			for _, results := range []Results{nil, partial} {
				if _, ok, err := p.Next(results); ok || err == nil || !strings.Contains(err.Error(), "has no result") {
					t.Errorf("Next = %v, %v; want an error", ok, err)
				}
			}
			all := func(int) rules.Result { return rules.Draw }
			got, _, err := p.Next(all)
			want, _, _ := fresh.Next(all)
			if err != nil || got.First != want.First || got.Len != want.Len || got.Game(got.First) != want.Game(want.First) {
				t.Errorf("Next after the errors = %+v, %v; want %+v", got, err, want)
			}
		})
	}
}

func TestReplay(t *testing.T) {
	o := Options{Format: Swiss, Players: 5, Rounds: 3, GamesPerEncounter: 2}
	p, _ := New(o)
	stages, byes, results := play(t, p, random(rand.New(rand.NewSource(1)), 3))
	tests := []struct {
		stored int // slots stored
		want   int // stages Replay returns
	}{
		{0, 1},
		{3, 1},
		{4, 2},
		{5, 2},
		{8, 3},
		{12, 3},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d-stored", tt.stored), func(t *testing.T) {
			p, _ := New(o)
			got, err := Replay(p, func(slot int) rules.Result {
				if slot >= tt.stored {
					return rules.Unfinished
				}
				return results[slot]
			})
			if err != nil || len(got) != tt.want {
				t.Fatalf("Replay = %d stages, %v; want %d", len(got), err, tt.want)
			}
			for i, st := range got {
				if st.First != stages[i][0].Slot || !reflect.DeepEqual(st.Byes, byes[i]) || st.Game(st.First) != stages[i][0] {
					t.Errorf("stage %d = %+v; want slot %d, byes %v", i+1, st, stages[i][0].Slot, byes[i])
				}
			}
		})
	}
}

// FuzzPairing checks that no options make New or Next panic, and that the
// stages follow one another.
func FuzzPairing(f *testing.F) {
	f.Add(uint8(0), 4, 1, 2, 0, []byte{}, []byte{1, 2, 3})
	f.Add(uint8(1), 5, 2, 1, 0, []byte{}, []byte{3})
	f.Add(uint8(2), 9, 0, 2, 2, []byte{0, 7}, []byte{3, 3, 1})
	f.Add(uint8(2), 17, 1, 1, 1, []byte{1, 3, 0}, []byte{1, 3, 2, 3})
	f.Add(uint8(3), 11, 6, 1, 0, []byte{2, 9}, []byte{1, 2, 3, 3})
	f.Add(uint8(3), 8, 4, 3, 0, []byte{}, []byte{2, 0, 1})
	f.Add(uint8(4), 3, 1, 1, 0, []byte{}, []byte{})
	f.Add(uint8(3), -1, -1, -1, -1, []byte{255}, []byte{9})
	f.Fuzz(func(t *testing.T, format uint8, players, rounds, per, tiebreaks int, seeds, results []byte) {
		o := Options{Format: append(Formats, "", "ladder")[int(format)%(len(Formats)+2)],
			Players: players, Rounds: rounds, GamesPerEncounter: per, TiebreakPairs: tiebreaks}
		if len(seeds) > 0 {
			if seeds[0]%2 == 0 && players > 0 && players <= maxPlayers {
				o.Seeds = rand.New(rand.NewSource(int64(seeds[0]))).Perm(players)
			} else {
				for _, b := range seeds[1:] {
					o.Seeds = append(o.Seeds, int(b)-1)
				}
			}
		}
		p, err := New(o)
		if err != nil {
			return
		}
		if total, _ := p.Total(); players > 40 || total > 5000 {
			return
		}
		result := func(slot int) rules.Result {
			if len(results) == 0 {
				return rules.Draw
			}
			return rules.Result(results[slot%len(results)] % 4)
		}
		end := 0
		for stage := 0; stage < 200; stage++ {
			st, ok, err := p.Next(result)
			if err != nil || !ok {
				return
			}
			if st.First != end || st.Len < 1 {
				t.Fatalf("stage %d: slots %d+%d; want from %d", stage+1, st.First, st.Len, end)
			}
			for slot := st.First; slot < st.End(); slot++ {
				if g := st.Game(slot); g.White == g.Black || g.White < 0 || g.Black < 0 || g.White >= players || g.Black >= players {
					t.Fatalf("slot %d: %+v", slot, g)
				}
			}
			end = st.End()
		}
	})
}

// TestLastStage checks which stages say that none follows: a fixed
// schedule's only stage and a Swiss's last round; never a knockout's, whose
// results may add tie-break games.
func TestLastStage(t *testing.T) {
	for _, o := range []Options{
		{Format: RoundRobin, Players: 3, Rounds: 2, GamesPerEncounter: 2},
		{Format: Swiss, Players: 6, Rounds: 3, GamesPerEncounter: 1},
		{Format: Knockout, Players: 5, Rounds: 1, GamesPerEncounter: 2, TiebreakPairs: 1},
	} {
		t.Run(o.Format, func(t *testing.T) {
			p, err := New(o)
			if err != nil {
				t.Fatal(err)
			}
			var results []rules.Result
			var last []bool
			for {
				st, ok, err := p.Next(func(k int) rules.Result { return results[k] })
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					break
				}
				last = append(last, st.Last)
				for range st.Len {
					results = append(results, rules.WhiteWins)
				}
			}
			for i, l := range last {
				want := i == len(last)-1 && o.Format != Knockout
				if l != want {
					t.Errorf("stage %d of %d: Last = %v; want %v", i+1, len(last), l, want)
				}
			}
		})
	}
}

// TestColours checks the colours of a two-player round robin of 2 rounds
// of 3 games: alternating, never swapped (NoSwap), reversed (Reverse), and
// both; and that NoSwap and Reverse are refused for a knockout.
func TestColours(t *testing.T) {
	for _, tc := range []struct {
		name            string
		noSwap, reverse bool
		want            string // White of each game, slot by slot
	}{
		{"alternate", false, false, "010101"},
		{"noswap", true, false, "000000"},
		{"reverse", false, true, "101010"},
		{"noswap reverse", true, true, "111111"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(Options{Players: 2, Rounds: 2, GamesPerEncounter: 3, NoSwap: tc.noSwap, Reverse: tc.reverse})
			if err != nil {
				t.Fatal(err)
			}
			st, _, _ := p.Next(nil)
			var b strings.Builder
			for slot := st.First; slot < st.End(); slot++ {
				g := st.Game(slot)
				if g.White == g.Black {
					t.Fatalf("slot %d: %+v", slot, g)
				}
				fmt.Fprint(&b, g.White)
			}
			if b.String() != tc.want {
				t.Errorf("White by slot: %s; want %s", b.String(), tc.want)
			}
		})
	}
	if _, err := New(Options{Format: Knockout, Players: 4, GamesPerEncounter: 2, NoSwap: true}); err == nil {
		t.Errorf("New of a knockout with NoSwap: no error")
	}
}
