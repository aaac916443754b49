package loa

import (
	"testing"

	"github.com/arbiter-games/arbiter/internal/drawtest"
	"github.com/arbiter-games/arbiter/rules"
)

// TestSVG draws the start position and the position after ten plies as in
// the golden files (see drawtest.CheckSVG).
func TestSVG(t *testing.T) {
	drawtest.CheckSVG(t, Game, rules.TagMap{}, "Lines of Action")
}
