//go:build unix

package engineproc

import (
	"errors"
	"io"
	"os"
	"testing"
	"time"
)

// TestWriteWithinAfterFullPipe: a command that found the pipe full (the
// engine slow to read) waits for the engine to read it; and the write
// deadline it set goes with it, so that a later command, once that
// deadline has passed, still goes through when the pipe takes it, rather
// than failing as a stall.
func TestWriteWithinAfterFullPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	p, ok := rawPipeOf(w)
	if !ok {
		t.Skip("no raw pipe here")
	}
	// More than a pipe holds, read as it is written: the write waits for
	// the reader.
	big := make([]byte, 1<<20)
	read := make(chan error, 1)
	go func() {
		_, err := io.CopyN(io.Discard, r, int64(len(big)))
		read <- err
	}()
	if err := writeWithin(p, big, time.Minute); err != nil {
		t.Fatalf("the large write: %v", err)
	}
	if err := <-read; err != nil {
		t.Fatalf("reading the large write: %v", err)
	}

	// A full pipe nobody reads: the write's deadline passes.
	n, err := p.(tryWriter).TryWrite(big)
	if err != nil || n == len(big) {
		t.Fatalf("filling the pipe: wrote %d of %d bytes, %v", n, len(big), err)
	}
	if err := writeWithin(p, big[:64], 10*time.Millisecond); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a write to a full pipe nobody reads = %v; want %v", err, os.ErrDeadlineExceeded)
	}
	if _, err := io.ReadFull(r, make([]byte, n)); err != nil {
		t.Fatalf("emptying the pipe: %v", err)
	}
	if err := writeWithin(p, []byte("isready\n"), time.Minute); err != nil {
		t.Fatalf("a small write after a write's deadline passed: %v", err)
	}
	buf := make([]byte, 8)
	if _, err := io.ReadFull(r, buf); err != nil || string(buf) != "isready\n" {
		t.Errorf("read %q, %v; want the small write", buf, err)
	}
}
