package loa

import (
	"errors"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

func TestParseMove(t *testing.T) {
	c1, a3 := SquareAt(2, 0), SquareAt(0, 2)
	tests := []struct {
		in   string
		want rules.Move
		err  string // empty when it reads
	}{
		{"c1-a3", MoveOf(c1, a3) | rules.FormDash, ""},
		{"c1xa3", MoveOf(c1, a3) | rules.FormCapture, ""},
		{"c1a3", MoveOf(c1, a3), ""},
		{"C1-A3", MoveOf(c1, a3) | rules.FormDash, ""},
		{"C1XA3", MoveOf(c1, a3) | rules.FormCapture, ""},
		{"h8a1", MoveOf(63, 0), ""},
		{"pass", rules.Pass, ""},
		{"PASS", rules.Pass, ""},
		{"Pass", rules.Pass, ""},
		{"", 0, "want a move such as c1-c3, c1xc3, c1c3 or pass"},
		{"c1", 0, "want a move such as c1-c3, c1xc3, c1c3 or pass"},
		{"c1--a3", 0, "want a move such as c1-c3, c1xc3, c1c3 or pass"},
		{"passe", 0, `the separator between the squares must be "-" or "x"`},
		{"c1+a3", 0, `the separator between the squares must be "-" or "x"`},
		{"c1:a3", 0, `the separator between the squares must be "-" or "x"`},
		{"i1-a3", 0, `"i1" is not a square (a1 to h8)`},
		{"c9-a3", 0, `"c9" is not a square (a1 to h8)`},
		{"c1-a0", 0, `"a0" is not a square (a1 to h8)`},
		{"c0a3", 0, `"c0" is not a square (a1 to h8)`},
		{"ä-a3", 0, `"ä" is not a square (a1 to h8)`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseMove(tt.in)
			if tt.err != "" {
				if !errors.Is(err, rules.ErrNotation) || err.Error() != tt.err {
					t.Errorf("ParseMove(%q) = %v, %v; want %q wrapping ErrNotation", tt.in, got, err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("ParseMove(%q) = %#x, %v; want %#x", tt.in, got, err, tt.want)
			}
		})
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = ParseMove("c1xa3"); _, _ = ParseMove("PASS") }); n != 0 {
		t.Errorf("ParseMove allocates %v times; want 0", n)
	}
}

func TestPlayAllocs(t *testing.T) {
	moves := gameMoves(t)
	n := testing.AllocsPerRun(10, func() {
		p := StartPosition()
		for _, s := range moves {
			m, _ := p.ParseMove(s)
			if err := p.Play(m); err != nil {
				panic(err)
			}
		}
	})
	if n != 0 {
		t.Errorf("replaying a game allocates %v times; want 0", n)
	}
}

// TestBadMove checks values that ParseMove never makes.
func TestBadMove(t *testing.T) {
	for _, m := range []rules.Move{1 << 12, 1 << 27, rules.FormMask | 3} {
		p := StartPosition()
		if err := p.Play(m); !errors.Is(err, rules.ErrNotation) {
			t.Errorf("Play(%#x) = %v; want ErrNotation", m, err)
		}
	}
}
