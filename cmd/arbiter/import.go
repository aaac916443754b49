package main

import (
	"context"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/store"
)

// analyzeAfter is how many games an import stores before it brings the
// database's statistics up to date (store.DB.Analyze: on PostgreSQL a
// VACUUM ANALYZE of under a second, which a report right after a big
// import would otherwise pay for several times over). A variable for the
// tests.
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
			// prepareGame reads the record; what is stored is in r.Extra.
			opts.Text, opts.Prepare, opts.NoRecord = true, prepareGame, true
			ctx := c.Context
			db, err := store.Open(ctx, c.String("db"))
			if err != nil {
				return err
			}
			defer db.Close()
			return importFiles(ctx, e, db, files, opts, c.String("tournament"))
		},
	}
}

// importFiles replays the games of files and stores the valid ones in db,
// in the tournament name when it is not "", and prints the summary.
func importFiles(ctx context.Context, e *env, db *store.DB, files []*input.File, opts replay.Options, name string) error {
	var (
		total, invalid int
		tid            int64
		tgame          string
		fail           error
	)
	// The replay (on this goroutine and replay's workers) feeds a
	// goroutine that stores the games in batches, so that replaying
	// and storing overlap.
	ins := db.NewImporter(ctx)
	for _, f := range files {
		err := replay.File(ctx, f.Name, f.Data, opts, func(r replay.Report) {
			total++
			if fail != nil {
				return
			}
			if fail = ctx.Err(); fail != nil {
				return // interrupted: stop storing, keep what is committed
			}
			if ins.Failed() {
				return // storing failed: finish says why
			}
			r.WriteWarnings(e.stderr)
			if !r.Valid {
				invalid++
				fmt.Fprintln(e.stderr, r.Describe())
				return
			}
			if name != "" && tid == 0 {
				if tid, tgame, fail = db.EnsureTournament(ctx, name, r.Game); fail != nil {
					return
				}
			}
			if name != "" && r.Game != tgame {
				invalid++
				fmt.Fprintf(e.stderr, "%s: a %s game cannot join tournament %q, which holds %s games\n",
					r.Heading(r.Line, 1), r.Game, name, tgame)
				return
			}
			g := r.Extra.(*store.Game)
			g.TournamentID = tid
			ins.Add(g)
		})
		if fail == nil {
			fail = err
		}
		if fail != nil {
			break
		}
	}
	stored, dups, err := ins.Finish()
	if fail == nil {
		fail = err
	}
	// The counts add up to the total: games read but not
	// committed (a failed batch, an interruption) are "not stored".
	summary := fmt.Sprintf("%s: %d stored, %d already stored, %d invalid", nGames(total), stored, dups, invalid)
	if rest := total - stored - dups - invalid; rest > 0 {
		summary += fmt.Sprintf(", %d not stored", rest)
	}
	fmt.Fprintln(e.stderr, summary)
	if store.IsFull(fail) {
		return fmt.Errorf("import: the disk is full: %d games were stored before it, the rest were not (%w)", stored, fail)
	}
	if fail != nil {
		return fmt.Errorf("import: %w", fail)
	}
	if stored >= analyzeAfter {
		if err := db.Analyze(ctx); err != nil {
			return fmt.Errorf("import: %d games stored, but the statistics are not updated (autovacuum does it later): %w", stored, err)
		}
	}
	if invalid > 0 {
		return withCode(exitFailure, nil)
	}
	return nil
}

// prepareGame makes the row of a valid game, record hash included, on the
// replay worker that replayed it, so that hashing runs in parallel.
func prepareGame(r *replay.Report) {
	if !r.Valid {
		return
	}
	g := store.NewGame(r.Game, r.White, r.Black, r.Result, r.Score, r.Termination, r.Plies, r.Text)
	g.WhiteStats, g.BlackStats = r.EngineStats()
	r.Extra = g
}
