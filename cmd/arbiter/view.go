package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/internal/outfile"
	"github.com/arbiter-games/arbiter/view"
)

func viewCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "view",
		Usage:     "write a game viewer: one self-contained HTML page with every game of the files",
		ArgsUsage: "FILE... (- for standard input)",
		Description: "Replays every game of every FILE, as validate does, and writes one HTML page\n" +
			"(no network, nothing fetched) that shows any of them: the board, the move list\n" +
			"with the move comments, buttons and arrow keys to step, a graph of the engines'\n" +
			"evaluations; an invalid game opens at its failing ply with the validator's\n" +
			"message. #g3p40 in the page's address opens game 3 after ply 40. See\n" +
			"docs/viewing.md.",
		Flags: append([]cli.Flag{outputFlag()}, replaySelectFlags()...),
		Action: func(c *cli.Context) error {
			only, ok := gameNumber(c)
			switch {
			case !ok:
				only = 0 // every game
			case only < 1:
				return usageErrorf("view: --game %d: game numbers start at 1", only)
			}
			files, opts, err := replayInput(e, c, "view", true)
			if err != nil {
				return err
			}
			defer releaseFiles(files)
			page, invalid, err := view.Files(c.Context, files, opts, only)
			if err != nil {
				return err
			}
			if page.Games() == 0 {
				if only != 0 {
					return usageErrorf("view: no file has a game %d", only)
				}
				return withCode(exitFailure, fmt.Errorf("view: the files hold no games"))
			}
			w, finish, err := createOutput(e, "--output", c.String("output"))
			if err != nil {
				return err
			}
			if err := finish(page.Write(outfile.Interruptible(c.Context, w), "")); err != nil {
				return err
			}
			where := ""
			if invalid > 0 {
				where = " (shown at " + plural(invalid, "its", "their") + " failing ply)"
			}
			fmt.Fprintf(e.stderr, "view: %d %s, %d invalid%s\n", page.Games(), plural(page.Games(), "game", "games"), invalid, where)
			return nil
		},
	}
}
