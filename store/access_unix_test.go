//go:build unix

package store

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestHeaderSkipsFIFO: the check of a database to write reads the first
// bytes of a regular file only: opening a FIFO to read it waits for a
// writer, for ever.
func TestHeaderSkipsFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo.db")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- checkWritable(path) }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("checkWritable of a FIFO = %v; want nil, SQLite to tell", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("checkWritable of a FIFO did not return within a minute")
	}
}
