package pairing

import (
	"fmt"
	"math/bits"
	"math/rand"
	"reflect"
	"sort"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// knockoutCheck follows a knockout stage by stage and checks its rules
// with its own bookkeeping.
type knockoutCheck struct {
	t              *testing.T
	n, places, per int
	tiebreaks      int
	seed           map[int]int // 1-based seed by player
	player         map[int]int // player by seed

	round    int
	encs     map[[2]int]*koEnc // the current round's encounters, by players
	rounds   []map[[2]int]*koEnc
	level    map[[2]int]bool // the encounters due a tie-break pair in the next stage
	tied     bool            // the stage due is of tie-break pairs
	number   int             // the next game's Number in its round
	slot     int
	pairs    map[int]bool
	champion int
}

type koEnc struct {
	high, low      int // players: the higher seed, the lower
	half           [2]int
	games, tbPairs int
	winner         int
	bySeed         bool
}

func newKnockoutCheck(t *testing.T, o Options) *knockoutCheck {
	c := &knockoutCheck{t: t, n: o.Players, per: o.GamesPerEncounter, tiebreaks: o.TiebreakPairs,
		seed: map[int]int{}, player: map[int]int{}, pairs: map[int]bool{}, champion: -1}
	for c.places = 1; c.places < c.n; c.places *= 2 {
	}
	for p := 0; p < c.n; p++ {
		s := p + 1
		if o.Seeds != nil {
			s = indexOf(o.Seeds, p) + 1
		}
		c.seed[p], c.player[s] = s, p
	}
	// Round 1: seed s against seed places+1-s; the seeds whose opponent
	// would be past n have a bye.
	c.round = 1
	c.encs = map[[2]int]*koEnc{}
	for s := 1; s <= c.places/2; s++ {
		if o := c.places + 1 - s; o <= c.n {
			c.add(c.player[s], c.player[o])
		}
	}
	c.rounds = append(c.rounds, c.encs)
	c.number = 1
	return c
}

func indexOf(xs []int, x int) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

func (c *knockoutCheck) add(a, b int) {
	if c.seed[b] < c.seed[a] {
		a, b = b, a
	}
	c.encs[key(a, b)] = &koEnc{high: a, low: b, winner: -1}
}

// group returns the seed that stands for seed s's part of the bracket
// after r rounds: two seeds who keep winning meet in round r when their
// groups after r-1 rounds differ and after r rounds are the same. In a
// bracket of size p seed s meets p+1-s first, and the winner goes on as the
// higher of the two in a bracket of size p/2.
func group(s, places, r int) int {
	for ; r > 0; r-- {
		s = min(s, places+1-s)
		places /= 2
	}
	return s
}

// stage checks the next stage's games and records their results.
func (c *knockoutCheck) stage(games []Game, results map[int]rules.Result) {
	t := c.t
	t.Helper()
	per := c.per
	if c.tied {
		per = 2
	}
	seen := map[[2]int]bool{}
	for i := 0; i < len(games); i += per {
		g := games[i]
		k := key(g.White, g.Black)
		e := c.encs[k]
		switch {
		case e == nil:
			t.Fatalf("round %d: %d-%d is no encounter of the round", c.round, g.White, g.Black)
		case seen[k]:
			t.Fatalf("round %d: %d-%d twice in a stage", c.round, g.White, g.Black)
		case c.tied && !c.level[k]:
			t.Fatalf("round %d: %d-%d plays a tie-break pair, but it is not level or has had its pairs", c.round, g.White, g.Black)
		}
		seen[k] = true
		if i+per > len(games) {
			t.Fatalf("round %d: the stage ends within the encounter %d-%d", c.round, g.White, g.Black)
		}
		for j, h := range games[i : i+per] {
			white, black := e.high, e.low
			if j%2 == 1 {
				white, black = black, white
			}
			if h.White != white || h.Black != black {
				t.Fatalf("round %d: game %d of %d-%d is %d-%d; want %d-%d", c.round, j+1, e.high, e.low, h.White, h.Black, white, black)
			}
			if h.Slot != c.slot || h.Round != c.round || h.Number != c.number {
				t.Fatalf("game %+v; want slot %d, round %d, number %d", h, c.slot, c.round, c.number)
			}
			c.slot++
			c.number++
			if j%2 == 1 && h.Pair != games[i+j-1].Pair {
				t.Fatalf("round %d: %+v does not share the pair of the game before", c.round, h)
			}
			if j%2 == 0 && c.pairs[h.Pair] {
				t.Fatalf("round %d: %+v has a pair already used", c.round, h)
			}
			c.pairs[h.Pair] = true
			switch results[h.Slot] {
			case rules.WhiteWins:
				e.half[indexOf([]int{e.high, e.low}, h.White)] += 2
			case rules.BlackWins:
				e.half[indexOf([]int{e.high, e.low}, h.Black)] += 2
			default:
				e.half[0]++
				e.half[1]++
			}
		}
		e.games += per
		if c.tied {
			e.tbPairs++
		}
	}
	want := len(c.encs)
	if c.tied {
		want = len(c.level)
	}
	if len(seen) != want {
		t.Fatalf("round %d: %d encounters in the stage; want %d", c.round, len(seen), want)
	}

	// Decide the encounters of the stage, or give them a tie-break pair.
	c.level = map[[2]int]bool{}
	for k := range seen {
		e := c.encs[k]
		switch {
		case e.half[0] > e.half[1]:
			e.winner = e.high
		case e.half[1] > e.half[0]:
			e.winner = e.low
		case e.tbPairs < c.tiebreaks:
			c.level[k] = true
		default:
			e.winner, e.bySeed = e.high, true
		}
	}
	c.tied = len(c.level) > 0
}

// next starts the next round from the winners; false when the tournament
// is over.
func (c *knockoutCheck) next() bool {
	if c.tied {
		return true
	}
	// The players still in: the round's winners and, after round 1, the
	// seeds that had a bye.
	var in []int
	for _, e := range c.encs {
		in = append(in, e.winner)
	}
	if c.round == 1 {
		for s := 1; s <= c.places-c.n; s++ {
			in = append(in, c.player[s])
		}
	}
	if len(in) == 1 {
		c.champion = in[0]
		return false
	}
	if len(in) != c.places>>c.round {
		c.t.Fatalf("after round %d: %d players left; want %d", c.round, len(in), c.places>>c.round)
	}
	byGroup := map[int][]int{}
	for _, p := range in {
		g := group(c.seed[p], c.places, c.round+1)
		byGroup[g] = append(byGroup[g], p)
	}
	c.round++
	c.encs = map[[2]int]*koEnc{}
	for g, ps := range byGroup {
		if len(ps) != 2 {
			c.t.Fatalf("round %d: group %d holds players %v", c.round, g, ps)
		}
		c.add(ps[0], ps[1])
	}
	c.rounds = append(c.rounds, c.encs)
	c.number = 1
	return true
}

// higherSeedWins is the result of a game the higher seed always wins.
func higherSeedWins(seed map[int]int) func(Game) rules.Result {
	return func(g Game) rules.Result {
		if seed[g.White] < seed[g.Black] {
			return rules.WhiteWins
		}
		return rules.BlackWins
	}
}

// checkKnockout checks a knockout played to its end.
func checkKnockout(t *testing.T, o Options, p Pairing, stages [][]Game, results map[int]rules.Result) *knockoutCheck {
	t.Helper()
	c := newKnockoutCheck(t, o)
	for i, games := range stages {
		if i > 0 && !c.next() {
			t.Fatalf("stage %d after the end of the tournament", i+1)
		}
		c.stage(games, results)
	}
	if c.next() {
		t.Fatalf("the tournament ended after round %d with players left", c.round)
	}

	// The bracket as the pairing tells it.
	bracket := p.(Bracket).Bracket()
	if len(bracket) != bits.Len(uint(c.places))-1 {
		t.Fatalf("bracket of %d rounds; want %d", len(bracket), bits.Len(uint(c.places))-1)
	}
	last := bracket[len(bracket)-1]
	if len(last.Encounters) != 1 || last.Encounters[0].Winner != c.champion {
		t.Fatalf("final = %+v; want won by %d", last.Encounters, c.champion)
	}
	for r, round := range bracket {
		if round.Round != r+1 || len(round.Encounters) != c.places>>(r+1) {
			t.Fatalf("bracket round %d: round %d with %d encounters; want %d", r+1, round.Round, len(round.Encounters), c.places>>(r+1))
		}
	}
	for r, round := range bracket {
		for _, e := range round.Encounters {
			if e.B < 0 {
				if want := (KnockoutEncounter{A: e.A, B: -1, SeedA: c.seed[e.A], Winner: e.A}); e != want || e.SeedA > c.places-c.n {
					t.Errorf("round %d: bye %+v; want %+v for one of the top %d seeds", r+1, e, want, c.places-c.n)
				}
				continue
			}
			w := c.rounds[r][key(e.A, e.B)]
			if w == nil {
				t.Fatalf("round %d: %+v in the bracket, not in the games", r+1, e)
			}
			want := KnockoutEncounter{A: w.high, B: w.low, SeedA: c.seed[w.high], SeedB: c.seed[w.low],
				PointsA: float64(w.half[0]) / 2, PointsB: float64(w.half[1]) / 2, Games: w.games,
				TiebreakPairs: w.tbPairs, Winner: w.winner, BySeed: w.bySeed}
			if e != want {
				t.Errorf("round %d in the bracket: %+v; want %+v", r+1, e, want)
			}
		}
	}
	return c
}

func TestKnockoutBracket(t *testing.T) {
	for n := 2; n <= 17; n++ {
		t.Run(fmt.Sprintf("%d-players", n), func(t *testing.T) {
			o := Options{Format: Knockout, Players: n, GamesPerEncounter: 1}
			if n%2 == 1 {
				o.Seeds = rand.New(rand.NewSource(int64(n))).Perm(n)
			}
			p, err := New(o)
			if err != nil {
				t.Fatal(err)
			}
			c := newKnockoutCheck(t, o)
			stages, _, results := play(t, p, higherSeedWins(c.seed))
			c = checkKnockout(t, o, p, stages, results)
			if c.champion != c.player[1] {
				t.Errorf("champion = seed %d; want seed 1", c.seed[c.champion])
			}

			// Byes: the top places-n seeds, and nobody else, skip round 1.
			bracket := p.(Bracket).Bracket()
			var byes []int
			for _, e := range bracket[0].Encounters {
				if e.B < 0 {
					byes = append(byes, e.SeedA)
				}
			}
			sort.Ints(byes)
			want := []int{}
			for s := 1; s <= c.places-n; s++ {
				want = append(want, s)
			}
			if len(byes) != len(want) || len(want) > 0 && !reflect.DeepEqual(byes, want) {
				t.Errorf("byes to seeds %v; want %v", byes, want)
			}

			// Seeds 1 and 2 meet in the final and not before; seeds 1 to
			// 4 in the semi-finals.
			for r, round := range bracket {
				for _, e := range round.Encounters {
					top2 := e.SeedA <= 2 && e.SeedB >= 1 && e.SeedB <= 2
					if top2 != (r == len(bracket)-1) {
						t.Errorf("round %d: seeds %d and %d meet", r+1, e.SeedA, e.SeedB)
					}
					if r == len(bracket)-2 && n >= 4 && e.SeedA+e.SeedB != 5 {
						t.Errorf("semi-final: seeds %d and %d; want 1-4 and 2-3", e.SeedA, e.SeedB)
					}
				}
			}
		})
	}
}

// TestKnockoutOrder checks round 1 of the usual brackets of 8 and 16
// places, top to bottom.
func TestKnockoutOrder(t *testing.T) {
	tests := []struct {
		players int
		seeds   []int // in bracket order; 0 for a bye
	}{
		{2, []int{1, 2}},
		{3, []int{1, 0, 2, 3}},
		{8, []int{1, 8, 4, 5, 2, 7, 3, 6}},
		{6, []int{1, 0, 4, 5, 2, 0, 3, 6}},
		{16, []int{1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d-players", tt.players), func(t *testing.T) {
			p, err := New(Options{Format: Knockout, Players: tt.players, GamesPerEncounter: 2})
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := p.Next(nil); err != nil {
				t.Fatal(err)
			}
			var got []int
			for _, e := range p.(Bracket).Bracket()[0].Encounters {
				got = append(got, e.SeedA, e.SeedB)
			}
			if !reflect.DeepEqual(got, tt.seeds) {
				t.Errorf("round 1 = %v; want %v", got, tt.seeds)
			}
		})
	}
}

func TestKnockoutTiebreaks(t *testing.T) {
	for n := 2; n <= 17; n++ {
		for _, per := range []int{1, 2, 3} {
			for tiebreaks := 0; tiebreaks <= 2; tiebreaks++ {
				for seed := int64(1); seed <= 3; seed++ {
					t.Run(fmt.Sprintf("%d-players/%d-per/%d-tiebreaks/seed-%d", n, per, tiebreaks, seed), func(t *testing.T) {
						rng := rand.New(rand.NewSource(seed*100 + int64(n)))
						o := Options{Format: Knockout, Players: n, GamesPerEncounter: per, TiebreakPairs: tiebreaks}
						if seed == 2 {
							o.Seeds = rng.Perm(n)
						}
						p, err := New(o)
						if err != nil {
							t.Fatal(err)
						}
						stages, byes, results := play(t, p, random(rng, 2))
						for i, b := range byes {
							if b != nil {
								t.Fatalf("stage %d: byes %v; want none", i+1, b)
							}
						}
						checkKnockout(t, o, p, stages, results)
						games := len(results)
						total, exact := p.Total()
						if exact != (tiebreaks == 0) || total != (n-1)*per || games < total || games > total+(n-1)*2*tiebreaks || exact && games != total {
							t.Errorf("Total = %d, %v; %d games played", total, exact, games)
						}

						// The same results give the same stages.
						again, _ := New(o)
						lookup := func(slot int) rules.Result { return results[slot] }
						for i, games := range stages {
							st, ok, err := again.Next(lookup)
							if !ok || err != nil || st.First != games[0].Slot || st.Len != len(games) {
								t.Fatalf("replay stage %d: %+v, %v, %v", i+1, st, ok, err)
							}
							for _, g := range games {
								if got := st.Game(g.Slot); got != g {
									t.Fatalf("replay stage %d: %+v; want %+v", i+1, got, g)
								}
							}
						}
						if _, ok, err := again.Next(lookup); ok || err != nil {
							t.Fatalf("replay: Next after the last stage = %v, %v", ok, err)
						}
						if !reflect.DeepEqual(again.(Bracket).Bracket(), p.(Bracket).Bracket()) {
							t.Errorf("replay: the brackets differ")
						}
					})
				}
			}
		}
	}
}
