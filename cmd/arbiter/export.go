package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/sgf"
	"github.com/arbiter-games/arbiter/stats"
	"github.com/arbiter-games/arbiter/store"
)

func exportCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write the stored games as records that validate accepts",
		ArgsUsage: " ",
		Description: "Writes the records of the stored games, in the order they were stored, to\n" +
			"stdout (or --output), one blank line after each: as .agn records, or with\n" +
			"--format sgf as boardspace.net's SGF of Lines of Action (GM[9]; the selection\n" +
			"must then hold Lines of Action games only). --results first-mover writes 1-0\n" +
			"for a win of the side that moves first, as UGI runners write results (.agn only:\n" +
			"SGF names the winner's colour).",
		Flags: append(selectionFlags(), outputFlag(),
			&cli.StringFlag{Name: "format", Value: "agn", Usage: "the records' format: `agn` or sgf"},
			&cli.StringFlag{Name: "results", Value: notation.ResultsWhite.String(),
				Usage: "what 1-0 means in the records written: `white` (PGN: White won) or first-mover (UGI runners' p1win: the side that moves first won)"},
		),
		Action: func(c *cli.Context) error {
			if err := noArgs(c, "export"); err != nil {
				return err
			}
			format := c.String("format")
			if format != "agn" && format != "sgf" {
				return usageErrorf("export: --format %q: want agn or sgf", format)
			}
			results, err := notation.ParseResults(c.String("results"))
			if err != nil {
				return usageErrorf("export: --results: %v", err)
			}
			if format == "sgf" && results != notation.ResultsWhite {
				return usageErrorf("export: --results %s is for .agn records: SGF names the winner's colour (RE[B+], B[Resign])", results)
			}
			// The games of the selection are those the report counts.
			q, err := selection(c, "export")
			if err != nil {
				return err
			}
			db, err := openExisting(c, "db")
			if err != nil {
				return err
			}
			defer db.Close()
			ctx := c.Context
			f, err := stats.Selected(ctx, db, q)
			if errors.Is(err, stats.ErrNoTournament) {
				return fmt.Errorf("export: no tournament %q in %s", q.Tournament, db.Path())
			}
			if err != nil {
				return fmt.Errorf("export: %w", err)
			}
			if err := checkNames(ctx, db, f); err != nil {
				return err
			}
			if format == "sgf" {
				if err := sgfOnly(ctx, db, f); err != nil {
					return err
				}
			}
			w, finish, err := createOutput(e, "--output", c.String("output"))
			if err != nil {
				return err
			}
			return finish(writeRecords(ctx, w, db, f, format, results))
		},
	}
}

// sgfOnly fails when the games of f are not all of the game SGF holds
// (sgf.Holds): nothing is written then.
func sgfOnly(ctx context.Context, db *store.DB, f store.Filter) error {
	ids, err := db.GameTypes(ctx, f)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if other := slices.DeleteFunc(ids, sgf.Holds); len(other) > 0 {
		return usageErrorf("export: --format sgf writes %s games only, and the selection holds %s games "+
			"(choose with --game %s); nothing was written", sgf.Game.Name(), strings.Join(other, " and "), sgf.Game.ID())
	}
	return nil
}

// checkNames fails when a selected game has a player whose name holds a
// control character (a tournament of an older arbiter could store one from
// its config): its record shows the character as a space, so a re-import
// would rename the player. Nothing is written then.
func checkNames(ctx context.Context, db *store.DB, f store.Filter) error {
	id, name, found, err := db.FirstControlName(ctx, f)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if !found {
		return nil
	}
	return fmt.Errorf("export: game %d: the player name %q holds a control character, which a record cannot carry "+
		"(it would be read back as another name); nothing was written", id, name)
}

// writeRecords writes the record of each game of f in format ("agn" or
// "sgf"), ending it with one blank line, its result in the convention
// results (see replay.Exporter).
func writeRecords(ctx context.Context, w io.Writer, db *store.DB, f store.Filter, format string, results notation.Results) error {
	x := replay.Exporter{Out: w, SGF: format == "sgf", Results: results}
	if err := db.Records(ctx, f, x.Write); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}
