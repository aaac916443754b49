package hugeheap

import (
	"syscall"
	"unsafe"
)

// The madvise(2) advice values of Linux's uapi, which package syscall
// does not name (MADV_COLLAPSE came in Linux 6.1).
const (
	madvHugepage = 14
	madvCollapse = 25
)

const (
	// chunkBytes is the unit in which the Go runtime maps heap memory on
	// linux/amd64 and arm64 (its page allocator's chunk): the 4 MB around
	// a live heap object are mapped, and mapped as one piece.
	chunkBytes = 4 << 20
	// hugeBytes is the size of a huge page on x86-64 and, with 4 kB base
	// pages, on arm64.
	hugeBytes = 2 << 20
)

// applied records what init did, for the tests.
var applied struct {
	off      bool    // GODEBUG=disablethp=1
	chunk    uintptr // the 4 MB chunk marked for huge pages
	huge     uintptr // the 2 MB collapsed into one huge page
	hugeErr  syscall.Errno
	collapse syscall.Errno
}

// anchor keeps the probe allocation on the heap.
var anchor *[64]byte

func init() {
	if godebug, _ := syscall.Getenv("GODEBUG"); disabled(godebug) {
		applied.off = true
		return
	}
	anchor = new([64]byte)
	p := uintptr(unsafe.Pointer(anchor))
	applied.chunk = p &^ (chunkBytes - 1)
	applied.huge = p &^ (hugeBytes - 1)
	applied.hugeErr = madvise(applied.chunk, chunkBytes, madvHugepage)
	if applied.hugeErr == 0 {
		applied.collapse = madvise(applied.huge, hugeBytes, madvCollapse)
	}
}

func madvise(addr, n, advice uintptr) syscall.Errno {
	_, _, e := syscall.Syscall(syscall.SYS_MADVISE, addr, n, advice)
	return e
}

// disabled reports whether a GODEBUG value sets disablethp to 1; as in the
// runtime, the last setting of a key wins.
func disabled(godebug string) bool {
	off := false
	for len(godebug) > 0 {
		field := godebug
		if i := indexByte(godebug, ','); i >= 0 {
			field, godebug = godebug[:i], godebug[i+1:]
		} else {
			godebug = ""
		}
		if len(field) > len("disablethp=") && field[:len("disablethp=")] == "disablethp=" {
			off = field[len("disablethp="):] == "1"
		}
	}
	return off
}

// indexByte is strings.IndexByte, written out so that this package's init
// waits for no package but syscall.
func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
