package games

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/rules"
)

// TestPerftContext: PerftContext counts what Perft counts, and once its
// context is done in the middle of a count it stops, even at a depth that
// would take years (so perft ends on Ctrl-C and SIGTERM).
func TestPerftContext(t *testing.T) {
	for _, g := range All {
		t.Run(g.ID(), func(t *testing.T) {
			pos, _ := start(t, g)
			for depth := 0; depth <= 4; depth++ {
				got, err := rules.PerftContext(context.Background(), pos, depth)
				if want := rules.Perft(pos, depth); got != want || err != nil {
					t.Errorf("PerftContext(start, %d) = %d, %v; want %d", depth, got, err, want)
				}
			}
			parent, cancel := context.WithCancel(context.Background())
			ctx := &startedCtx{Context: parent, started: make(chan struct{})}
			done := make(chan error, 1)
			go func() {
				_, err := rules.PerftContext(ctx, pos, 20)
				done <- err
			}()
			const guard = time.Minute
			select {
			case <-ctx.started:
			case <-time.After(guard):
				t.Fatalf("PerftContext(start, 20) did not reach its first move within %v", guard)
			}
			cancel()
			at := time.Now()
			select {
			case err := <-done:
				if err != context.Canceled {
					t.Errorf("PerftContext(start, 20) after cancel: %v; want context.Canceled", err)
				}
				t.Logf("stopped %v after the cancel", time.Since(at))
			case <-time.After(guard):
				t.Fatalf("PerftContext(start, 20) still running %v after the cancel", guard)
			}
		})
	}
}

// startedCtx closes started when its Err is asked a second time: PerftContext
// asks once on entry and again as it goes down its first move, so the count
// is under way.
type startedCtx struct {
	context.Context
	calls   atomic.Int32
	started chan struct{}
}

func (c *startedCtx) Err() error {
	if c.calls.Add(1) == 2 {
		close(c.started)
	}
	return c.Context.Err()
}

// BenchmarkPerft5 is the perft command's count at depth 5 in each game
// through Perft; BenchmarkPerftContext5 through PerftContext, which the
// command uses since it checks for cancellation.
func BenchmarkPerft5(b *testing.B) {
	for _, g := range All {
		b.Run(g.ID(), func(b *testing.B) {
			pos, _ := start(b, g)
			for b.Loop() {
				rules.Perft(pos, 5)
			}
		})
	}
}

func BenchmarkPerftContext5(b *testing.B) {
	ctx := context.Background()
	for _, g := range All {
		b.Run(g.ID(), func(b *testing.B) {
			pos, _ := start(b, g)
			for b.Loop() {
				rules.PerftContext(ctx, pos, 5)
			}
		})
	}
}
