package knightfight

import (
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
)

// TestSVG draws the start position and the position after ten plies as in
// the golden files (see testkit.GoldenSVG).
func TestSVG(t *testing.T) {
	testkit.GoldenSVG(t, Game, rules.TagMap{"Board": RandomBoard(7)}, "Knight Fight")
}
