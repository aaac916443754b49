package knightfight_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
)

func TestParseBoard(t *testing.T) {
	for _, text := range []string{identity, knightfight.RandomBoard(1), knightfight.RandomBoard(-5)} {
		b, err := knightfight.ParseBoard(text)
		if err != nil {
			t.Fatalf("ParseBoard(%q): %v", text, err)
		}
		if got := b.String(); got != text {
			t.Errorf("ParseBoard(%q).String() = %q; want it unchanged", text, got)
		}
	}
	if _, err := knightfight.ParseBoard("  " + identity + "\n"); err != nil {
		t.Errorf("ParseBoard with surrounding spaces: %v", err)
	}
}

// TestParseBoardBytes reads a board with every byte value at every place,
// and with every two places swapped: ParseBoard (whose fast path reads
// eight digits at a time) accepts the text exactly when it is 10 ranks of
// 20 digits, separated by "/", that number the squares 00 to 99 once each.
func TestParseBoardBytes(t *testing.T) {
	valid := func(s string) bool {
		var seen [100]bool
		ranks := strings.Split(s, "/")
		if len(ranks) != 10 {
			return false
		}
		for _, r := range ranks {
			if len(r) != 20 {
				return false
			}
			for f := 0; f < 20; f += 2 {
				if r[f] < '0' || r[f] > '9' || r[f+1] < '0' || r[f+1] > '9' {
					return false
				}
				n := (r[f]-'0')*10 + r[f+1] - '0'
				if seen[n] {
					return false
				}
				seen[n] = true
			}
		}
		return true
	}
	text := knightfight.RandomBoard(3)
	check := func(b []byte) {
		t.Helper()
		s := string(b)
		got, err := knightfight.ParseBoard(s)
		if want := valid(s); (err == nil) != want || err == nil && got.String() != s {
			t.Fatalf("ParseBoard(%q) = %v, %v; want valid %v", s, got, err, want)
		}
	}
	for i := range len(text) {
		for c := range 256 {
			b := []byte(text)
			b[i] = byte(c)
			check(b)
		}
		for j := i + 1; j < len(text); j++ {
			b := []byte(text)
			b[i], b[j] = b[j], b[i]
			check(b)
		}
	}
}

// setBoard returns identity with the numbers at the named squares replaced.
func setBoard(t *testing.T, changes map[string]uint8) string {
	var b knightfight.Board
	for i := range b {
		b[i] = uint8(i)
	}
	for name, n := range changes {
		b[sq(t, name)] = n
	}
	return b.String()
}

func TestParseBoardErrors(t *testing.T) {
	ranks := strings.Split(identity, "/")
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "Board: empty"},
		{"nine ranks", strings.Join(ranks[1:], "/"), "Board: 9 ranks, want 10"},
		{"eleven ranks", identity + "/" + ranks[0], "Board: 11 ranks, want 10"},
		{"short rank", strings.Replace(identity, "2021222324252627", "20212223242526", 1), "Board: rank 3 has 18 digits, want 20"},
		{"long rank", strings.Replace(identity, "90919293", "9091929394", 1), "Board: rank 10 has 22 digits, want 20"},
		{"empty rank", strings.Replace(identity, "/20212223242526272829/", "//", 1), "Board: rank 3 has 0 digits, want 20"},
		{"letter", strings.Replace(identity, "42", "4x", 1), `Board: rank 5 holds "x", not a digit`},
		{"space", strings.Replace(identity, "42", "4 ", 1), `Board: rank 5 holds " ", not a digit`},
		{"non-ascii", strings.Replace(identity, "42", "4é", 1), `Board: rank 5 holds "é", not a digit`},
		{"twice", setBoard(t, map[string]uint8{"c4": 42, "c5": 32, "h9": 42}), "Board: number 42 appears twice (c4 and h9), and number 87 is missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := knightfight.ParseBoard(tt.text)
			if !errors.Is(err, rules.ErrBadTag) || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("ParseBoard(%q) = %v; want %q... wrapping ErrBadTag", tt.text, err, tt.want)
			}
		})
	}
}

func TestRandomBoard(t *testing.T) {
	if a, b := knightfight.RandomBoard(7), knightfight.RandomBoard(7); a != b {
		t.Errorf("RandomBoard(7) differs between calls: %s / %s", a, b)
	}
	if knightfight.RandomBoard(7) == knightfight.RandomBoard(8) {
		t.Errorf("RandomBoard(7) == RandomBoard(8)")
	}
	// The board of a seed must never change: records say "made with seed 7".
	testkit.Golden(t, "random7.golden", knightfight.RandomBoard(7)+"\n")
	tags := knightfight.Game.NewTags(7)
	if len(tags) != 1 || tags[0] != [2]string{"Board", knightfight.RandomBoard(7)} {
		t.Errorf("NewTags(7) = %v; want the Board of RandomBoard(7)", tags)
	}
}

func TestFEN(t *testing.T) {
	p := fromFEN(t, identity+" w 0-0")
	if got, want := p.FEN(), identity+" w 0-0"; got != want {
		t.Errorf("start FEN() = %s; want %s", got, want)
	}
	play(t, p, "c1 h10 c1-d3 h10-g8")
	fen := p.FEN()
	testkit.Golden(t, "fen.golden", fen+"\n")
	q := fromFEN(t, fen)
	if q.FEN() != fen {
		t.Errorf("FEN round trip: %s -> %s", fen, q.FEN())
	}
	// Without a Board the numbers of erased squares are unknown.
	if n := q.Number(sq(t, "c1")); n != -1 {
		t.Errorf("Number(c1) from a FEN alone = %d; want -1", n)
	}
	r := start(t, rules.TagMap{"FEN": fen, "Board": identity, "SetUp": "1"})
	if n := r.Number(sq(t, "c1")); n != 2 {
		t.Errorf("Number(c1) from FEN and Board = %d; want 2", n)
	}
	// Lower case letters are read too.
	lower := strings.NewReplacer("W", "w", "B", "b").Replace(fen)
	if got := fromFEN(t, lower).FEN(); got != fen {
		t.Errorf("FEN from lower case = %s; want %s", got, fen)
	}
}

func TestFENErrors(t *testing.T) {
	ok := sparse(t, "c3", "b1", "i10", "w", "3-4")
	tests := []struct {
		name, fen, want string
	}{
		{"fields", identity + " w", "FEN: 2 fields, want 3"},
		{"ranks", strings.Replace(identity, "/", "", 1) + " w 0-0", "FEN: 9 ranks, want 10"},
		{"short rank", strings.Replace(identity, "2021", "", 1) + " w 0-0", "FEN: rank 3 has 8 squares, want 10"},
		{"long rank", strings.Replace(identity, "2021", "202100", 1) + " w 0-0", "FEN: rank 3 has more than 10 squares"},
		{"half cell", strings.Replace(identity, "2829/", "282/", 1) + " w 0-0", "FEN: rank 3 ends inside the cell of j3"},
		{"bad cell", strings.Replace(identity, "2021", "20x1", 1) + " w 0-0", `FEN: rank 3: cell b3 is "x1"`},
		{"twice", strings.Replace(identity, "2021", "2020", 1) + " w 0-0", "FEN: number 20 appears twice (a3 and b3)"},
		{"knight on erased", strings.Replace(ok, "W01", "W--", 1), "FEN: the white knight on b1 stands on an erased square"},
		{"two knights", strings.Replace(ok, "22", "W22", 1), "FEN: two white knights (b1 and c3)"},
		{"side", strings.Replace(ok, " w ", " x ", 1), `FEN: side to move is "x"`},
		{"points", strings.Replace(ok, "3-4", "3:4", 1), `FEN: points "3:4"`},
		{"negative points", strings.Replace(ok, "3-4", "3--4", 1), `FEN: points "3--4"`},
		{"plus points", strings.Replace(ok, "3-4", "+3-4", 1), `FEN: points "+3-4"`},
		{"too many points", strings.Replace(ok, "3-4", "3-4951", 1), "FEN: points \"3-4951\", but a side scores at most 4950"},
		{"black without white", sparse(t, "", "", "i10", "w", "0-0"), "FEN: the black knight is on i10 but the white knight is not placed"},
		{"black to move first", identity + " b 0-0", "FEN: black to move, but white has not placed its knight"},
		{"white to move twice", sparse(t, "", "b1", "", "w", "0-0"), "FEN: white to move, but black has not placed its knight"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := knightfight.ParseFEN(tt.fen, nil)
			if !errors.Is(err, rules.ErrBadTag) || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("ParseFEN(%q) = %v; want %q... wrapping ErrBadTag", tt.fen, err, tt.want)
			}
		})
	}
}

func TestStart(t *testing.T) {
	fen := sparse(t, allBut(t, "c1"), "b1", "i10", "w", "3-4")
	other := setBoard(t, map[string]uint8{"a1": 11, "b2": 0})
	tests := []struct {
		name    string
		tags    rules.TagMap
		wantFEN string
		wantErr string
	}{
		{"board", rules.TagMap{"Board": identity}, identity + " w 0-0", ""},
		{"missing board", rules.TagMap{}, "", "Board: missing"},
		{"bad board", rules.TagMap{"Board": "12"}, "", "Board: 1 ranks"},
		{"fen without setup", rules.TagMap{"FEN": fen}, fen, ""},
		{"fen with setup", rules.TagMap{"FEN": fen, "SetUp": "1", "Board": identity}, fen, ""},
		{"setup 0 ignores fen", rules.TagMap{"FEN": fen, "SetUp": "0", "Board": identity}, identity + " w 0-0", ""},
		{"setup 1 without fen", rules.TagMap{"SetUp": "1", "Board": identity}, "", `SetUp: "1" but there is no FEN tag`},
		{"bad setup", rules.TagMap{"SetUp": "yes", "Board": identity}, "", `SetUp: "yes", want "0" or "1"`},
		{"board and fen disagree", rules.TagMap{"FEN": fen, "Board": other}, "", "FEN: the FEN and the Board disagree on a1: 00 against 11"},
		{"bad board with fen", rules.TagMap{"FEN": fen, "Board": "x"}, "", "Board:"},
		{"bad fen", rules.TagMap{"FEN": "x", "Board": identity}, "", "FEN:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := knightfight.Game.Start(tt.tags)
			if tt.wantErr != "" {
				if !errors.Is(err, rules.ErrBadTag) || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Errorf("Start(%v) = %v; want %q... wrapping ErrBadTag", tt.tags, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Start(%v): %v", tt.tags, err)
			}
			if got := p.FEN(); got != tt.wantFEN {
				t.Errorf("Start(%v).FEN() = %s; want %s", tt.tags, got, tt.wantFEN)
			}
		})
	}
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		in, want string
		dash     bool
	}{
		{"c1", "c1", false},
		{"I10", "i10", false},
		{"j10/99", "j10/99", false},
		{"c1/44", "c1/44", false},
		{"c1-a2", "c1-a2", true},
		{"C1-A2/77", "c1-a2/77", true},
		{"c1a2", "c1-a2", false},
		{"c1a2/77", "c1-a2/77", false},
		{"a10b8", "a10-b8", false},
		{"h10-j9", "h10-j9", true},
		{"b1-c3/57", "b1-c3/57", true}, // /57 is read; Play refuses it
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			m, err := knightfight.ParseMove(tt.in)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tt.in, err)
			}
			if got := knightfight.FormatMove(m); got != tt.want {
				t.Errorf("FormatMove(ParseMove(%q)) = %q; want %q", tt.in, got, tt.want)
			}
			if dash := m&rules.FormDash != 0; dash != tt.dash {
				t.Errorf("ParseMove(%q) FormDash = %v; want %v", tt.in, dash, tt.dash)
			}
		})
	}
}

func TestParseMoveErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "not a knight fight move"},
		{"c", "not a knight fight move"},
		{"k1", "not a knight fight move"},
		{"a0", "not a knight fight move"},
		{"a11", "not a knight fight move"},
		{"a100", "not a knight fight move"},
		{"c1-", "not a knight fight move"},
		{"c1--a2", "not a knight fight move"},
		{"c1-a2-b4", "not a knight fight move"},
		{"c1/7", "not a knight fight move"},
		{"c1/777", "not a knight fight move"},
		{"c1/7x", "not a knight fight move"},
		{"c1-a2/", "not a knight fight move"},
		{"c1 ", "not a knight fight move"},
		{"c1xa2", "knight fight has no captures"},
		{"C1Xa2", "knight fight has no captures"},
		{"pass", "knight fight has no passes"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := knightfight.ParseMove(tt.in)
			if !errors.Is(err, rules.ErrNotation) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseMove(%q) = %v; want %q wrapping ErrNotation", tt.in, err, tt.want)
			}
		})
	}
}

func TestEncodeDecode(t *testing.T) {
	m := knightfight.Encode(2, 11, true, 77)
	if got := knightfight.FormatMove(m); got != "c1-b2/77" {
		t.Errorf("FormatMove(Encode(c1, b2, jump, 77)) = %q; want c1-b2/77", got)
	}
	from, to, erase := knightfight.Decode(m)
	if from != 2 || to != 11 || erase != 77 {
		t.Errorf("Decode = %v %v %d; want c1 b2 77", from, to, erase)
	}
	from, _, erase = knightfight.Decode(knightfight.Encode(knightfight.NoSquare, 5, false, knightfight.NoErase))
	if from != knightfight.NoSquare || erase != knightfight.NoErase {
		t.Errorf("Decode(placement) = %v, %d; want NoSquare, NoErase", from, erase)
	}
}

func TestSquare(t *testing.T) {
	for _, tt := range []struct {
		s          knightfight.Square
		name       string
		file, rank int
	}{
		{0, "a1", 0, 1}, {9, "j1", 9, 1}, {10, "a2", 0, 2}, {57, "h6", 7, 6}, {99, "j10", 9, 10}, {knightfight.NoSquare, "-", 0, 0},
	} {
		if tt.s == knightfight.NoSquare {
			if tt.s.String() != "-" {
				t.Errorf("NoSquare.String() = %q", tt.s.String())
			}
			continue
		}
		if tt.s.String() != tt.name || tt.s.File() != tt.file || tt.s.Rank() != tt.rank {
			t.Errorf("Square(%d) = %s file %d rank %d; want %s %d %d", int(tt.s), tt.s, tt.s.File(), tt.s.Rank(), tt.name, tt.file, tt.rank)
		}
	}
}

func TestString(t *testing.T) {
	p := fromFEN(t, identity+" w 0-0")
	play(t, p, "c1 h10 c1-d3 h10-g8")
	q := fromFEN(t, endFEN(t, "100-0"))
	play(t, q, "a1-b3")
	testkit.Golden(t, "string.golden", p.String()+"\n"+q.String())
}

// TestParseBoardOnePass checks the one-pass reading of a Board tag as
// arbiter writes it against the reading of the same text with a space in
// front, which takes the long way: a valid board and every copy with one
// byte changed read alike, board and error.
func TestParseBoardOnePass(t *testing.T) {
	for _, text := range []string{identity, knightfight.RandomBoard(7)} {
		for i := range len(text) {
			for _, c := range []byte("0123456789/ a:\x00\x7f\x80\xaf\xb0\xb9\xba\xc0\xff") {
				b := []byte(text)
				b[i] = c
				s := string(b)
				got, gerr := knightfight.ParseBoard(s)
				want, werr := knightfight.ParseBoard(" " + s)
				if got != want || (gerr == nil) != (werr == nil) || (gerr != nil && gerr.Error() != werr.Error()) {
					t.Fatalf("ParseBoard(%q) = %v, %v; want %v, %v", s, got, gerr, want, werr)
				}
			}
		}
	}
}

func BenchmarkParseBoard(b *testing.B) {
	text := knightfight.RandomBoard(7)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := knightfight.ParseBoard(text); err != nil {
			b.Fatal(err)
		}
	}
}
