//go:build !linux

package tournament

// groupAlive cannot be told without /proc; it reports false.
func groupAlive(pgid int) bool { return false }

// children cannot be listed without /proc; it reports none.
func children() []string { return nil }

// childrenLeft cannot be listed without /proc; it reports none.
func childrenLeft() []string { return nil }
