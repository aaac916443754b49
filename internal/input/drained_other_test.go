//go:build unix && !linux

package input_test

import (
	"os"
	"testing"
	"time"
)

// awaitDrained gives the reader of the FIFO w a moment to take what was
// written: only Linux is asked how much is left.
func awaitDrained(t *testing.T, w *os.File) { time.Sleep(100 * time.Millisecond) }
