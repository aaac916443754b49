package tournament

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"testing"

	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/worker"
)

// The test binary doubles as scripted engines (see enginetest) and as a
// runner process: run as "TESTBINARY fake-runner CONFIG DB" it runs a
// tournament, as "TESTBINARY tournament-worker" a worker process.
func TestMain(m *testing.M) {
	// The toy game is known to the tests (and to the fake engines) besides
	// the real ones.
	toygames.RegisterRace()
	if code, ok := enginetest.Main(os.Args[1:]); ok {
		os.Exit(code)
	}
	if len(os.Args) >= 2 {
		switch os.Args[1] {
		case "fake-runner":
			os.Exit(fakeRunner(os.Args[2:]))
		case "tournament-worker":
			// As the arbiter command does: SIGTERM (the runner's death)
			// ends the worker in order.
			ctx, _ := signal.NotifyContext(context.Background(), syscall.SIGTERM)
			if err := worker.Serve(ctx, os.Stdin, os.Stdout); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			os.Exit(0)
		case "fake-worker-dies":
			n, _ := strconv.Atoi(os.Args[2])
			os.Exit(fakeWorkerDies(n, len(os.Args) > 3 && os.Args[3] == "panic"))
		}
	}
	os.Exit(pgtest.Run(m))
}
