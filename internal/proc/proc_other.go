//go:build !unix

package proc

import (
	"os"
	"os/exec"
)

// Isolate does nothing where process groups are not available.
func Isolate(cmd *exec.Cmd) {}

// IsolateWorker isolates a worker process as Isolate does an engine.
func IsolateWorker(cmd *exec.Cmd) { Isolate(cmd) }

// KillGroup kills the process pid (no process groups here).
func KillGroup(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}

// Start starts cmd.
func Start(cmd *exec.Cmd) error { return cmd.Start() }

// Forget, Track and EndTree do nothing here: only the engine's own process
// is ended.
func Forget(pid int)       {}
func Track(token string)   {}
func EndTree(token string) {}
