//go:build !unix

package pgtest

import "syscall"

// attr has no other user to run a program as here (credential finds none:
// only root is refused by PostgreSQL).
func (a *account) attr() *syscall.SysProcAttr { return nil }
