package replay

import (
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

// WriteResults turns the result of g, a record as arbiter writes it
// (PGN's convention: 1-0, White won), into the convention results, the
// mirror of the reading that Options.Results asks for: under
// notation.ResultsFirstMover, a game whose first mover is Black gets the
// other result, in its Result tag too. A record of a game arbiter does
// not know is left as it is.
func WriteResults(g *notation.Game, results notation.Results) {
	if results != notation.ResultsFirstMover {
		return
	}
	game, _, err := findGame("", g, nil)
	if err != nil || game.FirstMover() != rules.Black {
		return
	}
	g.Result = notation.FlipResult(g.Result)
	if v, ok := g.Tag("Result"); ok {
		g.SetTag("Result", notation.FlipResult(v))
	}
}
