//go:build !unix

package tournament

// selfCPU is 0 where getrusage is not available.
func selfCPU() int64 { return 0 }
