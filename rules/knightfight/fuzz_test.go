package knightfight_test

import (
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
)

func FuzzBoard(f *testing.F) {
	testkit.Seeds(f, "boards.txt")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := knightfight.ParseBoard(text)
		if err != nil {
			return
		}
		out := b.String()
		if out != strings.TrimSpace(text) {
			t.Fatalf("ParseBoard(%q).String() = %q; want the text back", text, out)
		}
		p := knightfight.NewPosition(&b)
		if p.FEN() != out+" w 0-0" {
			t.Fatalf("start FEN = %q", p.FEN())
		}
	})
}

func FuzzFEN(f *testing.F) {
	testkit.Seeds(f, "fens.txt")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := knightfight.ParseFEN(text, nil)
		if err != nil {
			return
		}
		fen := p.FEN()
		q, err := knightfight.ParseFEN(fen, nil)
		if err != nil {
			t.Fatalf("ParseFEN(FEN() = %q): %v", fen, err)
		}
		if q.FEN() != fen {
			t.Fatalf("FEN round trip %q -> %q", fen, q.FEN())
		}
		_ = p.String()
		o := p.Outcome()
		moves := p.Moves(nil)
		if o.Over() != (len(moves) == 0) {
			t.Fatalf("over %v with %d moves in %q", o.Over(), len(moves), fen)
		}
		for _, m := range moves {
			if err := p.Clone().Play(m); err != nil {
				t.Fatalf("Play(%s) listed by Moves: %v", p.FormatMove(m), err)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	testkit.Seeds(f, "moves.txt")
	board := knightfight.RandomBoard(3)
	f.Fuzz(func(t *testing.T, text string) {
		m, err := knightfight.ParseMove(text)
		if err != nil {
			return
		}
		out := knightfight.FormatMove(m)
		back, err := knightfight.ParseMove(out)
		if err != nil || back.Plain() != m.Plain() {
			t.Fatalf("ParseMove(FormatMove(ParseMove(%q)) = %q) = %#x, %v; want %#x", text, out, uint32(back), err, uint32(m))
		}
		if !strings.EqualFold(strings.ReplaceAll(text, "-", ""), strings.ReplaceAll(out, "-", "")) {
			t.Fatalf("ParseMove(%q) formats as %q", text, out)
		}
		// Playing it must not panic, whatever the position.
		p, _ := knightfight.Game.Start(rules.TagMap{"Board": board})
		_ = p.Play(m)
		_ = p.Play(m)
	})
}
