package tankbattle

import (
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
)

func FuzzLayout(f *testing.F) {
	testkit.Seeds(f, "layouts.txt")
	f.Fuzz(func(t *testing.T, s string) {
		l, err := parseLayout(s)
		if err != nil {
			return
		}
		again, err := parseLayout(l.text)
		if err != nil || again.text != l.text || again.flag != l.flag {
			t.Fatalf("layout %q does not read back: %v", l.text, err)
		}
		p := newPosition(l)
		for _, m := range p.Moves(nil) {
			q := *p
			if err := q.Play(m); err != nil {
				t.Fatalf("move %s from Moves refused: %v", p.FormatMove(m), err)
			}
		}
		_ = p.String()
		if q, err := Start(rules.TagMap{"FEN": p.FEN()}); err != nil || q.FEN() != p.FEN() {
			t.Fatalf("FEN %q does not read back: %v", p.FEN(), err)
		}
	})
}

func FuzzFEN(f *testing.F) {
	testkit.Seeds(f, "fens.txt")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil || q.FEN() != fen || q.String() != p.String() {
			t.Fatalf("FEN %q does not read back: %v", fen, err)
		}
		_, _ = p.Score()
		_ = p.Outcome()
		for _, m := range p.Moves(nil) {
			q := *p
			if err := q.Play(m); err != nil {
				t.Fatalf("move %s from Moves refused: %v", p.FormatMove(m), err)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	testkit.Seeds(f, "moves.txt")
	start := newPosition(defaultLayout)
	f.Fuzz(func(t *testing.T, s string) {
		p := *start
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		text := p.FormatMove(m)
		back, err := p.ParseMove(text)
		if m != rules.Pass && (err != nil || back.Plain() != m.Plain()) {
			t.Fatalf("ParseMove(%q) = %#x, but %q reads back as %#x, %v", s, m, text, back, err)
		}
		before := p.FEN()
		if err := p.Play(m); err != nil && p.FEN() != before {
			t.Fatalf("failed Play(%q) changed the position", s)
		}
	})
}
