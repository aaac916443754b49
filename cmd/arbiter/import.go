package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/importer"
	"github.com/arbiter-games/arbiter/store"
)

// analyzeAfter is importer.Options.AnalyzeAfter of import; a variable
// for the tests.
var analyzeAfter = store.ImportBatch

func importCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "import",
		Usage:     "validate record files and store their valid games in the database",
		ArgsUsage: "FILE... (- for standard input)",
		Description: "Replays every game of every FILE as validate does and stores each valid one in\n" +
			"the database (created if missing) as its canonical record. A game stored already\n" +
			"(the same canonical record) is not stored twice. Invalid games are listed on\n" +
			"stderr as validate lists them and skipped; a summary line follows.\n" +
			"With --tournament, the games join the tournament of that name (created for the\n" +
			"first game's game type if missing); a game of another game type is skipped.\n" +
			"Exit status: 0 when every game was valid, 1 when any was skipped, 2 for usage\n" +
			"errors or unreadable files (then nothing is stored).\n\n" + recordHelp,
		Flags: append([]cli.Flag{
			dbFlag("the database: a SQLite `FILE` (created if missing) or a postgres:// URL"),
			&cli.StringFlag{Name: "tournament", Usage: "attach the games to the tournament `NAME`"},
		}, replayFlags()...),
		Action: func(c *cli.Context) error {
			files, opts, err := replayInput(e, c, "import", false)
			if err != nil {
				return err
			}
			ctx := c.Context
			db, err := store.Open(ctx, c.String("db"))
			if err != nil {
				return err
			}
			defer db.Close()
			invalid, err := importer.Files(ctx, db, files, opts,
				importer.Options{Tournament: c.String("tournament"), AnalyzeAfter: analyzeAfter, Log: e.stderr})
			if err != nil {
				return fmt.Errorf("import: %w", err)
			}
			if invalid > 0 {
				return withCode(exitFailure, nil)
			}
			return nil
		},
	}
}
