package console

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// exitInterrupted is the exit status of a run that a third signal ends,
// as of any arbiter command interrupted.
const exitInterrupted = 130

// Interrupts handles Ctrl-C and SIGTERM during a tournament. The first one
// (or the end of parent, which the same signal ends in main) closes stop:
// no new game starts, the games in play are finished and stored. The
// second cancels the returned context: the games in play are abandoned and
// every engine is ended. A third ends the process at once; the kernel ends
// the engines with it. undo stops the handling.
func Interrupts(parent context.Context, stderr io.Writer) (ctx context.Context, stop <-chan struct{}, undo func()) {
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
