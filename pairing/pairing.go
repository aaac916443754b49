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
	// Byes lists the players that sit out this stage and score a bye,
	// by index: a Swiss round's bye, worth ByePoints. A knockout's
	// first-round byes score nothing and are not listed here; its Bracket
	// shows them.
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
	Format  string
	Players int
	// Rounds is, for a round robin or a gauntlet, how many times each
	// encounter is played; for a Swiss, its rounds. A knockout plays as
	// many rounds as its bracket has and takes 0 or 1 here.
	Rounds            int
	GamesPerEncounter int
	// Seeds orders the players by strength, strongest first, by index:
	// Seeds[0] is seed 1 (nil: config order). It places a knockout's
	// players in the bracket and is a Swiss's initial ranking; a round
	// robin and a gauntlet do not use it.
	Seeds []int
	// TiebreakPairs is the most colour-swapped pairs of games a knockout
	// encounter that ends level plays on before the higher seed goes
	// through.
	TiebreakPairs int
	// GauntletSeeds is how many players, the first ones, a gauntlet pits
	// against every other player (0 counts as 1), as cutechess-cli's
	// -seeds.
	GauntletSeeds int
	// NoSwap keeps each encounter's colours in all its games (fastchess's
	// -noswap): its first player is always White. Reverse gives each game
	// the other colours (fastchess's -reverse): the second player is White
	// in the first game. Both are for a round robin or a gauntlet.
	NoSwap, Reverse bool
}

// Limits that keep a schedule in memory and its slots and pair numbers far
// from overflow, whatever the options.
const (
	maxPlayers = 1000
	maxGames   = 1 << 40
)

// New returns the pairing of o.
func New(o Options) (Pairing, error) {
	if o.Players < 2 || o.Players > maxPlayers {
		return nil, fmt.Errorf("pairing: %d players; a tournament has 2 to %d", o.Players, maxPlayers)
	}
	if o.GamesPerEncounter < 1 || o.GamesPerEncounter > maxGames {
		return nil, fmt.Errorf("pairing: games per encounter %d must be at least 1", o.GamesPerEncounter)
	}
	if o.TiebreakPairs < 0 {
		return nil, fmt.Errorf("pairing: tie-break pairs %d must not be negative", o.TiebreakPairs)
	}
	if err := checkSeeds(o.Seeds, o.Players); err != nil {
		return nil, err
	}
	switch o.Format {
	case RoundRobin, "", Gauntlet, Swiss:
		if o.Rounds < 1 || o.Rounds > maxGames {
			return nil, fmt.Errorf("pairing: rounds %d must be at least 1", o.Rounds)
		}
	}
	if (o.NoSwap || o.Reverse) && o.Format != RoundRobin && o.Format != "" && o.Format != Gauntlet {
		return nil, fmt.Errorf("pairing: no-swap and reversed colours are for a round robin or a gauntlet, not %s", o.Format)
	}
	switch o.Format {
	case RoundRobin, "":
		return newFixed(roundRobinEncounters(o.Players), o.Rounds, o.GamesPerEncounter, o)
	case Gauntlet:
		seeds := max(o.GauntletSeeds, 1)
		if seeds >= o.Players {
			return nil, fmt.Errorf("pairing: a gauntlet of %d players has %d seeds; the seeds must leave at least one other player", o.Players, seeds)
		}
		return newFixed(gauntletEncounters(o.Players, seeds), o.Rounds, o.GamesPerEncounter, o)
	case Knockout:
		return newKnockout(o)
	case Swiss:
		return newSwiss(o)
	}
	return nil, fmt.Errorf("pairing: unknown format %q", o.Format)
}

// checkSeeds checks that seeds, when given, holds each of the n players
// once.
func checkSeeds(seeds []int, n int) error {
	if seeds == nil {
		return nil
	}
	if len(seeds) != n {
		return fmt.Errorf("pairing: %d seeds for %d players; give every player a seed", len(seeds), n)
	}
	seen := make([]bool, n)
	for i, p := range seeds {
		if p < 0 || p >= n {
			return fmt.Errorf("pairing: seed %d is player %d; players are 0 to %d", i+1, p, n-1)
		}
		if seen[p] {
			return fmt.Errorf("pairing: player %d has two seeds", p)
		}
		seen[p] = true
	}
	return nil
}

// ranks returns the order of the players, strongest first, that seeds
// gives (config order when nil).
func ranks(seeds []int, n int) []int {
	if seeds != nil {
		return append([]int(nil), seeds...)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	return order
}

// tooMany reports whether a*b*c games are more than a schedule may hold;
// a, b and c are at least 1.
func tooMany(a, b, c int) bool {
	return a > maxGames || b > maxGames/a || c > maxGames/(a*b)
}

// Replay walks p, a new Pairing, over the stored results: it returns every
// stage that Next gives while the stages before are stored in full, the
// last one included (whose games may be stored in part or not at all).
// With it a report learns a Swiss's byes (Stage.Byes) or a knockout's
// bracket from the stored games alone.
func Replay(p Pairing, results Results) ([]Stage, error) {
	var stages []Stage
	for {
		st, ok, err := p.Next(results)
		if err != nil || !ok {
			return stages, err
		}
		stages = append(stages, st)
		for slot := st.First; slot < st.End(); slot++ {
			if results(slot) == rules.Unfinished {
				return stages, nil
			}
		}
	}
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

// block is a stage whose encounters play the same number of games each,
// one encounter after another: a knockout phase or a Swiss round. Its
// games are computed from their slot.
type block struct {
	round  int
	first  int         // slot of the first game
	number int         // Number of the first game
	pair   int         // Pair of the first game
	per    int         // games of each encounter
	encs   []encounter // a is White in the encounter's first game
}

func (b *block) stage(byes []int) Stage {
	return Stage{First: b.first, Len: len(b.encs) * b.per, Byes: byes, game: b.game}
}

func (b *block) game(slot int) Game {
	k := slot - b.first
	e, g := k/b.per, k%b.per
	white, black := b.encs[e].colours(g, 0, b.per)
	return Game{Slot: slot, Round: b.round, Number: b.number + k, Pair: b.pair + e*pairsPer(b.per) + g/2, White: white, Black: black}
}

// points reads the results of b's games: the half points that each
// encounter's a and b scored, by encounter.
func (b *block) points(results Results) ([][2]int, error) {
	pts := make([][2]int, len(b.encs))
	for slot := b.first; slot < b.first+len(b.encs)*b.per; slot++ {
		g := b.game(slot)
		var r rules.Result
		if results != nil {
			r = results(slot)
		}
		white, ok := r.WhiteHalfPoints()
		if !ok {
			return nil, fmt.Errorf("pairing: slot %d (round %s) has no result; the next stage needs every game of this one", slot, g.RoundTag())
		}
		black := 2 - white
		e := &pts[(slot-b.first)/b.per]
		if g.White == b.encs[(slot-b.first)/b.per].a {
			e[0] += white
			e[1] += black
		} else {
			e[0] += black
			e[1] += white
		}
	}
	return pts, nil
}
