package enginetest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/internal/proc"
)

// Running reports whether pid is a live process (not a zombie).
func Running(pid int) bool {
	st, ok := proc.ReadStat(pid)
	return ok && !st.Zombie
}

// GroupMembers lists the live (not zombie) processes of process group
// pgid.
func GroupMembers(pgid int) []int {
	ents, _ := os.ReadDir("/proc")
	var pids []int
	for _, ent := range ents {
		pid, err := strconv.Atoi(ent.Name())
		if err != nil {
			continue
		}
		if st, ok := proc.ReadStat(pid); ok && !st.Zombie && st.PGID == pgid {
			pids = append(pids, pid)
		}
	}
	return pids
}

// GroupAlive reports whether process group pgid has a live process.
func GroupAlive(pgid int) bool { return len(GroupMembers(pgid)) > 0 }

// Reaped reports whether process pid is gone, zombie and all: waited for.
func Reaped(pid int) bool { return syscall.Kill(pid, 0) != nil }

// Children lists this process's children, zombies included (a child not
// reaped yet is still listed), but for the test PostgreSQL server, which
// this process adopts as a subreaper once a test has started it.
func Children() []string {
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	server := strconv.Itoa(pgtest.ServerPID())
	var out []string
	for _, t := range tasks {
		b, _ := os.ReadFile(t)
		for _, pid := range strings.Fields(string(b)) {
			if pid != server {
				out = append(out, pid)
			}
		}
	}
	return out
}

// ChildrenLeft lists this process's children once they have had up to
// Guard to end and be reaped, each as "PID (comm) state". Since a runner is a
// child subreaper, the engines of a worker process that died become its
// children, and their exits are reaped as SIGCHLD comes: a check made the
// moment a run returns may still see one of them on its way out.
func ChildrenLeft() []string {
	deadline := time.Now().Add(Guard)
	for len(Children()) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	var out []string
	for _, pid := range Children() {
		desc := pid
		if b, err := os.ReadFile("/proc/" + pid + "/stat"); err == nil {
			s := string(b)
			if i, j := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')'); i >= 0 && j > i {
				if f := strings.Fields(s[j+1:]); len(f) > 0 {
					desc = pid + " " + s[i:j+1] + " " + f[0]
				}
			}
		}
		out = append(out, desc)
	}
	return out
}

// Sleepers returns the pids that fake sleepers wrote into dir (see the
// engine's detach mode), waiting up to Guard for at least want of them.
// Every one of them is killed when the test ends, whatever happened.
func Sleepers(t *testing.T, dir string, want int) []int {
	t.Helper()
	read := func() []int {
		var pids []int
		ents, _ := os.ReadDir(dir)
		for _, ent := range ents {
			if pid, err := strconv.Atoi(ent.Name()); err == nil {
				pids = append(pids, pid)
			}
		}
		return pids
	}
	var pids []int
	for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
		if pids = read(); len(pids) >= want || time.Since(start) > Guard {
			break
		}
	}
	t.Cleanup(func() {
		for _, pid := range read() {
			if Running(pid) {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	if len(pids) < want {
		t.Fatalf("%d detached processes started within %v; want %d", len(pids), Guard, want)
	}
	return pids
}

// CheckEnded fails t when a process of pids runs, or is a zombie child of
// this process that nobody reaped, after up to 30 s: at a load of 20 on 2
// cores a worker takes seconds to see its runner die and end its engines'
// escapees. A fake sleeper lives longer than that, so that one nobody
// ended is still there to be seen.
func CheckEnded(t *testing.T, pids []int) {
	t.Helper()
	for _, pid := range pids {
		var st proc.Stat
		ok := true
		for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(10 * time.Millisecond) {
			if st, ok = proc.ReadStat(pid); !ok || st.Zombie && st.PPID != os.Getpid() {
				break
			}
		}
		switch {
		case ok && !st.Zombie:
			t.Errorf("process %d, started by an engine in a session of its own, still runs after 30 s", pid)
		case ok && st.PPID == os.Getpid():
			t.Errorf("process %d, started by an engine, is a zombie child of the runner, not reaped", pid)
		}
	}
}

// FIFOOpenWaits reports whether a thread of process pid waits in open(2)
// for the other end of a FIFO; ok is false where /proc cannot tell.
func FIFOOpenWaits(pid int) (waits, ok bool) {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	if _, err := os.Stat(dir); err != nil {
		return false, false
	}
	chans, _ := filepath.Glob(dir + "/*/wchan")
	for _, c := range chans {
		if b, _ := os.ReadFile(c); string(b) == "wait_for_partner" {
			return true, true
		}
	}
	return false, true
}
