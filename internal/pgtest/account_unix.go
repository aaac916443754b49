//go:build unix

package pgtest

import "syscall"

// attr runs a program as a.
func (a *account) attr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(a.uid), Gid: uint32(a.gid)}}
}
