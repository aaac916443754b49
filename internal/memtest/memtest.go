// Package memtest reads, for tests, how Linux holds a process's memory:
// the mapping that holds an address, from /proc/self/smaps, and which
// pages of a range are in memory, from /proc/self/pagemap.
package memtest

import (
	"bufio"
	"encoding/binary"
	"os"
	"strconv"
	"strings"
	"testing"
)

// PageBytes is the size of a base page on the systems the tests run on.
const PageBytes = 4096

// Mapping is one mapping of this process, as smaps shows it.
type Mapping struct {
	Lo, Hi     uint64 // its addresses, [Lo, Hi)
	Path       string // the file mapped; "" for anonymous memory
	Flags      []string
	AnonHugeKB int // its anonymous memory in huge pages
}

// Has reports whether the mapping's VmFlags include flag ("hg": huge pages
// asked for with MADV_HUGEPAGE).
func (m Mapping) Has(flag string) bool {
	for _, f := range m.Flags {
		if f == flag {
			return true
		}
	}
	return false
}

// At returns the mapping of this process that holds addr; it fails t when
// there is none.
func At(t testing.TB, addr uintptr) Mapping {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cur Mapping
	in, found := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if m, ok := header(line); ok {
			if in {
				break
			}
			cur, in = m, m.Lo <= uint64(addr) && uint64(addr) < m.Hi
			found = found || in
			continue
		}
		if !in {
			continue
		}
		if v, ok := strings.CutPrefix(line, "VmFlags:"); ok {
			cur.Flags = strings.Fields(v)
		} else if v, ok := strings.CutPrefix(line, "AnonHugePages:"); ok {
			cur.AnonHugeKB, _ = strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Fatalf("no mapping of this process holds %#x", addr)
	}
	return cur
}

// header parses the "lo-hi perms offset dev inode path" line that starts a
// mapping in smaps.
func header(line string) (Mapping, bool) {
	f := strings.Fields(line)
	if len(f) < 5 {
		return Mapping{}, false
	}
	l, h, ok := strings.Cut(f[0], "-")
	if !ok {
		return Mapping{}, false
	}
	lo, err1 := strconv.ParseUint(l, 16, 64)
	hi, err2 := strconv.ParseUint(h, 16, 64)
	if err1 != nil || err2 != nil {
		return Mapping{}, false
	}
	m := Mapping{Lo: lo, Hi: hi}
	if len(f) > 5 {
		m.Path = f[5]
	}
	return m, true
}

// Present counts the pages of [addr, addr+n) that are in memory (bit 63
// of each page's entry in /proc/self/pagemap).
func Present(t testing.TB, addr, n uintptr) int {
	t.Helper()
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, n/PageBytes*8)
	if _, err := f.ReadAt(buf, int64(addr/PageBytes*8)); err != nil {
		t.Fatal(err)
	}
	count := 0
	for i := 0; i < len(buf); i += 8 {
		if binary.LittleEndian.Uint64(buf[i:])>>63 == 1 {
			count++
		}
	}
	return count
}
