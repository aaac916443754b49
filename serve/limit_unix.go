//go:build unix

package serve

import "syscall"

// descriptorLimit returns the number of descriptors the process may open
// (its soft limit, which Go raises to the hard one at start).
func descriptorLimit() (uint64, bool) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, false
	}
	return uint64(r.Cur), true
}
