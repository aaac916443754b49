package pairing

import "fmt"

// fixed is a pairing whose games do not depend on results: the same
// encounters every round, all in one stage. Slot k's game is computed from
// k, so that a schedule takes no memory.
type fixed struct {
	encs            []encounter
	rounds          int
	per             int // games per encounter
	noSwap, reverse bool
	done            bool
}

func newFixed(encs []encounter, rounds, per int, o Options) (Pairing, error) {
	if tooMany(rounds, len(encs), per) {
		return nil, fmt.Errorf("pairing: %d rounds of %d encounters of %d games are too many games", rounds, len(encs), per)
	}
	return &fixed{encs: encs, rounds: rounds, per: per, noSwap: o.NoSwap, reverse: o.Reverse}, nil
}

func (f *fixed) Total() (int, bool) { return f.rounds * len(f.encs) * f.per, true }

func (f *fixed) Next(Results) (Stage, bool, error) {
	if f.done {
		return Stage{}, false, nil
	}
	f.done = true
	n, _ := f.Total()
	return Stage{First: 0, Len: n, Last: true, game: f.game}, true, nil
}

// game lays out the schedule round by round, encounter by encounter, then
// the games of the encounter.
func (f *fixed) game(slot int) Game {
	perRound := len(f.encs) * f.per
	round, within := slot/perRound, slot%perRound
	e, g := within/f.per, within%f.per
	pair := (round*len(f.encs)+e)*pairsPer(f.per) + g/2
	white, black := f.encs[e].colours(g, round, f.per)
	if f.noSwap {
		white, black = f.encs[e].a, f.encs[e].b
	}
	if f.reverse {
		white, black = black, white
	}
	return Game{Slot: slot, Round: round + 1, Number: within + 1, Pair: pair, White: white, Black: black}
}
