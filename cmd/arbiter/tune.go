package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/spsa"
	"github.com/arbiter-games/arbiter/tournament"
	"github.com/arbiter-games/arbiter/tournament/console"
	"github.com/arbiter-games/arbiter/tune"
)

// tuneCommand tunes an engine's parameters by SPSA (package tune), or
// with --dry-run prints the schedule.
func tuneCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "tune",
		Usage:     "tune an engine's parameters by SPSA (fishtest's classic SPSA)",
		ArgsUsage: "CONFIG.yaml",
		Description: "Tunes the parameters (UGI options) of the engine that CONFIG.yaml names by game\n" +
			"pairs of the engine against itself, one side at θ + c_k·flip, the other at θ − c_k·flip,\n" +
			"as fishtest's classic SPSA does (see docs/tune.md).\n\n" +
			"--dry-run checks the config and prints the schedule without playing: each\n" +
			"parameter's c and a, then for every pair k from 1 to N each parameter's c_k and\n" +
			"R_k; with --json, one object a line: {\"k\":1,\"params\":[{\"name\":\"X\",\"c\":4.2,\"R\":0.0019}]}.\n\n" +
			"Without it, the pairs are played and each is stored with θ after it in the database:\n" +
			"running the same config again resumes, a changed config under the same name is\n" +
			"refused, and with --db postgres://... several runners tune one run together.\n" +
			"Progress goes to stderr (a line every few pairs: θ, c_k and R_k); stdout gets the\n" +
			"tuned values as setoption lines and as parameter lines for the next run. Ctrl-C\n" +
			"starts no new pair and stores those in play, then exits with status 130.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "dry-run", Usage: "check the config and print the schedule without playing"},
			&cli.BoolFlag{Name: "json", Usage: "with --dry-run, write the schedule as one JSON object per pair (JSON Lines)"},
			dbFlag("the database that stores the run: a SQLite `FILE` or a postgres:// URL"),
			&cli.IntFlag{Name: "concurrency", Aliases: []string{"j"}, Usage: "pairs played at once (at most 4 per CPU)", DefaultText: "the config's concurrency, else 1"},
			&cli.DurationFlag{Name: "lease", Value: tournament.DefaultLease, Usage: "on PostgreSQL, how long a pair stays this runner's without renewal: a runner that dies loses its pairs in play to the others after this"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErrorf("tune: give exactly one CONFIG.yaml (got %d arguments)", c.NArg())
			}
			if c.Bool("json") && !c.Bool("dry-run") {
				return usageErrorf("tune: --json goes with --dry-run")
			}
			cfg, err := config.LoadTune(c.Context, c.Args().First())
			if err != nil {
				return withCode(exitUsage, err)
			}
			s := cfg.Schedule()
			if c.Bool("dry-run") {
				if c.Bool("json") {
					return s.WriteJSON(e.stdout)
				}
				return s.WriteText(e.stdout)
			}
			return runTune(c.Context, e, c, cfg)
		},
	}
}

// runTune plays the run's pairs that are not stored yet: a progress line
// every few pairs and the speed on stderr, the tuned values on stdout.
func runTune(parent context.Context, e *env, c *cli.Context, cfg *config.Tune) error {
	if c.Duration("lease") < time.Second {
		return usageErrorf("tune: --lease must be at least 1s, not %s", c.Duration("lease"))
	}
	conc := console.Concurrency(e.stderr, "tune", cfg.File, c.Int("concurrency"), cfg.Concurrency)
	ctx, stop, undo := console.Interrupts(parent, e.stderr)
	defer undo()
	db, err := tournament.Open(ctx, stop, c.String("db"))
	if err != nil {
		return err
	}
	defer db.Close()
	opt := tune.Options{DB: db, Concurrency: conc, Stop: stop, Lease: c.Duration("lease"),
		Warn: func(msg string) { fmt.Fprintf(e.stderr, "arbiter: tune: warning: %s\n", msg) }}
	if exe, err := os.Executable(); err == nil {
		opt.Workers = []string{exe, workerCommandName}
	}
	every := tune.ProgressEvery(cfg.Pairs)
	var params []spsa.Param
	opt.Progress = func(p tune.Progress) {
		if p.Pair == nil {
			params = p.Params
			if p.Found {
				fmt.Fprintf(e.stderr, "resuming %s: %d of %d pairs stored\n", cfg.Name, p.Done, p.Pairs)
			}
		}
		if p.Pair == nil || p.Done%every == 0 || p.Done == p.Pairs {
			tune.WriteProgress(e.stderr, params, p)
		}
	}
	sum, err := tune.Run(ctx, cfg, opt)
	if err != nil {
		if ctx.Err() != nil || errors.Is(err, tune.ErrStopped) {
			return withCode(exitInterrupted, err)
		}
		return withCode(exitFailure, err)
	}
	tune.WriteSpeed(e.stderr, sum)
	return tune.WriteResult(e.stdout, sum)
}
