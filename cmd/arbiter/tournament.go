package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/tournament"
	"github.com/arbiter-games/arbiter/tournament/console"
	"github.com/arbiter-games/arbiter/worker"
)

func tournamentCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "tournament",
		Usage:     "play a tournament of UGI engines and store every game in the database",
		ArgsUsage: "CONFIG.yaml",
		Description: "Plays the tournament that CONFIG.yaml describes (see docs/tournament.md and\n" +
			"examples/) under arbiter's rules, storing each game in the database the moment\n" +
			"it ends. Running the same config again resumes: only games not stored yet are\n" +
			"played. A changed config under the same name is refused, and so is an engine\n" +
			"whose file changed since the tournament started (a rebuilt engine; for the\n" +
			"built-in engines, a rebuilt arbiter): --same-engines says it is the same\n" +
			"engine, records its new file and goes on.\n\n" +
			"With --db postgres://... (or ARBITER_DB), any number of runners, on any number\n" +
			"of machines, play one tournament together: each leases the next unplayed slots,\n" +
			"and all of them show and stop on the whole tournament (see docs/scaling.md).\n" +
			"Progress goes to stderr (a progress bar on a terminal, else one line per game);\n" +
			"stdout gets the final standings. Ctrl-C (or SIGTERM) starts no new game, lets\n" +
			"the games in play finish and stores them, then exits with status 130; a second\n" +
			"Ctrl-C abandons the games in play and ends every engine; a third exits at once.",
		Flags: []cli.Flag{
			dbFlag("the database that stores the games: a SQLite `FILE` or a postgres:// URL"),
			&cli.StringFlag{Name: "out", Usage: "also append each finished game's record to `FILE.agn`"},
			&cli.IntFlag{Name: "concurrency", Aliases: []string{"j"}, Usage: "games played at once (at most 4 per CPU)", DefaultText: "the config's concurrency, else 1"},
			&cli.DurationFlag{Name: "lease", Value: tournament.DefaultLease, Usage: "on PostgreSQL, how long a slot stays this runner's without renewal: a runner that dies loses its games in play to the others after this (see docs/scaling.md); at least 1s, checked on SQLite too, where it has no effect"},
			&cli.StringFlag{Name: "log", Usage: "append every line exchanged with every engine to `FILE` (see docs/tournament.md)", DefaultText: "the config's log, else none"},
			&cli.BoolFlag{Name: "same-engines", Usage: "resume although an engine's file changed since the tournament started: it is the same engine (its new file's digest is recorded)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErrorf("tournament: give exactly one CONFIG.yaml (got %d arguments)", c.NArg())
			}
			if c.Duration("lease") < time.Second {
				return usageErrorf("tournament: --lease must be at least 1s, not %s", c.Duration("lease"))
			}
			conc := c.Int("concurrency")
			if c.IsSet("concurrency") && conc < 1 {
				return usageErrorf("tournament: --concurrency must be at least 1, not %d", conc)
			}
			cfg, err := config.Load(c.Context, c.Args().First())
			if err != nil {
				return withCode(exitUsage, err)
			}
			return play(c.Context, e, cfg, playOptions{cmd: "tournament", db: c.String("db"), out: c.String("out"),
				log: c.String("log"), concurrency: conc, lease: c.Duration("lease"), source: c.Args().First(),
				sameEngines: c.Bool("same-engines")})
		},
	}
}

// playOptions say how a tournament or a match is played.
type playOptions struct {
	cmd            string // "tournament" or "match", for messages
	db, out, log   string
	concurrency    int // 0: the config's
	lease          time.Duration
	source         string   // where the config came from, for messages
	ratingInterval int      // a match's result block every this many games (0: at the end only)
	wdl            bool     // the block's figures from the games, not the pairs (-report penta=false)
	resultsOnStop  bool     // an interrupted run writes the result block of the games stored so far on stderr
	strict         bool     // a warning ends the run, which fails
	epdOut         string   // a match's -epdout: each game's final position is appended to it
	cutechess      bool     // cutechess-cli's score lines and Elo line rather than fastchess's block
	scoreInterval  int      // with cutechess, the score line every this many games
	showLatency    bool     // each engine's latency at the end, from the moves' comments
	sameEngines    bool     // an engine whose file changed is the same engine (--same-engines)
	warnings       []string // said after the first progress line
}

// playLimits checks play's options before anything starts: the
// concurrency, capped (see console.Concurrency), and the files it appends
// to (--out, the engine log), which must not be the database. It returns
// the concurrency and the engine log's path.
func playLimits(e *env, cfg *config.Tournament, o playOptions) (conc int, logPath string, err error) {
	conc = console.Concurrency(e.stderr, o.cmd, o.source, o.concurrency, cfg.Concurrency)
	// --out appends records: into the database, it would ruin it.
	if err := checkOutput(o.out, o.db); err != nil {
		return 0, "", err
	}
	// The engine log is appended to: at the database, it would ruin it
	// too.
	logPath = o.log
	if logPath == "" {
		logPath = cfg.LogPath()
	}
	if logPath != "" {
		if st, err := os.Stat(filepath.Dir(logPath)); err != nil || !st.IsDir() {
			return 0, "", withCode(exitUsage, fmt.Errorf("%s: engine log %s: no directory %s", o.cmd, logPath, filepath.Dir(logPath)))
		}
		if err := checkOutput(logPath, o.db); err != nil {
			return 0, "", err
		}
	}
	return conc, logPath, nil
}

// play plays the tournament of cfg with o, as the tournament and match
// commands do: progress on stderr, the summary on stdout.
func play(parent context.Context, e *env, cfg *config.Tournament, o playOptions) error {
	conc, logPath, err := playLimits(e, cfg, o)
	if err != nil {
		return err
	}
	if asked := cmp.Or(o.concurrency, cfg.Concurrency); o.strict && asked > conc {
		return withCode(exitFailure, fmt.Errorf("%s: -strict: the concurrency cut above ends it", o.cmd))
	}
	ctx, stop, undo := console.Interrupts(parent, e.stderr)
	defer undo()
	// -strict ends the run at the first warning: its games in play are
	// abandoned, as a second Ctrl-C abandons them.
	ctx, endStrict := context.WithCancel(ctx)
	defer endStrict()
	var warned atomic.Bool

	db, err := tournament.Open(ctx, stop, o.db)
	if err != nil {
		return err
	}
	defer db.Close()
	opt := tournament.Options{DB: db, Concurrency: conc, Stop: stop, Log: logPath, Lease: o.lease, SameEngines: o.sameEngines}
	if exe, err := os.Executable(); err == nil {
		// Games at once are played by worker processes: see
		// tournament.Options.Workers.
		opt.Workers = []string{exe, workerCommandName}
	}
	if o.out != "" {
		f, err := os.OpenFile(o.out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return withCode(exitUsage, fmt.Errorf("%s: %w", o.cmd, err))
		}
		defer f.Close()
		opt.Out = f
	}
	var epd io.Writer // nil without -epdout
	if o.epdOut != "" {
		f, err := os.OpenFile(o.epdOut, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return withCode(exitUsage, fmt.Errorf("%s: -epdout: %w", o.cmd, err))
		}
		defer f.Close()
		epd = f
	}
	res := console.Results{DB: db, Config: cfg, Cutechess: o.cutechess, WDL: o.wdl}
	interval := o.ratingInterval
	if o.cutechess {
		interval = o.scoreInterval
	}
	p := console.NewProgress(e.stderr, cfg.Name, o.cmd == "match", o.warnings)
	opt.Progress = p.Hook(ctx, epd, o.epdOut, interval, res)
	opt.Stopping = p.Stopping
	opt.Warn = p.Warn
	if o.strict {
		opt.Warn = func(msg string) {
			p.Warn(msg)
			warned.Store(true)
			endStrict()
		}
	}
	sum, err := tournament.Run(ctx, cfg, opt)
	p.Finish()
	if sum != nil && sum.LogErr != nil && (err != nil || sum.Stopped) {
		// Said here, beside the run's own failure or stop.
		fmt.Fprintf(e.stderr, "arbiter: %s: %v\n", o.cmd, sum.LogErr)
	}
	if warned.Load() {
		return withCode(exitFailure, fmt.Errorf("%s: -strict: the warning above ends it", o.cmd))
	}
	// stopped writes, for an interrupted match, the result block of the
	// games stored so far: on stderr, as an interrupted run writes nothing
	// on stdout.
	stopped := func() {
		if o.resultsOnStop {
			res.Write(ctx, e.stderr)
		}
	}
	if err != nil {
		if ctx.Err() != nil || errors.Is(err, tournament.ErrStopped) {
			stopped()
			return err // interrupted: run exits with 130
		}
		if errors.Is(err, store.ErrEngineChanged) {
			return withCode(exitFailure, fmt.Errorf("%w: %s", err, changedHint(o.cmd)))
		}
		return withCode(exitFailure, err)
	}
	if sum.Stopped {
		// Stopped while the schedule's last games were in play: they were
		// finished and stored, so the tournament is complete, but an
		// interrupted run still writes nothing on stdout and exits 130.
		fmt.Fprintf(e.stderr, "arbiter: %s stopped: the games in play were its last, so every game is stored now ('arbiter report' gives the standings)\n", o.cmd)
		stopped()
		return withCode(exitInterrupted, nil)
	}
	if sum.LogErr != nil {
		// The engine log asked for is not whole: a failure, as a record
		// that --out could not take is, found once every game is stored.
		return withCode(exitFailure, fmt.Errorf("%s: %w (the %d %s played %s stored: 'arbiter report' gives the standings)",
			o.cmd, sum.LogErr, sum.Played, plural(sum.Played, "game", "games"), plural(sum.Played, "is", "are")))
	}
	if err := console.WriteEnd(ctx, e.stdout, cfg, sum, res, o.showLatency); err != nil {
		return withCode(exitFailure, fmt.Errorf("%s: %w", o.cmd, err))
	}
	// Complete before any stop: a Ctrl-C that comes after the last game
	// was stored does not make the finish an interruption.
	return withCode(exitOK, nil)
}

// changedHint says what to do when a tournament's engine changed, as
// the command cmd takes it.
func changedHint(cmd string) string {
	if cmd == "match" {
		return "a match with another engine is another match: leave -name out (a match named from its settings " +
			"and its engines' files starts anew), or give it another -name"
	}
	return "if it is the same engine (rebuilt without a change to its play), run again with --same-engines " +
		"to record its new file and go on; else give the tournament a new name, or use another database"
}

// workerCommandName is the hidden command that runs a tournament worker
// process.
const workerCommandName = worker.Command

// workerCommand plays the games a tournament runner hands it, one at a
// time, over stdin and stdout (worker.Serve). The runner starts
// it; it is no use by hand.
func workerCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   workerCommandName,
		Usage:  "play the games of a tournament runner (started by arbiter tournament)",
		Hidden: true,
		Action: func(c *cli.Context) error {
			return serveWorker(c.Context, e)
		},
	}
}

// serveWorker runs a tournament worker process until its runner is done
// with it (worker.Main). run calls it directly for the command line a
// runner starts a worker with (worker.Is), without making the command
// line application: that is a good part of a worker's start-up after the
// Go runtime's own.
func serveWorker(ctx context.Context, e *env) error {
	if err := worker.Main(ctx, e.stdin, e.stdout); err != nil {
		return withCode(exitFailure, err)
	}
	return nil
}
