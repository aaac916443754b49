package pairing

import (
	"fmt"
	"math/bits"
)

// Bracket is what a knockout pairing offers its consumers beyond the
// Pairing: the bracket as the results passed to Next so far make it.
// Consumers type-assert a Pairing to it.
type Bracket interface {
	Bracket() []KnockoutRound
}

// KnockoutRound is one round of a knockout's bracket.
type KnockoutRound struct {
	Round      int // 1-based
	Encounters []KnockoutEncounter
}

// KnockoutEncounter is one encounter of a knockout's bracket. A is the
// higher seed, White in the encounter's first game.
type KnockoutEncounter struct {
	A, B             int // players, by index; B is -1 for a bye, which A goes through
	SeedA, SeedB     int // their seeds, 1 the strongest; SeedB is 0 for a bye
	PointsA, PointsB float64
	Games            int  // games whose results Next has read, tie-break pairs included
	TiebreakPairs    int  // tie-break pairs among them
	Winner           int  // the player who goes through; -1 while undecided
	BySeed           bool // still level after the tie-break pairs: the higher seed went through
}

// knockout is a seeded single-elimination bracket (see newKnockout).
type knockout struct {
	n, per, tiebreaks int
	seedOf            []int // seedOf[player]: 1-based seed
	player            []int // player[seed-1]: the player of a seed
	rounds            [][]KnockoutEncounter
	phase             *block // the stage returned last
	phaseEncs         []int  // its encounters' indexes in the current round
	tiebreak          bool   // it is a phase of tie-break pairs
	slot, pair        int    // the next stage's first slot and pair
	number            int    // the next stage's first Number in its round
	done              bool
}

// newKnockout returns the knockout of o. The bracket has P places, the
// smallest power of two that holds the players, in the usual seeded order
// (seed 1 against seed P, seeds 1 and 2 in different halves, 1 to 4 in
// different quarters, …); the top P−n seeds meet nobody in round 1 and go
// through. Each round plays the encounters' games as one stage, then as
// many stages of tie-break pairs as its level encounters need; the winners
// meet in bracket order in the next round.
func newKnockout(o Options) (Pairing, error) {
	if o.Rounds < 0 || o.Rounds > 1 {
		return nil, fmt.Errorf("pairing: rounds %d: a knockout plays the rounds of its bracket (%d for %d players); leave rounds out", o.Rounds, bits.Len(uint(o.Players-1)), o.Players)
	}
	if o.TiebreakPairs > maxGames || tooMany(o.Players-1, o.GamesPerEncounter+2*o.TiebreakPairs, 1) {
		return nil, fmt.Errorf("pairing: a knockout of %d players with %d games per encounter and %d tie-break pairs has too many games", o.Players, o.GamesPerEncounter, o.TiebreakPairs)
	}
	k := &knockout{n: o.Players, per: o.GamesPerEncounter, tiebreaks: o.TiebreakPairs}
	k.player = ranks(o.Seeds, o.Players)
	k.seedOf = make([]int, o.Players)
	for s, p := range k.player {
		k.seedOf[p] = s + 1
	}
	return k, nil
}

// bracketOrder returns the seeds of a bracket of size places (a power of
// two) from top to bottom: places 2i and 2i+1 meet in round 1. Each step
// doubles the bracket by putting each seed s next to its round-1 opponent,
// places+1−s, so that the strongest seeds meet as late as possible.
func bracketOrder(places int) []int {
	order := []int{1}
	for len(order) < places {
		next := make([]int, 0, 2*len(order))
		for _, s := range order {
			next = append(next, s, 2*len(order)+1-s)
		}
		order = next
	}
	return order
}

func (k *knockout) Total() (int, bool) { return (k.n - 1) * k.per, k.tiebreaks == 0 }

func (k *knockout) Next(results Results) (Stage, bool, error) {
	if k.done {
		return Stage{}, false, nil
	}
	if k.phase == nil {
		k.firstRound()
		return k.base(), true, nil
	}
	pts, err := k.phase.points(results)
	if err != nil {
		return Stage{}, false, err
	}
	round := k.rounds[len(k.rounds)-1]
	var level []int
	for i, e := range k.phaseEncs {
		enc := &round[e]
		enc.PointsA += float64(pts[i][0]) / 2
		enc.PointsB += float64(pts[i][1]) / 2
		enc.Games += k.phase.per
		if k.tiebreak {
			enc.TiebreakPairs++
		}
		switch {
		case enc.PointsA > enc.PointsB:
			enc.Winner = enc.A
		case enc.PointsB > enc.PointsA:
			enc.Winner = enc.B
		case enc.TiebreakPairs < k.tiebreaks:
			level = append(level, e)
		default:
			enc.Winner, enc.BySeed = enc.A, true
		}
	}
	if len(level) > 0 {
		k.tiebreak = true
		return k.stage(level, 2), true, nil
	}
	if len(round) == 1 {
		k.done = true
		return Stage{}, false, nil
	}
	next := make([]KnockoutEncounter, len(round)/2)
	for i := range next {
		a, b := round[2*i].Winner, round[2*i+1].Winner
		if k.seedOf[b] < k.seedOf[a] {
			a, b = b, a
		}
		next[i] = KnockoutEncounter{A: a, B: b, SeedA: k.seedOf[a], SeedB: k.seedOf[b], Winner: -1}
	}
	k.rounds = append(k.rounds, next)
	return k.base(), true, nil
}

// firstRound places the players in the bracket.
func (k *knockout) firstRound() {
	order := bracketOrder(1 << bits.Len(uint(k.n-1)))
	round := make([]KnockoutEncounter, len(order)/2)
	for i := range round {
		sa, sb := order[2*i], order[2*i+1]
		a := k.player[sa-1]
		if sb > k.n {
			round[i] = KnockoutEncounter{A: a, B: -1, SeedA: sa, Winner: a}
			continue
		}
		round[i] = KnockoutEncounter{A: a, B: k.player[sb-1], SeedA: sa, SeedB: sb, Winner: -1}
	}
	k.rounds = append(k.rounds, round)
}

// base returns the stage of the current round's encounters' own games.
func (k *knockout) base() Stage {
	k.number, k.tiebreak = 1, false
	var encs []int
	for i, e := range k.rounds[len(k.rounds)-1] {
		if e.B >= 0 {
			encs = append(encs, i)
		}
	}
	return k.stage(encs, k.per)
}

// stage returns the next stage: per games of each of the current round's
// encounters encs, the higher seed White in the first.
func (k *knockout) stage(encs []int, per int) Stage {
	round := k.rounds[len(k.rounds)-1]
	b := &block{round: len(k.rounds), first: k.slot, number: k.number, pair: k.pair, per: per}
	for _, e := range encs {
		b.encs = append(b.encs, encounter{round[e].A, round[e].B})
	}
	k.phase, k.phaseEncs = b, encs
	k.slot += len(encs) * per
	k.number += len(encs) * per
	k.pair += len(encs) * pairsPer(per)
	return b.stage(nil)
}

// Bracket returns the rounds paired so far, each encounter as the results
// read by Next make it.
func (k *knockout) Bracket() []KnockoutRound {
	out := make([]KnockoutRound, len(k.rounds))
	for i, r := range k.rounds {
		out[i] = KnockoutRound{Round: i + 1, Encounters: append([]KnockoutEncounter(nil), r...)}
	}
	return out
}
