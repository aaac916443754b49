//go:build !linux

package input

import "os"

// loadFile loads nothing here: Options.Load maps the file, as Map does.
func loadFile(f *os.File, size int64) (data []byte, release func(), ok bool) {
	return nil, nil, false
}
