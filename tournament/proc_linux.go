package tournament

import (
	"os/exec"
	"runtime"
	"sync"
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

// The kernel sends Pdeathsig when the *thread* that started the child ends,
// not the process. Go ends a thread only when a goroutine locked to it
// exits, so every engine is started from one goroutine locked to its thread
// for the life of the process: the engines die with the runner and not
// before.
var spawner struct {
	once sync.Once
	reqs chan spawnReq
}

type spawnReq struct {
	cmd  *exec.Cmd
	done chan error
}

// startCmd starts cmd from the spawner's thread.
func startCmd(cmd *exec.Cmd) error {
	spawner.once.Do(func() {
		spawner.reqs = make(chan spawnReq)
		go func() {
			runtime.LockOSThread() // never unlocked: the thread lives as long as the process
			for r := range spawner.reqs {
				r.done <- r.cmd.Start()
			}
		}()
	})
	done := make(chan error, 1)
	spawner.reqs <- spawnReq{cmd: cmd, done: done}
	return <-done
}
