//go:build unix

package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/toygames"
)

// TestWorkerOutputGone: a worker whose runner died writes its next reply
// to a pipe no one reads. The write fails and the worker ends in order
// (exit 1, saying why) instead of being killed by SIGPIPE, Go's default
// for descriptor 1, which would leave its engines' escapees running.
func TestWorkerOutputGone(t *testing.T) {
	dir := t.TempDir()
	path := writeConfig(t, dir, toygames.RaceHead, "a=first", "b=last")
	cfg, err := config.Load(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	set := workerSettings(cfg)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // the runner is gone: nothing reads the worker's replies
	argv := workerCmd(t)
	cmd := exec.Command(argv[0], argv[1:]...)
	// The worker protocol's first line (see package worker).
	init, err := json.Marshal(map[string]any{"game": set.Game.ID(), "settings": set})
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdin = strings.NewReader(string(init) + "\n")
	cmd.Stdout = w
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err = cmd.Run()
	w.Close()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("worker: %v; want exit 1", err)
	}
	if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		t.Fatalf("worker killed by %v; want it to end in order", ws.Signal())
	}
	if exit.ExitCode() != 1 || !strings.Contains(stderr.String(), "broken pipe") {
		t.Errorf("worker: exit %d, stderr %q; want exit 1 and a broken pipe", exit.ExitCode(), stderr.String())
	}
}
