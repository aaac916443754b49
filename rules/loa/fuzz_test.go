package loa

import (
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// FuzzParseMove checks that ParseMove never panics and that what it reads
// reads back the same from its canonical text. Seeds: testdata/fuzz.
func FuzzParseMove(f *testing.F) {
	f.Add("c1-c3")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		text := "pass"
		if m != rules.Pass {
			sep := ""
			switch m & rules.FormMask {
			case rules.FormDash:
				sep = "-"
			case rules.FormCapture:
				sep = "x"
			}
			text = From(m).String() + sep + To(m).String()
		}
		if back, err := ParseMove(text); err != nil || back != m {
			t.Errorf("ParseMove(%q) = %#x, but ParseMove(%q) = %#x, %v", s, m, text, back, err)
		}
		p := StartPosition()
		_ = p.Play(m) // must not panic
	})
}

// FuzzFEN checks that ParseFEN never panics and that FEN reads back to the
// same position. Seeds: testdata/fuzz.
func FuzzFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil || q != p {
			t.Errorf("ParseFEN(%q).FEN() = %q, which reads back as %v, %v", s, fen, q.FEN(), err)
		}
		_ = p.String()
		for _, m := range p.Moves(nil) {
			r := p
			if err := r.Play(m); err != nil {
				t.Errorf("%s: Play(%s) of a generated move: %v", fen, p.FormatMove(m), err)
			}
		}
	})
}
