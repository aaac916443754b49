//go:build unix

package main

import (
	"os"
	"syscall"
)

// mapFile maps the regular file at name into memory, read only. ok is false
// for what cannot be mapped (an empty file, a pipe, a device): the caller
// reads it instead.
//
// Validate maps its input rather than reading it: nothing is copied, the
// kernel's page cache is the buffer, and the pages come in as the replay
// reaches them, on whichever worker reaches them, instead of all before
// the first game (on a 30 MB file, about 1 ms against 10 to 20 ms). If the
// file is cut short while mapped, the replay stops with replay.ErrChanged.
func mapFile(name string) (data []byte, release func(), ok bool, err error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, false, err
	}
	defer f.Close() // the mapping stays valid without the descriptor
	st, err := f.Stat()
	if err != nil {
		return nil, nil, false, err
	}
	size := st.Size()
	if !st.Mode().IsRegular() || size <= 0 || size != int64(int(size)) {
		return nil, nil, false, nil
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, false, nil // read it instead
	}
	return data, func() { syscall.Munmap(data) }, true, nil
}
