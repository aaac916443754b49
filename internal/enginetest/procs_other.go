//go:build !linux

package enginetest

// GroupAlive cannot be told without /proc; it reports false.
func GroupAlive(pgid int) bool { return false }

// Reaped is not checked here; it reports true.
func Reaped(pid int) bool { return true }

// Children cannot be listed without /proc; it reports none.
func Children() []string { return nil }

// ChildrenLeft cannot be listed without /proc; it reports none.
func ChildrenLeft() []string { return nil }

// GroupMembers cannot be listed without /proc; it reports none.
func GroupMembers(pgid int) []int { return nil }

// FIFOOpenWaits cannot be told without /proc; ok is false.
func FIFOOpenWaits(pid int) (waits, ok bool) { return false, false }
