//go:build unix && !linux

package proc

import (
	"os/exec"
	"syscall"
)

// Isolate puts the engine in its own process group, so that it can be ended
// with everything it started. Only Linux can also have the kernel end it when
// the runner dies.
func Isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// IsolateWorker isolates a worker process as Isolate does an engine.
func IsolateWorker(cmd *exec.Cmd) { Isolate(cmd) }

// KillGroup kills the process group led by pid.
func KillGroup(pid int) error { return syscall.Kill(-pid, syscall.SIGKILL) }

// Start starts cmd.
func Start(cmd *exec.Cmd) error { return cmd.Start() }

// Forget, Track and EndTree do nothing here: a process that leaves the
// engine's group is not followed (only Linux has child subreapers).
func Forget(pid int)       {}
func Track(token string)   {}
func EndTree(token string) {}
