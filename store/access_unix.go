//go:build unix

package store

import "syscall"

// writable reports whether this process may write to path (for a folder:
// create files in it), as access(2) says: for root too, an immutable file
// or folder or a read-only file system is not writable.
func writable(path string) bool {
	const wOK = 2 // W_OK
	return syscall.Access(path, wOK) == nil
}
