//go:build unix

package enginetest

import "syscall"

// newSession starts a process in a session of its own: out of the engine's
// process group, as a daemon would be.
func newSession() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
