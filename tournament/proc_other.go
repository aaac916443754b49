//go:build !unix

package tournament

import (
	"os"
	"os/exec"
)

// isolate does nothing where process groups are not available.
func isolate(cmd *exec.Cmd) {}

// isolateWorker isolates a worker process as isolate does an engine.
func isolateWorker(cmd *exec.Cmd) { isolate(cmd) }

// killGroup kills the process pid (no process groups here).
func killGroup(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}

// startCmd starts cmd.
func startCmd(cmd *exec.Cmd) error { return cmd.Start() }

// forget, track and endTree do nothing here: only the engine's own process
// is ended.
func forget(pid int)       {}
func track(token string)   {}
func endTree(token string) {}
