//go:build !linux

package worker

import (
	"fmt"
	"runtime"
)

// bindCPU binds this process's engines to cpu: on Linux only.
func bindCPU(cpu int) error {
	return fmt.Errorf("bind to CPU %d: CPU affinity is for Linux, not %s", cpu, runtime.GOOS)
}
