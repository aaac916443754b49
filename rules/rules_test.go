package rules

import "testing"

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
