package pairing

import (
	"fmt"
	"strconv"

	"github.com/arbiter-games/arbiter/rules"
)

// The formats of a tournament.
const (
	RoundRobin = "round-robin" // every player against every other
	Gauntlet   = "gauntlet"    // the first player against each other
	Knockout   = "knockout"    // a seeded bracket: the loser of an encounter is out
	Swiss      = "swiss"       // rounds paired by score, no rematch
)

// Formats lists the formats, for messages.
var Formats = []string{RoundRobin, Gauntlet, Knockout, Swiss}

// Game is one game of a tournament: a slot of its schedule.
type Game struct {
	Slot   int // 0-based position in the schedule: the games row's slot
	Round  int // 1-based
	Number int // 1-based number of the game within its round
	// Pair is shared by the games that share a start with colours swapped
	// (games 1-2, 3-4, … of an encounter); unique in the tournament.
	Pair         int
	White, Black int // players, by index (config order)
}

// RoundTag is the record's Round tag: "round.number", unique in a
// tournament.
func (g Game) RoundTag() string { return strconv.Itoa(g.Round) + "." + strconv.Itoa(g.Number) }

// Stage is a run of consecutive slots whose games are known together.
type Stage struct {
	First, Len int // its slots are First, First+1, …, First+Len-1
	// Byes lists the players that sit out this stage and score a bye
	// (Swiss), by index.
	Byes []int
	// Last says that no stage follows this one, whatever its results.
	Last bool
	game func(slot int) Game
}

// Game returns the game of slot, which must be one of the stage's.
func (s Stage) Game(slot int) Game {
	if slot < s.First || slot >= s.First+s.Len {
		panic(fmt.Sprintf("pairing: slot %d is not in the stage of slots %d..%d", slot, s.First, s.First+s.Len-1))
	}
	return s.game(slot)
}

// End is the slot after the stage's last.
func (s Stage) End() int { return s.First + s.Len }

// Results gives the result of a stored game by its slot.
type Results func(slot int) rules.Result

// Pairing lays out a tournament's games, stage by stage (see the package
// comment). Next returns the stage after those it returned before, given
// results, which holds the result of every game of those stages (all
// stored); ok is false once the tournament is over. A Pairing is not safe
// for concurrent use.
type Pairing interface {
	Next(results Results) (st Stage, ok bool, err error)
	// Total is the number of games of the whole tournament; when exact is
	// false it is the least number (a knockout's ties add games).
	Total() (n int, exact bool)
}

// Options describe a tournament's pairing.
type Options struct {
	Format            string
	Players           int
	Rounds            int // round robin, gauntlet: each encounter this many times; Swiss: rounds
	GamesPerEncounter int
	// Seeds, for a knockout, orders the players by strength, strongest
	// first: Seeds[0] is seed 1 (nil: config order). For a Swiss it is
	// the initial ranking.
	Seeds []int
	// TiebreakPairs is the most colour-swapped pairs of games a knockout
	// encounter that ends level plays on before the higher seed goes
	// through.
	TiebreakPairs int
}

// New returns the pairing of o.
func New(o Options) (Pairing, error) {
	if o.Players < 2 {
		return nil, fmt.Errorf("pairing: %d players; at least 2 are needed", o.Players)
	}
	if o.Rounds < 1 || o.GamesPerEncounter < 1 {
		return nil, fmt.Errorf("pairing: rounds %d and games per encounter %d must be at least 1", o.Rounds, o.GamesPerEncounter)
	}
	switch o.Format {
	case RoundRobin, "":
		return newFixed(roundRobinEncounters(o.Players), o.Rounds, o.GamesPerEncounter), nil
	case Gauntlet:
		return newFixed(gauntletEncounters(o.Players), o.Rounds, o.GamesPerEncounter), nil
	case Knockout:
		return newKnockout(o)
	case Swiss:
		return newSwiss(o)
	}
	return nil, fmt.Errorf("pairing: unknown format %q", o.Format)
}

// encounter is two players who meet; a is White in the encounter's first
// game of round 1.
type encounter struct{ a, b int }

// colours returns the players of game g (0-based) of an encounter of e:
// colours alternate within it, and the first game's alternate from round to
// round (round: 0-based) when per is odd.
func (e encounter) colours(g, round, per int) (white, black int) {
	if (g+round*per)%2 == 1 {
		return e.b, e.a
	}
	return e.a, e.b
}

// pairsPer is the number of pairs an encounter of per games makes: games
// 1-2, 3-4, … share a pair, and an odd last game has one of its own.
func pairsPer(per int) int { return (per + 1) / 2 }
