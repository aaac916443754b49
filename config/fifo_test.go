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

	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/internal/toygames"
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
			path := toygames.WriteRaceConfig(t, dir, toygames.RaceHead+"openings: {file: toy.fen}\n", "a=first", "b=last")
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
				enginetest.WaitFor(t, "end of the abandoned open(2) of "+fifo+" after a writer came", func() bool {
					waits, _ := enginetest.FIFOOpenWaits(os.Getpid())
					return !waits
				})
			}()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := Load(ctx, path)
				done <- err
			}()
			enginetest.AwaitFIFOOpen(t, os.Getpid(), "Load")
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
