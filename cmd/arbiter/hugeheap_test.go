package main

import (
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestHugeHeapInitFirst checks that internal/hugeheap's init runs before
// the inits of the large dependencies, which allocate most of a start's
// heap: after them, its huge pages would come too late to spare their
// page faults.
func TestHugeHeapInitFirst(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("internal/hugeheap does its work on Linux only")
	}
	t.Setenv("GODEBUG", "inittrace=1")
	r := arbiterMain(t, "", "--version")
	if r.code != 0 {
		t.Fatalf("arbiter --version: %v", r)
	}
	var order []string
	for line := range strings.Lines(r.stderr) {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			order = append(order, f[1])
		}
	}
	self := slices.Index(order, "github.com/arbiter-games/arbiter/internal/hugeheap")
	if self < 0 {
		t.Fatalf("internal/hugeheap's init is not in the init trace:\n%s", r.stderr)
	}
	large := []string{"modernc.org/libc", "modernc.org/sqlite/lib", "github.com/urfave/cli/v2", "github.com/jackc/pgx/v5/pgtype", "encoding/xml"}
	seen := 0
	for _, pkg := range large {
		i := slices.Index(order, pkg)
		if i < 0 {
			continue
		}
		seen++
		if i < self {
			t.Errorf("%s's init (#%d) runs before internal/hugeheap's (#%d)", pkg, i+1, self+1)
		}
	}
	if seen == 0 {
		t.Errorf("none of %v is in the init trace; the check compares with nothing:\n%s", large, r.stderr)
	}
}
