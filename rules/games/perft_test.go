package games

import (
	"context"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/rules"
)

// TestPerftContext: PerftContext counts what Perft counts, and once its
// context is done it stops within a few milliseconds, even at a depth that
// would take years (issue 17: perft ignored Ctrl-C and SIGTERM).
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
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				_, err := rules.PerftContext(ctx, pos, 20)
				done <- err
			}()
			time.Sleep(20 * time.Millisecond) // let it start
			cancel()
			at := time.Now()
			select {
			case err := <-done:
				if err != context.Canceled {
					t.Errorf("PerftContext(start, 20) after cancel: %v; want context.Canceled", err)
				}
				t.Logf("stopped %v after the cancel", time.Since(at))
			case <-time.After(10 * time.Second):
				t.Fatalf("PerftContext(start, 20) still running 10 s after the cancel")
			}
		})
	}
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
