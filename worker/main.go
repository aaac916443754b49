package worker

import (
	"context"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"time"
)

// workerGC is the garbage collector's percentage (GOGC) of a tournament
// worker process. Its live heap is small and steady (one game), so the
// default 100, whose least heap goal is 4 MB, lets it grow to several
// times what it holds before a collection, and its peak resident memory
// with it; at 50 the least goal is 2 MB, which the worker's start-up stays
// under (no collection before the first game), for a short collection
// every few games. A GOGC in the environment is left as it is. (The
// runner keeps the default: most of its memory is SQLite's and the
// binary's pages, and a lower goal made it collect during its start-up.)
const workerGC = 50

// lowGC sets workerGC, unless the environment sets GOGC.
func lowGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(workerGC)
	}
}

// exitWait is how long a worker whose context has ended (SIGTERM,
// Ctrl-C) may take to end its engines before it exits anyway.
const exitWait = 5 * time.Second

// exitInterrupted is the exit status of a worker that exitWait ended, as
// of any arbiter command interrupted.
const exitInterrupted = 130

// Main is the whole of a worker process, as "arbiter tournament-worker"
// runs it: the process set up for one game at a time (one processor, a
// smaller heap goal), then Serve on in and out until the runner is done
// with it. When ctx ends (SIGTERM, Ctrl-C), the process exits within
// exitWait whatever its engines do.
func Main(ctx context.Context, in io.Reader, out io.Writer) error {
	// The kernel sends SIGTERM when the runner dies, which ends the
	// context: the worker then ends its engines and what they started.
	// Should that hang, the worker still exits (its engines die with it).
	context.AfterFunc(ctx, func() {
		time.AfterFunc(exitWait, func() { os.Exit(exitInterrupted) })
	})
	// A worker plays one game at a time, a ping-pong with its engines: a
	// second processor only adds the scheduler's wake-ups of idle threads
	// to every move. workerstart's init has done it already for a
	// worker started by a runner (this call then changes nothing).
	runtime.GOMAXPROCS(1)
	lowGC()
	return Serve(ctx, in, out)
}
