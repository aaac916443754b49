package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/workerstart"
	"github.com/arbiter-games/arbiter/pairing"
	"github.com/arbiter-games/arbiter/standings"
	"github.com/arbiter-games/arbiter/stats"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/tournament"
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
			&cli.StringFlag{Name: "db", Value: "arbiter.db", EnvVars: []string{"ARBITER_DB"}, Usage: "the database that stores the games: a SQLite `FILE` or a postgres:// URL"},
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
	source         string // where the config came from, for messages
	ratingInterval int    // a match's result block every this many games (0: at the end only)
	wdl            bool   // the block's figures from the games, not the pairs (-report penta=false)
	sameEngines    bool   // an engine whose file changed is the same engine (--same-engines)
}

// playLimits checks play's options before anything starts: the
// concurrency, capped as --jobs is, and the files it appends to (--out,
// the engine log), which must not be the database. It returns the
// concurrency and the engine log's path.
func playLimits(e *env, cfg *config.Tournament, o playOptions) (conc int, logPath string, err error) {
	conc = o.concurrency
	// Each game in play is a worker process and two engines: a
	// concurrency far past the CPUs only starts processes that wait for a
	// core (and lose on time), and a huge one would start thousands.
	// Capped as --jobs is.
	if most := maxJobs(); conc > most || conc == 0 && cfg.Concurrency > most {
		what := fmt.Sprintf("--concurrency %d", conc)
		if conc == 0 {
			what = fmt.Sprintf("concurrency %d (in %s)", cfg.Concurrency, o.source)
		}
		fmt.Fprintf(e.stderr, "%s: %s is more than %d (4 per CPU): playing %d games at once\n", o.cmd, what, most, most)
		conc = most
	}
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

// openStoppable opens the database dsn for play. No game is in play yet:
// the first Ctrl-C (stop) ends the opening of the database (a server's
// connection, its migrations) at once, as it ends tournament.Run's start,
// and the error is then tournament.ErrStopped.
func openStoppable(ctx context.Context, stop <-chan struct{}, dsn string) (*store.DB, error) {
	octx, ocancel := context.WithCancel(ctx)
	go func() {
		select {
		case <-stop:
			ocancel()
		case <-octx.Done():
		}
	}()
	db, err := store.Open(octx, dsn)
	ocancel()
	if err != nil {
		select {
		case <-stop:
			return nil, tournament.ErrStopped // interrupted: run exits with 130
		default:
		}
		return nil, err
	}
	return db, nil
}

// play plays the tournament of cfg with o, as the tournament and match
// commands do: progress on stderr, the summary on stdout.
func play(parent context.Context, e *env, cfg *config.Tournament, o playOptions) error {
	conc, logPath, err := playLimits(e, cfg, o)
	if err != nil {
		return err
	}
	ctx, stop, undo := interrupts(parent, e.stderr)
	defer undo()

	db, err := openStoppable(ctx, stop, o.db)
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
	p := newProgress(e.stderr, cfg)
	p.match = o.cmd == "match"
	opt.Progress = p.update
	if o.ratingInterval > 0 {
		opt.Progress = func(ev tournament.Progress) {
			p.update(ev)
			if ev.Game != nil && (ev.Done-ev.Resumed)%o.ratingInterval == 0 {
				// Every ratingInterval games this run stores, the result
				// block so far, among the progress lines.
				p.mu.Lock()
				writeResults(ctx, p.w, db, cfg, o.wdl)
				p.mu.Unlock()
			}
		}
	}
	opt.Stopping = p.stopping
	opt.Warn = p.warn
	sum, err := tournament.Run(ctx, cfg, opt)
	p.finish()
	if sum != nil && sum.LogErr != nil && (err != nil || sum.Stopped) {
		// Said here, beside the run's own failure or stop.
		fmt.Fprintf(e.stderr, "arbiter: %s: %v\n", o.cmd, sum.LogErr)
	}
	if err != nil {
		if ctx.Err() != nil || errors.Is(err, tournament.ErrStopped) {
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
		return withCode(exitInterrupted, nil)
	}
	if sum.LogErr != nil {
		// The engine log asked for is not whole: a failure, as a record
		// that --out could not take is, found once every game is stored.
		return withCode(exitFailure, fmt.Errorf("%s: %w (the %d %s played %s stored: 'arbiter report' gives the standings)",
			o.cmd, sum.LogErr, sum.Played, plural(sum.Played, "game", "games"), plural(sum.Played, "is", "are")))
	}
	writeSummary(e.stdout, cfg, sum)
	if err := writeResults(ctx, e.stdout, db, cfg, o.wdl); err != nil {
		return withCode(exitFailure, fmt.Errorf("%s: the result block: %w", o.cmd, err))
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

// workerGC is the garbage collector's percentage (GOGC) of a tournament
// worker process. Its live heap is small and steady (one game), so the
// default 100, whose least heap goal is 4 MB, lets it grow to several
// times what it holds before a collection, and its peak resident memory
// with it; at 50 the least goal is 2 MB, which the worker's start-up stays
// under (no collection before the first game), for a short collection
// every few games. A GOGC in the environment is left as it is. (The
// runner keeps the default: most of its memory is SQLite's and the
// binary's pages, and a lower goal made it collect during its start-up.)
const workerGC = 50

// lowGC sets workerGC, unless the environment sets GOGC.
func lowGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(workerGC)
	}
}

// workerCommandName is the hidden command that runs a tournament worker
// process.
const workerCommandName = workerstart.Command

// workerExitWait is how long a worker whose context has ended (SIGTERM,
// Ctrl-C) may take to end its engines before it exits anyway.
const workerExitWait = 5 * time.Second

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
// with it. run calls it directly for the command line a runner starts a
// worker with (workerstart.Is), without making the command line application:
// that is a good part of a worker's start-up after the Go runtime's own.
func serveWorker(ctx context.Context, e *env) error {
	// The kernel sends SIGTERM when the runner dies, which ends the
	// context: the worker then ends its engines and what they started.
	// Should that hang, the worker still exits (its engines die with it).
	context.AfterFunc(ctx, func() {
		time.AfterFunc(workerExitWait, func() { os.Exit(exitInterrupted) })
	})
	// A worker plays one game at a time, a ping-pong with its engines: a
	// second processor only adds the scheduler's wake-ups of idle threads
	// to every move. workerstart's init has done it already for a
	// worker started by a runner (this call then changes nothing).
	runtime.GOMAXPROCS(1)
	lowGC()
	if err := worker.Serve(ctx, e.stdin, e.stdout); err != nil {
		return withCode(exitFailure, err)
	}
	return nil
}

// interrupts handles Ctrl-C and SIGTERM during a tournament. The first one
// (or the end of parent, which the same signal ends in main) closes stop:
// no new game starts, the games in play are finished and stored. The
// second cancels the returned context: the games in play are abandoned and
// every engine is ended. A third ends the process at once; the kernel ends
// the engines with it. undo stops the handling.
func interrupts(parent context.Context, stderr io.Writer) (ctx context.Context, stop <-chan struct{}, undo func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(parent))
	stopc := make(chan struct{})
	var once sync.Once
	halt := func() { once.Do(func() { close(stopc) }) }
	ch := make(chan os.Signal, 3)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		parentDone := parent.Done()
		n := 0
		for {
			select {
			case <-parentDone:
				parentDone = nil
				halt()
			case <-ch:
				switch n++; n {
				case 1:
					halt()
				case 2:
					fmt.Fprintln(stderr, "arbiter: interrupted again, abandoning the games in play")
					cancel()
				default:
					fmt.Fprintln(stderr, "arbiter: interrupted three times, exiting at once")
					os.Exit(exitInterrupted)
				}
			case <-done:
				return
			}
		}
	}()
	return ctx, stopc, func() {
		signal.Stop(ch)
		close(done)
		cancel()
	}
}

// progress shows how the tournament goes on stderr: a bar with a live
// standings line on a terminal, else one plain line per finished game. The
// bar is made at the first report, which gives the number of games.
type progress struct {
	mu   sync.Mutex
	w    io.Writer
	tty  bool
	bar  *progressbar.ProgressBar
	name string
	// match: the first report says whether the match is new or resumed.
	match, started bool
}

func newProgress(w io.Writer, cfg *config.Tournament) *progress {
	f, ok := w.(*os.File)
	return &progress{w: w, tty: ok && term.IsTerminal(int(f.Fd())), name: cfg.Name}
}

func (p *progress) update(ev tournament.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ev.Game == nil && ev.Elsewhere > 0 { // games other runners stored
		if p.bar != nil {
			p.bar.Set(ev.Done)
		} else {
			fmt.Fprintf(p.w, "game %d/%d: %d stored by other runners\n", ev.Done, ev.Total, ev.Elsewhere)
		}
		return
	}
	if ev.Game == nil {
		if p.match && !p.started {
			// The match's name is made from its settings and engines: the
			// first line says whether this command line is one played
			// before.
			if ev.Found {
				fmt.Fprintf(p.w, "resuming match %s: %d of %d games stored\n", p.name, ev.Resumed, ev.Total)
			} else {
				fmt.Fprintf(p.w, "new match %s\n", p.name)
			}
		}
		p.started = true
		if p.tty && p.bar == nil {
			p.bar = progressbar.NewOptions(ev.Total,
				progressbar.OptionSetWriter(p.w),
				progressbar.OptionSetDescription(p.name),
				progressbar.OptionShowCount(),
				progressbar.OptionShowIts(),
				progressbar.OptionSetItsString("games"),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionThrottle(100*time.Millisecond),
				progressbar.OptionFullWidth(),
			)
		}
		if sp := ev.SPRT; sp != nil && sp.Verdict != "" {
			fmt.Fprintf(p.w, "tournament %s: the SPRT has answered (%s after %d games), nothing to play\n",
				p.name, sp.Verdict, sp.DecidedAfter)
		} else if ev.Resumed == ev.Total && ev.Total == 1 {
			fmt.Fprintf(p.w, "tournament %s: its one game is stored already, nothing to play\n", p.name)
		} else if ev.Resumed == ev.Total {
			fmt.Fprintf(p.w, "tournament %s: all %d games stored already, nothing to play\n", p.name, ev.Total)
		} else {
			fmt.Fprintf(p.w, "tournament %s: %s, %d stored already, playing %d, %d at a time\n",
				p.name, nGames(ev.Total), ev.Resumed, ev.Total-ev.Resumed, ev.Concurrency)
		}
		if p.bar != nil {
			p.bar.Set(ev.Done)
		}
		return
	}
	if p.bar != nil {
		desc := standingsLine(ev.Standings, 3)
		if ev.SPRT != nil {
			desc += ", " + ev.SPRT.LLRText()
		}
		p.bar.Describe(desc)
		p.bar.Set(ev.Done)
		return
	}
	g := ev.Game
	line := fmt.Sprintf("game %d/%d (slot %d, round %s): %s - %s %s (%s, %d plies)",
		ev.Done, ev.Total, g.Slot.Slot, g.Slot.RoundTag(), g.White, g.Black, g.Result, g.Termination, g.Plies)
	if g.Score != nil {
		line += " score " + g.Score.String()
	}
	if sp := ev.SPRT; sp != nil {
		line += ", " + sp.LLRText()
		if sp.DecidedAfter > 0 {
			line = fmt.Sprintf("%s; the SPRT answered %s after %d games (LLR %.2f): no new game starts",
				line, sp.Verdict, sp.DecidedAfter, sp.DecidedLLR)
		}
	}
	fmt.Fprintln(p.w, line)
}

// warn says what an engine said that does not stop it.
func (p *progress) warn(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		fmt.Fprintln(p.w)
	}
	fmt.Fprintf(p.w, "arbiter: warning: %s\n", msg)
}

// stopping says that the tournament stops after the games in play.
func (p *progress) stopping(inPlay int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		fmt.Fprintln(p.w)
	}
	games := "games"
	if inPlay == 1 {
		games = "game"
	}
	fmt.Fprintf(p.w, "arbiter: finishing %d %s in play; press Ctrl-C again to abandon them\n", inPlay, games)
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Exit()
		fmt.Fprintln(p.w)
	}
}

// standingsLine is "alpha 3.5, beta 2, gamma 0.5" for the first n engines.
func standingsLine(st []standings.Row, n int) string {
	var parts []string
	for i, s := range st {
		if i == n {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, s.Name+" "+strconv.FormatFloat(s.Points, 'f', -1, 64))
	}
	return strings.Join(parts, ", ")
}

// writeResults writes the result block of cfg's tournament as stored in
// db (see stats.Report.WriteResults). Its figures come from the pairs
// unless wdl, as fastchess's do: and as fastchess, it takes them from the
// games when the encounters are not colour-swapped pairs or the SPRT is
// BayesElo's (which counts games, not pairs).
func writeResults(ctx context.Context, w io.Writer, db *store.DB, cfg *config.Tournament, wdl bool) error {
	// The block's figures are each pair's: it needs the pairs at any
	// number of engines.
	r, err := stats.Compute(context.WithoutCancel(ctx), db, stats.Query{Tournament: cfg.Name, Pairs: true})
	if err != nil {
		return err
	}
	names := make([]string, len(cfg.Engines))
	for i, e := range cfg.Engines {
		names[i] = e.Name
	}
	about := []string{cfg.TimeControlTag(0)}
	if o := cfg.Openings; o != nil {
		about = append(about, filepath.Base(o.File))
	}
	penta := !wdl && cfg.GamesPerEncounter != nil && *cfg.GamesPerEncounter == 2 &&
		(cfg.SPRT == nil || cfg.SPRT.Model != stats.ModelBayesian)
	return r.WriteResults(w, names, strings.Join(about, ", "), penta)
}

// writeSummary prints the final standings: with a Swiss's tie-breaks and
// byes, and a knockout's bracket.
func writeSummary(w io.Writer, cfg *config.Tournament, sum *tournament.Summary) {
	others := ""
	if sum.Elsewhere > 0 || sum.Discarded > 0 {
		others = fmt.Sprintf(", %d by other runners", sum.Elsewhere)
		if sum.Discarded > 0 {
			others += fmt.Sprintf(", %d discarded as stored by another", sum.Discarded)
		}
	}
	fmt.Fprintf(w, "tournament %s (%s): %d of %d games stored (%d played now, %d before%s)\n",
		sum.Name, cfg.GameRules().Name(), sum.Played+sum.Resumed+sum.Elsewhere, sum.Total, sum.Played, sum.Resumed, others)
	writeStandings(w, sum.Standings)
	kinds := make([]string, 0, len(sum.Terminations))
	for k := range sum.Terminations {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool {
		a, b := sum.Terminations[kinds[i]], sum.Terminations[kinds[j]]
		return a > b || a == b && kinds[i] < kinds[j]
	})
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s %d", k, sum.Terminations[k])
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "terminations: %s\n", strings.Join(parts, ", "))
	}
	if sum.Bracket != nil {
		writeBracket(w, cfg, sum.Bracket)
	}
	if sum.SPRT != nil {
		fmt.Fprintln(w, sum.SPRT.Line())
	}
}

// writeStandings prints the standings table; a Swiss's has its byes and
// tie-breaks too.
func writeStandings(w io.Writer, rows []standings.Row) {
	width := len("engine")
	swiss := false
	for _, s := range rows {
		width = max(width, len(s.Name))
		swiss = swiss || s.Buchholz != nil
	}
	fmt.Fprintf(w, "%4s  %-*s  %5s  %4s  %5s  %6s  %6s  %6s", "rank", width, "engine", "games", "wins", "draws", "losses", "points", "score")
	if swiss {
		fmt.Fprintf(w, "  %4s  %8s  %8s", "byes", "buchholz", "s-b")
	}
	fmt.Fprintln(w)
	for i, s := range rows {
		fmt.Fprintf(w, "%4d  %-*s  %5d  %4d  %5d  %6d  %6.1f  %5.1f%%", i+1, width, s.Name, s.Games, s.Wins, s.Draws, s.Losses, s.Points, s.ScorePct())
		if swiss {
			fmt.Fprintf(w, "  %4d  %8.2f  %8.2f", s.Byes, *s.Buchholz, *s.SonnebornBerger)
		}
		fmt.Fprintln(w)
	}
}

// writeBracket prints a knockout's bracket, round by round, and its
// winner once there is one.
func writeBracket(w io.Writer, cfg *config.Tournament, rounds []pairing.KnockoutRound) {
	name := func(i int) string { return cfg.Engines[i].Name }
	pts := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	winner := -1
	for _, r := range rounds {
		fmt.Fprintf(w, "knockout round %d:", r.Round)
		for i, e := range r.Encounters {
			sep := ";"
			if i == 0 {
				sep = ""
			}
			switch {
			case e.B < 0:
				fmt.Fprintf(w, "%s %s (bye)", sep, name(e.A))
			default:
				fmt.Fprintf(w, "%s %s %s-%s %s", sep, name(e.A), pts(e.PointsA), pts(e.PointsB), name(e.B))
				switch {
				case e.Winner < 0:
					fmt.Fprint(w, " (playing)")
				case e.BySeed:
					fmt.Fprintf(w, " (%s through as the higher seed)", name(e.Winner))
				}
			}
		}
		fmt.Fprintln(w)
		if len(r.Encounters) == 1 && r.Encounters[0].Winner >= 0 {
			winner = r.Encounters[0].Winner
		}
	}
	if winner >= 0 {
		fmt.Fprintf(w, "knockout winner: %s\n", name(winner))
	}
}
