package rules

import (
	"errors"
	"testing"
)

func TestResultRoundTrip(t *testing.T) {
	for _, s := range []string{"*", "1-0", "0-1", "1/2-1/2"} {
		r, ok := ParseResult(s)
		if !ok || r.String() != s {
			t.Errorf("ParseResult(%q) = %v, %v; want it back", s, r, ok)
		}
	}
	for _, s := range []string{"", "1-1", "½-½", "0-1 "} {
		if _, ok := ParseResult(s); ok {
			t.Errorf("ParseResult(%q) accepted", s)
		}
	}
	if Win(White) != WhiteWins || Win(Black) != BlackWins || White.Other() != Black {
		t.Error("Win or Other is wrong")
	}
}

func TestMovePlain(t *testing.T) {
	m := Move(1234)
	if (m|FormCapture).Plain() != m || (m|FormDash).Plain() != m || Pass.Plain() != Pass {
		t.Error("Plain does not strip the form bits, or strips Pass")
	}
}

func TestParseTurn(t *testing.T) {
	tests := []struct {
		in   string
		want Color
		ok   bool
	}{
		{"w", White, true},
		{"W", White, true},
		{"b", Black, true},
		{"B", Black, true},
		{"", White, false},
		{"x", White, false},
		{"white", White, false},
		{"b ", White, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if c, ok := ParseTurn(tt.in); c != tt.want || ok != tt.ok {
				t.Errorf("ParseTurn(%q) = %v, %v; want %v, %v", tt.in, c, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestError checks that a rules error says only the user's words and
// tells its kind through errors.Is.
func TestError(t *testing.T) {
	tests := []struct {
		err  error
		kind error
		msg  string
	}{
		{Illegalf("c1-c3 crosses the white piece on %s", "c2"), ErrIllegal, "c1-c3 crosses the white piece on c2"},
		{Notationf("want a move such as c1-c3"), ErrNotation, "want a move such as c1-c3"},
		{&Error{Kind: ErrBadTag, Msg: "FEN has 7 ranks"}, ErrBadTag, "FEN has 7 ranks"},
		{BadTagf("FEN", "FEN has %d ranks", 7), ErrBadTag, "FEN has 7 ranks"},
	}
	for _, tt := range tests {
		if tt.err.Error() != tt.msg || !errors.Is(tt.err, tt.kind) {
			t.Errorf("%q: Error() = %q, errors.Is(%v) = %v", tt.msg, tt.err.Error(), tt.kind, errors.Is(tt.err, tt.kind))
		}
		for _, other := range []error{ErrIllegal, ErrNotation, ErrBadTag} {
			if other != tt.kind && errors.Is(tt.err, other) {
				t.Errorf("%q is also %v", tt.msg, other)
			}
		}
	}
}

// TestBadTagf checks that a bad-tag error names its tag apart from its
// message, for callers that point at the tag.
func TestBadTagf(t *testing.T) {
	err := BadTagf("Board", "Board: %d ranks", 9)
	var e *Error
	if !errors.As(err, &e) || e.Tag != "Board" || err.Error() != "Board: 9 ranks" || !errors.Is(err, ErrBadTag) {
		t.Errorf("BadTagf = %#v; want tag Board, text %q, kind ErrBadTag", err, "Board: 9 ranks")
	}
}

func TestScoreResult(t *testing.T) {
	for _, tc := range []struct {
		s    Score
		want Result
	}{
		{Score{3, 1}, WhiteWins},
		{Score{0, 2}, BlackWins},
		{Score{4, 4}, Draw},
		{Score{0, 0}, Draw},
	} {
		if got := tc.s.Result(); got != tc.want {
			t.Errorf("%v.Result() = %v; want %v", tc.s, got, tc.want)
		}
	}
}

// panicky is a position whose FormatMove panics, as a game's rules with a
// bug might on a move they read but would not play.
type panicky struct{ Position }

func (panicky) FormatMove(Move) string { panic("index out of range") }

func TestWriteMoveGuard(t *testing.T) {
	b := []byte("x")
	out, err := AppendMove(b, panicky{}, 5)
	if !errors.Is(err, ErrIllegal) || string(out) != "x" {
		t.Errorf("AppendMove = %q, %v; want b unchanged and an ErrIllegal", out, err)
	}
	if s, err := FormatMove(panicky{}, 5); !errors.Is(err, ErrIllegal) || s != "" {
		t.Errorf("FormatMove = %q, %v; want an ErrIllegal", s, err)
	}
}
