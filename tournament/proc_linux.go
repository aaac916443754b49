package tournament

import (
	"os/exec"
	"syscall"
)

// isolate puts the engine in its own process group, so that it can be ended
// with everything it started, and asks the kernel to kill it when the runner
// dies (even by SIGKILL).
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup kills the process group led by pid.
func killGroup(pid int) error { return syscall.Kill(-pid, syscall.SIGKILL) }
