package tune

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/internal/proc"
	"github.com/arbiter-games/arbiter/pairing"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/spsa"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/tournament"
	"github.com/arbiter-games/arbiter/worker"
)

// Options say where a run's pairs go and how it reports progress.
type Options struct {
	DB *store.DB // required
	// Concurrency is the number of pairs played at once; 0 takes the
	// config's, and 1 when that is unset too.
	Concurrency int
	// Progress, when set, is called once before the first pair (with a
	// nil Pair) and after every pair stored, from one goroutine at a time.
	Progress func(Progress)
	// Workers, when set, is the command line of a worker process (see
	// tournament.Options.Workers).
	Workers []string
	// Stop, when closed, stops the run gracefully: no new pair starts,
	// the pairs in play are played and stored, and Run returns
	// ErrStopped. Cancelling Run's context abandons them instead.
	Stop <-chan struct{}
	// Lease is how long a pair stays leased to this runner without
	// renewal (renewed every third of it); 0 takes
	// tournament.DefaultLease.
	Lease time.Duration
	// Runner names this runner in the pairs it leases; "" takes
	// host:pid:random.
	Runner string
	// Warn, when set, is told of what an engine said that does not stop
	// it. It may be called from any goroutine.
	Warn func(msg string)
}

// ErrStopped is Run's error when Options.Stop ended the run before its
// last pair.
var ErrStopped = errors.New("tuning stopped: the pairs in play were finished and stored; run it again to play the rest")

// Progress is reported before the first pair and after every pair stored.
type Progress struct {
	Done, Pairs int // pairs stored (by any runner) of N
	Resumed     int // pairs stored before this run
	// Pair is the pair just stored (nil in the first report).
	Pair *store.TunePair
	// Theta is θ after it; Steps are c_k and R_k of the next iteration.
	Theta []float64
	Steps []spsa.Step
	Found bool // the run was stored before this one started
	// Params are the run's parameters, each with its kind (int or float).
	Params []spsa.Param
}

// Summary is what a run leaves behind.
type Summary struct {
	Name     string
	Params   []spsa.Param
	Theta    []float64 // θ after the pairs stored
	Done     int       // pairs stored, of Pairs
	Pairs    int
	Played   int // pairs this runner played and stored
	Resumed  int // pairs stored before it started
	Discard  int // pairs it played that another runner stored first
	Duration time.Duration
	// Overhead is the time this runner spent on the pairs besides their
	// games: taking each from the store, its perturbation, storing it
	// with θ's update.
	Overhead time.Duration
	// WorkerCPU is the CPU time the worker processes used, their engines
	// excluded; RunnerCPU this process's (0 where it cannot be read).
	WorkerCPU, RunnerCPU time.Duration
}

// Run plays the pairs of cfg that are not stored yet and returns the
// run's summary; a run stored under cfg's name with another config is
// refused (store.ErrConfigChanged).
func Run(ctx context.Context, cfg *config.Tune, opt Options) (*Summary, error) {
	start, cpu := time.Now(), proc.CPU()
	games := cfg.Games()
	s, err := kinds(ctx, cfg, opt.Warn)
	if err != nil {
		return nil, err
	}
	reg := &store.TuneRun{Name: cfg.Name, Game: cfg.GameRules().ID(), Engine: cfg.Engine.Name, Config: cfg.Text,
		ConfigHash: cfg.Hash(), Pairs: s.Pairs, Theta: s.Start().Theta}
	for _, p := range s.Params {
		reg.Params = append(reg.Params, store.TuneParam{Name: p.Name, Start: p.Start, Min: p.Min, Max: p.Max})
	}
	db := opt.DB
	if err := db.RegisterTune(ctx, reg); err != nil {
		return nil, err
	}
	if !db.Shared() {
		if err := db.FreeTunePairs(ctx, reg.ID); err != nil {
			return nil, err
		}
	}
	r := &run{cfg: cfg, s: s, games: games, opt: opt, id: reg.ID, sum: &Summary{Name: cfg.Name, Params: s.Params,
		Theta: reg.Theta, Done: reg.Done, Pairs: s.Pairs, Resumed: reg.Done}}
	r.lease = opt.Lease
	if r.lease <= 0 {
		r.lease = tournament.DefaultLease
	}
	r.owner = opt.Runner
	if r.owner == "" {
		host, _ := os.Hostname()
		r.owner = fmt.Sprintf("%s:%d:%08x", host, os.Getpid(), rand.Uint32())
	}
	r.report(nil, reg.Theta, reg.Done, reg.Found)
	var players *worker.Players
	defer func() {
		r.sum.Duration, r.sum.RunnerCPU = time.Since(start), time.Duration(proc.CPU()-cpu)
	}()
	if reg.Done >= s.Pairs {
		return r.sum, nil
	}
	conc := opt.Concurrency
	if conc <= 0 {
		conc = max(1, cfg.Concurrency)
	}
	conc = min(conc, s.Pairs-reg.Done)
	first := make([]pairing.Game, conc)
	for i := range first {
		first[i] = pairing.Game{White: 0, Black: 1}
	}
	wctx, wcancel := context.WithCancel(ctx)
	defer wcancel()
	players, err = worker.Start(wctx, tournament.Settings(games), worker.Options{Argv: opt.Workers, Warn: opt.Warn}, first)
	if err != nil {
		return nil, err
	}
	defer func() {
		for _, p := range players.List {
			p.Close()
		}
		r.sum.WorkerCPU = players.End()
	}()
	if db.Shared() {
		renewed := make(chan struct{})
		go func() {
			defer close(renewed)
			t := time.NewTicker(r.lease / 3)
			defer t.Stop()
			for {
				select {
				case <-wctx.Done():
					return
				case <-t.C:
					db.RenewTunePairs(wctx, r.id, r.owner, r.lease)
				}
			}
		}()
		defer func() {
			wcancel()
			<-renewed
			db.GiveBackTunePairs(context.WithoutCancel(ctx), r.id, r.owner)
		}()
	}
	errs := make([]error, len(players.List))
	var wg sync.WaitGroup
	for i, p := range players.List {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = r.play(wctx, p)
			if errs[i] != nil {
				wcancel()
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return r.sum, err
	}
	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			return r.sum, err
		}
	}
	// Other runners sharing the run may have stored its last pairs.
	now, err := db.TuneRun(ctx, r.id)
	if err != nil {
		return r.sum, err
	}
	r.sum.Done, r.sum.Theta = now.Done, now.Theta
	if r.sum.Done < s.Pairs {
		return r.sum, ErrStopped
	}
	return r.sum, nil
}

// run is a run in play.
type run struct {
	cfg   *config.Tune
	s     *spsa.Schedule
	games *config.Tournament
	opt   Options
	id    int64
	owner string
	lease time.Duration

	mu  sync.Mutex // guards sum and the progress reports
	sum *Summary
}

// stopped reports whether the run was asked to stop.
func (r *run) stopped() bool {
	select {
	case <-r.opt.Stop:
		return true
	default:
		return false
	}
}

// play has player p play pairs until there are none left to take.
func (r *run) play(ctx context.Context, p *worker.Player) error {
	for !r.stopped() {
		if err := ctx.Err(); err != nil {
			return err
		}
		t0 := time.Now()
		take, ok, left, err := r.opt.DB.TakeTunePair(ctx, r.id, r.owner, r.lease)
		if err != nil {
			return err
		}
		if !ok {
			if left == 0 {
				return nil
			}
			// Other runners hold the last pairs: one may die, and its
			// leases expire.
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-r.opt.Stop:
				return nil
			case <-time.After(min(r.lease/10, time.Second)):
			}
			continue
		}
		pair := r.s.Perturb(take.Theta, take.K, take.Pair)
		overhead := time.Since(t0)
		results, result, err := r.playPair(ctx, p, &pair)
		if err != nil {
			return err
		}
		t1 := time.Now()
		tp := &store.TunePair{Pair: pair.Index, K: pair.K, Flips: pair.Flip, Plus: pair.Plus.Sent, Minus: pair.Minus.Sent,
			Games: results, Result: result}
		// The pairs of this runner are stored one at a time, so that
		// their reports come in the order of their θ.
		r.mu.Lock()
		err = r.opt.DB.StoreTunePair(ctx, r.id, r.owner, tp, func(theta []float64) { r.s.Update(theta, &pair, result) })
		overhead += time.Since(t1)
		r.sum.Overhead += overhead
		switch {
		case errors.Is(err, store.ErrDuplicate):
			r.sum.Discard++
		case err == nil:
			r.sum.Played++
			r.report(tp, tp.Theta, tp.Seq, true)
		}
		r.mu.Unlock()
		if err != nil && !errors.Is(err, store.ErrDuplicate) {
			return err
		}
	}
	return nil
}

// report records θ after a pair stored (Seq done) and calls Progress;
// r.mu is held.
func (r *run) report(p *store.TunePair, theta []float64, done int, found bool) {
	if done >= r.sum.Done {
		r.sum.Done, r.sum.Theta = done, theta
	}
	if r.opt.Progress == nil {
		return
	}
	r.opt.Progress(Progress{Done: done, Pairs: r.s.Pairs, Resumed: r.sum.Resumed, Pair: p, Theta: theta,
		Steps: r.s.At(min(done+1, r.s.Pairs), nil), Found: found, Params: r.s.Params})
}

// playPair plays pair's two games on p, the + side White in the first:
// the games' results and the wins less the losses of the + side.
func (r *run) playPair(ctx context.Context, p *worker.Player, pair *spsa.Pair) ([]string, int, error) {
	plus, minus := options(r.s, pair.Plus.Sent), options(r.s, pair.Minus.Sent)
	o, err := r.games.Opening(pair.Index)
	if err != nil {
		return nil, 0, fmt.Errorf("pair %d: opening: %w", pair.Index, err)
	}
	seed := r.games.PairSeed(pair.Index)
	var results []string
	score := 0
	for g := range 2 {
		slot := worker.Slot{Game: pairing.Game{Slot: 2*pair.Index + g, Round: pair.Index + 1, Number: g + 1, Pair: pair.Index},
			Seed: seed, Opening: o, StartedAt: time.Now()}
		plusAs := rules.White
		if g == 0 {
			slot.White, slot.Black = 0, 1
			slot.Options = [2]map[string]string{rules.White: plus, rules.Black: minus}
		} else {
			slot.White, slot.Black = 1, 0
			slot.Options = [2]map[string]string{rules.White: minus, rules.Black: plus}
			plusAs = rules.Black
		}
		f, err := p.Play(ctx, slot)
		if err != nil {
			return nil, 0, err
		}
		results = append(results, f.Result.String())
		switch f.Result {
		case rules.Win(plusAs):
			score++
		case rules.Win(plusAs.Other()):
			score--
		}
	}
	return results, score, nil
}

// options are the values of a side as the engine's options.
func options(s *spsa.Schedule, values []float64) map[string]string {
	m := make(map[string]string, len(values))
	for i, p := range s.Params {
		m[p.Name] = strconv.FormatFloat(values[i], 'f', -1, 64)
	}
	return m
}

// kinds starts the engine once and returns cfg's schedule with each
// parameter of no kind made int when the engine declares it a spin
// option, float otherwise; an engine that declares options must declare
// every parameter.
func kinds(ctx context.Context, cfg *config.Tune, warn func(string)) (*spsa.Schedule, error) {
	games := cfg.Games()
	spec := games.Specs()[0]
	spec.Name, spec.Warn = cfg.Engine.Name, warn
	e, err := engineproc.Start(ctx, spec, games.Timeouts())
	if err != nil {
		return nil, err
	}
	defer e.Close()
	s := *cfg.Schedule()
	s.Params = slices.Clone(s.Params)
	for i := range s.Params {
		p := &s.Params[i]
		typ, ok := e.OptionType(p.Name)
		if !ok && len(e.Declared()) > 0 {
			return nil, fmt.Errorf("%s: engine %s does not declare the option %q (it declares: %s)",
				cfg.Source, cfg.Engine.Name, p.Name, strings.Join(e.Declared(), ", "))
		}
		if p.Kind == spsa.Unset {
			p.Kind = spsa.Float
			if typ == "spin" {
				p.Kind = spsa.Int
			}
		}
	}
	return &s, nil
}
