package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/stats"
	"github.com/arbiter-games/arbiter/store"
)

func exportCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write the stored games as records that validate accepts",
		ArgsUsage: " ",
		Description: "Writes the records of the stored games, in the order they were stored, to\n" +
			"stdout (or --output), one blank line after each.",
		Flags: append(selectionFlags(), outputFlag()),
		Action: func(c *cli.Context) error {
			if err := noArgs(c, "export"); err != nil {
				return err
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
			w, finish, err := createOutput(e, c.String("output"))
			if err != nil {
				return err
			}
			return finish(writeRecords(ctx, w, db, f))
		},
	}
}

// checkNames fails when a selected game has a player whose name holds a
// control character (a tournament of an older arbiter could store one from
// its config): its record shows the character as a space, so a re-import
// would rename the player. Nothing is written then.
func checkNames(ctx context.Context, db *store.DB, f store.Filter) error {
	id, white, black, found, err := db.FirstControlName(ctx, f)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if !found {
		return nil
	}
	name := white
	if strings.IndexFunc(white, unicode.IsControl) < 0 {
		name = black
	}
	return fmt.Errorf("export: game %d: the player name %q holds a control character, which a record cannot carry "+
		"(it would be read back as another name); nothing was written", id, name)
}

// writeRecords writes the record of each game of f, ending it with one
// blank line.
func writeRecords(ctx context.Context, w io.Writer, db *store.DB, f store.Filter) error {
	err := db.Records(ctx, f, func(rec string) error {
		_, err := io.WriteString(w, strings.TrimRight(rec, "\r\n \t")+"\n\n")
		return err
	})
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}
