package tankbattle

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/golden"
	"github.com/arbiter-games/arbiter/rules"
)

// TestSVG draws the start position and the position after ten plies (each
// the seventh legal move, counting round) as in the golden files, flipped
// for the second, and checks that every piece's square is drawn with its
// data-piece.
func TestSVG(t *testing.T) {
	pos, err := Game.Start(rules.TagMap{})
	if err != nil {
		t.Fatal(err)
	}
	draw := func(name string, last rules.Move, flip bool) {
		var pic rules.Picture
		pos.(rules.Drawer).Draw(&pic, last)
		svg := pic.SVG(rules.SVGOptions{Title: "Tank Battle", Desc: pos.Turn().String() + " to move", Flip: flip})
		golden.Check(t, name, svg)
		if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
			t.Errorf("%s is not well-formed XML: %v", name, err)
		}
		pieces := 0
		for _, c := range pic.Squares {
			if c.Piece != "" {
				pieces++
			}
		}
		if got := strings.Count(svg, "data-piece="); got != pieces || pieces == 0 && last != rules.NoMove {
			t.Errorf("%s: %d squares with data-piece; want %d (and some after a move)", name, got, pieces)
		}
	}
	draw("start.svg", rules.NoMove, false)
	last := rules.NoMove
	for k := range 10 {
		moves := pos.Moves(nil)
		if len(moves) == 0 {
			t.Fatalf("no move at ply %d", k+1)
		}
		last = moves[(7*k)%len(moves)]
		if err := pos.Play(last); err != nil {
			t.Fatal(err)
		}
	}
	draw("ply10-flipped.svg", last, true)
}
