//go:build !unix

package proc

// CPU is 0 where getrusage is not available.
func CPU() int64 { return 0 }

// ChildrenCPU is 0 where getrusage is not available.
func ChildrenCPU() int64 { return 0 }
