package worker

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/enginetest"
)

// TestWorkerEnvironment reads a worker process's environment as the
// kernel holds it: without the database's URL and the PostgreSQL client's
// variables (a worker never opens the database, and its engines, its
// children, could read them there), with the rest of the runner's.
func TestWorkerEnvironment(t *testing.T) {
	defer func(e time.Duration) { procExitWait = e }(procExitWait)
	procExitWait = 0 // the sleeper does not read its stdin: kill it at once
	t.Setenv("ARBITER_DB", "postgres://arbiter:secret@db.example/arbiter")
	t.Setenv("PGPASSWORD", "secret")
	t.Setenv("ARBITER_TEST_ORDINARY", "kept")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	p, err := startProc([]string{exe, "fake-sleep", dir}, initMsg{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.closeAll()
	enginetest.Sleepers(t, dir, 1) // it has started: its environment is its own
	b, err := os.ReadFile("/proc/" + strconv.Itoa(p.cmd.Process.Pid) + "/environ")
	if err != nil {
		t.Fatal(err)
	}
	env := strings.Split(string(b), "\x00")
	for _, kv := range env {
		if k, _, _ := strings.Cut(kv, "="); k == "ARBITER_DB" || k == "PGPASSWORD" {
			t.Errorf("worker's environment holds %q; want no %s", kv, k)
		}
	}
	for _, want := range []string{"ARBITER_TEST_ORDINARY=kept", "PATH=" + os.Getenv("PATH")} {
		if !strings.Contains("\x00"+string(b), "\x00"+want+"\x00") {
			t.Errorf("worker's environment lacks %q", want)
		}
	}
}
