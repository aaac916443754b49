package hugeheap

import (
	"bufio"
	"encoding/binary"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func TestDisabled(t *testing.T) {
	tests := []struct {
		godebug string
		want    bool
	}{
		{"", false},
		{"disablethp=1", true},
		{"disablethp=0", false},
		{"gctrace=1,disablethp=1", true},
		{"disablethp=1,gctrace=1", true},
		{"disablethp=1,disablethp=0", false},
		{"disablethp=0,disablethp=1", true},
		{"disablethp", false},
		{"xdisablethp=1", false},
		{"disablethp=11", false},
	}
	for _, tt := range tests {
		if got := disabled(tt.godebug); got != tt.want {
			t.Errorf("disabled(%q) = %v; want %v", tt.godebug, got, tt.want)
		}
	}
}

// TestInit checks, in this test binary's own memory, that init marked the
// heap's first chunk for huge pages and that the collapse it reports as
// done gave a huge page.
func TestInit(t *testing.T) {
	if applied.off {
		t.Skip("GODEBUG=disablethp=1 is set")
	}
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skipf("this kernel gives no transparent huge pages (%q, %v)", mode, err)
	}
	if applied.hugeErr != 0 {
		t.Fatalf("madvise(%#x, 4 MB, MADV_HUGEPAGE): %v", applied.chunk, applied.hugeErr)
	}
	flags, hugeKB := mapping(t, applied.chunk)
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the mapping at %#x has VmFlags %q; want hg among them", applied.chunk, flags)
	}
	switch applied.collapse {
	case 0:
		if hugeKB < hugeBytes>>10 {
			t.Errorf("MADV_COLLAPSE of %#x succeeded, but its mapping has %d kB of huge pages; want at least %d", applied.huge, hugeKB, hugeBytes>>10)
		}
		// One huge page maps all 512 pages of the 2 MB; the 4 kB pages the
		// start had touched before the collapse were a part of them.
		if n := present(t, applied.huge, hugeBytes); n != hugeBytes/pageBytes {
			t.Errorf("MADV_COLLAPSE of %#x succeeded, but %d of its %d pages are present; want all", applied.huge, n, hugeBytes/pageBytes)
		}
	case syscall.EINVAL:
		t.Logf("MADV_COLLAPSE: %v (a kernel older than 6.1)", applied.collapse)
	default:
		t.Logf("MADV_COLLAPSE: %v (no huge page to be had)", applied.collapse)
	}
}

const pageBytes = 4096

// present counts the pages of [addr, addr+n) that are in memory, from
// /proc/self/pagemap (bit 63 of each page's entry).
func present(t *testing.T, addr, n uintptr) int {
	t.Helper()
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, n/pageBytes*8)
	if _, err := f.ReadAt(buf, int64(addr/pageBytes*8)); err != nil {
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

// mapping returns the VmFlags and the AnonHugePages (kB) of the mapping of
// this process that holds addr, from /proc/self/smaps.
func mapping(t *testing.T, addr uintptr) (flags string, hugeKB int) {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in, found := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := bounds(line); ok {
			in = lo <= uint64(addr) && uint64(addr) < hi
			found = found || in
			continue
		}
		if !in {
			continue
		}
		if v, ok := strings.CutPrefix(line, "VmFlags:"); ok {
			flags = strings.TrimSpace(v)
		} else if v, ok := strings.CutPrefix(line, "AnonHugePages:"); ok {
			hugeKB, _ = strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Fatalf("no mapping of this process holds %#x", addr)
	}
	return flags, hugeKB
}

// bounds parses the "lo-hi perms ..." header line of a mapping in smaps.
func bounds(line string) (lo, hi uint64, ok bool) {
	rng, _, _ := strings.Cut(line, " ")
	l, h, ok := strings.Cut(rng, "-")
	if !ok {
		return 0, 0, false
	}
	lo, err1 := strconv.ParseUint(l, 16, 64)
	hi, err2 := strconv.ParseUint(h, 16, 64)
	return lo, hi, err1 == nil && err2 == nil
}
