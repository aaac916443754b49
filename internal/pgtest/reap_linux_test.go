package pgtest

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReapStale kills a test binary that has started a server, as a go test
// timeout would: its server runs on, and the next start takes it down and
// removes its folder, while it leaves this binary's own server be.
func TestReapStale(t *testing.T) {
	URL(t) // this binary's own server, which must survive the reaping
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run", "^$")
	cmd.Env = append(os.Environ(), orphanEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	cmd.Process.Kill()
	cmd.Wait()
	dir := strings.TrimSpace(line)
	if err != nil || !strings.Contains(filepath.Base(dir), dirPrefix) {
		t.Fatalf("the orphan's server: %q, %v", line, err)
	}
	orphan := (&server{dir: dir}).pid()
	if !running(orphan) {
		t.Fatalf("the killed binary's server (pid %d) is not running: nothing to reap", orphan)
	}
	reapStale(srv.bin, srv.cred)
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the orphan's folder %s is still there (%v)", dir, err)
	}
	const guard = time.Minute
	for start := time.Now(); running(orphan); time.Sleep(100 * time.Millisecond) {
		if time.Since(start) > guard {
			syscall.Kill(orphan, syscall.SIGQUIT)
			t.Fatalf("the orphan's server (pid %d) still runs %v after the reaping", orphan, guard)
		}
	}
	if _, err := os.Stat(srv.dir); err != nil || !running(ServerPID()) {
		t.Errorf("this binary's own server was taken down too (%v)", err)
	}
}

// running reports whether process pid (0 for none) is there to signal.
func running(pid int) bool { return pid > 0 && syscall.Kill(pid, 0) == nil }
