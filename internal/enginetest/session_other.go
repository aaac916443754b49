//go:build !unix

package enginetest

import "syscall"

// newSession has no sessions to start a process in here: the process
// stays with the engine.
func newSession() *syscall.SysProcAttr { return nil }
