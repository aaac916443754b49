package referee

import (
	"runtime"
	"testing"
)

// TestThreadCPU checks that the thread's CPU time grows with work done on
// it, and not by the work of another thread.
func TestThreadCPU(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	before, ok := threadCPU()
	if !ok {
		t.Fatal("threadCPU: not read")
	}
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	after, _ := threadCPU()
	if after <= before {
		t.Errorf("thread CPU %v after a busy loop (%d), %v before; want it grown", after, x, before)
	}
}
