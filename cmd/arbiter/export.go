package main

import (
	"context"
	"database/sql"
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
			if c.NArg() > 0 {
				return usageErrorf("export: unexpected argument %q", c.Args().First())
			}
			// The games of the selection are those the report counts.
			q, err := selection(c, "export")
			if err != nil {
				return err
			}
			db, err := openExisting(c, c.String("db"))
			if err != nil {
				return err
			}
			defer db.Close()
			ctx := c.Context
			cond, args, err := stats.Where(ctx, db, q)
			if errors.Is(err, stats.ErrNoTournament) {
				return fmt.Errorf("export: no tournament %q in %s", q.Tournament, db.Path())
			}
			if err != nil {
				return fmt.Errorf("export: %w", err)
			}
			if err := checkNames(ctx, db, cond, args); err != nil {
				return err
			}
			rows, err := db.QueryContext(ctx, `SELECT record FROM games WHERE 1`+cond+` ORDER BY id`, args...)
			if err != nil {
				return fmt.Errorf("export: %w", err)
			}
			defer rows.Close()
			w, finish, err := createOutput(e, c.String("output"))
			if err != nil {
				return err
			}
			return finish(writeRecords(w, rows))
		},
	}
}

// checkNames fails when a selected game has a player whose name holds a
// control character (a tournament of an older arbiter could store one from
// its config): its record shows the character as a space, so a re-import
// would rename the player. Nothing is written then.
func checkNames(ctx context.Context, db *store.DB, cond string, args []any) error {
	const controls = "*[\x01-\x1f\x7f\u0080-\u009f]*"
	var id int64
	var white, black string
	err := db.QueryRowContext(ctx, `SELECT id, white, black FROM games WHERE 1`+cond+
		` AND (white GLOB ? OR black GLOB ?) ORDER BY id LIMIT 1`, append(args, controls, controls)...).Scan(&id, &white, &black)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	name := white
	if strings.IndexFunc(white, unicode.IsControl) < 0 {
		name = black
	}
	return fmt.Errorf("export: game %d: the player name %q holds a control character, which a record cannot carry "+
		"(it would be read back as another name); nothing was written", id, name)
}

// writeRecords writes each record, ending it with one blank line.
func writeRecords(w io.Writer, rows *sql.Rows) error {
	var rec string
	for rows.Next() {
		if err := rows.Scan(&rec); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		if _, err := io.WriteString(w, strings.TrimRight(rec, "\r\n \t")+"\n\n"); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}
