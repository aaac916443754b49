package proc

import (
	"os"
	"syscall"
	"testing"
)

// TestReadStat reads this process's /proc/PID/stat: its parent and group
// are the kernel's, it is alive, and it has taken page faults (a Go
// process takes hundreds before main); a pid that is no process is false.
func TestReadStat(t *testing.T) {
	st, ok := ReadStat(os.Getpid())
	if !ok || st.PPID != os.Getppid() || st.PGID != syscall.Getpgrp() || st.Zombie || st.Exiting || st.MinFlt <= 0 || st.StartTime == 0 {
		t.Errorf("ReadStat(self) = %+v, %v; want parent %d, group %d, alive, page faults > 0, a start time", st, ok, os.Getppid(), syscall.Getpgrp())
	}
	// The parent started before this process.
	if parent, ok := ReadStat(os.Getppid()); !ok || parent.StartTime == 0 || parent.StartTime > st.StartTime {
		t.Errorf("parent's start time %d (%v), this process's %d; want the parent's first", parent.StartTime, ok, st.StartTime)
	}
	if st, ok := ReadStat(1 << 30); ok {
		t.Errorf("ReadStat(no such pid) = %+v, true", st)
	}
}
