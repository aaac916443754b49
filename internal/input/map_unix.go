//go:build unix

package input

import (
	"os"
	"syscall"
)

// mapFile maps the regular file at name into memory, read only. ok is false
// for what cannot be mapped (an empty file, a pipe, a device): the caller
// reads it instead.
//
// A mapped file is not copied: the kernel's page cache is the buffer, and
// the pages come in as the reader reaches them, on whichever goroutine
// reaches them, instead of all before the first byte is looked at.
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
