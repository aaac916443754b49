package main

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/store"
)

func copyCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "copy",
		Usage:     "copy a database into a new one: SQLite to PostgreSQL or back",
		ArgsUsage: " ",
		Description: "Copies everything stored in the database --from into the database --to, which\n" +
			"must be new or empty: tournaments with their configs and engines, games with\n" +
			"their ids, engine statistics and SPRT state. Each is a SQLite file or a\n" +
			"postgres:// URL, so copy moves a SQLite database onto a PostgreSQL server (to\n" +
			"play one tournament on many machines, see docs/scaling.md) and back. The copy\n" +
			"has the same games and gives the same report. It is one transaction: if it\n" +
			"fails, --to is left as it was. A summary line goes to stderr.\n" +
			"Exit status: 0 when copied, 1 when --to holds data or the copy failed, 2 for\n" +
			"usage errors (such as a --from that does not exist).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "from", Usage: "(required) the database to copy: a SQLite `FILE` or a postgres:// URL"},
			&cli.StringFlag{Name: "to", Usage: "(required) the new database: a SQLite `FILE` (created if missing) or a postgres:// URL"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageErrorf("copy takes no arguments (got %q): give the databases with --from and --to", c.Args().First())
			}
			from, to := c.String("from"), c.String("to")
			// Checked here rather than marked Required, which would print
			// the help on stdout (see gameFlag).
			for _, f := range []string{"from", "to"} {
				if c.String(f) == "" {
					return usageErrorf("copy: --%s is required", f)
				}
			}
			if from == to {
				return usageErrorf("copy: --from and --to are the same database %s", store.Name(from))
			}
			ctx := c.Context
			src, err := openExisting(c, "from")
			if err != nil {
				return err
			}
			defer src.Close()
			dst, err := store.Open(ctx, to)
			if err != nil {
				return err
			}
			defer dst.Close()
			n, err := src.CopyTo(ctx, dst)
			if errors.Is(err, store.ErrNotEmpty) {
				return withCode(exitFailure, err)
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "copied %s from %s to %s\n", n, src.Path(), dst.Path())
			return nil
		},
	}
}
