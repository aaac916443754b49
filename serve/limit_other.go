//go:build !unix

package serve

// descriptorLimit reports no limit where the system has no RLIMIT_NOFILE:
// the bound of connections is then maxConnsCap.
func descriptorLimit() (uint64, bool) { return 0, false }
