package input

import (
	"os"
	"strings"
	"sync"
	"syscall"
)

const (
	// minLoad is the smallest file Options.Load reads into huge pages;
	// a smaller one is mapped: its mapping's page faults are few, and a
	// huge page would hold more memory than the file.
	minLoad = 4 << 20
	// hugeBytes is the size of a transparent huge page on x86-64 (and
	// arm64 with 4 kB pages).
	hugeBytes = 2 << 20
	// madvHugepage is Linux's MADV_HUGEPAGE, which package syscall does
	// not name.
	madvHugepage = 14
)

// hugePages reports whether the kernel gives transparent huge pages to
// memory that asks for them: its mode is "always" or "madvise".
var hugePages = sync.OnceValue(func() bool {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && !strings.Contains(string(mode), "[never]")
})

// ramBytes is the machine's memory, or 0 when unknown.
var ramBytes = sync.OnceValue(func() uint64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
})

// loadFile reads the regular file f of size bytes into anonymous memory
// that asks for huge pages (madvise MADV_HUGEPAGE), for Options.Load:
// one page fault per 2 MB and one copy, where mapping the file takes a
// fault per 64 kB or so, and on virtual machines that shadow page tables
// each fault is dear. ok is false where that does not pay or cannot be
// done (a file under minLoad or over a quarter of the machine's memory, a
// kernel without transparent huge pages, a file cut short while read): the
// caller maps the file instead. release unmaps the memory.
func loadFile(f *os.File, size int64) (data []byte, release func(), ok bool) {
	if size < minLoad || size != int64(int(size)) || uint64(size) > ramBytes()/4 || !hugePages() {
		return nil, nil, false
	}
	n := (int(size) + hugeBytes - 1) &^ (hugeBytes - 1)
	mem, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, false
	}
	// Without huge pages this would be a fault per 4 kB: worse than
	// mapping the file.
	if syscall.Madvise(mem, madvHugepage) != nil {
		syscall.Munmap(mem)
		return nil, nil, false
	}
	// ReadAt leaves the file's offset alone, for the caller's fallback.
	if _, err := f.ReadAt(mem[:size], 0); err != nil {
		syscall.Munmap(mem)
		return nil, nil, false
	}
	return mem[:size], func() { syscall.Munmap(mem) }, true
}
