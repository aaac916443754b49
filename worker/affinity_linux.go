package worker

import (
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// bindCPU binds every thread of this process to cpu. A thread's affinity
// is inherited by the threads and processes it starts: the engines this
// worker starts run on cpu alone.
func bindCPU(cpu int) error {
	var set unix.CPUSet
	set.Set(cpu)
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return fmt.Errorf("bind to CPU %d: %w", cpu, err)
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		// A thread that ended since the listing is no matter (ESRCH).
		if err := unix.SchedSetaffinity(tid, &set); err != nil && err != unix.ESRCH {
			return fmt.Errorf("bind to CPU %d: %w", cpu, err)
		}
	}
	return nil
}
