package input_test

import (
	"os"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// awaitDrained waits until the reader has taken all that was written into
// the FIFO w: TIOCINQ (FIONREAD) on its end says 0.
func awaitDrained(t *testing.T, w *os.File) {
	const guard = time.Minute
	for start := time.Now(); ; time.Sleep(2 * time.Millisecond) {
		var n int32
		if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, w.Fd(), syscall.TIOCINQ, uintptr(unsafe.Pointer(&n))); errno != 0 {
			t.Errorf("ioctl TIOCINQ of the FIFO: %v", errno)
			return
		}
		if n == 0 {
			return
		}
		if time.Since(start) > guard {
			t.Errorf("the reader left %d bytes in the FIFO for %v", n, guard)
			return
		}
	}
}
