package testkit

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// GoldenSVG draws the start position of game with tags, and the position
// after ten plies from it (each the seventh legal move, counting round), as
// SVG pictures titled title and compares them with the golden files
// start.svg and ply10-flipped.svg of the calling package (the second
// flipped). Each must be well-formed XML and draw every piece's square with
// its data-piece.
func GoldenSVG(t *testing.T, game rules.Game, tags rules.Tags, title string) {
	t.Helper()
	pos, err := game.Start(tags)
	if err != nil {
		t.Fatal(err)
	}
	draw := func(name string, last rules.Move, flip bool) {
		t.Helper()
		var pic rules.Picture
		pos.(rules.Drawer).Draw(&pic, last)
		svg := pic.SVG(rules.SVGOptions{Title: title, Desc: pos.Turn().String() + " to move", Flip: flip})
		Golden(t, name, svg)
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
