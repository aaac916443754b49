//go:build !unix

package store

import "os"

// writable reports whether path may be written to, from its permission
// bits only (there is no access(2) here).
func writable(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().Perm()&0o200 != 0
}
