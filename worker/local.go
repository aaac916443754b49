package worker

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/referee"
	"github.com/arbiter-games/arbiter/rules"
)

// starter starts the engines of a tournament: with the engine log, if
// any, and the warnings they give going to warn, if set.
type starter struct {
	set  *Settings
	log  *engineproc.Log
	warn func(string)
}

// start starts engine i, labelling its log lines with as (the worker and
// slot).
func (st *starter) start(ctx context.Context, i int, as string) (*engineproc.Client, error) {
	spec := st.set.Engines[i].Spec
	spec.Log, spec.LogAs, spec.Warn = st.log, as, st.warn
	return engineproc.Start(ctx, spec, st.set.Timeouts)
}

// pool holds started engines that no worker holds yet: the preflight's,
// which play the first games instead of new processes.
type pool struct {
	mu      sync.Mutex
	engines map[int][]*engineproc.Client
	st      *starter
	logAs   string // the worker/slot column of its engines' log lines
}

// preflight starts every engine of cfg at the same time and checks that it
// does the handshake and answers isready, so that an engine that cannot
// play stops the tournament before its first game rather than losing every
// game it has; it keeps the sound ones. With copies, it starts
// copies[i] processes of engine i (still at least one) at the same time,
// for the first games of every worker; only the first copy's failure
// counts, a later one is started again when needed.
func (p *pool) preflight(ctx context.Context, copies map[int]int) error {
	want := make(map[int]int, len(p.st.set.Engines))
	for i := range p.st.set.Engines {
		want[i] = max(1, copies[i])
	}
	errs := p.start(ctx, want)
	if err := ctx.Err(); err != nil {
		return err
	}
	return errors.Join(errs...)
}

// start starts want[i] processes of each engine i at the same time, checks
// that each does the handshake and answers isready, and keeps the sound
// ones. errs[i] is the failure of engine i's first copy (it names the
// engine); a later copy that fails is only not kept.
func (p *pool) start(ctx context.Context, want map[int]int) (errs []error) {
	errs = make([]error, len(p.st.set.Engines))
	var wg sync.WaitGroup
	for i := range errs {
		for c := range want[i] {
			wg.Add(1)
			go func() { // the copies of one engine start at once
				defer wg.Done()
				e, err := p.st.start(ctx, i, p.logAs)
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
func (p *pool) put(i int, e *engineproc.Client) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.engines == nil {
		p.engines = map[int][]*engineproc.Client{}
	}
	p.engines[i] = append(p.engines[i], e)
}

// take removes an engine i from the pool and returns it, or nil.
func (p *pool) take(i int) *engineproc.Client {
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
	var gone []*engineproc.Client
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
func closeEngines(es []*engineproc.Client) { atOnce(es, func(e *engineproc.Client) { e.Close() }) }

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

// worker plays games one after another, keeping the engines of its last
// game running for the next one when they are needed again.
type local struct {
	set     *Settings
	engines map[int]*engineproc.Client
	idle    *pool // engines to take before starting new ones
	st      *starter
	id      int  // 1 and up, for the engine log
	played  bool // a game was played: the next one waits Settings.Wait first
}

func newLocal(st *starter, idle *pool, id int) *local {
	return &local{set: st.set, engines: map[int]*engineproc.Client{}, idle: idle, st: st, id: id}
}

func (w *local) closeAll() {
	es := make([]*engineproc.Client, 0, len(w.engines))
	for i, e := range w.engines {
		es = append(es, e)
		delete(w.engines, i)
	}
	closeEngines(es)
}

// ready returns engine i ready for a new game, with options set, given cur, the worker's
// running engine i (or nil): cur if it is sound, else one from the pool,
// else a new process. An engine that was running before (it may have died
// while idle) and fails to get ready is replaced by a new process once
// before it is blamed. It does not touch w.engines, so that both engines of
// a game get ready at the same time.
//
// as labels the engine's log lines (the worker and slot), if there is a log.
func (w *local) ready(ctx context.Context, i int, cur *engineproc.Client, as string, options map[string]string) (*engineproc.Client, error) {
	if cur != nil && cur.Failed() != nil {
		cur.Close()
		cur = nil
	}
	if cur == nil && w.idle != nil {
		cur = w.idle.take(i)
	}
	if cur != nil {
		cur.LogAs(as)
		err := cur.NewGame(ctx, options)
		if err == nil || ctx.Err() != nil {
			return cur, err
		}
		cur.Close()
	}
	e, err := w.st.start(ctx, i, as)
	if err != nil {
		return nil, err
	}
	return e, e.NewGame(ctx, options)
}

// readyBoth gets the engines of slot s ready at the same time (a start can
// take a while) and keeps them; failed[c] says why side c's could not.
func (w *local) readyBoth(ctx context.Context, s Slot) (eng [2]*engineproc.Client, failed [2]error) {
	// Keep only the engines this game needs.
	var unneeded []*engineproc.Client
	for i, e := range w.engines {
		if i != s.White && i != s.Black {
			unneeded = append(unneeded, e)
			delete(w.engines, i)
		}
	}
	closeEngines(unneeded)
	var as string // the log's worker/slot column
	if w.st.log != nil {
		as = strconv.Itoa(w.id) + "/" + strconv.Itoa(s.Slot)
	}
	idx := [2]int{rules.White: s.White, rules.Black: s.Black}
	done := make(chan struct{})
	go func() {
		eng[rules.Black], failed[rules.Black] = w.ready(ctx, idx[rules.Black], w.engines[idx[rules.Black]], as, s.Options[rules.Black])
		close(done)
	}()
	eng[rules.White], failed[rules.White] = w.ready(ctx, idx[rules.White], w.engines[idx[rules.White]], as, s.Options[rules.White])
	<-done
	for _, c := range []rules.Color{rules.White, rules.Black} {
		if eng[c] != nil {
			w.engines[idx[c]] = eng[c]
		} else {
			delete(w.engines, idx[c])
		}
	}
	return eng, failed
}

// play referees the game of slot s. It returns an error only when the game
// cannot be played at all (ctx done, a start the rules refuse, neither
// engine able to play).
func (w *local) play(ctx context.Context, s Slot) (*Finished, error) {
	if d := w.set.Wait; d > 0 && w.played {
		// The pause between one game and the next.
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		}
	}
	w.played = true
	started := s.StartedAt
	if started.IsZero() {
		started = time.Now()
	}
	defer func() {
		for i, e := range w.engines {
			if e.Failed() != nil || w.set.RestartEngines {
				e.Close()
				delete(w.engines, i)
			}
		}
	}()
	g, startTags, err := w.start(s)
	if err != nil {
		return nil, err
	}
	eng, failed := w.readyBoth(ctx, s)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var res referee.Result
	switch {
	case failed[rules.White] != nil && failed[rules.Black] != nil:
		// Something is wrong beyond one engine: stop, and leave the slot
		// to a later run.
		return nil, fmt.Errorf("slot %d: neither engine can play: %w", s.Slot,
			errors.Join(failed[rules.White], failed[rules.Black]))
	case failed[rules.White] != nil:
		res = referee.Forfeit(g, rules.White, failed[rules.White])
	case failed[rules.Black] != nil:
		res = referee.Forfeit(g, rules.Black, failed[rules.Black])
	default:
		for c := range eng {
			g.Sides[c].Engine = eng[c]
		}
		if res, err = referee.Play(ctx, g, w.set.Rules); err != nil {
			return nil, err
		}
	}
	return w.finished(s, g, res, startTags, started), nil
}

// start returns the game of slot s for the referee, without its engines,
// and the start's tags: the position after the opening's moves, the
// position command's start ("startpos" or "fen F") and each side's limits.
func (w *local) start(s Slot) (referee.Game, [][2]string, error) {
	game := w.set.Game
	o := book.Opening{Tags: game.NewTags(s.Seed)}
	if s.Opening != nil {
		o = *s.Opening
	}
	pos, err := o.Start(game)
	if err != nil {
		return referee.Game{}, nil, fmt.Errorf("slot %d: start position: %w", s.Slot, err)
	}
	g := referee.Game{Pos: pos, Start: "startpos", Book: o.Moves, First: game.FirstMover()}
	if len(o.Tags) > 0 {
		g.Start = "fen " + pos.FEN()
	}
	if err := o.Play(pos); err != nil {
		return referee.Game{}, nil, fmt.Errorf("slot %d: opening %w", s.Slot, err)
	}
	g.Sides[rules.White] = w.set.Engines[s.White].Side
	g.Sides[rules.Black] = w.set.Engines[s.Black].Side
	return g, o.Tags, nil
}

// finished is the finished game of slot s, its record written.
func (w *local) finished(s Slot, g referee.Game, res referee.Result, startTags [][2]string, started time.Time) *Finished {
	set := w.set
	f := &Finished{Slot: s, White: g.Sides[rules.White].Name, Black: g.Sides[rules.Black].Name, StartedAt: started,
		Result: res.Result, Termination: res.Termination, Comment: res.Comment, Plies: len(res.Moves),
		WhiteTime: res.Used[rules.White], BlackTime: res.Used[rules.Black],
		WhiteStats: res.Stats[rules.White], BlackStats: res.Stats[rules.Black]}
	if res.Solver.Calls > 0 {
		f.Solver = &res.Solver
	}
	f.Duration = time.Since(started)
	tags := [][2]string{{"Event", set.Event}}
	if set.Site != "" {
		tags = append(tags, [2]string{"Site", set.Site})
	}
	tags = append(tags, [][2]string{
		{"Date", started.UTC().Format("2006.01.02")},
		{"Round", s.RoundTag()},
		{"White", f.White},
		{"Black", f.Black},
		{"Result", f.Result.String()},
		{"Game", set.Game.Name()},
	}...)
	tags = append(tags, startTags...)
	f.Final = g.Pos.FEN()
	if sc, ok := g.Pos.Score(); ok {
		f.Score = &sc
		tags = append(tags, [2]string{"Score", sc.String()})
	}
	if wt, bt := set.Engines[s.White].TimeControl, set.Engines[s.Black].TimeControl; wt == bt {
		tags = append(tags, [2]string{"TimeControl", wt})
	} else {
		tags = append(tags, [2]string{"WhiteTimeControl", wt}, [2]string{"BlackTimeControl", bt})
	}
	tags = append(tags, [2]string{"Termination", string(f.Termination)})
	f.Record = res.Record(tags)
	return f
}
