//go:build unix

package input_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/internal/input"
)

// fifo makes a FIFO in a temporary folder and returns its path.
func fifo(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	return path
}

// writeFIFO opens the FIFO path for writing on a goroutine of its own (the
// open waits for a reader), hands it to write and closes it.
func writeFIFO(t *testing.T, path string, write func(w *os.File)) {
	go func() {
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Error(err)
			return
		}
		defer w.Close()
		write(w)
	}()
}

// TestReadFIFO checks that a FIFO is read as a stream, mapped or not,
// whether its writer takes its time or writes and leaves at once (a FIFO
// opened twice would lose that), and that Read gives up when ctx is done
// while open(2) waits for a writer.
func TestReadFIFO(t *testing.T) {
	tests := []struct {
		name   string
		mapped bool
		pause  bool // the writer pauses between two writes
	}{
		{"read, slow writer", false, true},
		{"mapped, slow writer", true, true},
		{"read, writer gone at once", false, false},
		{"mapped, writer gone at once", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := fifo(t)
			writeFIFO(t, path, func(w *os.File) {
				w.WriteString(game)
				if tt.pause {
					awaitDrained(t, w) // the reader waits for the rest
				}
				w.WriteString(game)
			})
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			f, err := input.Read(ctx, path, input.Options{Map: tt.mapped, Records: records})
			if err != nil || f.Name != path || string(f.Data) != game+game {
				t.Fatalf("Read(FIFO) = %+v, %v; want the two games", f, err)
			}
			f.Release()
		})
	}
	t.Run("no writer", func(t *testing.T) {
		path := fifo(t)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		done := make(chan error, 1)
		go func() {
			_, err := input.Read(ctx, path, input.Options{Records: records})
			done <- err
		}()
		enginetest.AwaitFIFOOpen(t, os.Getpid(), "Read")
		cancel()
		// One that ignored the cancel would wait in open(2) for ever.
		const guard = time.Minute
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("Read(FIFO with no writer) = %v; want context.Canceled", err)
			}
		case <-time.After(guard):
			t.Fatalf("Read(FIFO with no writer) still waiting %v after the cancel", guard)
		}
		// A writer lets the abandoned open return, and the read end.
		if w, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
			w.Close()
		}
	})
}

// TestReadFIFOLimit checks that a FIFO whose writer never stops is read no
// further than Options.Limit.
func TestReadFIFOLimit(t *testing.T) {
	path := fifo(t)
	writeFIFO(t, path, func(w *os.File) {
		buf := make([]byte, 64<<10)
		for {
			if _, err := w.Write(buf); err != nil {
				return // the reader gave up: EPIPE
			}
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	f, err := input.Read(ctx, path, input.Options{Limit: 1 << 20})
	var le *input.LimitError
	if !errors.As(err, &le) {
		t.Fatalf("Read(endless FIFO) = %v, %v; want a *LimitError", f, err)
	}
}
