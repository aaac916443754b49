//go:build unix && !linux

package tournament

import (
	"os/exec"
	"syscall"
)

// isolate puts the engine in its own process group, so that it can be ended
// with everything it started. Only Linux can also have the kernel end it when
// the runner dies.
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the process group led by pid.
func killGroup(pid int) error { return syscall.Kill(-pid, syscall.SIGKILL) }

// startCmd starts cmd.
func startCmd(cmd *exec.Cmd) error { return cmd.Start() }
