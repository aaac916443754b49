package tankbattle

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// sq reads a square name in a test.
func sq(t testing.TB, name string) int {
	t.Helper()
	s, n := parseSquare(name)
	if n == 0 || n != len(name) {
		t.Fatalf("bad square %q", name)
	}
	return s
}

// fenPos builds a position from a FEN on the default map (or its own).
func fenPos(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// place builds a FEN on the default map from tank placements such as
// "C:d7 t:f7", with side to move w or b.
func place(t testing.TB, tanks, turn string) string {
	t.Helper()
	var board [Squares]byte
	for _, f := range strings.Fields(tanks) {
		letter, where, ok := strings.Cut(f, ":")
		if !ok || len(letter) != 1 {
			t.Fatalf("bad placement %q", f)
		}
		board[sq(t, where)] = letter[0]
	}
	var b strings.Builder
	for r := Size - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < Size; f++ {
			ch := board[f+Size*r]
			if ch == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(ch)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String() + " " + turn
}

func TestPlayRules(t *testing.T) {
	tests := []struct {
		name  string
		fen   string // "" = default start
		move  string
		err   error  // nil, rules.ErrIllegal or rules.ErrNotation
		msg   string // error text, or the FEN after a legal move
		moves bool   // also require move ∈ Moves (legal) or ∉ Moves (illegal)
	}{
		{name: "first move", move: "j4-i5", msg: "ctttt6/tttt7/ttt8/tt9/11/11/8T2/10T/8TTT/7TTTT/6TTTTC b"},
		{name: "long diagonal", move: "i3-d8", err: rules.ErrIllegal, msg: "crosses the mine on h4"},
		{name: "crosses own tank", move: "k1-k3", err: rules.ErrIllegal, msg: "crosses the tank on k2"},
		{name: "lands on own tank", move: "k1-k2", err: rules.ErrIllegal, msg: "lands on its own tank on k2"},
		{name: "empty square", move: "d4-d5", err: rules.ErrIllegal, msg: "d4 holds no white tank"},
		{name: "enemy tank", move: "a11-a9", err: rules.ErrIllegal, msg: "a11 holds no white tank"},
		{name: "not a line", move: "j4-h5", err: rules.ErrIllegal, msg: "not a straight line"},
		{name: "no move", move: "j4-j4", err: rules.ErrIllegal, msg: "the tank does not move"},
		{name: "pass with moves", move: "pass", err: rules.ErrIllegal, msg: "white may pass only when no move is legal"},
		{name: "engine form", move: "J4I5", msg: "ctttt6/tttt7/ttt8/tt9/11/11/8T2/10T/8TTT/7TTTT/6TTTTC b"},
		{name: "x without capture", move: "j4xi5", err: rules.ErrNotation, msg: `written with "x" but captures nothing`},

		{name: "mine blocks slide", fen: place(t, "T:a7 t:k11", "w"), move: "a7-c7", err: rules.ErrIllegal, msg: "crosses the mine on b7", moves: true},
		{name: "mine blocks landing", fen: place(t, "T:a7 t:k11", "w"), move: "a7-b7", err: rules.ErrIllegal, msg: "lands on the mine on b7", moves: true},
		{name: "slide down", fen: place(t, "T:a7 t:k11", "w"), move: "a7-a1", msg: "10t/11/11/11/11/11/11/11/11/11/T10 b", moves: true},

		{name: "tank into contaminated", fen: place(t, "T:d7 t:k11", "w"), move: "d7-e7", err: rules.ErrIllegal, msg: "normal tanks may not enter contaminated ground (e7)", moves: true},
		{name: "tank across contaminated", fen: place(t, "T:d7 t:k11", "w"), move: "d7-h7", err: rules.ErrIllegal, msg: "normal tanks may not enter contaminated ground (e7)", moves: true},
		{name: "commander into contaminated", fen: place(t, "C:d7 t:k11", "w"), move: "d7-e7", msg: "10t/11/11/11/4C6/11/11/11/11/11/11 b", moves: true},
		{name: "commander across contaminated", fen: place(t, "C:d7 t:k11", "w"), move: "d7-h7", msg: "10t/11/11/11/7C3/11/11/11/11/11/11 b", moves: true},
		{name: "black commander in contaminated", fen: place(t, "T:a1 c:f6", "b"), move: "f6-h8", msg: "11/11/11/7c3/11/11/11/11/11/11/T10 w", moves: true},

		{name: "no capture on contaminated", fen: place(t, "C:d7 c:f7 t:k11", "w"), move: "d7xf7", err: rules.ErrIllegal, msg: "no capture on contaminated ground", moves: true},
		{name: "no capture on contaminated, dash", fen: place(t, "C:d7 c:e7", "w"), move: "d7-e7", err: rules.ErrIllegal, msg: "no capture on contaminated ground", moves: true},
		{name: "no crossing a tank on contaminated", fen: place(t, "C:d7 c:e7 t:k11", "w"), move: "d7-g7", err: rules.ErrIllegal, msg: "crosses the tank on e7", moves: true},
		{name: "capture off contaminated", fen: place(t, "C:d7 t:h7 t:k11", "w"), move: "d7xh7", msg: "10t/11/11/11/7C3/11/11/11/11/11/11 b", moves: true},
		{name: "capture with dash", fen: place(t, "C:d7 t:h7 t:k11", "w"), move: "d7-h7", err: rules.ErrNotation, msg: `written with "-" but captures the black tank on h7`},
		{name: "capture engine form", fen: place(t, "C:d7 t:h7 t:k11", "w"), move: "d7h7", msg: "10t/11/11/11/7C3/11/11/11/11/11/11 b"},

		{name: "locked in base, inside", fen: place(t, "T:d10 T:a1 t:k11", "w"), move: "d10-a10", msg: "10t/T10/11/11/11/11/11/11/11/11/T10 b", moves: true},
		{name: "locked in base, leaving", fen: place(t, "T:d10 T:a1 t:k11", "w"), move: "d10-d9", err: rules.ErrIllegal, msg: "a tank in the enemy base must stay inside it", moves: true},
		{name: "locked in base, diagonal", fen: place(t, "T:b8 T:a1 t:k11", "w"), move: "b8-d6", err: rules.ErrIllegal, msg: "a tank in the enemy base must stay inside it", moves: true},
		{name: "locked in base, capture inside", fen: place(t, "T:c9 T:a1 t:a11 t:k11", "w"), move: "c9xa11", msg: "T9t/11/11/11/11/11/11/11/11/11/T10 b", moves: true},
		{name: "enter enemy base", fen: place(t, "T:e9 T:a1 t:k11", "w"), move: "e9-c9", msg: "10t/11/2T8/11/11/11/11/11/11/11/T10 b", moves: true},
		{name: "cross own base", fen: place(t, "T:k5 t:a11", "w"), move: "k5-k1", msg: "t10/11/11/11/11/11/11/11/11/11/10T b", moves: true},
		{name: "black locked in white base", fen: place(t, "t:j2 t:a11 T:a1", "b"), move: "j2-j5", err: rules.ErrIllegal, msg: "a tank in the enemy base must stay inside it", moves: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p *Position
			if tt.fen == "" {
				p = newPosition(defaultLayout)
			} else {
				p = fenPos(t, tt.fen)
			}
			before := p.FEN()
			m, err := p.ParseMove(tt.move)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tt.move, err)
			}
			legal := slices.Contains(p.Moves(nil), m.Plain())
			err = p.Play(m)
			if tt.err == nil {
				if err != nil {
					t.Fatalf("Play(%q) = %v; want success", tt.move, err)
				}
				if got := p.FEN(); got != tt.msg {
					t.Errorf("after %q FEN = %q; want %q", tt.move, got, tt.msg)
				}
				if tt.moves && !legal {
					t.Errorf("%q is not in Moves", tt.move)
				}
				return
			}
			if !errors.Is(err, tt.err) || err.Error() != tt.msg {
				t.Errorf("Play(%q) = %v; want %q wrapping %v", tt.move, err, tt.msg, tt.err)
			}
			if got := p.FEN(); got != before {
				t.Errorf("failed Play changed the position to %q", got)
			}
			if tt.moves && legal && tt.err == rules.ErrIllegal {
				t.Errorf("%q is in Moves", tt.move)
			}
		})
	}
}

func TestScoreAndEnd(t *testing.T) {
	tests := []struct {
		name    string
		fen     string
		move    string // played first when not ""
		score   rules.Score
		result  rules.Result
		reason  string
		hasMove bool
	}{
		{name: "start", fen: "", score: rules.Score{White: 14, Black: 14}},
		// The seed's example: White's commander in the enemy base and two
		// tanks outside (2+1+1), Black's commander on White's commander
		// start and two tanks in the white base (3+2+2).
		{name: "spec example", fen: place(t, "C:c10 T:a1 T:e1 c:k1 t:j1 t:k2", "w"),
			score: rules.Score{White: 4, Black: 7}, result: rules.BlackWins,
			reason: "all black tanks are in the white base: black wins 4-7"},
		{name: "last tank outside captured", fen: place(t, "C:c10 T:a1 T:e1 c:k1 t:j1 t:k2 t:a3", "w"), move: "a1xa3",
			score: rules.Score{White: 4, Black: 7}, result: rules.BlackWins,
			reason: "all black tanks are in the white base: black wins 4-7"},
		{name: "still one outside", fen: place(t, "C:c10 T:a1 T:e1 c:k1 t:j1 t:k2 t:a3 t:a5", "w"), move: "a1xa3",
			score: rules.Score{White: 4, Black: 8}, hasMove: true},
		{name: "last tank destroyed", fen: place(t, "T:a1 T:b1 t:a3", "w"), move: "a1xa3",
			score: rules.Score{White: 2}, result: rules.WhiteWins,
			reason: "black has no tanks left: white wins 2-0"},
		{name: "moving in ends it", fen: place(t, "C:e9 T:a1 c:b3", "w"), move: "e9-a9",
			score: rules.Score{White: 3, Black: 1}, hasMove: true},
		{name: "commander on the start square", fen: place(t, "C:a7 t:a3", "w"), move: "a7-a11",
			score: rules.Score{White: 3, Black: 1}, result: rules.WhiteWins,
			reason: "all white tanks are in the black base: white wins 3-1"},
		{name: "equal points", fen: place(t, "C:a7 t:a3 t:b3", "w"), move: "a7-a10",
			score: rules.Score{White: 2, Black: 2}, result: rules.Draw,
			reason: "all white tanks are in the black base: equal points 2-2"},
		{name: "both sides in", fen: place(t, "C:e9 T:d10 t:c9 c:j2", "w"), move: "e9xc9",
			score: rules.Score{White: 4, Black: 2}, result: rules.WhiteWins,
			reason: "all white tanks are in the black base and all black tanks are in the white base: white wins 4-2"},
		{name: "black moves in", fen: place(t, "C:a7 t:i5 c:j2", "b"), move: "i5-i3",
			score: rules.Score{White: 1, Black: 4}, result: rules.BlackWins,
			reason: "all black tanks are in the white base: black wins 1-4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPosition(defaultLayout)
			if tt.fen != "" {
				p = fenPos(t, tt.fen)
			}
			if tt.move != "" {
				m, err := p.ParseMove(tt.move)
				if err == nil {
					err = p.Play(m)
				}
				if err != nil {
					t.Fatalf("Play(%q): %v", tt.move, err)
				}
			}
			if got, ok := p.Score(); got != tt.score || !ok {
				t.Errorf("Score() = %v, %v; want %v, true", got, ok, tt.score)
			}
			o := p.Outcome()
			if o.Result != tt.result || o.Reason != tt.reason {
				t.Errorf("Outcome() = %+v; want {%v %q}", o, tt.result, tt.reason)
			}
			moves := p.Moves(nil)
			if o.Over() {
				if len(moves) != 0 {
					t.Errorf("Moves() on a finished game = %v; want none", moves)
				}
				err := p.Play(rules.Pass)
				want := "the game is already over (" + tt.reason + ")"
				if !errors.Is(err, rules.ErrIllegal) || err.Error() != want {
					t.Errorf("Play after the end = %v; want %q", err, want)
				}
			} else if tt.hasMove && (len(moves) == 0 || moves[0] == rules.Pass) {
				t.Errorf("Moves() = %v; want real moves", moves)
			}
		})
	}
}

// passLayout walls both sides in with mines: nobody can ever move.
const passLayout = "bB#......../###......../.........../.........../.........../" +
	".........../.........../.........../.........../........###/........#Ww"

func TestPass(t *testing.T) {
	p, err := Start(rules.TagMap{"Layout": passLayout})
	if err != nil {
		t.Fatal(err)
	}
	for ply := 0; ply < 4; ply++ {
		moves := p.Moves(nil)
		if len(moves) != 1 || moves[0] != rules.Pass {
			t.Fatalf("ply %d: Moves() = %v; want [pass]", ply, moves)
		}
		m, err := p.ParseMove("j1-i1")
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Play(m); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("ply %d: Play(j1-i1) = %v; want an illegal move", ply, err)
		}
		m, _ = p.ParseMove("PASS")
		if err := p.Play(m); err != nil {
			t.Fatalf("ply %d: Play(pass) = %v", ply, err)
		}
		if o := p.Outcome(); o.Over() {
			t.Fatalf("ply %d: passing ended the game: %v", ply, o)
		}
	}
	if p.Turn() != rules.White {
		t.Errorf("Turn() = %v after four passes; want white", p.Turn())
	}
}

func TestParseMove(t *testing.T) {
	p := newPosition(defaultLayout)
	tests := []struct {
		in   string
		want rules.Move
		err  string
	}{
		{in: "g1-f2", want: Move(sq(t, "g1"), sq(t, "f2")) | rules.FormDash},
		{in: "G1XF2", want: Move(sq(t, "g1"), sq(t, "f2")) | rules.FormCapture},
		{in: "g1xf2", want: Move(sq(t, "g1"), sq(t, "f2")) | rules.FormCapture},
		{in: "g1f2", want: Move(sq(t, "g1"), sq(t, "f2"))},
		{in: "a10-a11", want: Move(sq(t, "a10"), sq(t, "a11")) | rules.FormDash},
		{in: "a10a11", want: Move(sq(t, "a10"), sq(t, "a11"))},
		{in: "k11xa1", want: Move(120, 0) | rules.FormCapture},
		{in: "pass", want: rules.Pass},
		{in: "Pass", want: rules.Pass},
		{in: "", err: "empty move"},
		{in: "l1-a2", err: `want a move like "c3-e5", "c3xe5" or "pass" (squares a1 to k11)`},
		{in: "a0-a1", err: `want a move like "c3-e5", "c3xe5" or "pass" (squares a1 to k11)`},
		{in: "a12-a1", err: `want a move like "c3-e5", "c3xe5" or "pass" (squares a1 to k11)`},
		{in: "a01-a2", err: `want a move like "c3-e5", "c3xe5" or "pass" (squares a1 to k11)`},
		{in: "a1?a2", err: `want "-" or "x" between the two squares`},
		{in: "a1-", err: "want the square the tank goes to (a1 to k11) after the separator"},
		{in: "a1", err: "want the square the tank goes to (a1 to k11) after the separator"},
		{in: "a1-l2", err: "want the square the tank goes to (a1 to k11) after the separator"},
		{in: "a1-a2x", err: "unexpected text after the move"},
		{in: "a1-a111", err: "unexpected text after the move"},
		{in: "passe", err: `want a move like "c3-e5", "c3xe5" or "pass" (squares a1 to k11)`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := p.ParseMove(tt.in)
			if tt.err != "" {
				if !errors.Is(err, rules.ErrNotation) || err.Error() != tt.err {
					t.Errorf("ParseMove(%q) = %v, %v; want error %q", tt.in, got, err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("ParseMove(%q) = %#x, %v; want %#x", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestFormatMove(t *testing.T) {
	p := fenPos(t, place(t, "C:d7 t:h7 T:a1 t:k11", "w"))
	tests := []struct {
		m    rules.Move
		want string
	}{
		{Move(sq(t, "d7"), sq(t, "h7")), "d7xh7"},
		{Move(sq(t, "d7"), sq(t, "e7")) | rules.FormCapture, "d7-e7"},
		{Move(sq(t, "a1"), sq(t, "a10")), "a1-a10"},
		{rules.Pass, "pass"},
	}
	for _, tt := range tests {
		if got := p.FormatMove(tt.m); got != tt.want {
			t.Errorf("FormatMove(%#x) = %q; want %q", tt.m, got, tt.want)
		}
		if tt.m == rules.Pass {
			continue
		}
		back, err := p.ParseMove(tt.want)
		if err != nil || back.Plain() != tt.m.Plain() {
			t.Errorf("ParseMove(FormatMove) = %#x, %v; want %#x", back, err, tt.m.Plain())
		}
	}
}

func TestGame(t *testing.T) {
	if Game.ID() != "tank-battle" || Game.Name() != "Tank Battle" || Game.FirstMover() != rules.White {
		t.Errorf("Game = %q %q %v", Game.ID(), Game.Name(), Game.FirstMover())
	}
	if tags := Game.NewTags(1); tags != nil {
		t.Errorf("NewTags = %v; want nil", tags)
	}
	p, err := Game.Start(rules.TagMap{})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(p.Moves(nil)); got != 38 {
		t.Errorf("start has %d moves; want 38", got)
	}
	q := p.Clone()
	m, _ := q.ParseMove("j4-i5")
	if err := q.Play(m); err != nil {
		t.Fatal(err)
	}
	if p.Turn() != rules.White || q.Turn() != rules.Black {
		t.Errorf("Clone shares state: turns %v %v", p.Turn(), q.Turn())
	}
}

func TestNoAllocs(t *testing.T) {
	texts := playout(11)
	start := newPosition(defaultLayout)
	buf := make([]rules.Move, 0, 256)
	allocs := testing.AllocsPerRun(20, func() {
		p := *start
		for _, s := range texts {
			if err := playText(&p, s); err != nil {
				t.Fatal(err)
			}
			buf = p.Moves(buf[:0])
			p.Outcome()
		}
	})
	// The only allocation allowed is the end reason, built once.
	if allocs > 1 {
		t.Errorf("a replay of %d plies allocates %v times; want at most 1", len(texts), allocs)
	}
}

// TestSquareName checks the names of the squares against their numbers
// and against parseSquare.
func TestSquareName(t *testing.T) {
	for s, want := range map[int]string{0: "a1", 10: "k1", 11: "a2", 120: "k11", -1: "?", Squares: "?"} {
		if got := SquareName(s); got != want {
			t.Errorf("SquareName(%d) = %q; want %q", s, got, want)
		}
	}
	for s := range Squares {
		if back := sq(t, SquareName(s)); back != s {
			t.Errorf("parseSquare(SquareName(%d) = %q) = %d", s, SquareName(s), back)
		}
	}
}

// TestLineDir checks lineDir, built along the rays, against its
// definition: the direction of the signs of the file and rank distances,
// for squares on one rank, file or diagonal; and rayBits against rays.
func TestLineDir(t *testing.T) {
	buildTables()
	sign := func(x int) int {
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return 0
	}
	for from := range Squares {
		for to := range Squares {
			df, dr := to%Size-from%Size, to/Size-from/Size
			want := 0
			if from != to && (df == 0 || dr == 0 || df == dr || df == -dr) {
				want = 1 + slices.Index(dirs[:], [2]int{sign(df), sign(dr)})
			}
			if got := int(lineDir[from][to]); got != want {
				t.Errorf("lineDir[%s][%s] = %d; want %d", SquareName(from), SquareName(to), got, want)
			}
		}
		for d := range dirs {
			var want [2]uint64
			for _, sq := range rays[from][d].sq[:rays[from][d].n] {
				want[sq>>6] |= 1 << (sq & 63)
			}
			if got := rayBits[from][d]; got != want {
				t.Errorf("rayBits[%s][%d] = %x; want %x", SquareName(from), d, got, want)
			}
		}
	}
}

// TestParseDashed checks ParseMove's fast path against its general
// reading (parseMove): on every text of up to six bytes over an alphabet
// of the bytes that matter, and on every move from any square to any
// square with each separator in both letter cases, parseDashed either
// leaves the text to parseMove or reads the move parseMove reads.
func TestParseDashed(t *testing.T) {
	check := func(s string) {
		m, ok := parseDashed(s)
		if !ok {
			return
		}
		if want, err := parseMove(s); err != nil || m != want {
			t.Fatalf("parseDashed(%q) = %#x; parseMove says %#x, %v", s, m, want, err)
		}
	}
	alpha := []byte("akl0129-xX /")
	var b [6]byte
	var all func(i, n int)
	all = func(i, n int) {
		if i == n {
			check(string(b[:n]))
			return
		}
		for _, c := range alpha {
			b[i] = c
			all(i+1, n)
		}
	}
	for n := 0; n <= len(b); n++ {
		all(0, n)
	}
	for from := range Squares {
		for to := range Squares {
			for _, sep := range []string{"-", "x", "X"} {
				s := SquareName(from) + sep + SquareName(to)
				check(s)
				check(strings.ToUpper(s))
				if m, ok := parseDashed(s); !ok || From(m) != from || To(m) != to {
					t.Errorf("parseDashed(%q) = %#x, %v; want %s to %s", s, m, ok, SquareName(from), SquareName(to))
				}
			}
		}
	}
}
