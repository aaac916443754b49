package worker

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/pairing"
)

// TestSilentWorker: a worker command that never answers, does not end
// when told, and does not read its stdin (the settings, which go there,
// are larger than a pipe holds: their Event is long) fails the start
// within the engines' timeouts and the process's start, and leaves no
// process behind.
func TestSilentWorker(t *testing.T) {
	defer func(s, e time.Duration) { procStartWait, procExitWait = s, e }(procStartWait, procExitWait)
	procStartWait, procExitWait = time.Second, time.Second
	set := raceSettings(t, "a=first", "b=last")
	set.Event = strings.Repeat("x", 200<<10)
	set.Timeouts = engineproc.Timeouts{Startup: 100 * time.Millisecond, Ping: 100 * time.Millisecond}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	first := []pairing.Game{{Slot: 0, White: 0, Black: 1}, {Slot: 1, White: 1, Black: 0}}
	start := time.Now()
	ps, err := Start(context.Background(), set, Options{Argv: []string{exe, "fake-sleep"}}, first)
	if err == nil || !strings.Contains(err.Error(), "did not answer within") {
		t.Errorf("Start with a silent worker = %v, %v", ps, err)
	}
	// A second's wait, far from the five minutes the silent worker
	// sleeps: a loaded machine adds seconds, not minutes.
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("a silent worker held the start %v", d)
	}
	if c := enginetest.ChildrenLeft(); len(c) > 0 {
		t.Errorf("children left: %v", c)
	}
}
