// Package workerstart puts a tournament worker process on one processor
// early in its start, before the packages initialised after it.
//
// A worker plays one game at a time, a ping-pong with its engines, and
// runs on one processor (GOMAXPROCS 1). Set from main, that is a
// stop-the-world that hands the second processor's cached memory spans
// back, after the packages' initialisation has used both: about a hundred
// page faults, a millisecond or more of a worker's start. This package
// depends on nothing but the runtime and os, so its init runs among the
// first, before the large dependencies' (SQLite's, the PostgreSQL
// driver's, the command line library's) allocate, and the rest of the
// start runs on one processor too. cmd/arbiter imports it for this alone.
package workerstart

import (
	"os"
	"runtime"
)

// Command is the hidden arbiter command that runs a tournament worker
// process; a runner starts a worker as "arbiter tournament-worker", with
// no other argument.
const Command = "tournament-worker"

// Is reports whether args (the program name first) are the command line a
// runner starts a worker with.
func Is(args []string) bool {
	return len(args) == 2 && args[1] == Command
}

func init() {
	if Is(os.Args) {
		runtime.GOMAXPROCS(1)
	}
}
