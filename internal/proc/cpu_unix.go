//go:build unix

package proc

import "syscall"

// CPU is this process's user and system CPU time in nanoseconds (its
// engines excluded).
func CPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
