//go:build unix

package config

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/toyrace"
)

// TestLoadFIFO checks that a config, or its openings file, that is a FIFO
// no one writes to does not hold Load once its context is done: Load,
// waiting in its open, returns the context's error.
func TestLoadFIFO(t *testing.T) {
	tests := []struct {
		name string
		fifo string // the file that is a FIFO
	}{
		{"config", "t.yaml"},
		{"openings", "toy.fen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := toyrace.WriteConfig(t, dir, toyrace.Head+"openings: {file: toy.fen}\n", "a=first", "b=last")
			fifo := filepath.Join(dir, tt.fifo)
			os.Remove(fifo)
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skipf("no FIFO: %v", err)
			}
			// A writer lets the abandoned open return at the end, before
			// the next test looks for one that waits.
			defer func() {
				if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					w.Close()
				}
				for start := time.Now(); fifoOpenWaits(); time.Sleep(2 * time.Millisecond) {
					if time.Since(start) > time.Minute {
						t.Fatalf("the abandoned open(2) of %s still waits a minute after a writer came", fifo)
					}
				}
			}()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := Load(ctx, path)
				done <- err
			}()
			awaitFIFOOpen(t)
			cancel()
			// One that ignored the cancel would wait in open(2) for ever.
			const guard = time.Minute
			select {
			case err := <-done:
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("Load with %s a FIFO, cancelled = %v; want context.Canceled", tt.fifo, err)
				}
			case <-time.After(guard):
				t.Fatalf("Load with %s a FIFO still waiting %v after the cancel", tt.fifo, guard)
			}
		})
	}
}

// TestEngineFilesFIFO: an engine whose file is a FIFO (with the executable
// bits) is refused, not read: reading it might never end.
func TestEngineFilesFIFO(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "bot"), "#!/bin/sh\n")
	os.Chmod(filepath.Join(dir, "bot"), 0o755)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(fifo, 0o755)
	cfg, err := parse(filepath.Join(dir, "m.yaml"), []byte(engineConfig("./fifo")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cfg.EngineFiles(); err == nil || !strings.Contains(err.Error(), `engine "b"`) || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("EngineFiles with a FIFO = %v; want it refused, naming the engine", err)
	}
}

// awaitFIFOOpen waits until a thread of this process waits in open(2) for
// the other end of a FIFO; where /proc cannot tell, it gives it a moment.
func awaitFIFOOpen(t *testing.T) {
	t.Helper()
	if _, err := os.Stat("/proc/self/task"); err != nil {
		time.Sleep(100 * time.Millisecond)
		return
	}
	const guard = time.Minute
	for start := time.Now(); !fifoOpenWaits(); time.Sleep(2 * time.Millisecond) {
		if time.Since(start) > guard {
			t.Fatalf("no open(2) of a FIFO waiting within %v", guard)
		}
	}
}

// fifoOpenWaits reports whether a thread of this process waits in open(2)
// for the other end of a FIFO.
func fifoOpenWaits() bool {
	chans, _ := filepath.Glob("/proc/self/task/*/wchan")
	for _, c := range chans {
		if b, _ := os.ReadFile(c); string(b) == "wait_for_partner" {
			return true
		}
	}
	return false
}
