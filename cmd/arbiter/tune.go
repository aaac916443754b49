package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/cliargs"
	"github.com/arbiter-games/arbiter/matchline"
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
		ArgsUsage: "CONFIG.yaml | -game GAME -engine cmd=... -pairs N -params LINE... [OPTIONS]",
		Description: "Tunes the parameters (UGI options) of the engine that CONFIG.yaml names by game\n" +
			"pairs of the engine against itself, one side at θ + c_k·flip, the other at θ − c_k·flip,\n" +
			"as fishtest's classic SPSA does (see docs/tune.md).\n\n" +
			"Instead of CONFIG.yaml (never with it), the run may be given as options, as arbiter\n" +
			"match takes a match's, built into the same config (-config-out writes it):\n\n" +
			"  arbiter tune -game lines-of-action -engine cmd=arbiter name=search \\\n" +
			"      args=\"engine --game lines-of-action --level search\" -each st=0.05 \\\n" +
			"      -pairs 1000 -params Group,0,0,400,20,0.002 -params Concentration,0,0,100,5,0.002\n\n" +
			"Options:\n\n" + matchline.TuneHelp() + "\n" +
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
		// The arguments may be options of matchline's: the flags are read
		// among them by cliargs.Flags.
		SkipFlagParsing: true,
		Action: func(parent *cli.Context) error {
			c, args, err := cliargs.Flags(parent, parent.Args().Slice(), matchline.IsTuneOption)
			if err != nil {
				return usageErrorf("tune: %v", err)
			}
			if c.Bool("help") {
				return cli.ShowCommandHelp(parent.Lineage()[1], "tune")
			}
			if c.Bool("json") && !c.Bool("dry-run") {
				return usageErrorf("tune: --json goes with --dry-run")
			}
			cfg, err := loadTune(c, args)
			if err != nil {
				return err
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

// loadTune reads the run's config: CONFIG.yaml (args' one word) or the
// options of a command line (matchline), its config written to -config-out.
func loadTune(c *cli.Context, args []string) (*config.Tune, error) {
	if !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "-") }) {
		if len(args) != 1 {
			return nil, usageErrorf("tune: give exactly one CONFIG.yaml, or the options (-game, -engine, -pairs, -params, ...) (got %d arguments)", len(args))
		}
		cfg, err := config.LoadTune(c.Context, args[0])
		if err != nil {
			return nil, withCode(exitUsage, err)
		}
		return cfg, nil
	}
	opts, err := matchline.ParseTune(args)
	if err != nil {
		return nil, usageErrorf("tune: %v", err)
	}
	t, err := matchline.LoadTune(c.Context, opts)
	if err != nil {
		if c.Context.Err() != nil {
			return nil, err // interrupted: run exits with 130
		}
		return nil, usageErrorf("tune: %v", err)
	}
	return t.Config, writeConfigOut("tune", t.ConfigOut, t.ConfigFile(time.Now()))
}

// runTune plays the run's pairs that are not stored yet: a progress line
// every few pairs and the speed on stderr, the tuned values on stdout.
func runTune(parent context.Context, e *env, c *cli.Context, cfg *config.Tune) error {
	if c.Duration("lease") < time.Second {
		return usageErrorf("tune: --lease must be at least 1s, not %s", c.Duration("lease"))
	}
	conc := console.Concurrency(e.stderr, "tune", cfg.Source, c.Int("concurrency"), cfg.Concurrency)
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
