//go:build unix

package input

import (
	"os"
	"syscall"
)

// mapFile maps the regular file f of size bytes into memory, read only.
// ok is false for what cannot be mapped (an empty file, one too large for
// the address space): the caller reads it instead.
//
// A mapped file is not copied: the kernel's page cache is the buffer, and
// the pages come in as the reader reaches them, on whichever goroutine
// reaches them, instead of all before the first byte is looked at.
func mapFile(f *os.File, size int64) (data []byte, release func(), ok bool) {
	if size <= 0 || size != int64(int(size)) {
		return nil, nil, false
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, false // read it instead
	}
	return data, func() { syscall.Munmap(data) }, true
}
