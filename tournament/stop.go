package tournament

import "sync"

// stopGate lets games start until a stop channel is closed, and counts the
// games in play, so that the stop can say how many it lets finish. A game
// is in play from its start until it is stored and reported (or dropped):
// the count said at the stop is then exactly the number of games reported
// after it.
type stopGate struct {
	mu     sync.Mutex
	inPlay int
	halted bool // no game may start
	asked  bool // by the stop channel (not by halt), before the last game was stored
	// over says that the last game of the tournament is stored: a stop
	// that comes after it is none.
	over bool
	stop <-chan struct{}
	done chan struct{} // closed by close: Run is over
}

// newStopGate watches stop (nil: never); on its close it calls stopping,
// when set, with the games in play.
func newStopGate(stop <-chan struct{}, stopping func(int)) *stopGate {
	g := &stopGate{stop: stop, done: make(chan struct{})}
	onStop(stop, g.done, func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.over {
			return
		}
		g.halted, g.asked = true, true
		if stopping != nil {
			// Under the lock, so that no game is reported between the
			// count and its announcement (see leaveAfter).
			stopping(g.inPlay)
		}
	})
	return g
}

// enter reports whether a game may start, and counts it in play if so.
func (g *stopGate) enter() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	// The watcher may not have run yet when the stop channel closes: a
	// game asked for after the close must not start in that gap.
	select {
	case <-g.stop:
		g.halted, g.asked = true, !g.over
	default:
	}
	if g.halted {
		return false
	}
	g.inPlay++
	return true
}

// leave counts a game out of play.
func (g *stopGate) leave() {
	g.mu.Lock()
	g.inPlay--
	g.mu.Unlock()
}

// leaveAfter reports a stored game with report and counts it out of play,
// both at once as the stop's announcement sees them.
func (g *stopGate) leaveAfter(report func()) {
	g.mu.Lock()
	defer g.mu.Unlock()
	report()
	g.inPlay--
}

// halt lets no game start from now on, as the stop channel does, without
// counting as a stop (stopped stays false): the SPRT's verdict ends a match
// this way.
func (g *stopGate) halt() {
	g.mu.Lock()
	g.halted = true
	g.mu.Unlock()
}

// finish notes that the last game of the tournament is stored.
func (g *stopGate) finish() {
	g.mu.Lock()
	g.over = true
	g.mu.Unlock()
}

// stopped reports whether the stop came before the last game was stored.
func (g *stopGate) stopped() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.asked
}

// close ends the watch.
func (g *stopGate) close() { close(g.done) }

// startStop watches a stop channel while a run starts (resume, the
// engines' check, the leases): there is no game in play to finish yet, so
// a stop then ends the start-up at once, cancelling its context, and the
// run returns ErrStopped, after telling stopping, when set, of no game in
// play, as a stop after the start would. Once the start is over (stopped),
// the stopGate takes the stop over.
type startStop struct {
	mu    sync.Mutex
	over  bool // the start is over: a stop is the gate's
	early bool // the stop came before, and cancelled the start
	done  chan struct{}
}

// watchStart calls cancel when stop (nil: never) closes before the start
// is over.
func watchStart(stop <-chan struct{}, stopping func(int), cancel func()) *startStop {
	s := &startStop{done: make(chan struct{})}
	onStop(stop, s.done, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if !s.over {
			s.early = true
			cancel()
			if stopping != nil {
				stopping(0)
			}
		}
	})
	return s
}

// onStop calls f on a goroutine of its own when stop (nil: never) closes
// before done does.
func onStop(stop, done <-chan struct{}, f func()) {
	if stop == nil {
		return
	}
	go func() {
		select {
		case <-stop:
		case <-done:
			return
		}
		f()
	}()
}

// stopped ends the start and returns err, or ErrStopped when a stop came
// before and cancelled it (err is then what the cancel made).
func (s *startStop) stopped(err error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.over {
		s.over = true
		close(s.done)
	}
	if s.early {
		return ErrStopped
	}
	return err
}
