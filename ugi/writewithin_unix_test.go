//go:build unix

package ugi

import (
	"io"
	"os"
	"testing"
	"time"
)

// TestWriteWithinAfterFullPipe: a command that once found the pipe full
// (the engine slow to read) set a write deadline; a later command, once
// that deadline has passed, still goes through when the pipe takes it,
// rather than failing as a stall.
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
	// More than a pipe holds, read a moment later: the write waits.
	big := make([]byte, 1<<20)
	go func() {
		time.Sleep(50 * time.Millisecond)
		io.CopyN(io.Discard, r, int64(len(big)))
	}()
	if err := writeWithin(p, big, 300*time.Millisecond); err != nil {
		t.Fatalf("the large write: %v", err)
	}
	if err := writeWithin(p, big[:64], time.Second); err != nil {
		t.Fatalf("a write right after it: %v", err)
	}
	time.Sleep(time.Second) // well past the large write's deadline
	if err := writeWithin(p, []byte("isready\n"), time.Second); err != nil {
		t.Fatalf("a small write after the large one's deadline passed: %v", err)
	}
	buf := make([]byte, 64+8)
	if _, err := io.ReadFull(r, buf); err != nil || string(buf[64:]) != "isready\n" {
		t.Errorf("read %q, %v", buf[64:], err)
	}
}
