package tournament

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/worker"
)

// fanOut has every player play the slots of source until none is left,
// the gate closes or ctx ends, and sends each finished game to results
// (closed when every player is done); a player's error goes to errc and
// cancels the run.
func fanOut(ctx context.Context, cancel func(), cfg *config.Tournament, players []*worker.Player, source slotSource, gate *stopGate) (<-chan *worker.Finished, <-chan error) {
	n := len(players)
	// A finished game waits here, not in its worker, while the one before
	// it is being stored.
	results := make(chan *worker.Finished, n)
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
			defer w.Close()
			for ctx.Err() == nil {
				if !gate.enter() {
					return
				}
				t, state, wake, err := source.next(ctx)
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
					t := time.NewTimer(source.poll())
					select {
					case <-wake:
					case <-t.C:
					case <-ctx.Done():
					}
					t.Stop()
					continue
				}
				s, err := slotOf(cfg, t)
				var f *worker.Finished
				if err == nil {
					f, err = w.Play(ctx, s)
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

// slotOf returns the slot a player took with its start: the pair's seed
// and opening, and when it was taken.
func slotOf(cfg *config.Tournament, t taken) (worker.Slot, error) {
	g := t.game
	o, err := cfg.Opening(g.Pair)
	if err != nil {
		return worker.Slot{}, fmt.Errorf("slot %d: opening: %w", g.Slot, err)
	}
	return worker.Slot{Game: g, Seed: cfg.PairSeed(g.Pair), Opening: o, StartedAt: t.at}, nil
}

// syncEvery is how often a runner sharing a tournament reads what the
// others stored while none of its own games ends.
const syncEvery = time.Second

// storeAll stores the games of results as they come, until it is closed,
// and on a shared tournament reads what the others store; it returns the
// first error, after which it cancels the run and drains results.
func (r *run) storeAll(ctx context.Context, cancel func(), results <-chan *worker.Finished, gate *stopGate, n int) error {
	sctx := context.WithoutCancel(ctx)
	ins := r.opt.DB.NewInserter()
	defer ins.Close()
	if r.leases == nil {
		// Each game is learnt, and the SPRT stored, in the game's own
		// transaction: one commit a game. A shared tournament learns the
		// game after, with what the other runners stored meanwhile.
		ins.Then = r.learnStored
	}
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
				continue
			}
			unlock := r.queue.stepLock()
			if fatal = r.storeOne(sctx, ins, f, gate, n); fatal != nil {
				cancel()
			}
			unlock()
		case <-tick:
			if fatal != nil {
				continue
			}
			unlock := r.queue.stepLock()
			k, err := r.sync(sctx, gate)
			unlock()
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
func (r *run) storeOne(ctx context.Context, ins *store.Inserter, f *worker.Finished, gate *stopGate, n int) error {
	reported := false
	defer func() {
		if !reported {
			gate.leave()
		}
	}()
	g := store.NewGame(r.cfg.Game, f.White, f.Black, f.Result, f.Score, f.Termination, f.Plies, f.Record)
	g.TournamentID, g.Slot, g.Pair = r.tid, f.Slot.Slot, f.Slot.Pair
	g.Duration, g.WhiteTime, g.BlackTime, g.StartedAt = f.Duration, f.WhiteTime, f.BlackTime, f.StartedAt
	g.WhiteStats, g.BlackStats = f.WhiteStats, f.BlackStats
	if u := f.Solver; u != nil {
		g.Solver = &store.SolverUse{Time: u.Time, Nodes: u.Nodes}
	}
	r.learnt = false
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
	if u := f.Solver; u != nil {
		r.sum.Solver.Games++
		r.sum.Solver.Time += u.Time
		r.sum.Solver.Nodes += u.Nodes
	}
	learnt := r.learnt
	if !learnt {
		if err := r.learn(slotGame(g)); err != nil {
			return err
		}
	}
	elsewhere := 0
	if r.leases != nil {
		var err error
		if elsewhere, err = r.sync(ctx, gate); err != nil {
			return err
		}
	}
	if err := r.storeByes(ctx); err != nil {
		return err
	}
	if learnt {
		if r.sp != nil {
			r.sp.saved() // with the game
		}
		r.stopIfDecided(gate)
	} else if err := r.saveSPRT(ctx, ins, gate); err != nil {
		return err
	}
	if r.queue.over() {
		gate.finish()
	}
	reported = true
	gate.leaveAfter(func() { r.progress(f, n, elsewhere) })
	return nil
}

// slotGame is the stored game g as learn takes it.
func slotGame(g *store.Game) store.SlotGame {
	return store.SlotGame{Slot: g.Slot, White: g.White, Black: g.Black, Result: g.Result, Termination: g.Termination}
}

// learnStored is the Inserter's Then: it learns the game g, whose rows
// are written, and returns where the SPRT stands then, to be stored in
// the game's transaction.
func (r *run) learnStored(g *store.Game) (*store.SPRT, []store.SPRTPoint, error) {
	if err := r.learn(slotGame(g)); err != nil {
		return nil, nil, err
	}
	r.learnt = true
	if r.sp == nil {
		return nil, nil, nil
	}
	row, points := r.sp.unsaved()
	return row, points, nil
}

// saveSPRT stores where the SPRT stands (to the inserter, after a game
// stored), and stops the match once it has answered: no game starts any
// more.
func (r *run) saveSPRT(ctx context.Context, to sprtSaver, gate *stopGate) error {
	if r.sp == nil {
		return nil
	}
	if err := r.sp.save(ctx, to, false); err != nil {
		return err
	}
	r.stopIfDecided(gate)
	return nil
}

// stopIfDecided stops the match once its SPRT has answered: no game
// starts any more.
func (r *run) stopIfDecided(gate *stopGate) {
	if r.sp != nil && r.sp.decided() {
		gate.halt()
		r.queue.halt()
	}
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
		if r.queue.sched.has(g.Slot) {
			continue
		}
		if err := r.learn(g); err != nil {
			return k, err
		}
		k++
	}
	r.sum.Elsewhere += k
	if err := r.storeByes(ctx); err != nil {
		return k, err
	}
	if k > 0 {
		if err := r.saveSPRT(ctx, r.opt.DB, gate); err != nil {
			return k, err
		}
	}
	return k, nil
}
