//go:build unix

package proc

import "syscall"

// CPU is this process's user and system CPU time in nanoseconds (its
// engines excluded).
func CPU() int64 { return used(syscall.RUSAGE_SELF) }

// ChildrenCPU is the user and system CPU time in nanoseconds of this
// process's children that have ended and been waited for (and of theirs).
func ChildrenCPU() int64 { return used(syscall.RUSAGE_CHILDREN) }

// used is the user and system CPU time of who (getrusage(2)), in
// nanoseconds; 0 when it cannot be read.
func used(who int) int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
