package tournament

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"github.com/arbiter-games/arbiter/pairing"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/store"
)

// queue hands out the slots of the schedule's stages to the players, and
// learns from the storer what is stored, making the next stages. The
// storer is the only one that stores; players only take.
type queue struct {
	mu     sync.Mutex
	sched  *schedule
	next   int // the next slot of the last stage to hand out
	halted bool
	// step, when gated (a match with an SPRT), makes the storing of a game
	// and the test's answer to it one step as the players see it: a slot
	// is taken before a game is stored or after the LLR counts it, never
	// between, so that no game starts once a stored result has reached a
	// bound. The storer holds it while it stores; a player while it takes.
	step  sync.Mutex
	gated bool
	// changed is closed, and replaced, when a stage is made or the
	// schedule ends: a player waiting for a slot looks again.
	changed chan struct{}
}

func newQueue(s *schedule) *queue {
	q := &queue{sched: s, changed: make(chan struct{})}
	if len(s.stages) > 0 {
		q.next = s.current().First
	}
	return q
}

// slotState says what a slot source has for a player.
type slotState int

const (
	slotGot  slotState = iota // a slot to play
	slotNone                  // nothing left: the player is done
	slotWait                  // nothing now, but a slot may come: ask again after wake
)

// take returns the next slot of the last stage that is neither stored nor
// handed out; with none, slotNone once nothing can follow (the stage is
// the last, the schedule is over or halted), else slotWait with the
// channel closed when a stage is made.
func (q *queue) take() (pairing.Game, slotState, <-chan struct{}) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.halted || len(q.sched.stages) == 0 {
		return pairing.Game{}, slotNone, nil
	}
	st := q.sched.current()
	for q.next < st.End() && q.sched.has(q.next) {
		q.next++
	}
	if q.next < st.End() {
		k := q.next
		q.next++
		return st.Game(k), slotGot, nil
	}
	if st.Last || q.sched.over {
		return pairing.Game{}, slotNone, nil
	}
	return pairing.Game{}, slotWait, q.changed
}

// first returns the first n slots take would hand out, without handing
// them out: the games the players start their engines for.
func (q *queue) first(n int) []pairing.Game {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.halted || len(q.sched.stages) == 0 {
		return nil
	}
	var out []pairing.Game
	st := q.sched.current()
	for k := q.next; k < st.End() && len(out) < n; k++ {
		if !q.sched.has(k) {
			out = append(out, st.Game(k))
		}
	}
	return out
}

// game returns the game of slot k, if its stage is made.
func (q *queue) game(k int) (pairing.Game, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.sched.game(k)
}

// end is the slot after the last stage made.
func (q *queue) end() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.sched.end()
}

// store records the stored game of slot k and makes the stages that
// follows; it returns them.
func (q *queue) store(k int, r rules.Result) ([]pairing.Stage, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.sched.store(k, r) {
		return nil, nil
	}
	made, err := q.sched.advance()
	if len(made) > 0 {
		q.next = q.sched.current().First
	}
	if len(made) > 0 || q.sched.over {
		close(q.changed)
		q.changed = make(chan struct{})
	}
	return made, err
}

// over reports whether every game of the schedule is stored.
func (q *queue) over() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.sched.over || q.halted
}

// halt hands out no slot any more (the SPRT has answered).
func (q *queue) halt() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.halted {
		q.halted = true
		close(q.changed)
		q.changed = make(chan struct{})
	}
}

// taken is a slot a player took, and when: the game's start, which is
// when the player asked for it. (A game's start precedes what it was given
// on: the claim of a shared slot reads the stored SPRT after it, so a
// verdict stored after a game's start cannot have been seen by its claim.)
type taken struct {
	game pairing.Game
	at   time.Time
}

// slotSource hands out the slots to play, one per call, to the players.
type slotSource interface {
	// next returns a slot to play, or slotNone, or slotWait with a
	// channel closed when asking again may give one, after which a player
	// asks again at the latest after poll.
	next(ctx context.Context) (t taken, st slotState, wake <-chan struct{}, err error)
	poll() time.Duration
}

// stepLock takes q's step when it is gated, and returns its unlock.
func (q *queue) stepLock() func() {
	if !q.gated {
		return func() {}
	}
	q.step.Lock()
	return q.step.Unlock
}

// localSlots hands out the slots of the queue to the players of this
// runner alone (SQLite).
type localSlots struct{ q *queue }

func (l localSlots) next(context.Context) (taken, slotState, <-chan struct{}, error) {
	defer l.q.stepLock()()
	at := time.Now()
	g, st, wake := l.q.take()
	return taken{g, at}, st, wake, nil
}

func (localSlots) poll() time.Duration { return time.Hour }

// leasedSlots hands out the slots this runner leases from the shared
// schedule (PostgreSQL): of the stages made, those no runner plays.
type leasedSlots struct {
	q      *queue
	leases *store.Leases
	wait   time.Duration
}

func (l *leasedSlots) next(ctx context.Context) (taken, slotState, <-chan struct{}, error) {
	defer l.q.stepLock()()
	l.q.mu.Lock()
	end, halted, wake := l.q.sched.end(), l.q.halted, l.q.changed
	last := len(l.q.sched.stages) > 0 && l.q.sched.current().Last || l.q.sched.over
	l.q.mu.Unlock()
	if halted {
		return taken{}, slotNone, nil, nil
	}
	at := time.Now()
	k, left, err := l.leases.Claim(ctx, end)
	switch {
	case err != nil:
		return taken{}, slotNone, nil, err
	case k >= end:
		return taken{}, slotNone, nil, fmt.Errorf("claim a slot: slot %d is past the schedule's %d", k, end)
	case k >= 0:
		g, _ := l.q.game(k)
		return taken{g, at}, slotGot, nil, nil
	case left > 0 || !last:
		// Others' games in play (they may die and their leases expire),
		// the stored SPRT catching up with a game another runner stored,
		// or the next stage, which comes once they are stored.
		return taken{}, slotWait, wake, nil
	}
	return taken{}, slotNone, nil, nil
}

func (l *leasedSlots) poll() time.Duration { return l.wait }

// slotSource returns where the players take their slots: the run's own
// queue on SQLite; on PostgreSQL, leases from the shared schedule, renewed
// while wctx lives and given back at its end.
func (r *run) slotSource(ctx, wctx context.Context) (slotSource, error) {
	if !r.opt.DB.Shared() || r.queue.over() {
		return localSlots{r.queue}, nil
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
	leases, err := r.opt.DB.NewLeases(ctx, r.tid, r.queue.end(), owner, lease)
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
	return &leasedSlots{q: r.queue, leases: leases, wait: min(max(lease/10, 100*time.Millisecond), maxPoll)}, nil
}

// maxPoll bounds how long a player waiting for a leased slot waits before
// it asks again. A variable, so that a test can make a needless wait
// unmistakable on a machine of any speed.
var maxPoll = 2 * time.Second

// addLeases makes the slots of stages made during the run leasable by
// every runner (PostgreSQL): the first runner to make a stage adds its
// slots, the others find them there.
func (r *run) addLeases(made []pairing.Stage) error {
	if r.leases == nil || len(made) == 0 {
		return nil
	}
	last := made[len(made)-1]
	return r.leases.Add(context.Background(), last.End())
}
