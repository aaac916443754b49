package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// recordHelp is the part of the help of the commands that read records
// that says what they read and how records from other tools are taken.
var recordHelp = "A FILE is arbiter's .agn (PGN) or boardspace.net's SGF of Lines of Action\n" +
	"(GM[9]), told apart by its extension (.agn, .pgn, .sgf) or else by its text.\n" +
	"Records from other tools: --game names the game of records without a Game\n" +
	"tag (a UGI runner's PGN has none); --results first-mover reads 1-0 as a win\n" +
	"of the side that moves first (a UGI runner's p1win; Black in Lines of Action).\n" +
	"Tags arbiter does not know are kept; dates are read as others write them\n" +
	"(??, 2024-01-05, 2024.1.5). See docs/notation.md."

// gameChoice is the value of --game in the commands that read records: the
// game of the records without a Game tag (an id or a name), and in show and
// view which game of the file (a number). Given twice, it takes both.
type gameChoice struct {
	game     rules.Game
	number   int
	numbered bool
	selects  bool // the command chooses a game by its number (show, view)
}

// Set reads one --game: a number, or a game id.
func (g *gameChoice) Set(s string) error {
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
		if g.numbered {
			return fmt.Errorf("a game number is given twice (%d and %d)", g.number, n)
		}
		g.number, g.numbered = n, true
		return nil
	}
	game, err := games.Lookup(s)
	if err != nil {
		return fmt.Errorf("%q is neither a game id (%s) nor a game number", notation.Shorten(s), games.IDs())
	}
	if g.game != nil && g.game != game {
		return fmt.Errorf("two games are given (%s and %s)", g.game.ID(), game.ID())
	}
	g.game = game
	return nil
}

// String returns what --game holds, for the help.
func (g *gameChoice) String() string {
	var parts []string
	if g.numbered {
		parts = append(parts, strconv.Itoa(g.number))
	}
	if g.game != nil {
		parts = append(parts, g.game.ID())
	}
	return strings.Join(parts, " ")
}

// recordFlags are the flags of every command that reads records, which
// recordFlags are the flags of every command that reads records, which
// recordOptions reads: --game and --results. With selects (show, view),
// --game also takes the number of the game to show.
func recordFlags(selects bool) []cli.Flag {
	usage := "the game `ID` of records that have no Game tag (" + games.IDs() + "); a record's own Game tag wins"
	deflt := ""
	if selects {
		usage = "which game of the file, a number `N`; or the game ID of records that have no Game tag (" +
			games.IDs() + "); both: --game N --game ID"
		deflt = "1"
	}
	return []cli.Flag{
		&cli.GenericFlag{Name: "game", Aliases: []string{"g"}, Value: &gameChoice{selects: selects}, Usage: usage, DefaultText: deflt},
		&cli.StringFlag{Name: "results", Value: notation.ResultsWhite.String(),
			Usage: "what 1-0 means in .agn/PGN records: `white` (PGN: White won) or first-mover (UGI runners' p1win: the side that moves first won)"},
	}
}

// recordOptions reads the recordFlags of command cmd into replay options.
func recordOptions(c *cli.Context, cmd string) (replay.Options, error) {
	var opts replay.Options
	res, err := notation.ParseResults(c.String("results"))
	if err != nil {
		return opts, usageErrorf("%s: --results: %v", cmd, err)
	}
	opts.Results = res
	if choice, _ := c.Generic("game").(*gameChoice); choice != nil {
		opts.Game = choice.game
	}
	return opts, nil
}

// gameNumber is the game number that the --game flags of show and view
// chose; ok is false when they chose none (show and view take the first).
// In the other commands --game takes no number (replayInput says so).
func gameNumber(c *cli.Context) (n int, ok bool) {
	if choice, _ := c.Generic("game").(*gameChoice); choice != nil && choice.numbered {
		return choice.number, true
	}
	return 1, false
}
