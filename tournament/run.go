package tournament

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/pairing"
	"github.com/arbiter-games/arbiter/standings"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/worker"
)

// Options say where a tournament's games go and how it reports progress.
type Options struct {
	DB *store.DB // required
	// Out receives each finished game's record as the game ends, in one
	// Write; nil for none.
	Out io.Writer
	// Concurrency is the number of games played at once; 0 takes the
	// config's, and 1 when that is unset too.
	Concurrency int
	// Progress, when set, is called once before the first game (with a nil
	// Game) and after every finished game, from one goroutine.
	Progress func(Progress)
	// Log, when set, is the file that gets every line exchanged with every
	// engine (see engineproc.Log); "" takes the config's log, if any. Each run
	// appends to it, after a note of its start.
	Log string
	// Workers, when set, is the command line of a worker process: one that
	// runs worker.Serve on its stdin and stdout, as "arbiter
	// tournament-worker" does. Each game at a time is then played by a
	// worker process of its own rather than by a goroutine of this one,
	// which gets more games a second out of the cores (see package worker) and
	// leaves no engine's escaped descendant behind when this process is
	// killed (a worker ends them). Nil plays every game in this process.
	Workers []string
	// Stop, when closed, stops the tournament gracefully: no new game
	// starts, the games in play are played to their end and stored, and
	// Run returns ErrStopped (nil if no game was left). Cancelling Run's
	// context abandons the games in play instead.
	Stop <-chan struct{}
	// Stopping, when set, is called once when Stop is closed, with the
	// number of games in play that Run now finishes.
	Stopping func(inPlay int)
	// Lease is how long a slot stays leased to this runner without
	// renewal (renewed every third of it) when the tournament is shared
	// on PostgreSQL; 0 takes DefaultLease. A runner that dies loses its
	// slots to the others when their leases expire.
	Lease time.Duration
	// Runner names this runner in the slots it leases; "" takes
	// host:pid:random.
	Runner string
	// Warn, when set, is told of what an engine said that does not stop
	// it (an error reply to a setoption, say), and of the engines whose
	// changed file SameEngines accepted. It may be called from any
	// goroutine.
	Warn func(msg string)
	// SameEngines resumes the tournament with engines whose file changed
	// since it recorded them, recording the new files' digests: the user
	// says that they are the same engines. Without it such a resume is
	// refused (a *store.EngineChangedError).
	SameEngines bool
}

// ErrStopped is Run's error when Options.Stop ended the tournament before
// its last game.
var ErrStopped = errors.New("tournament stopped: the games in play were finished and stored; run it again to play the rest")

// Progress is reported before the first game and after every finished game.
type Progress struct {
	Done        int // games stored, this run and earlier ones
	Total       int
	Resumed     int              // games stored by earlier runs
	Game        *worker.Finished // the game that just ended; nil in the first report
	Standings   []standings.Row
	Concurrency int // games played at once
	// SPRT is where the match's SPRT stands, in slot order (nil without
	// one).
	SPRT *SPRTStatus
	// Elsewhere is the number of games other runners sharing the
	// tournament (PostgreSQL) stored since the last report, counted in
	// Done; a report for them alone has a nil Game.
	Elsewhere int
	// Found says that the tournament was stored before this run (a
	// resume, even of no game), not created by it.
	Found bool
}

// SolverTotals sum up what adjudication by the solver spent on games: the
// games played with it, the time of its calls (the runner's own, or its
// worker processes') and the positions it visited.
type SolverTotals struct {
	Games int
	Time  time.Duration
	Nodes int64
}

// Summary is what a run leaves behind.
type Summary struct {
	Name    string
	Game    string
	Total   int // games in the schedule (a knockout's so far)
	Played  int // games played and stored by this run
	Resumed int // games found stored by earlier runs
	// Elsewhere counts the games other runners sharing the tournament
	// stored while this one ran; Discarded the games this one played
	// whose slot another runner stored first (after its lease expired).
	Elsewhere, Discarded int
	Standings            []standings.Row
	// Bracket is a knockout's bracket as it stands (nil for other
	// formats).
	Bracket []pairing.KnockoutRound
	// Terminations counts the stored games of the tournament by
	// termination ("normal", "time forfeit", ...).
	Terminations map[notation.Termination]int
	// WorkerCPU is the CPU time the worker processes (Options.Workers)
	// used, their engines excluded.
	WorkerCPU time.Duration
	// Solver is what adjudication by the solver spent on the games this
	// run played and stored (zero without it).
	Solver SolverTotals
	// SPRT is the match's SPRT recomputed over every stored game (nil
	// without one).
	SPRT *SPRTStatus
	// LogErr is why the engine log could not be written in full, if so.
	LogErr error
	// Stopped says that Options.Stop came before the tournament's last
	// game was stored: when Run returns nil, those last games were in
	// play then, and were finished.
	Stopped bool
}

// DefaultLease is how long a slot stays leased to a runner that shares a
// tournament without renewing the lease (Options.Lease).
const DefaultLease = time.Minute

// Run plays the tournament of cfg: it registers it in opt.DB (refusing a
// changed config under the same name, and an engine whose file changed
// since the tournament recorded it, unless opt.SameEngines), plays every
// slot that has no stored game yet, opt.Concurrency at a time, and stores
// each game the moment it ends. The slots come stage by stage from the tournament's pairing (see
// package pairing): a knockout's or a Swiss's next round is made once every
// game of the round before is stored. When ctx is done, the games in play
// are abandoned, every engine is ended, and Run returns ctx's error with
// the summary so far; when opt.Stop is closed, the games in play are
// finished first (ErrStopped). With cfg.SPRT, the test is recomputed in
// slot order after every stored game (see sprt.go); once it answers no new
// game starts, the games in play are finished and stored, and Run returns
// nil with the verdict in Summary.SPRT. A match whose test has answered
// plays nothing more.
//
// On PostgreSQL, any number of runs (on any number of machines) play one
// tournament together: each leases the slots it plays (see store.Leases
// and docs/scaling.md), reads what the others store, for its progress, the
// next stages and the SPRT, and returns once every slot is stored.
func Run(ctx context.Context, cfg *config.Tournament, opt Options) (*Summary, error) {
	if opt.DB == nil {
		return nil, errors.New("tournament: no database")
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Until the first game starts there is none to finish: opt.Stop ends
	// the start-up at once (see startStop).
	start := watchStart(opt.Stop, opt.Stopping, cancel)
	defer start.stopped(nil)
	r, err := resume(wctx, cfg, opt)
	if err != nil {
		return nil, start.stopped(err)
	}
	sum := r.sum
	first := r.queue.first(r.concurrency())
	n := len(first)
	lo, closeLog, err := r.openLog()
	if err != nil {
		return sum, err
	}
	defer closeLog()
	players, err := worker.Start(wctx, workerSettings(cfg), worker.Options{Argv: opt.Workers, Log: lo, Warn: opt.Warn}, first)
	if err != nil {
		return sum, start.stopped(err)
	}
	defer func() { sum.WorkerCPU += players.End() }()
	source, err := r.slotSource(wctx, wctx)
	if err == nil {
		err = start.stopped(nil)
	}
	if err != nil {
		return sum, err
	}
	if r.endLeases != nil {
		defer r.endLeases()
	}
	if r.sp != nil {
		defer func() { sum.SPRT = r.sp.final() }()
	}
	r.progress(nil, n, 0)
	// After opt.Stop, no game starts; gate counts the games in play. The
	// SPRT's verdict closes the gate too (gate.halt), without it counting
	// as a stop: the games in play end and are stored, and Run returns nil.
	gate := newStopGate(opt.Stop, opt.Stopping)
	defer gate.close()
	results, errc := fanOut(wctx, cancel, cfg, players.List, source, gate)
	fatal := r.storeAll(ctx, cancel, results, gate, n)
	sum.Stopped = gate.stopped()
	r.summarize()
	if r.sp != nil && fatal == nil {
		// The verdict over everything stored, with the games that were in
		// play when the test answered.
		if err := r.sp.save(context.WithoutCancel(ctx), opt.DB, false); err != nil {
			fatal = err
		}
	}
	select {
	case err := <-errc:
		if fatal == nil {
			fatal = err
		}
	default:
	}
	if fatal != nil {
		return sum, fatal
	}
	if err := ctx.Err(); err != nil {
		return sum, err
	}
	if gate.stopped() && !r.queue.over() {
		return sum, ErrStopped
	}
	return sum, nil
}

// run is the state of one Run: the schedule and what is known stored, and
// the standings and SPRT over it.
type run struct {
	cfg   *config.Tournament
	opt   Options
	tid   int64
	found bool // the tournament was stored before this run
	queue *queue
	tab   *standings.Table
	sp    *sprtRun // nil without an SPRT
	sum   *Summary
	// from is the slot up to which every slot is known stored.
	from   int
	leases *store.Leases // nil unless the tournament is shared (PostgreSQL)
	// endLeases stops renewing the leases and gives back those of games
	// not stored; set with leases.
	endLeases func()
	// byes are the byes of the stages made and not yet stored.
	byes []store.Bye
	// learnt is set when the game being stored was learnt in its own
	// transaction (see learnStored).
	learnt bool
}

// resume registers the tournament and reads what earlier runs (or other
// runners) stored: the standings, the SPRT, and the stages of the schedule
// made so far, which it checks against the stored games.
func resume(ctx context.Context, cfg *config.Tournament, opt Options) (*run, error) {
	p, err := cfg.Pairing()
	if err != nil {
		return nil, err
	}
	sched := newSchedule(p)
	if _, err := sched.advance(); err != nil {
		return nil, err
	}
	t := &store.Tournament{Name: cfg.Name, Game: cfg.Game, Config: cfg.Text, ConfigHash: cfg.Hash(), Format: cfg.Format,
		TotalGames: sched.total(), SameEngines: opt.SameEngines}
	files, err := cfg.EngineFiles()
	if err != nil {
		return nil, fmt.Errorf("tournament %s: %w", cfg.Name, err)
	}
	var engines []store.Engine
	for i, e := range cfg.Engines {
		engines = append(engines, store.Engine{Name: e.Name, Cmd: e.Cmd, Args: e.Args, Dir: e.Dir, Options: e.Options,
			File: files[i].Path, Digest: files[i].Digest})
	}
	if err := opt.DB.Register(ctx, t, engines); err != nil {
		return nil, err
	}
	if opt.Warn != nil {
		for _, c := range t.Replaced {
			opt.Warn(fmt.Sprintf("engine %q: its file %s changed since tournament %s was started; recorded as the same engine",
				c.Name, c.File, cfg.Name))
		}
	}
	stored, err := opt.DB.SlotGames(ctx, t.ID, 0)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(cfg.Engines))
	for i, e := range cfg.Engines {
		names[i] = e.Name
	}
	r := &run{cfg: cfg, opt: opt, tid: t.ID, found: t.Found, queue: newQueue(sched), tab: standings.NewTable(names, cfg.Format == pairing.Swiss),
		sum: &Summary{Name: cfg.Name, Game: cfg.Game, Terminations: map[notation.Termination]int{}}}
	if cfg.SPRT != nil {
		r.sp = newSPRTRun(cfg, t.ID, sched)
		r.queue.gated = true
	}
	r.countByes(sched.stages)
	for _, g := range stored {
		if err := r.learn(g); err != nil {
			return nil, err
		}
	}
	r.sum.Resumed = sched.n
	if err := r.storeByes(ctx); err != nil {
		return nil, err
	}
	if r.sp != nil {
		if err := r.sp.save(ctx, opt.DB, true); err != nil {
			return nil, err
		}
		// A match whose SPRT has answered plays nothing more.
		if r.sp.decided() {
			r.queue.halt()
		}
	}
	return r, nil
}

// learn counts a stored game in the schedule, the standings, the
// terminations and the SPRT, once, and makes the stages it completes. A
// stored game that is not the schedule's (another pairing made it) is an
// error: the tournament cannot go on from it.
func (r *run) learn(g store.SlotGame) error {
	if r.queue.sched.has(g.Slot) {
		return nil
	}
	res := g.Result
	game, ok := r.queue.sched.game(g.Slot)
	if !ok {
		// A stage this runner has not made yet: learn the games before
		// it first (sync reads in slot order, so they have come).
		return fmt.Errorf("tournament %s: a game is stored in slot %d, which the schedule has not reached: "+
			"the stored games are not this pairing's", r.cfg.Name, g.Slot)
	}
	if w, b := r.cfg.Engines[game.White].Name, r.cfg.Engines[game.Black].Name; g.White != w || g.Black != b {
		return fmt.Errorf("tournament %s: slot %d is stored as %s - %s, but the schedule has %s - %s there: "+
			"the stored games are not this pairing's", r.cfg.Name, g.Slot, g.White, g.Black, w, b)
	}
	made, err := r.queue.store(g.Slot, res)
	if err != nil {
		return err
	}
	for r.queue.sched.has(r.from) {
		r.from++
	}
	r.tab.Add(g.White, g.Black, res)
	r.sum.Terminations[g.Termination]++
	if r.sp != nil {
		r.sp.add(g.Slot, res)
	}
	r.countByes(made)
	return r.addLeases(made)
}

// countByes counts the byes of stages in the standings, and keeps them to
// store.
func (r *run) countByes(stages []pairing.Stage) {
	for _, st := range stages {
		round := 0
		if st.Len > 0 {
			round = st.Game(st.First).Round
		}
		for _, i := range st.Byes {
			r.tab.Bye(r.cfg.Engines[i].Name)
			r.byes = append(r.byes, store.Bye{Round: round, Player: r.cfg.Engines[i].Name})
		}
	}
}

// storeByes stores the byes of the stages made since the last call (the
// reports count them in a Swiss's standings).
func (r *run) storeByes(ctx context.Context) error {
	if len(r.byes) == 0 {
		return nil
	}
	if err := r.opt.DB.AddByes(ctx, r.tid, r.byes); err != nil {
		return err
	}
	r.byes = r.byes[:0]
	return nil
}

// concurrency is the number of games played at once: the option's, else
// the config's, else 1.
func (r *run) concurrency() int {
	n := r.opt.Concurrency
	if n <= 0 {
		n = r.cfg.Concurrency
	}
	return max(n, 1)
}

// openLog opens the engine log, if there is one and a game to play; close
// ends it, keeping its error in the summary.
func (r *run) openLog() (lo *worker.EngineLog, close func(), err error) {
	path := r.opt.Log
	if path == "" {
		path = r.cfg.LogPath()
	}
	if path == "" || r.queue.over() {
		return nil, func() {}, nil
	}
	start := time.Now()
	l, err := engineproc.OpenLog(path, start, false, r.cfg.LogKeep())
	if err != nil {
		return nil, nil, err
	}
	// The log of a resumed tournament goes on: each run starts with a
	// note, from which its lines are timed.
	l.Note(fmt.Sprintf("run of tournament %s started %s", r.cfg.Name, start.UTC().Format(time.RFC3339)))
	return &worker.EngineLog{Path: path, Start: start, Keep: r.cfg.LogKeep(), Log: l}, func() {
		if err := l.Close(); err != nil {
			r.sum.LogErr = err
		}
	}, nil
}

// progress reports to opt.Progress, if set: game is the game just stored
// (nil for the first report, or for games others stored), elsewhere the
// games other runners stored since the last report.
func (r *run) progress(game *worker.Finished, n, elsewhere int) {
	if r.opt.Progress == nil {
		return
	}
	sched := r.queue.sched
	p := Progress{Done: sched.n, Total: sched.total(), Resumed: r.sum.Resumed, Game: game,
		Standings: r.tab.Rows(), Concurrency: n, Elsewhere: elsewhere, Found: r.found}
	if r.sp != nil {
		p.SPRT = r.sp.status()
	}
	r.opt.Progress(p)
}

// summarize fills in the summary's standings, size and bracket.
func (r *run) summarize() {
	r.sum.Standings = r.tab.Rows()
	r.sum.Total = r.queue.sched.total()
	if b, ok := r.queue.sched.p.(pairing.Bracket); ok {
		r.sum.Bracket = b.Bracket()
	}
}

// MaxConcurrency is the most games a run should play at once: 4 per CPU,
// as many as the records a command replays at once. Each game in play is
// a worker process and two engines: a concurrency far past the CPUs only
// starts processes that wait for a core (and lose on time), and a huge one
// would start thousands.
func MaxConcurrency() int { return 4 * runtime.NumCPU() }
