//go:build !linux

package referee

import "time"

// threadCPU reports that a thread's CPU time is not read here: the
// solver's time is the wall time of its calls.
func threadCPU() (time.Duration, bool) { return 0, false }
