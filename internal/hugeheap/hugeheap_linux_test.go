package hugeheap

import (
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/arbiter-games/arbiter/internal/memtest"
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
	m := memtest.At(t, applied.chunk)
	if !m.Has("hg") {
		t.Errorf("the mapping at %#x has VmFlags %q; want hg among them", applied.chunk, m.Flags)
	}
	switch applied.collapse {
	case 0:
		if m := memtest.At(t, applied.huge); m.AnonHugeKB < hugeBytes>>10 {
			t.Errorf("MADV_COLLAPSE of %#x succeeded, but its mapping has %d kB of huge pages; want at least %d", applied.huge, m.AnonHugeKB, hugeBytes>>10)
		}
		// One huge page maps all 512 pages of the 2 MB; the 4 kB pages the
		// start had touched before the collapse were a part of them.
		if n := memtest.Present(t, applied.huge, hugeBytes); n != hugeBytes/memtest.PageBytes {
			t.Errorf("MADV_COLLAPSE of %#x succeeded, but %d of its %d pages are present; want all", applied.huge, n, hugeBytes/memtest.PageBytes)
		}
	case syscall.EINVAL:
		t.Logf("MADV_COLLAPSE: %v (a kernel older than 6.1)", applied.collapse)
	default:
		t.Logf("MADV_COLLAPSE: %v (no huge page to be had)", applied.collapse)
	}
}
