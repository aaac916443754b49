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

// TestReadFIFO checks that a FIFO is read as a stream, mapped or not, and
// that Read gives up when ctx is done while open(2) waits for a writer.
func TestReadFIFO(t *testing.T) {
	for _, mapped := range []bool{false, true} {
		t.Run(map[bool]string{false: "read", true: "mapped"}[mapped], func(t *testing.T) {
			path := fifo(t)
			go func() {
				w, err := os.OpenFile(path, os.O_WRONLY, 0)
				if err != nil {
					t.Error(err)
					return
				}
				defer w.Close()
				w.WriteString(game)
				time.Sleep(10 * time.Millisecond) // the reader waits for the rest
				w.WriteString(game)
			}()
			f, err := input.Read(context.Background(), path, input.Options{Map: mapped, Records: true})
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
		time.AfterFunc(100*time.Millisecond, cancel)
		start := time.Now()
		f, err := input.Read(ctx, path, input.Options{Records: true})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Read(FIFO with no writer) = %+v, %v; want context.Canceled", f, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("Read returned %v after it was cancelled", d)
		}
		// A writer lets the abandoned open return, and the read end.
		if w, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
			w.Close()
		}
	})
}
