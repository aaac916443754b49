package pairing

import (
	"fmt"
	"math/bits"
	"math/rand"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// swissCheck follows a Swiss round by round and checks its rules with its
// own bookkeeping.
type swissCheck struct {
	t       *testing.T
	n, per  int
	initial []int // initial rank by player
	groups  bool  // check the score groups (not when the search gives up)

	half    []int
	byes    []int
	met     map[[2]int]bool
	colours [][]byte // 'W' and 'B', every game in order
	pairs   map[int]bool
	slot    int
	yields  int // rounds in which no pairing could keep the colour rule
}

func newSwissCheck(t *testing.T, o Options) *swissCheck {
	c := &swissCheck{t: t, n: o.Players, per: o.GamesPerEncounter, groups: true, initial: make([]int, o.Players),
		half: make([]int, o.Players), byes: make([]int, o.Players), met: map[[2]int]bool{},
		colours: make([][]byte, o.Players), pairs: map[int]bool{}}
	for p := range c.initial {
		c.initial[p] = p
	}
	for i, p := range o.Seeds {
		c.initial[p] = i
	}
	return c
}

// run3 reports whether seq has three equal colours in a row from index from
// on (a run that ends at or after from).
func run3(seq []byte, from int) bool {
	for i := max(from, 2); i < len(seq); i++ {
		if seq[i] == seq[i-1] && seq[i] == seq[i-2] {
			return true
		}
	}
	return false
}

// encounterColours is the colours of an encounter's games for the player
// who has first.
func (c *swissCheck) encounterColours(first byte) []byte {
	other := map[byte]byte{'W': 'B', 'B': 'W'}
	seq := make([]byte, c.per)
	for g := range seq {
		seq[g] = first
		if g%2 == 1 {
			seq[g] = other[first]
		}
	}
	return seq
}

// colourable reports whether p and q can meet without either getting a
// third game in a row with one colour.
func (c *swissCheck) colourable(p, q int) bool {
	for _, first := range []byte("WB") {
		other := map[byte]byte{'W': 'B', 'B': 'W'}[first]
		sp := append(append([]byte(nil), c.colours[p]...), c.encounterColours(first)...)
		sq := append(append([]byte(nil), c.colours[q]...), c.encounterColours(other)...)
		if !run3(sp, 0) && !run3(sq, 0) {
			return true
		}
	}
	return false
}

// minMatching returns the least total cost of a perfect matching of
// players 0..m-1 with edges ok, or -1 when there is none.
func minMatching(m int, ok func(i, j int) bool, cost func(i, j int) int) int {
	memo := make([]int, 1<<m)
	for i := range memo {
		memo[i] = -2
	}
	var best func(mask int) int
	best = func(mask int) int {
		if mask == 0 {
			return 0
		}
		if memo[mask] != -2 {
			return memo[mask]
		}
		i := bits.TrailingZeros(uint(mask))
		b := -1
		for j := i + 1; j < m; j++ {
			if mask&(1<<j) == 0 || !ok(i, j) {
				continue
			}
			if r := best(mask &^ (1<<i | 1<<j)); r >= 0 && (b < 0 || r+cost(i, j) < b) {
				b = r + cost(i, j)
			}
		}
		memo[mask] = b
		return b
	}
	return best(1<<m - 1)
}

// round checks round r (1-based) of the Swiss, its games and byes, then
// records its results.
func (c *swissCheck) round(r int, games []Game, byes []int, results map[int]rules.Result) {
	t := c.t
	t.Helper()
	ranked := make([]int, c.n)
	for p := range ranked {
		ranked[p] = p
	}
	sort.Slice(ranked, func(i, j int) bool {
		a, b := ranked[i], ranked[j]
		if c.half[a] != c.half[b] {
			return c.half[a] > c.half[b]
		}
		return c.initial[a] < c.initial[b]
	})

	// The bye: the lowest-ranked player without one.
	wantBye := -1
	if c.n%2 == 1 {
		for i := c.n - 1; i >= 0; i-- {
			if c.byes[ranked[i]] == 0 {
				wantBye = ranked[i]
				break
			}
		}
	}
	if wantBye < 0 && len(byes) != 0 || wantBye >= 0 && !reflect.DeepEqual(byes, []int{wantBye}) {
		t.Fatalf("round %d: byes %v; want %v (ranking %v, byes had %v)", r, byes, wantBye, ranked, c.byes)
	}
	var pool []int
	for _, p := range ranked {
		if p != wantBye {
			pool = append(pool, p)
		}
	}

	// The games: slots on from the round before, numbers 1.., encounters of
	// per games with alternating colours, pairs unique.
	if len(games) != c.n/2*c.per {
		t.Fatalf("round %d: %d games; want %d", r, len(games), c.n/2*c.per)
	}
	partner := map[int]int{}
	first := map[int]byte{} // the colour of a player's first game of the encounter
	var boards [][2]int     // (White first, Black first)
	for i, g := range games {
		if g.Slot != c.slot || g.Round != r || g.Number != i+1 {
			t.Fatalf("round %d game %d: %+v; want slot %d, round %d, number %d", r, i, g, c.slot, r, i+1)
		}
		c.slot++
		if i%c.per == 0 {
			boards = append(boards, [2]int{g.White, g.Black})
		}
		want := boards[len(boards)-1]
		if i%c.per%2 == 1 {
			want[0], want[1] = want[1], want[0]
		}
		if g.White != want[0] || g.Black != want[1] {
			t.Fatalf("round %d game %d: %d-%d; want %d-%d (colours alternate within an encounter)", r, i+1, g.White, g.Black, want[0], want[1])
		}
		if i%c.per%2 == 1 && g.Pair != games[i-1].Pair {
			t.Fatalf("round %d game %d: pair %d; want %d, the pair of the game before", r, i+1, g.Pair, games[i-1].Pair)
		}
		if i%c.per%2 == 0 && c.pairs[g.Pair] {
			t.Fatalf("round %d game %d: pair %d is not new", r, i+1, g.Pair)
		}
		c.pairs[g.Pair] = true
	}
	for _, b := range boards {
		w, bl := b[0], b[1]
		for _, p := range []int{w, bl} {
			if _, dup := partner[p]; dup || p == wantBye {
				t.Fatalf("round %d: player %d plays twice or has the bye", r, p)
			}
		}
		partner[w], partner[bl] = bl, w
		first[w], first[bl] = 'W', 'B'
		if c.met[key(w, bl)] {
			t.Fatalf("round %d: %d and %d meet again", r, w, bl)
		}
	}
	if len(partner) != len(pool) {
		t.Fatalf("round %d: %d players paired; want %d", r, len(partner), len(pool))
	}

	// Round 1: the top half against the bottom half, colours alternating
	// down the boards.
	if r == 1 {
		for i, b := range boards {
			top, bottom := pool[i], pool[i+len(pool)/2]
			want := [2]int{top, bottom}
			if i%2 == 1 {
				want = [2]int{bottom, top}
			}
			if b != want {
				t.Fatalf("round 1 board %d: %v; want %v", i+1, b, want)
			}
		}
	}

	// The colour rule, unless no pairing could keep it.
	kept := minMatching(len(pool), func(i, j int) bool {
		return !c.met[key(pool[i], pool[j])] && c.colourable(pool[i], pool[j])
	}, func(int, int) int { return 0 }) >= 0
	broken := false
	for p, f := range first {
		seq := append(append([]byte(nil), c.colours[p]...), c.encounterColours(f)...)
		broken = broken || run3(seq, len(c.colours[p]))
	}
	if kept && broken {
		t.Fatalf("round %d: a third game in a row with one colour, though a pairing could avoid it", r)
	}
	if !kept {
		c.yields++
	}
	allowed := func(p, q int) bool { return !c.met[key(p, q)] && (!kept || c.colourable(p, q)) }

	// Score groups: at each group, the fewest players float below it that
	// leave the rest pairable.
	if c.groups {
		groupOf := map[int]int{}
		g := -1
		for i, p := range pool {
			if i == 0 || c.half[p] != c.half[pool[i-1]] {
				g++
			}
			groupOf[p] = g
		}
		for b := 0; b < g; b++ {
			var set []int // the players in or below group b, or paired into it from above
			floats := 0
			for _, p := range pool {
				if groupOf[p] >= b || groupOf[partner[p]] >= b {
					set = append(set, p)
				}
				if groupOf[p] <= b && groupOf[partner[p]] > b {
					floats++
				}
			}
			above := func(p int) bool { return groupOf[p] <= b }
			least := minMatching(len(set), func(i, j int) bool { return allowed(set[i], set[j]) }, func(i, j int) int {
				if above(set[i]) != above(set[j]) {
					return 1
				}
				return 0
			})
			if floats != least {
				t.Fatalf("round %d: %d players float below score group %d; %d could (ranking %v, pairs %v)",
					r, floats, b+1, least, ranked, boards)
			}
		}
	}

	// Record the round.
	for i, g := range games {
		switch results[c.slot-len(games)+i] {
		case rules.WhiteWins:
			c.half[g.White] += 2
		case rules.BlackWins:
			c.half[g.Black] += 2
		default:
			c.half[g.White]++
			c.half[g.Black]++
		}
		c.colours[g.White] = append(c.colours[g.White], 'W')
		c.colours[g.Black] = append(c.colours[g.Black], 'B')
	}
	for _, b := range boards {
		c.met[key(b[0], b[1])] = true
	}
	if wantBye >= 0 {
		c.byes[wantBye]++
		c.half[wantBye] += 2
	}
}

func TestSwissRules(t *testing.T) {
	yields, runs := 0, 0
	for n := 2; n <= 16; n++ {
		for _, per := range []int{1, 2, 3} {
			seeds := 24
			if n > 12 {
				seeds = 8
			}
			if per == 3 || testing.Short() {
				seeds = 3
			}
			for seed := int64(1); seed <= int64(seeds); seed++ {
				name := fmt.Sprintf("%d-players/%d-per/seed-%d", n, per, seed)
				t.Run(name, func(t *testing.T) {
					rng := rand.New(rand.NewSource(seed*1000 + int64(n)))
					o := Options{Format: Swiss, Players: n, Rounds: (n + 1) / 2, GamesPerEncounter: per}
					if seed%2 == 0 {
						o.Seeds = rng.Perm(n)
					}
					p, err := New(o)
					if err != nil {
						t.Fatal(err)
					}
					stages, byes, results := play(t, p, random(rng, 3))
					if len(stages) != o.Rounds {
						t.Fatalf("%d rounds; want %d", len(stages), o.Rounds)
					}
					c := newSwissCheck(t, o)
					total := 0
					for r := range stages {
						c.round(r+1, stages[r], byes[r], results)
						total += len(stages[r])
					}
					if got, exact := p.Total(); got != total || !exact {
						t.Errorf("Total = %d, %v; want %d, true", got, exact, total)
					}

					// The same results give the same rounds.
					again, _ := New(o)
					lookup := func(slot int) rules.Result { return results[slot] }
					for r := range stages {
						st, ok, err := again.Next(lookup)
						if !ok || err != nil {
							t.Fatalf("replay round %d: %v, %v", r+1, ok, err)
						}
						for i, g := range stages[r] {
							if got := st.Game(g.Slot); got != g {
								t.Fatalf("replay round %d game %d = %+v; want %+v", r+1, i+1, got, g)
							}
						}
						if !reflect.DeepEqual(st.Byes, byes[r]) {
							t.Fatalf("replay round %d byes = %v; want %v", r+1, st.Byes, byes[r])
						}
					}
					yields += c.yields
					runs += len(stages)
				})
			}
		}
	}
	t.Logf("the colour rule yielded in %d of %d rounds (no pairing could keep it)", yields, runs)
}

// TestSwissSearchGivesUp checks the pairing a Swiss falls back on when its
// search runs out of work: still no rematch, everyone once, the colour
// rule kept when it can be, round 1 as usual.
func TestSwissSearchGivesUp(t *testing.T) {
	for _, n := range []int{5, 8, 11, 16} {
		for seed := int64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%d-players/seed-%d", n, seed), func(t *testing.T) {
				o := Options{Format: Swiss, Players: n, Rounds: (n + 1) / 2, GamesPerEncounter: 1}
				p, err := New(o)
				if err != nil {
					t.Fatal(err)
				}
				p.(*swiss).work = 0
				stages, byes, results := play(t, p, random(rand.New(rand.NewSource(seed)), 3))
				c := newSwissCheck(t, o)
				c.groups = false
				for r := range stages {
					c.round(r+1, stages[r], byes[r], results)
				}
			})
		}
	}
}

func TestSwissRoundLimit(t *testing.T) {
	tests := []struct {
		players, rounds int
		err             string
	}{
		{2, 1, ""},
		{2, 2, "a Swiss of 2 players has at most 1 rounds"},
		{3, 2, ""},
		{9, 5, ""},
		{9, 6, "a Swiss of 9 players has at most 5 rounds (a pairing without rematches is then always possible; play a round robin for more)"},
		{10, 5, ""},
		{10, 6, "at most 5 rounds"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d-players/%d-rounds", tt.players, tt.rounds), func(t *testing.T) {
			_, err := New(Options{Format: Swiss, Players: tt.players, Rounds: tt.rounds, GamesPerEncounter: 2})
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Errorf("New = %v; want %q", err, tt.err)
			}
		})
	}
}

// TestSwissBigger pairs a larger Swiss in full, for the rules that need no
// exhaustive check: no rematch, everyone once or the bye.
func TestSwissBigger(t *testing.T) {
	for _, n := range []int{41, 64} {
		t.Run(fmt.Sprintf("%d-players", n), func(t *testing.T) {
			p, err := New(Options{Format: Swiss, Players: n, Rounds: (n + 1) / 2, GamesPerEncounter: 1})
			if err != nil {
				t.Fatal(err)
			}
			stages, byes, _ := play(t, p, random(rand.New(rand.NewSource(int64(n))), 3))
			met := map[[2]int]bool{}
			hadBye := map[int]bool{}
			for r, games := range stages {
				seen := map[int]bool{}
				for _, g := range games {
					if seen[g.White] || seen[g.Black] || met[key(g.White, g.Black)] {
						t.Fatalf("round %d: %+v plays twice or again", r+1, g)
					}
					seen[g.White], seen[g.Black] = true, true
					met[key(g.White, g.Black)] = true
				}
				for _, b := range byes[r] {
					if seen[b] || hadBye[b] {
						t.Fatalf("round %d: bye %d plays or had one", r+1, b)
					}
					hadBye[b] = true
				}
			}
		})
	}
}

// standingOf makes a standing of players with the given game colours
// ('W', 'B'; one game per encounter), all of one score, who have met the
// pairs met.
func standingOf(histories []string, met [][2]int) *standing {
	n := len(histories)
	st := &standing{n: n, half: make([]int, n), byes: make([]int, n), met: make([]bool, n*n),
		last: make([]colour, n), prev: make([]colour, n), balance: make([]int, n), lastFirst: make([]colour, n)}
	for p, h := range histories {
		for _, c := range h {
			if c == 'W' {
				st.play(p, white, 1)
			} else {
				st.play(p, black, 1)
			}
		}
	}
	for _, m := range met {
		st.met[m[0]*n+m[1]], st.met[m[1]*n+m[0]] = true, true
	}
	return st
}

func TestSwissColourRule(t *testing.T) {
	tests := []struct {
		name      string
		histories []string // players 0-3, ranked in this order
		met       [][2]int
		want      [][2]int
		yields    bool
	}{
		// 0 and 2 must have Black; 1 and 3 would like it: 0 plays 3, not 2.
		{"binds", []string{"WW", "W", "WW", "W"}, nil, [][2]int{{0, 3}, {1, 2}}, false},
		// 0 and 1 must have Black, but they can meet nobody else.
		{"yields", []string{"WW", "WW", "B", "B"}, [][2]int{{0, 2}, {0, 3}, {1, 2}, {1, 3}}, [][2]int{{0, 1}, {2, 3}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := standingOf(tt.histories, tt.met)
			s := &swiss{n: 4, per: 1, work: searchWork}
			got := s.pair(st, []int{0, 1, 2, 3})
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("pair = %v; want %v", got, tt.want)
			}
			third := false
			for board, pq := range got {
				e := st.colours(pq[0], pq[1], board)
				third = third || run3([]byte(tt.histories[e.a]+"W"), 0) || run3([]byte(tt.histories[e.b]+"B"), 0)
			}
			if third != tt.yields {
				t.Errorf("a third colour in a row: %v; want %v", third, tt.yields)
			}
		})
	}
}

func TestSwissColours(t *testing.T) {
	tests := []struct {
		name       string
		p, q       string // the colours of their games so far (p ranks higher)
		per, board int
		white      string // "p" or "q": who is White in the first game
	}{
		{"round 1 board 1", "", "", 1, 0, "p"},
		{"round 1 board 2", "", "", 1, 1, "q"},
		{"must beats fewer", "WBB", "WBW", 1, 0, "p"},
		{"fewer beats alternation", "WB", "WBB", 1, 0, "q"},
		{"both satisfied", "W", "B", 1, 0, "q"},
		{"the larger imbalance", "W", "WWBW", 1, 0, "p"},
		{"the higher rank", "W", "W", 1, 0, "q"},
		{"against no preference", "", "B", 1, 0, "q"},
		{"alternate encounters", "WB", "BW", 2, 0, "q"},
		{"alternate encounters, the higher rank", "BW", "BW", 2, 0, "p"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := &standing{n: 2, last: make([]colour, 2), prev: make([]colour, 2), balance: make([]int, 2), lastFirst: make([]colour, 2)}
			for p, h := range []string{tt.p, tt.q} {
				for g := 0; g < len(h); g += tt.per {
					c := black
					if h[g] == 'W' {
						c = white
					}
					st.play(p, c, tt.per)
				}
			}
			want := encounter{0, 1}
			if tt.white == "q" {
				want = encounter{1, 0}
			}
			if got := st.colours(0, 1, tt.board); got != want {
				t.Errorf("colours(%q, %q) = %v; want %v", tt.p, tt.q, got, want)
			}
		})
	}
}
