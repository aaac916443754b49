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

// isolateWorker isolates a worker process as isolate does an engine.
func isolateWorker(cmd *exec.Cmd) { isolate(cmd) }

// killGroup kills the process group led by pid.
func killGroup(pid int) error { return syscall.Kill(-pid, syscall.SIGKILL) }

// startCmd starts cmd.
func startCmd(cmd *exec.Cmd) error { return cmd.Start() }

// forget, track and endTree do nothing here: a process that leaves the
// engine's group is not followed (only Linux has child subreapers).
func forget(pid int)       {}
func track(token string)   {}
func endTree(token string) {}
