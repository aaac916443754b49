package replay

import (
	"fmt"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

// readResults reads the result of the .agn record g as opts.Results says,
// turning it into PGN's convention, and checks the Winner and Loser tags
// (UGI runners write them) against it: when they contradict the result as
// read but agree with it under the other convention, g.Err says so and
// names the option that reads it right.
func readResults(file string, g *notation.Game, opts Options) {
	if opts.Results == notation.ResultsWhite {
		if _, ok := g.Tag("Winner"); !ok {
			if _, ok := g.Tag("Loser"); !ok {
				return // nothing to turn, nothing to check
			}
		}
	}
	game, _, err := findGame(file, g, opts.Game)
	if err != nil {
		return // the replay says why
	}
	// The conventions differ where the first mover is Black.
	differ := game.FirstMover() == rules.Black
	written := g.Result
	if differ && opts.Results == notation.ResultsFirstMover {
		g.Result = notation.FlipResult(g.Result)
		for i := range g.Tags {
			if g.Tags[i].Name == "Result" {
				g.Tags[i].Value = notation.FlipResult(g.Tags[i].Value)
			}
		}
	}
	if !differ {
		return
	}
	winner, t, ok := tagWinner(g)
	if !ok {
		return
	}
	res, _ := rules.ParseResult(g.Result)
	if res != rules.WhiteWins && res != rules.BlackWins || res == rules.Win(winner) {
		return
	}
	side := map[rules.Color]string{rules.White: "White", rules.Black: "Black"}
	named := winner
	if t.Name == "Loser" {
		named = winner.Other()
	}
	says := fmt.Sprintf("Result %s says %s won, but %s %q played %s", written, side[winnerOf(res)], t.Name, notation.Shorten(t.Value), side[named])
	msg := says + "; they agree as UGI runners write results (1-0: the side that moves first, " +
		side[game.FirstMover()] + " here, won): read with --results first-mover"
	if opts.Results == notation.ResultsFirstMover {
		msg = "with --results first-mover, " + says + "; they agree as PGN writes results (1-0: White won): read with --results white"
	}
	g.Err = located(file, notation.CodeResultMismatch, t.Line, t.Col, "%s", msg)
}

// tagWinner is the side that the Winner tag (or else the Loser tag) of g
// says won, by the names of the White and Black tags, and the tag that
// says it; ok is false when the tags say nothing clear (no such tag, a
// name that is neither player's or both, or Winner and Loser that
// disagree).
func tagWinner(g *notation.Game) (c rules.Color, t notation.Tag, ok bool) {
	white, _ := g.Tag("White")
	black, _ := g.Tag("Black")
	if white == black {
		return 0, t, false
	}
	side := func(name string) (rules.Color, bool) {
		switch name {
		case white:
			return rules.White, true
		case black:
			return rules.Black, true
		}
		return 0, false
	}
	var found bool
	for _, tg := range g.Tags {
		var s rules.Color
		var known bool
		switch tg.Name {
		case "Winner":
			s, known = side(tg.Value)
		case "Loser":
			s, known = side(tg.Value)
			s = s.Other()
		default:
			continue
		}
		if !known || found && s != c {
			return 0, t, false
		}
		if !found || tg.Name == "Winner" {
			t = tg
		}
		c, found = s, true
	}
	return c, t, found
}

// winnerOf is the side that the decisive result res names.
func winnerOf(res rules.Result) rules.Color {
	if res == rules.BlackWins {
		return rules.Black
	}
	return rules.White
}
