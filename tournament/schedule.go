package tournament

import (
	"strconv"

	"github.com/arbiter-games/arbiter/book"
)

// Slot is one game of the schedule. Slot k of a config always has the same
// players, colours and start.
type Slot struct {
	Index int   // 0-based position in the schedule; the games row's slot
	Round int   // 1-based round
	Game  int   // 1-based number of the game within its round
	Pair  int   // games that share a start with colours swapped share a pair
	White int   // engine index (config order)
	Black int   // engine index
	Seed  int64 // the start's seed (Knight Fight's board), shared by a pair
	// Opening is the pair's opening (Config.Opening), filled in when the
	// slot is handed to a worker; nil for the game's own start.
	Opening *book.Opening `json:",omitempty"`
}

// RoundTag is the record's Round tag: "round.game", unique in a tournament.
func (s Slot) RoundTag() string { return strconv.Itoa(s.Round) + "." + strconv.Itoa(s.Game) }

// Schedule lays out every game of the tournament in a fixed order: round
// by round, encounter by encounter (round-robin: every pair of engines in
// config order; gauntlet: the first engine against each other), then the
// games of the encounter. Colours alternate within an encounter; games 1-2,
// 3-4, … of an encounter form a pair that shares a start. With an odd
// games_per_encounter the colours of the first game also alternate from
// round to round.
func (c *Config) Schedule() []Slot {
	type encounter struct{ a, b int }
	var encs []encounter
	n := len(c.Engines)
	if c.Format == Gauntlet {
		for j := 1; j < n; j++ {
			encs = append(encs, encounter{0, j})
		}
	} else {
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				encs = append(encs, encounter{i, j})
			}
		}
	}
	per := *c.GamesPerEncounter
	var slots []Slot
	pair := -1
	for r := 1; r <= *c.Rounds; r++ {
		num := 0
		for _, e := range encs {
			for g := 0; g < per; g++ {
				if g%2 == 0 {
					pair++
				}
				num++
				s := Slot{Index: len(slots), Round: r, Game: num, Pair: pair, White: e.a, Black: e.b,
					Seed: pairSeed(c.Seed, pair)}
				if (g+(r-1)*per)%2 == 1 {
					s.White, s.Black = s.Black, s.White
				}
				slots = append(slots, s)
			}
		}
	}
	return slots
}

// pairSeed derives the seed of a pair's start from the tournament seed
// (splitmix64), so that boards differ from pair to pair but not from run to
// run.
func pairSeed(seed int64, pair int) int64 {
	z := uint64(seed) + uint64(pair+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int64(z >> 1)
}
