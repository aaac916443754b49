package referee

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time (user and system) the calling thread has
// used; ok is false when it cannot be read.
func threadCPU() (d time.Duration, ok bool) {
	var u syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &u); err != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}

// rusageThread is Linux's RUSAGE_THREAD.
const rusageThread = 1
