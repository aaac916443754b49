package tankbattle

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
)

// customLayout is the default map with the mine on e10 moved to f10 and the
// contaminated square f4 cleared.
const customLayout = "bBBBB....../BBBB.#...../BBB.....#../BB.#.~...../.#..~~~..../" +
	"...~~~~~.../....~~~..#./.......#.WW/..#.....WWW/......#WWWW/......WWWWw"

func TestLayoutTag(t *testing.T) {
	rank4short := strings.Replace(DefaultLayout, ".....~.#.WW", "....~.#.WW", 1)
	tests := []struct {
		name, layout, err string
	}{
		{name: "default", layout: DefaultLayout},
		{name: "custom", layout: customLayout},
		{name: "spaces", layout: " " + strings.ReplaceAll(customLayout, "/", " / ") + "\n"},
		{name: "ranks", layout: "bBBBB....../BBBB#......", err: `Layout: 2 rank(s), want 11 separated by "/"`},
		{name: "short rank", layout: rank4short, err: "Layout: rank 4 has 10 cells, want 11"},
		{name: "long rank", layout: strings.Replace(DefaultLayout, "bBBBB......", "bBBBB.......", 1), err: "Layout: rank 11 has 12 cells, want 11"},
		{name: "unknown cell", layout: strings.Replace(DefaultLayout, ".#..~~~....", ".#x.~~~....", 1), err: "Layout: unknown cell 'x' at c7"},
		{name: "unicode cell", layout: strings.Replace(DefaultLayout, ".#..~~~....", ".#é.~~~....", 1), err: "Layout: unknown cell 'é' at c7"},
		{name: "two w", layout: strings.Replace(DefaultLayout, "......WWWWw", "......WWWww", 1), err: "Layout: 2 white commander squares (w), want 1"},
		{name: "no b", layout: strings.Replace(DefaultLayout, "bBBBB", "BBBBB", 1), err: "Layout: 0 black commander squares (b), want 1"},
		{name: "bases differ", layout: strings.Replace(DefaultLayout, "BB.#.~.....", "B..#.~.....", 1), err: "Layout: the bases differ: White's has 14 squares, Black's 13"},
		{name: "empty", layout: "", err: `Layout: 1 rank(s), want 11 separated by "/"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Start(rules.TagMap{"Layout": tt.layout})
			if tt.err != "" {
				if !errors.Is(err, rules.ErrBadTag) || err == nil || err.Error() != tt.err {
					t.Errorf("Start(Layout %q) = %v; want %q wrapping ErrBadTag", tt.layout, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Start(Layout %q): %v", tt.layout, err)
			}
			want := strings.TrimSpace(strings.ReplaceAll(tt.layout, " ", ""))
			if got := p.Layout(); got != want {
				t.Errorf("Layout() = %q; want %q", got, want)
			}
		})
	}
}

func TestCustomMap(t *testing.T) {
	p, err := Start(rules.TagMap{"Layout": customLayout})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sq   string
		cell byte
	}{{"e10", '.'}, {"f10", '#'}, {"f4", '.'}, {"k1", 'w'}, {"a11", 'b'}, {"d6", '~'}, {"j4", 'W'}} {
		if got := p.Cell(sq(t, c.sq)); got != c.cell {
			t.Errorf("Cell(%s) = %q; want %q", c.sq, got, c.cell)
		}
	}
	if !p.InBase(sq(t, "j4"), rules.White) || p.InBase(sq(t, "j4"), rules.Black) || !p.InBase(sq(t, "a8"), rules.Black) {
		t.Errorf("InBase is wrong on j4 or a8")
	}
	if p.CommanderStart(rules.White) != sq(t, "k1") || p.CommanderStart(rules.Black) != sq(t, "a11") {
		t.Errorf("CommanderStart = %d, %d", p.CommanderStart(rules.White), p.CommanderStart(rules.Black))
	}
	if c, cmd, ok := p.Tank(sq(t, "k1")); !ok || !cmd || c != rules.White {
		t.Errorf("Tank(k1) = %v, %v, %v; want white commander", c, cmd, ok)
	}
	if c, cmd, ok := p.Tank(sq(t, "b11")); !ok || cmd || c != rules.Black {
		t.Errorf("Tank(b11) = %v, %v, %v; want black tank", c, cmd, ok)
	}
	if _, _, ok := p.Tank(sq(t, "f6")); ok {
		t.Errorf("Tank(f6) is a tank")
	}
	// Black's e10 tank can go down the file now that the mine moved;
	// f4 is open ground for White's normal tanks.
	p.PlayUnchecked(Move(sq(t, "j4"), sq(t, "i5")))
	m, _ := p.ParseMove("d10-e10")
	if err := p.Play(m); err != nil {
		t.Errorf("Play(d10-e10) on the custom map: %v", err)
	}
	m, _ = p.ParseMove("i3-f3")
	if err := p.Play(m); err != nil {
		t.Fatalf("Play(i3-f3): %v", err)
	}
	fen := p.FEN()
	if !strings.HasSuffix(fen, " b "+customLayout) {
		t.Errorf("FEN() = %q; want the map as third field", fen)
	}
}

func TestFENRoundTrip(t *testing.T) {
	start := "ctttt6/tttt7/ttt8/tt9/11/11/11/9TT/8TTT/7TTTT/6TTTTC w"
	if got := newPosition(defaultLayout).FEN(); got != start {
		t.Errorf("start FEN = %q; want %q", got, start)
	}
	tests := []struct {
		name string
		tags rules.TagMap
		fen  string // what FEN() gives back
	}{
		{"no tags", rules.TagMap{}, start},
		{"start", rules.TagMap{"SetUp": "1", "FEN": start}, start},
		{"lenient", rules.TagMap{"FEN": "c10/11/11/11/11/11/11/11/11/11/10C b"}, "c10/11/11/11/11/11/11/11/11/11/10C b"},
		{"setup 0", rules.TagMap{"SetUp": "0", "FEN": "c10/11/11/11/11/11/11/11/11/11/10C b"}, start},
		{"custom map from tag", rules.TagMap{"Layout": customLayout, "FEN": "c10/11/11/11/11/11/11/11/11/11/10C b"},
			"c10/11/11/11/11/11/11/11/11/11/10C b " + customLayout},
		{"custom map in FEN", rules.TagMap{"FEN": "c10/11/11/11/11/11/11/11/11/11/10C b " + customLayout},
			"c10/11/11/11/11/11/11/11/11/11/10C b " + customLayout},
		{"custom map in both", rules.TagMap{"Layout": customLayout, "FEN": "c10/11/11/11/11/11/11/11/11/11/10C b " + customLayout},
			"c10/11/11/11/11/11/11/11/11/11/10C b " + customLayout},
		{"default map written out", rules.TagMap{"FEN": start + " " + DefaultLayout}, start},
		{"custom start", rules.TagMap{"Layout": customLayout},
			"ctttt6/tttt7/ttt8/tt9/11/11/11/9TT/8TTT/7TTTT/6TTTTC w " + customLayout},
		{"many commanders", rules.TagMap{"FEN": "cccc7/11/11/11/11/11/11/11/11/11/TTTTTTTTTTT w"},
			"cccc7/11/11/11/11/11/11/11/11/11/TTTTTTTTTTT w"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Start(tt.tags)
			if err != nil {
				t.Fatalf("Start(%v): %v", tt.tags, err)
			}
			got := p.FEN()
			if got != tt.fen {
				t.Errorf("FEN() = %q; want %q", got, tt.fen)
			}
			q, err := ParseFEN(got)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", got, err)
			}
			if q.FEN() != got || q.String() != p.String() {
				t.Errorf("ParseFEN(%q) gives %q", got, q.FEN())
			}
		})
	}
}

func TestFENErrors(t *testing.T) {
	tests := []struct {
		name string
		tags rules.TagMap
		err  string
	}{
		{"one field", rules.TagMap{"FEN": "11/11/11/11/11/11/11/11/11/11/11"}, "FEN: 1 fields, want the board, the side to move (w or b) and optionally the map"},
		{"side", rules.TagMap{"FEN": "11/11/11/11/11/11/11/11/11/11/11 x"}, `FEN: side to move "x", want w or b`},
		{"ranks", rules.TagMap{"FEN": "11/11 w"}, `FEN: 2 rank(s), want 11 separated by "/"`},
		{"long rank", rules.TagMap{"FEN": "11/11/11/11/11/11/11/11/11/11/10TT w"}, "FEN: rank 1 has more than 11 squares"},
		{"big number", rules.TagMap{"FEN": "11/11/11/11/11/11/11/11/11/11/12 w"}, "FEN: rank 1 has more than 11 squares"},
		{"huge number", rules.TagMap{"FEN": "11/11/11/11/11/11/11/11/11/11/99999999999999999999 w"}, "FEN: rank 1 has more than 11 squares"},
		{"zero", rules.TagMap{"FEN": "11/11/11/11/11/11/11/11/11/11/0 w"}, "FEN: rank 1 has more than 11 squares"},
		{"short rank", rules.TagMap{"FEN": "10/11/11/11/11/11/11/11/11/11/11 w"}, "FEN: rank 11 has 10 squares, want 11"},
		{"unknown tank", rules.TagMap{"FEN": "11/11/11/11/11/11/11/11/11/11/K10 w"}, "FEN: unknown tank 'K' in rank 1 (want T, C, t, c or a number)"},
		{"mine", rules.TagMap{"FEN": "11/4T6/11/11/11/11/11/11/11/11/11 w"}, "FEN: tank on the mine on e10"},
		{"contaminated", rules.TagMap{"FEN": "11/11/11/11/11/5t5/11/11/11/11/11 w"}, "FEN: normal tank on contaminated ground on f6"},
		{"bad map", rules.TagMap{"FEN": "11/11/11/11/11/11/11/11/11/11/11 w x/y"}, `FEN: map: 2 rank(s), want 11 separated by "/"`},
		{"maps differ", rules.TagMap{"Layout": DefaultLayout, "FEN": "11/11/11/11/11/11/11/11/11/11/11 w " + customLayout}, "FEN: its map differs from the Layout tag"},
		{"mine of the custom map", rules.TagMap{"Layout": customLayout, "FEN": "11/5T5/11/11/11/11/11/11/11/11/11 w"}, "FEN: tank on the mine on f10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Start(tt.tags)
			if !errors.Is(err, rules.ErrBadTag) || err.Error() != tt.err {
				t.Errorf("Start(%v) = %v; want %q wrapping ErrBadTag", tt.tags, err, tt.err)
			}
		})
	}
}

func TestString(t *testing.T) {
	p := newPosition(defaultLayout)
	p.PlayUnchecked(Move(sq(t, "j4"), sq(t, "i5")))
	testkit.Golden(t, "after-j4-i5.txt", p.String())
}

// TestRandomGames plays random games and checks at every position that the
// move generator and Play agree on every (from, to) pair, that the
// incremental counts match a recount, and that FEN round-trips.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	layouts := []string{DefaultLayout, customLayout}
	ended := 0
	for g := 0; g < 12; g++ {
		p, err := Start(rules.TagMap{"Layout": layouts[g%2]})
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 400 && !p.Outcome().Over(); ply++ {
			moves := p.Moves(nil)
			checkPosition(t, p, moves)
			if t.Failed() {
				t.Fatalf("game %d ply %d: %s", g, ply, p.FEN())
			}
			m := moves[rng.IntN(len(moves))]
			s := p.FormatMove(m)
			pm, err := p.ParseMove(s)
			if err != nil {
				t.Fatalf("ParseMove(FormatMove) %q: %v", s, err)
			}
			if err := p.Play(pm); err != nil {
				t.Fatalf("game %d ply %d: Play(%q): %v\n%s", g, ply, s, err, p)
			}
		}
		if p.Outcome().Over() {
			ended++
			if len(p.Moves(nil)) != 0 {
				t.Errorf("moves after the end")
			}
		}
	}
	t.Logf("%d of 12 random games ended within 400 plies", ended)
	if ended == 0 {
		t.Errorf("no random game ended")
	}
}

func checkPosition(t *testing.T, p *Position, moves []rules.Move) {
	t.Helper()
	q := *p
	q.recount()
	if q.count != p.count || q.outside != p.outside || q.points != p.points || q.occ != p.occ || q.over != p.over || q.hash != p.hash {
		t.Errorf("incremental state %v %v %v differs from recount %v %v %v", p.count, p.outside, p.points, q.count, q.outside, q.points)
	}
	r, err := ParseFEN(p.FEN())
	if err != nil || r.board != p.board || r.turn != p.turn || r.lay.text != p.lay.text {
		t.Errorf("FEN round trip: %v", err)
	}
	if len(moves) == 1 && moves[0] == rules.Pass {
		if err := p.check(rules.Pass); err != nil {
			t.Errorf("pass refused: %v", err)
		}
		return
	}
	var legal [1 << 14]bool
	for _, m := range moves {
		legal[m] = true
	}
	for from := 0; from < Squares; from++ {
		if p.board[from]&sideBit(p.turn) == 0 {
			// An empty or enemy square: one probe is enough.
			if err := p.check(Move(from, (from+1)%Squares)); err == nil {
				t.Errorf("%s holds no tank to move, check says nil", SquareName(from))
			}
			continue
		}
		for to := 0; to < Squares; to++ {
			m := Move(from, to)
			err := p.check(m)
			if legal[m] != (err == nil) {
				t.Errorf("%s: in Moves %v, check says %v", p.FormatMove(m), legal[m], err)
			}
		}
	}
	if p.check(rules.Pass) == nil {
		t.Errorf("pass accepted with moves at hand")
	}
}
