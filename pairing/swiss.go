package pairing

import (
	"fmt"
	"sort"
)

// ByePoints is what a Swiss bye scores: one point, whatever the games per
// encounter (with two games per encounter, as much as a drawn encounter).
const ByePoints = 1.0

// searchWork bounds the work of one search for a round's pairing, counted
// in pairs of players looked at, so that a Swiss of many players always
// finishes soon; the search is exhaustive within it.
const searchWork = 20_000_000

// swiss pairs each round by score (see newSwiss).
type swiss struct {
	n, rounds, per int
	initial        []int // initial[player]: 0-based initial rank
	played         []swissRound
	work           int // the budget of each search
}

type swissRound struct {
	games *block
	bye   int // -1: none
}

// newSwiss returns the Swiss of o. Each round is a stage, paired from the
// results of the rounds before:
//
//   - players rank by score (game points plus ByePoints a bye), then by
//     initial rank (o.Seeds, else config order);
//   - with an odd number of players, the lowest-ranked player who has had
//     no bye sits the round out and scores ByePoints; nobody has two byes;
//   - players of equal score form a group, groups are paired from the top,
//     and within a group (with the players floated into it first) the top
//     half plays the bottom half: in rank order, the first plays the one
//     halfway down, unless a rule or preference below says otherwise;
//   - a player who cannot be paired within its group floats down into the
//     next: each group floats the fewest players that let every group
//     below be paired;
//   - never a rematch; never a third game in a row with the same colour
//     (over all a player's games), unless no pairing of the round can keep
//     that, when the round is paired without it; an encounter whose
//     colours satisfy both players' preferences (the colour a player had
//     fewer games with, else the opposite of its last encounter's) is
//     tried before one that does not;
//   - a player's colour in an encounter is its colour in the first game;
//     the games alternate. The rule that must hold decides it, then the
//     stronger preference (fewer games with a colour over alternation),
//     then the larger colour imbalance, then the higher rank. In round 1,
//     where nobody has a preference, colours alternate down the boards,
//     the higher-ranked player White on board 1.
//
// Boards are ordered by their higher-ranked player. The search tries
// pairings in that order of preference, by backtracking, and takes the
// first that keeps the rules. It keeps at every step a pairing of the
// players not yet paired (a maximum matching, Edmonds' blossom algorithm)
// as the proof that they can still all be paired, and drops a choice that
// leaves none; should it run out of work (searchWork), which takes
// hundreds of players near the round limit, it pairs greedily in the same
// order under the same proof: the rules hold, and only the fewest floats
// may be missed.
//
// A pairing without rematches always exists when rounds ≤ ceil(n/2), so
// newSwiss refuses more rounds (the proof, by Dirac's theorem and Tutte's
// condition, is in docs/tournament.md#swiss).
func newSwiss(o Options) (Pairing, error) {
	if most := (o.Players + 1) / 2; o.Rounds > most {
		return nil, fmt.Errorf("pairing: rounds %d: a Swiss of %d players has at most %d rounds (a pairing without rematches is then always possible; play a round robin for more)", o.Rounds, o.Players, most)
	}
	if tooMany(o.Rounds, o.Players/2, o.GamesPerEncounter) {
		return nil, fmt.Errorf("pairing: a Swiss of %d rounds with %d games per encounter has too many games", o.Rounds, o.GamesPerEncounter)
	}
	s := &swiss{n: o.Players, rounds: o.Rounds, per: o.GamesPerEncounter, initial: make([]int, o.Players), work: searchWork}
	for i, p := range ranks(o.Seeds, o.Players) {
		s.initial[p] = i
	}
	return s, nil
}

func (s *swiss) Total() (int, bool) { return s.rounds * (s.n / 2) * s.per, true }

func (s *swiss) Next(results Results) (Stage, bool, error) {
	r := len(s.played)
	if r == s.rounds {
		return Stage{}, false, nil
	}
	st, err := s.standing(results)
	if err != nil {
		return Stage{}, false, err
	}
	ranked := make([]int, s.n)
	for p := range ranked {
		ranked[p] = p
	}
	sort.Slice(ranked, func(i, j int) bool {
		a, b := ranked[i], ranked[j]
		if st.half[a] != st.half[b] {
			return st.half[a] > st.half[b]
		}
		return s.initial[a] < s.initial[b]
	})
	bye, pool := -1, ranked
	if s.n%2 == 1 {
		for i := len(ranked) - 1; i >= 0; i-- {
			if st.byes[ranked[i]] == 0 {
				bye = ranked[i]
				pool = append(append([]int(nil), ranked[:i]...), ranked[i+1:]...)
				break
			}
		}
	}
	pairs := s.pair(st, pool)
	if pairs == nil {
		return Stage{}, false, fmt.Errorf("pairing: round %d of the Swiss has no pairing without a rematch", r+1)
	}
	at := make([]int, s.n)
	for i, p := range pool {
		at[p] = i
	}
	sort.Slice(pairs, func(i, j int) bool { return at[pairs[i][0]] < at[pairs[j][0]] })
	b := &block{round: r + 1, first: r * (s.n / 2) * s.per, number: 1, pair: r * (s.n / 2) * pairsPer(s.per), per: s.per}
	for board, pq := range pairs {
		b.encs = append(b.encs, st.colours(pq[0], pq[1], board))
	}
	s.played = append(s.played, swissRound{games: b, bye: bye})
	var byes []int
	if bye >= 0 {
		byes = []int{bye}
	}
	next := b.stage(byes)
	next.Last = r+1 == s.rounds // the results cannot add a round
	return next, true, nil
}

// pair pairs the players of pool, ranked, in pairs (higher-ranked,
// lower-ranked); nil if there is no pairing without rematches.
func (s *swiss) pair(st *standing, pool []int) [][2]int {
	var groups [][]int
	for i, p := range pool {
		if i == 0 || st.half[p] != st.half[pool[i-1]] {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], p)
	}
	for _, colourRule := range []bool{true, false} {
		se := newSearch(st, colourRule, groups, pool, s.work)
		if se == nil {
			continue // no pairing keeps these rules
		}
		if se.group(0, nil) {
			return se.pairs
		}
		return se.greedy(pool)
	}
	return nil
}

// colour is a game's colour for one player.
type colour int8

const (
	white colour = 1
	black colour = -1
)

// standing is what the rounds played tell about each player.
type standing struct {
	n          int
	half       []int    // half points, byes included
	byes       []int    // byes had
	met        []bool   // met[p*n+q]: p and q have met
	last, prev []colour // the colours of the last two games (0: none)
	balance    []int    // games with White minus games with Black
	lastFirst  []colour // the colour of the first game of the last encounter
}

// standing reads the results of the rounds played.
func (s *swiss) standing(results Results) (*standing, error) {
	n := s.n
	st := &standing{n: n, half: make([]int, n), byes: make([]int, n), met: make([]bool, n*n),
		last: make([]colour, n), prev: make([]colour, n), balance: make([]int, n), lastFirst: make([]colour, n)}
	for _, r := range s.played {
		pts, err := r.games.points(results)
		if err != nil {
			return nil, err
		}
		for i, e := range r.games.encs {
			st.half[e.a] += pts[i][0]
			st.half[e.b] += pts[i][1]
			st.met[e.a*n+e.b], st.met[e.b*n+e.a] = true, true
			st.play(e.a, white, s.per)
			st.play(e.b, black, s.per)
		}
		if r.bye >= 0 {
			st.half[r.bye] += 2 * ByePoints
			st.byes[r.bye]++
		}
	}
	return st, nil
}

// play records an encounter of per games in which p has colour c first.
func (st *standing) play(p int, c colour, per int) {
	lastOf := func(g int) colour { // p's colour in game g, 0-based
		if g%2 == 0 {
			return c
		}
		return -c
	}
	if per >= 2 {
		st.prev[p] = lastOf(per - 2)
	} else {
		st.prev[p] = st.last[p]
	}
	st.last[p] = lastOf(per - 1)
	if per%2 == 1 {
		st.balance[p] += int(c)
	}
	st.lastFirst[p] = c
}

// The strengths of a colour preference.
const (
	noPreference = iota
	alternate    // the opposite of the last encounter's
	fewer        // the colour of fewer games
	must         // the last two games had the other colour
)

// preference returns the colour p should have first in its next
// encounter, and how strongly.
func (st *standing) preference(p int) (colour, int) {
	switch {
	case st.last[p] != 0 && st.last[p] == st.prev[p]:
		return -st.last[p], must
	case st.balance[p] > 0:
		return black, fewer
	case st.balance[p] < 0:
		return white, fewer
	case st.lastFirst[p] != 0:
		return -st.lastFirst[p], alternate
	}
	return 0, noPreference
}

// colours returns the encounter of p (higher-ranked) and q on board
// (0-based), the player White first as a.
func (st *standing) colours(p, q, board int) encounter {
	cp, sp := st.preference(p)
	cq, sq := st.preference(q)
	if sp == noPreference && sq == noPreference {
		if board%2 == 0 {
			return encounter{p, q}
		}
		return encounter{q, p}
	}
	pFirst := sp > sq || sp == sq && abs(st.balance[p]) >= abs(st.balance[q])
	if pFirst && cp == white || !pFirst && cq == black {
		return encounter{p, q}
	}
	return encounter{q, p}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// search looks for a round's pairing group by group, backtracking, in the
// order of preference that newSwiss describes. It keeps a pairing of the
// players still unpaired (m) as the proof that they can all still be
// paired, and drops any choice after which they cannot.
type search struct {
	st         *standing
	colourRule bool // no third game in a row with one colour
	groups     [][]int
	work       int      // pairs of players looked at, and steps
	limit      int      // the most work
	colour     []colour // each player's preferred colour
	strength   []int    // and how strongly it prefers it
	pairs      [][2]int
	unpaired   []bool
	m          *matcher
}

// newSearch returns the search of a pairing of pool (ranked) in groups,
// or nil when no pairing of pool keeps the rules.
func newSearch(st *standing, colourRule bool, groups [][]int, pool []int, limit int) *search {
	se := &search{st: st, colourRule: colourRule, groups: groups, limit: limit, unpaired: make([]bool, st.n),
		colour: make([]colour, st.n), strength: make([]int, st.n)}
	for _, p := range pool {
		se.unpaired[p] = true
		se.colour[p], se.strength[p] = st.preference(p)
	}
	se.m = newMatcher(st.n, func(p, q int) bool { return se.unpaired[p] && se.unpaired[q] && se.allowed(p, q) })
	for _, p := range pool {
		if se.m.match[p] < 0 && !se.m.augment(p) {
			return nil
		}
	}
	se.work = 0
	return se
}

// greedy pairs pool (ranked) in the order of preference without looking
// back: from the top, each player meets the first opponent after whom the
// players left can still all be paired, which one always is. It keeps the
// rules and prefers as the search does, but may float more players.
func (se *search) greedy(pool []int) [][2]int {
	var pairs [][2]int
	rest := append([]int(nil), pool...)
	for len(rest) > 0 {
		p := rest[0]
		group := 1 // p's group among rest
		for group < len(rest) && se.st.half[rest[group]] == se.st.half[p] {
			group++
		}
		found := -1
		for _, suiting := range []bool{true, false} {
			for i := 1; i < len(rest) && found < 0; i++ {
				j := i
				if i < group {
					j = mirror(i, group/2, group)
				}
				q := rest[j]
				if !se.allowed(p, q) || se.suits(p, q) != suiting {
					continue
				}
				proof := append([]int(nil), se.m.match...)
				if se.pairOff(p, q) {
					found = j
					break
				}
				copy(se.m.match, proof)
				se.unpaired[p], se.unpaired[q] = true, true
			}
		}
		pairs = append(pairs, [2]int{p, rest[found]})
		rest = append(rest[1:found], rest[found+1:]...)
	}
	return pairs
}

// pairOff pairs p and q and reports whether the players left unpaired can
// still all be paired, mending the proof if need be.
func (se *search) pairOff(p, q int) bool {
	m := se.m
	se.unpaired[p], se.unpaired[q] = false, false
	mp, mq := m.match[p], m.match[q]
	m.match[p], m.match[q] = -1, -1
	if mp == q {
		return true
	}
	m.match[mp], m.match[mq] = -1, -1
	return m.augment(mp) // the path can only end at mq, the one other unpaired player
}

// allowed reports whether p and q may meet.
func (se *search) allowed(p, q int) bool {
	se.work++
	if se.st.met[p*se.st.n+q] {
		return false
	}
	return !se.colourRule || se.strength[p] != must || se.strength[q] != must || se.colour[p] != se.colour[q]
}

// suits reports whether p and q meeting satisfies both their colour
// preferences.
func (se *search) suits(p, q int) bool {
	return se.colour[p] == 0 || se.colour[q] == 0 || se.colour[p] != se.colour[q]
}

// out reports whether the search has used up its work.
func (se *search) out() bool { return se.work > se.limit }

// group pairs group gi with the players carried down into it, and the
// groups below; it floats as few players as it can.
func (se *search) group(gi int, carried []int) bool {
	if gi == len(se.groups) {
		return len(carried) == 0
	}
	pool := append(append([]int(nil), carried...), se.groups[gi]...)
	// As many players float as a largest pairing within the group leaves,
	// at least.
	paired := 0
	for _, v := range maxMatching(len(pool), func(u, v int) bool { return se.allowed(pool[u], pool[v]) }) {
		if v >= 0 {
			paired++
		}
	}
	for float := len(pool) - paired; float <= len(pool); float += 2 {
		if gi == len(se.groups)-1 && float > 0 {
			return false
		}
		if se.fill(gi, pool, float, nil) {
			return true
		}
		if se.out() {
			return false
		}
	}
	return false
}

// fill pairs the players of rest (ranked) within group gi, floating
// exactly float of them (floated holds those floated so far), then pairs
// the groups below.
func (se *search) fill(gi int, rest []int, float int, floated []int) bool {
	if se.out() {
		return false
	}
	se.work += len(rest)
	if len(rest) == 0 {
		return se.group(gi+1, floated)
	}
	p := rest[0]
	// k players of rest are to be paired here: p's opponent in a
	// top-half-against-bottom-half pairing of them is rest[k/2].
	if k := len(rest) - (float - len(floated)); k >= 2 {
		for _, suiting := range []bool{true, false} {
			for i := 1; i < len(rest); i++ {
				j := mirror(i, k/2, len(rest))
				q := rest[j]
				if !se.allowed(p, q) || se.suits(p, q) != suiting {
					continue
				}
				proof := append([]int(nil), se.m.match...)
				if se.pairOff(p, q) {
					se.pairs = append(se.pairs, [2]int{p, q})
					others := append(append(make([]int, 0, len(rest)-2), rest[1:j]...), rest[j+1:]...)
					if se.fill(gi, others, float, floated) {
						return true
					}
					se.pairs = se.pairs[:len(se.pairs)-1]
				}
				copy(se.m.match, proof)
				se.unpaired[p], se.unpaired[q] = true, true
				if se.out() {
					return false
				}
			}
		}
	}
	if len(floated) < float {
		return se.fill(gi, rest[1:], float, append(floated[:len(floated):len(floated)], p))
	}
	return false
}

// mirror returns the i-th opponent (1-based) to try for the first of size
// players whose preferred opponent is at mid: mid, mid+1, …, size-1, then
// mid-1, …, 1.
func mirror(i, mid, size int) int {
	if j := mid + i - 1; j < size {
		return j
	}
	return mid - (i - (size - mid))
}
