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
