package tournament

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/ugi"
)

// Terminations written in the Termination tag and the games table: the
// ones of notation that a tournament gives.
const (
	TermNormal       = notation.TermNormal
	TermAdjudication = notation.TermAdjudication
	TermTimeForfeit  = notation.TermTimeForfeit
	TermIllegalMove  = notation.TermIllegalMove
	TermDisconnect   = notation.TermDisconnect
	TermStall        = notation.TermStall
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
	// engine (see Log); "" takes the config's log, if any. It is started
	// anew by each run.
	Log string
	// Workers, when set, is the command line of a worker process: one that
	// runs ServeWorker on its stdin and stdout, as "arbiter
	// tournament-worker" does. Each game at a time is then played by a
	// worker process of its own rather than by a goroutine of this one,
	// which gets more games a second out of the cores (see procs.go) and
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
}

// ErrStopped is Run's error when Options.Stop ended the tournament before
// its last game.
var ErrStopped = errors.New("tournament stopped: the games in play were finished and stored; run it again to play the rest")

// Progress is reported before the first game and after every finished game.
type Progress struct {
	Done        int // games stored, this run and earlier ones
	Total       int
	Resumed     int       // games stored by earlier runs
	Game        *Finished // the game that just ended; nil in the first report
	Standings   []Standing
	Concurrency int // games played at once
	// SPRT is where the match's SPRT stands, in slot order (nil without
	// one).
	SPRT *SPRTStatus
	// Elsewhere is the number of games other runners sharing the
	// tournament (PostgreSQL) stored since the last report, counted in
	// Done; a report for them alone has a nil Game.
	Elsewhere int
}

// Finished is a game that has ended and been stored.
type Finished struct {
	Slot         Slot
	White, Black string
	Result       rules.Result
	Score        *rules.Score // for games that score points
	Termination  string
	Comment      string // why it ended, when not by the rules alone
	Plies        int
	Duration     time.Duration
	WhiteTime    time.Duration // thinking time used by White
	BlackTime    time.Duration
	StartedAt    time.Time
	Record       string
	// WhiteStats and BlackStats sum up what each engine's search reported
	// (nil when the side played no move).
	WhiteStats, BlackStats *store.EngineStats
}

// Standing is one engine's line in the standings.
type Standing struct {
	Name                       string
	Games, Wins, Draws, Losses int
	Points                     float64
}

// Summary is what a run leaves behind.
type Summary struct {
	Name    string
	Game    string
	Total   int // games in the schedule
	Played  int // games played and stored by this run
	Resumed int // games found stored by earlier runs
	// Elsewhere counts the games other runners sharing the tournament
	// stored while this one ran; Discarded the games this one played
	// whose slot another runner stored first (after its lease expired).
	Elsewhere, Discarded int
	Standings            []Standing
	// Terminations counts the stored games of the tournament by
	// termination ("normal", "time forfeit", ...).
	Terminations map[string]int
	// WorkerCPU is the CPU time the worker processes (Options.Workers)
	// used, their engines excluded.
	WorkerCPU time.Duration
	// SPRT is the match's SPRT recomputed over every stored game (nil
	// without one).
	SPRT *SPRTStatus
	// LogErr is why the engine log could not be written in full, if so.
	LogErr error
}

// Run plays the tournament of cfg: it registers it in opt.DB (refusing a
// changed config under the same name), plays every slot that has no stored
// game yet, opt.Concurrency at a time, and stores each game the moment it
// ends. When ctx is done, the games in play are abandoned, every engine is
// ended, and Run returns ctx's error with the summary so far; when
// opt.Stop is closed, the games in play are finished first (ErrStopped).
// With cfg.SPRT, the test is recomputed in slot order after every stored
// game (see sprt.go); once it answers no new game starts, the games in play
// are finished and stored, and Run returns nil with the verdict in
// Summary.SPRT. A match whose test has answered plays nothing more.
//
// On PostgreSQL, any number of runs (on any number of machines) play one
// tournament together: each leases the slots it plays (see store.Leases
// and docs/scaling.md), reads what the others store, for its progress and
// the SPRT, and returns once every slot is stored.
//
// The steps: resume (what is stored), concurrency, the engine log, the
// players (processes or goroutines, after the preflight), the slots
// (counted here, or leased), fan-out to the players, and storing.
func Run(ctx context.Context, cfg *Config, opt Options) (*Summary, error) {
	if opt.DB == nil {
		return nil, errors.New("tournament: no database")
	}
	r, err := resume(ctx, cfg, opt)
	if err != nil {
		return nil, err
	}
	sum := r.sum
	n := concurrency(cfg, opt, len(r.todo))
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	logPath := opt.Log
	if logPath == "" {
		logPath = cfg.LogPath()
	}
	var elog *Log
	runStart := time.Now()
	if logPath != "" && len(r.todo) > 0 {
		if elog, err = OpenLog(logPath, runStart, true); err != nil {
			return sum, err
		}
		defer func() {
			if err := elog.Close(); err != nil && sum != nil {
				sum.LogErr = err
			}
		}()
	}
	var lo *logOpts
	if elog != nil {
		lo = &logOpts{path: logPath, start: runStart, log: elog}
	}
	players, cleanup, err := startPlayers(wctx, cfg, opt, r.todo[:n], lo, sum)
	defer cleanup()
	if err != nil {
		return sum, err
	}
	source, err := r.slotSource(ctx, wctx)
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
	results, errc := fanOut(wctx, cancel, cfg, players, source, gate)
	fatal := r.storeAll(ctx, cancel, results, gate, n)
	sum.Standings = r.tab.standings()
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
	if gate.stopped() && len(r.have) < sum.Total {
		return sum, ErrStopped
	}
	return sum, nil
}

// run is the state of one Run: the schedule, what is known stored, and the
// standings and SPRT over it.
type run struct {
	cfg    *Config
	opt    Options
	tid    int64
	slots  []Slot
	todo   []Slot       // the slots not stored when the run began
	have   map[int]bool // slots known stored
	from   int          // no slot before it is missing from have
	tab    *table
	sp     *sprtRun // nil without an SPRT
	sum    *Summary
	leases *store.Leases // nil unless the tournament is shared (PostgreSQL)
	// endLeases stops renewing the leases and gives back those of games
	// not stored; set with leases.
	endLeases func()
}

// resume registers the tournament and reads what earlier runs (or other
// runners) stored: the standings, the SPRT, and the slots left to play.
func resume(ctx context.Context, cfg *Config, opt Options) (*run, error) {
	slots := cfg.Schedule()
	t := &store.Tournament{Name: cfg.Name, Game: cfg.Game, Config: cfg.Text, ConfigHash: cfg.Hash(), TotalGames: len(slots)}
	var engines []store.Engine
	for _, e := range cfg.Engines {
		engines = append(engines, store.Engine{Name: e.Name, Cmd: e.Cmd, Args: e.Args, Dir: e.Dir, Options: e.Options})
	}
	if err := opt.DB.Register(ctx, t, engines); err != nil {
		return nil, err
	}
	stored, err := opt.DB.SlotGames(ctx, t.ID, 0)
	if err != nil {
		return nil, err
	}
	r := &run{cfg: cfg, opt: opt, tid: t.ID, slots: slots, have: make(map[int]bool, len(slots)), tab: newTable(cfg),
		sum: &Summary{Name: cfg.Name, Game: cfg.Game, Total: len(slots), Terminations: map[string]int{}}}
	if cfg.SPRT != nil {
		r.sp = newSPRTRun(cfg, t.ID, slots)
	}
	for _, g := range stored {
		r.learn(g)
	}
	r.sum.Resumed = len(r.have)
	if r.sp != nil {
		if err := r.sp.save(ctx, opt.DB, true); err != nil {
			return nil, err
		}
	}
	// A match whose SPRT has answered plays nothing more.
	for _, s := range slots {
		if !r.have[s.Index] && (r.sp == nil || !r.sp.decided()) {
			r.todo = append(r.todo, s)
		}
	}
	return r, nil
}

// learn counts a stored game in the standings, the terminations and the
// SPRT, once; it reports whether the game was new to the run.
func (r *run) learn(g store.SlotGame) bool {
	if r.have[g.Slot] {
		return false
	}
	r.have[g.Slot] = true
	for r.have[r.from] {
		r.from++
	}
	res, _ := rules.ParseResult(g.Result)
	r.tab.add(g.White, g.Black, res)
	r.sum.Terminations[g.Termination]++
	if r.sp != nil {
		r.sp.add(g.Slot, res)
	}
	return true
}

// concurrency is the number of games played at once: the option's, else
// the config's, else 1, and no more than there are games to play.
func concurrency(cfg *Config, opt Options, todo int) int {
	n := opt.Concurrency
	if n <= 0 {
		n = cfg.Concurrency
	}
	if n <= 0 {
		n = 1
	}
	return min(n, todo)
}

// startPlayers starts the n players of the first games (the slots first):
// worker processes (opt.Workers, when set), else goroutines of this
// process after the preflight of every engine.
// cleanup, always to be called, adds the workers' CPU to sum.
func startPlayers(ctx context.Context, cfg *Config, opt Options, first []Slot, lo *logOpts, sum *Summary) (players []player, cleanup func(), err error) {
	cleanup = func() {}
	n := len(first)
	if len(opt.Workers) > 0 {
		procs, err := startProcs(ctx, cfg, opt.Workers, first, lo)
		if err != nil {
			return nil, cleanup, err
		}
		for _, p := range procs {
			players = append(players, p)
		}
		return players, func() {
			for _, p := range procs {
				sum.WorkerCPU += time.Duration(p.cpu)
			}
		}, nil
	}
	if n == 0 {
		return nil, cleanup, nil
	}
	var elog *Log
	if lo != nil {
		elog = lo.log
	}
	// The preflight starts the engines of the first game of every
	// worker (and checks every engine once): they play those games,
	// the others end at once, so that no more engines run at a time
	// than without it.
	idle := &pool{log: elog, logAs: "-/-"}
	cleanup = idle.closeAll
	copies := map[int]int{}
	for _, s := range first {
		copies[s.White]++
		copies[s.Black]++
	}
	if err := idle.preflight(ctx, cfg, copies); err != nil {
		return nil, cleanup, err
	}
	idle.retain(copies)
	for i := range n {
		players = append(players, &worker{cfg: cfg, game: cfg.GameRules(), engines: map[int]*Client{}, idle: idle,
			id: i + 1, log: elog})
	}
	return players, cleanup, nil
}

// progress reports to opt.Progress, if set: game is the game just stored
// (nil for the first report, or for games others stored), elsewhere the
// games other runners stored since the last report.
func (r *run) progress(game *Finished, n, elsewhere int) {
	if r.opt.Progress == nil {
		return
	}
	p := Progress{Done: len(r.have), Total: len(r.slots), Resumed: r.sum.Resumed, Game: game,
		Standings: r.tab.standings(), Concurrency: n, Elsewhere: elsewhere}
	if r.sp != nil {
		p.SPRT = r.sp.status()
	}
	r.opt.Progress(p)
}

// slotState says what a slotSource has for a player.
type slotState int

const (
	slotGot  slotState = iota // a slot to play
	slotNone                  // nothing left: the player is done
	slotWait                  // nothing now, but slots others hold may come back: ask again later
)

// slotSource hands out the slots to play, one per call, to the players.
type slotSource interface {
	next(ctx context.Context) (Slot, slotState, error)
	// wait is how long a player waits after slotWait.
	wait() time.Duration
}

// countedSlots hands out the slots of todo in order by a shared counter:
// no feeding goroutine to hand each one over.
type countedSlots struct {
	todo []Slot
	k    atomic.Int64
}

func (c *countedSlots) next(context.Context) (Slot, slotState, error) {
	k := int(c.k.Add(1)) - 1
	if k >= len(c.todo) {
		return Slot{}, slotNone, nil
	}
	return c.todo[k], slotGot, nil
}

func (c *countedSlots) wait() time.Duration { return 0 }

// leasedSlots hands out the slots this runner leases from the shared
// schedule (PostgreSQL).
type leasedSlots struct {
	leases *store.Leases
	slots  []Slot
	poll   time.Duration
}

func (l *leasedSlots) next(ctx context.Context) (Slot, slotState, error) {
	k, left, err := l.leases.Claim(ctx)
	switch {
	case err != nil:
		return Slot{}, slotNone, err
	case k >= len(l.slots):
		return Slot{}, slotNone, fmt.Errorf("claim a slot: slot %d is past the schedule's %d", k, len(l.slots))
	case k >= 0:
		return l.slots[k], slotGot, nil
	case left > 0:
		return Slot{}, slotWait, nil
	}
	return Slot{}, slotNone, nil
}

func (l *leasedSlots) wait() time.Duration { return l.poll }

// DefaultLease is how long a slot stays leased to a runner that shares a
// tournament without renewing the lease (Options.Lease).
const DefaultLease = time.Minute

// slotSource returns where the players take their slots: the run's own
// list on SQLite; on PostgreSQL, leases from the shared schedule, renewed
// while ctx lives (wctx) and given back at its end.
func (r *run) slotSource(ctx, wctx context.Context) (slotSource, error) {
	if !r.opt.DB.Postgres() || len(r.todo) == 0 {
		return &countedSlots{todo: r.todo}, nil
	}
	lease := r.opt.Lease
	if lease <= 0 {
		lease = DefaultLease
	}
	owner := r.opt.Runner
	if owner == "" {
		host, _ := os.Hostname()
		owner = fmt.Sprintf("%s:%d:%08x", host, os.Getpid(), rand.Uint32())
	}
	leases, err := r.opt.DB.NewLeases(ctx, r.tid, len(r.slots), owner, lease)
	if err != nil {
		return nil, err
	}
	r.leases = leases
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(lease / 3)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-wctx.Done():
				return
			case <-t.C:
				leases.Renew(wctx) // a failure may cost the lease: the store then tells
			}
		}
	}()
	r.endLeases = func() {
		close(stop)
		<-stopped
		// Games abandoned (or none held): their slots go back now rather
		// than at lease expiry.
		leases.Release(context.WithoutCancel(ctx))
	}
	return &leasedSlots{leases: leases, slots: r.slots, poll: min(max(lease/10, 100*time.Millisecond), 2*time.Second)}, nil
}

// fanOut has every player play the slots of source until none is left,
// the gate closes or ctx ends, and sends each finished game to results
// (closed when every player is done); a player's error goes to errc and
// cancels the run.
func fanOut(ctx context.Context, cancel func(), cfg *Config, players []player, source slotSource, gate *stopGate) (<-chan *Finished, <-chan error) {
	n := len(players)
	// A finished game waits here, not in its worker, while the one before
	// it is being stored.
	results := make(chan *Finished, n)
	errc := make(chan error, n)
	var wg sync.WaitGroup
	fail := func(err error) {
		if ctx.Err() == nil {
			errc <- err
			cancel()
		}
	}
	for _, w := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer w.closeAll()
			for ctx.Err() == nil {
				if !gate.enter() {
					return
				}
				slot, state, err := source.next(ctx)
				if err != nil || state != slotGot {
					gate.leave()
				}
				switch {
				case err != nil:
					fail(err)
					return
				case state == slotNone:
					return
				case state == slotWait:
					select {
					case <-time.After(source.wait()):
					case <-ctx.Done():
					}
					continue
				}
				s, err := cfg.withOpening(slot)
				var f *Finished
				if err == nil {
					f, err = w.play(ctx, s)
				}
				if err != nil {
					gate.leave()
					fail(err)
					return
				}
				// The game stays in play until storeAll has stored it.
				select {
				case results <- f:
				case <-ctx.Done():
					gate.leave()
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	return results, errc
}

// syncEvery is how often a runner sharing a tournament reads what the
// others stored while none of its own games ends.
const syncEvery = time.Second

// storeAll stores the games of results as they come, until it is closed,
// and on a shared tournament reads what the others store; it returns the
// first error, after which it cancels the run and drains results.
func (r *run) storeAll(ctx context.Context, cancel func(), results <-chan *Finished, gate *stopGate, n int) error {
	sctx := context.WithoutCancel(ctx)
	ins := r.opt.DB.NewInserter()
	defer ins.Close()
	var tick <-chan time.Time
	if r.leases != nil {
		t := time.NewTicker(syncEvery)
		defer t.Stop()
		tick = t.C
	}
	var fatal error
	for {
		select {
		case f, ok := <-results:
			if !ok {
				if fatal == nil && r.leases != nil {
					fatal = r.finishShared(ctx, gate)
				}
				return fatal
			}
			if fatal != nil {
				gate.leave()
			} else if fatal = r.storeOne(sctx, ins, f, gate, n); fatal != nil {
				cancel()
			}
		case <-tick:
			if fatal != nil {
				continue
			}
			k, err := r.sync(sctx, gate)
			if err != nil {
				fatal = err
				cancel()
			} else if k > 0 {
				r.progress(nil, n, k)
			}
		}
	}
}

// finishShared reads, once this runner's players are done, the standings
// and verdict over every runner's games. When the SPRT has answered, the
// other runners finish their games in play too (they stop starting games
// as soon as they read the answer): it waits for those to be stored (or
// their leases to expire), so that every runner ends on the same games and
// prints the same verdict.
func (r *run) finishShared(ctx context.Context, gate *stopGate) error {
	sctx := context.WithoutCancel(ctx)
	if r.sp != nil && r.sp.decided() && !gate.stopped() {
		for ctx.Err() == nil {
			n, err := r.leases.Busy(sctx)
			if err != nil {
				return err
			}
			if n == 0 {
				break
			}
			select {
			case <-time.After(syncEvery / 4):
			case <-ctx.Done():
			}
		}
	}
	_, err := r.sync(sctx, gate)
	return err
}

// storeOne stores the finished game f (dropping it when its slot is
// stored already, by another runner whose lease it was), reports
// progress, and counts the game out of play.
func (r *run) storeOne(ctx context.Context, ins *store.Inserter, f *Finished, gate *stopGate, n int) error {
	reported := false
	defer func() {
		if !reported {
			gate.leave()
		}
	}()
	g := &store.Game{TournamentID: r.tid, Slot: f.Slot.Index, Pair: f.Slot.Pair, Game: r.cfg.Game,
		White: f.White, Black: f.Black, Result: f.Result.String(), Termination: f.Termination,
		Plies: f.Plies, Duration: f.Duration, WhiteTime: f.WhiteTime, BlackTime: f.BlackTime,
		StartedAt: f.StartedAt, Record: f.Record, WhiteStats: f.WhiteStats, BlackStats: f.BlackStats}
	if f.Score != nil {
		g.HasScore, g.ScoreWhite, g.ScoreBlack = true, f.Score.White, f.Score.Black
	}
	if err := ins.Insert(ctx, g); err != nil {
		if errors.Is(err, store.ErrDuplicate) {
			r.sum.Discarded++ // another runner stored this slot meanwhile
			return nil
		}
		return err
	}
	if r.opt.Out != nil {
		if _, err := io.WriteString(r.opt.Out, f.Record); err != nil {
			return fmt.Errorf("write record: %w", err)
		}
	}
	r.sum.Played++
	r.learn(store.SlotGame{Slot: f.Slot.Index, White: f.White, Black: f.Black, Result: f.Result.String(), Termination: f.Termination})
	elsewhere := 0
	if r.leases != nil {
		var err error
		if elsewhere, err = r.sync(ctx, gate); err != nil {
			return err
		}
	}
	if r.sp != nil {
		if err := r.sp.save(ctx, r.opt.DB, false); err != nil {
			return err
		}
		if r.sp.decided() {
			gate.halt()
		}
	}
	reported = true
	gate.leaveAfter(func() { r.progress(f, n, elsewhere) })
	return nil
}

// sync reads the games other runners stored past the slots known stored,
// counts them in, and halts the gate when the SPRT has answered over
// them; it returns how many it found.
func (r *run) sync(ctx context.Context, gate *stopGate) (int, error) {
	games, err := r.opt.DB.SlotGames(ctx, r.tid, r.from)
	if err != nil {
		return 0, err
	}
	k := 0
	for _, g := range games {
		if r.learn(g) {
			k++
		}
	}
	r.sum.Elsewhere += k
	if r.sp != nil && k > 0 {
		if err := r.sp.save(ctx, r.opt.DB, false); err != nil {
			return k, err
		}
		if r.sp.decided() {
			gate.halt()
		}
	}
	return k, nil
}

// pool holds started engines that no worker holds yet: the preflight's,
// which play the first games instead of new processes.
type pool struct {
	mu      sync.Mutex
	engines map[int][]*Client
	log     *Log   // the engine log, if any
	logAs   string // the worker/slot column of its engines' log lines
}

// preflight starts every engine of cfg at the same time and checks that it
// does the handshake and answers isready, so that an engine that cannot
// play stops the tournament before its first game rather than losing every
// game it has; it keeps the sound ones. With copies, it starts
// copies[i] processes of engine i (still at least one) at the same time,
// for the first games of every worker; only the first copy's failure
// counts, a later one is started again when needed.
func (p *pool) preflight(ctx context.Context, cfg *Config, copies map[int]int) error {
	want := make(map[int]int, len(cfg.specs))
	for i := range cfg.specs {
		want[i] = max(1, copies[i])
	}
	errs := p.start(ctx, cfg, want)
	if err := ctx.Err(); err != nil {
		return err
	}
	return errors.Join(errs...)
}

// start starts want[i] processes of each engine i at the same time, checks
// that each does the handshake and answers isready, and keeps the sound
// ones. errs[i] is the failure of engine i's first copy (it names the
// engine); a later copy that fails is only not kept.
func (p *pool) start(ctx context.Context, cfg *Config, want map[int]int) (errs []error) {
	specs := cfg.Specs()
	errs = make([]error, len(specs))
	var wg sync.WaitGroup
	for i, spec := range specs {
		for c := range want[i] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				spec := spec // the copies of one engine start at once
				spec.Log, spec.LogAs = p.log, p.logAs
				e, err := Start(ctx, spec, cfg.Timeouts())
				if err == nil {
					if err = e.Ping(ctx); err != nil {
						e.Close()
					}
				}
				if err != nil {
					if c == 0 {
						errs[i] = err
					}
					return
				}
				p.put(i, e)
			}()
		}
	}
	wg.Wait()
	return errs
}

// put adds engine i to the pool.
func (p *pool) put(i int, e *Client) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.engines == nil {
		p.engines = map[int][]*Client{}
	}
	p.engines[i] = append(p.engines[i], e)
}

// take removes an engine i from the pool and returns it, or nil.
func (p *pool) take(i int) *Client {
	p.mu.Lock()
	defer p.mu.Unlock()
	es := p.engines[i]
	if len(es) == 0 {
		return nil
	}
	e := es[len(es)-1]
	p.engines[i] = es[:len(es)-1]
	return e
}

// retain keeps at most keep[i] engines i in the pool and ends the others.
func (p *pool) retain(keep map[int]int) {
	p.mu.Lock()
	var gone []*Client
	for i, es := range p.engines {
		if n := keep[i]; len(es) > n {
			gone = append(gone, es[n:]...)
			p.engines[i] = es[:n]
		}
	}
	p.mu.Unlock()
	closeEngines(gone)
}

// closeAll ends the engines left in the pool.
func (p *pool) closeAll() { p.retain(nil) }

// closeEngines ends engines at the same time: each Close may wait for its
// engine to quit.
func closeEngines(es []*Client) { atOnce(es, func(e *Client) { e.Close() }) }

// atOnce calls f on every x at the same time and returns when all are done.
func atOnce[T any](xs []T, f func(T)) {
	var wg sync.WaitGroup
	for _, x := range xs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(x)
		}()
	}
	wg.Wait()
}

// player plays the games of one worker, one after another: a worker in
// this process, or a worker process.
type player interface {
	play(ctx context.Context, s Slot) (*Finished, error)
	closeAll()
}

// worker plays games one after another, keeping the engines of its last
// game running for the next one when they are needed again.
type worker struct {
	cfg     *Config
	game    rules.Game
	engines map[int]*Client
	idle    *pool // engines to take before starting new ones
	id      int   // 1 and up, for the engine log
	log     *Log  // the engine log, if any
}

func (w *worker) closeAll() {
	es := make([]*Client, 0, len(w.engines))
	for i, e := range w.engines {
		es = append(es, e)
		delete(w.engines, i)
	}
	closeEngines(es)
}

// ready returns engine i ready for a new game, given cur, the worker's
// running engine i (or nil): cur if it is sound, else one from the pool,
// else a new process. An engine that was running before (it may have died
// while idle) and fails to get ready is replaced by a new process once
// before it is blamed. It does not touch w.engines, so that both engines of
// a game get ready at the same time.
//
// as labels the engine's log lines (the worker and slot), if there is a log.
func (w *worker) ready(ctx context.Context, i int, cur *Client, as string) (*Client, error) {
	if cur != nil && cur.Failed() != nil {
		cur.Close()
		cur = nil
	}
	if cur == nil && w.idle != nil {
		cur = w.idle.take(i)
	}
	if cur != nil {
		cur.logAs(as)
		err := cur.NewGame(ctx)
		if err == nil || ctx.Err() != nil {
			return cur, err
		}
		cur.Close()
	}
	spec := w.cfg.specs[i]
	spec.Log, spec.LogAs = w.log, as
	e, err := Start(ctx, spec, w.cfg.Timeouts())
	if err != nil {
		return nil, err
	}
	return e, e.NewGame(ctx)
}

// termination names how a game ends when an engine fails with err.
func termination(err error) string {
	switch {
	case errors.Is(err, Stall):
		return TermStall
	case errors.Is(err, Timeout):
		return TermTimeForfeit
	case errors.Is(err, Malformed):
		return TermIllegalMove
	}
	return TermDisconnect // a crash, or an engine that cannot be started
}

// formatMove is FormatMove that survives a rules bug on a strange move
// (see rules.AppendMove).
func formatMove(pos rules.Position, m rules.Move) (string, error) {
	return rules.FormatMove(pos, m)
}

// play referees the game of slot s. It returns an error only when the game
// cannot be played at all (ctx done, a start the rules refuse).
func (w *worker) play(ctx context.Context, s Slot) (*Finished, error) {
	cfg := w.cfg
	started := time.Now()
	// Keep only the engines this game needs.
	var unneeded []*Client
	for i, e := range w.engines {
		if i != s.White && i != s.Black {
			unneeded = append(unneeded, e)
			delete(w.engines, i)
		}
	}
	closeEngines(unneeded)
	defer func() {
		for i, e := range w.engines {
			if e.Failed() != nil {
				e.Close()
				delete(w.engines, i)
			}
		}
	}()
	newTags, pos, startCmd, bookMoves, err := startOf(w.game, s)
	if err != nil {
		return nil, err
	}
	idx := [2]int{rules.White: s.White, rules.Black: s.Black}
	names := [2]string{rules.White: cfg.Engines[s.White].Name, rules.Black: cfg.Engines[s.Black].Name}
	f := &Finished{Slot: s, White: names[rules.White], Black: names[rules.Black], StartedAt: started}

	var (
		eng    [2]*Client
		failed [2]error
	)
	var as string // the log's worker/slot column
	if w.log != nil {
		as = strconv.Itoa(w.id) + "/" + strconv.Itoa(s.Index)
	}
	// Both engines get ready at the same time (a start can take a while).
	done := make(chan struct{})
	go func() {
		eng[rules.Black], failed[rules.Black] = w.ready(ctx, idx[rules.Black], w.engines[idx[rules.Black]], as)
		close(done)
	}()
	eng[rules.White], failed[rules.White] = w.ready(ctx, idx[rules.White], w.engines[idx[rules.White]], as)
	<-done
	for _, c := range []rules.Color{rules.White, rules.Black} {
		if eng[c] != nil {
			w.engines[idx[c]] = eng[c]
		} else {
			delete(w.engines, idx[c])
		}
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}

	lose := func(c rules.Color, term, why string) {
		f.Result = rules.Win(c.Other())
		f.Termination = term
		f.Comment = fmt.Sprintf("%s (%s) loses: %s", names[c], c, why)
	}
	moves, comments := bookMoves, bookComments(len(bookMoves), 128)
	switch {
	case failed[rules.White] != nil && failed[rules.Black] != nil:
		// Something is wrong beyond one engine: stop, and leave the slot
		// to a later run.
		return nil, fmt.Errorf("slot %d: neither engine can play: %w", s.Index,
			errors.Join(failed[rules.White], failed[rules.Black]))
	case failed[rules.White] != nil:
		lose(rules.White, termination(failed[rules.White]), failed[rules.White].Error())
	case failed[rules.Black] != nil:
		lose(rules.Black, termination(failed[rules.Black]), failed[rules.Black].Error())
	default:
		var err error
		moves, comments, err = w.referee(ctx, pos, startCmd, bookMoves, comments, eng, idx, f, lose)
		if err != nil {
			return nil, err
		}
	}

	f.Plies = len(moves)
	f.Duration = time.Since(started)
	tags := [][2]string{
		{"Event", cfg.Name},
		{"Date", started.UTC().Format("2006.01.02")},
		{"Round", s.RoundTag()},
		{"White", f.White},
		{"Black", f.Black},
		{"Result", f.Result.String()},
		{"Game", w.game.Name()},
	}
	tags = append(tags, newTags...)
	if sc, ok := pos.Score(); ok {
		f.Score = &sc
		tags = append(tags, [2]string{"Score", sc.String()})
	}
	if wt, bt := cfg.tcTag(s.White), cfg.tcTag(s.Black); wt == bt {
		tags = append(tags, [2]string{"TimeControl", wt})
	} else {
		tags = append(tags, [2]string{"WhiteTimeControl", wt}, [2]string{"BlackTimeControl", bt})
	}
	tags = append(tags, [2]string{"Termination", f.Termination})
	f.Record = buildRecord(tags, moves, comments, f.Comment, f.Result.String())
	return f, nil
}

// referee plays the moves of a game between two ready engines (engine
// indexes idx) until the rules, a forfeit or adjudication end it, filling
// f's result and engine statistics. bookMoves, the opening's, have been
// played on pos already: the engines get them as the game's first moves.
// It returns the moves, the book's first, and their comments (one a move,
// "" for none; "book" for the book's).
func (w *worker) referee(ctx context.Context, pos rules.Position, startCmd string, bookMoves, bookComments []string, eng [2]*Client,
	idx [2]int, f *Finished, lose func(rules.Color, string, string)) (moves, comments []string, err error) {
	cfg := w.cfg
	margin := cfg.Margin()
	// Each side's clock (or time per move) and limits: the tournament's,
	// or its engine's own. All are of one kind (the config checks it).
	var (
		moveTime, inc, left [2]time.Duration
		nodes               [2]int64
		depth               [2]int
	)
	clock := cfg.TimeControl.MoveMS == nil
	for _, c := range []rules.Color{rules.White, rules.Black} {
		tc := cfg.EngineTimeControl(idx[c])
		if tc.MoveMS != nil {
			moveTime[c] = time.Duration(*tc.MoveMS) * time.Millisecond
		} else {
			left[c] = time.Duration(*tc.BaseMS) * time.Millisecond
			if tc.IncrementMS != nil {
				inc[c] = time.Duration(*tc.IncrementMS) * time.Millisecond
			}
		}
		nodes[c], depth[c] = cfg.engineLimits(idx[c])
	}
	first := w.game.FirstMover()
	var used [2]time.Duration
	var st [2]store.EngineTally
	defer func() {
		f.WhiteTime, f.BlackTime = used[rules.White], used[rules.Black]
		f.WhiteStats, f.BlackStats = st[rules.White].Stats(), st[rules.Black].Stats()
	}()
	adj := adjudicator{resign: cfg.Resign, draw: cfg.Draw}
	withComments := cfg.Comments()
	moves = append(make([]string, 0, 128+len(bookMoves)), bookMoves...)
	comments = bookComments
	for {
		if o := pos.Outcome(); o.Over() {
			f.Result, f.Termination = o.Result, TermNormal
			return moves, comments, nil
		}
		if adj.decide(pos, len(moves), cfg.Adjudication == AdjudicateScore, f) {
			return moves, comments, nil
		}
		if len(moves) >= *cfg.MaxPlies {
			f.Termination = TermAdjudication
			f.Result = rules.Draw
			how := "a draw"
			if cfg.Adjudication == AdjudicateScore {
				if sc, ok := pos.Score(); ok {
					how = "by points " + sc.String()
					f.Result = sc.Result()
				}
			}
			f.Comment = fmt.Sprintf("adjudicated after %d plies: %s", len(moves), how)
			return moves, comments, nil
		}
		side := pos.Turn()
		e := eng[side]
		if err := e.Position(startCmd, moves); err != nil {
			lose(side, termination(err), err.Error())
			return moves, comments, nil
		}
		lim := ugi.Limits{MoveTime: moveTime[side], Nodes: nodes[side], Depth: depth[side]}
		allow := moveTime[side]
		if clock {
			lim.Time = [2]time.Duration{left[first], left[first.Other()]}
			lim.Inc = [2]time.Duration{inc[first], inc[first.Other()]}
			allow = left[side]
		}
		r, err := e.Go(ctx, lim, allow+margin)
		used[side] += r.Elapsed
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		if err != nil {
			lose(side, termination(err), err.Error())
			return moves, comments, nil
		}
		if r.Elapsed > allow+margin {
			lose(side, TermTimeForfeit, fmt.Sprintf("moved after %v with %v left and a margin of %v",
				r.Elapsed.Round(time.Millisecond), allow, margin))
			return moves, comments, nil
		}
		if clock {
			left[side] = max(0, left[side]-r.Elapsed) + inc[side]
		}
		m, err := pos.ParseMove(r.Move)
		var text string
		if err == nil {
			text, err = formatMove(pos, m)
		}
		if err == nil {
			err = pos.Play(m)
		}
		if err != nil {
			lose(side, TermIllegalMove, fmt.Sprintf("played %q at ply %d: %v", r.Move, len(moves)+1, err))
			return moves, comments, nil
		}
		moves = append(moves, text)
		comment := ""
		if withComments {
			comment = moveComment(&r)
		}
		comments = append(comments, comment)
		st[side].Add(r.Elapsed, r.Depth, r.Nodes, r.NPS)
		adj.add(side, r.Eval)
	}
}

// table keeps the standings.
type table struct {
	order []string
	rows  map[string]*Standing
}

func newTable(cfg *Config) *table {
	t := &table{rows: map[string]*Standing{}}
	for _, e := range cfg.Engines {
		t.order = append(t.order, e.Name)
		t.rows[e.Name] = &Standing{Name: e.Name}
	}
	return t
}

func (t *table) row(name string) *Standing {
	r := t.rows[name]
	if r == nil {
		r = &Standing{Name: name}
		t.rows[name] = r
		t.order = append(t.order, name)
	}
	return r
}

func (t *table) add(white, black string, result rules.Result) {
	w, b := t.row(white), t.row(black)
	switch result {
	case rules.WhiteWins:
		w.Games, b.Games = w.Games+1, b.Games+1
		w.Wins++
		b.Losses++
		w.Points++
	case rules.BlackWins:
		w.Games, b.Games = w.Games+1, b.Games+1
		b.Wins++
		w.Losses++
		b.Points++
	case rules.Draw:
		w.Games, b.Games = w.Games+1, b.Games+1
		w.Draws++
		b.Draws++
		w.Points += 0.5
		b.Points += 0.5
	}
}

// standings returns the rows by points, then by name.
func (t *table) standings() []Standing {
	out := make([]Standing, 0, len(t.order))
	for _, n := range t.order {
		out = append(out, *t.rows[n])
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Points != out[j].Points {
			return out[i].Points > out[j].Points
		}
		return out[i].Name < out[j].Name
	})
	return out
}
