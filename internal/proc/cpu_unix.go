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

// ChildrenCPU is the user and system CPU time in nanoseconds of this
// process's children that have ended and been waited for (and of theirs).
func ChildrenCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
