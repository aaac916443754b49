package tournament

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/ugi"
)

// sleepers returns the pids that fake sleepers wrote into dir (see
// fakeEngine's detach), waiting up to 10 s for at least want of them. Every
// one of them is killed when the test ends, whatever happened.
func sleepers(t *testing.T, dir string, want int) []int {
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
		if pids = read(); len(pids) >= want || time.Since(start) > 10*time.Second {
			break
		}
	}
	t.Cleanup(func() {
		for _, pid := range read() {
			if running(pid) {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	if len(pids) < want {
		t.Fatalf("%d detached processes started; want %d", len(pids), want)
	}
	return pids
}

// running reports whether pid is a live process (not a zombie).
func running(pid int) bool {
	in, ok := readStat(strconv.Itoa(pid))
	return ok && !in.zombie
}

// checkEnded fails t when a process of pids runs, or is a zombie child of
// this process that nobody reaped, after up to 15 s.
func checkEnded(t *testing.T, pids []int) {
	t.Helper()
	for _, pid := range pids {
		var in procInfo
		ok := true
		// Up to 15 s: at a load of 20 on 2 cores (two test suites at once)
		// a worker took more than 5 s to see its runner die and end its
		// engines' escapees.
		for i := 0; i < 1500; i++ {
			if in, ok = readStat(strconv.Itoa(pid)); !ok || in.zombie && in.ppid != os.Getpid() {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		switch {
		case ok && !in.zombie:
			t.Errorf("process %d, started by an engine in a session of its own, still runs", pid)
		case ok && in.ppid == os.Getpid():
			t.Errorf("process %d, started by an engine, is a zombie child of the runner, not reaped", pid)
		}
	}
}

// An engine's descendant that leaves its process group (setsid) is ended
// with the engine, however the engine ends; and an engine that exits is a
// crash at once, though the descendant still holds its stdout.
func TestEngineEndsDetached(t *testing.T) {
	sh, errSh := exec.LookPath("sh")
	_, errSetsid := exec.LookPath("setsid")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		spec   func(dir string) Spec
		cancel bool // cancel the context during a go
		crash  bool // Start fails with a crash
	}{
		{name: "closed", spec: func(dir string) Spec { return fakeSpec(t, "fake", "first,detach:"+dir, "toy-race") }},
		{name: "cancelled", cancel: true, spec: func(dir string) Spec { return fakeSpec(t, "fake", "nogo,detach:"+dir, "toy-race") }},
		{name: "exits", crash: true, spec: func(dir string) Spec { return fakeSpec(t, "fake", "detach:"+dir+",exit", "toy-race") }},
		// The real thing, where sh and setsid are installed.
		{name: "shell setsid sleep", spec: func(dir string) Spec {
			return shellEngine(t, dir, sh, fmt.Sprintf("setsid sh -c 'touch %s/$$; exec sleep 30' &\nexec %s fake-engine first toy-race\n", dir, exe))
		}},
		{name: "shell setsid sleep then exit 0", crash: true, spec: func(dir string) Spec {
			return shellEngine(t, dir, sh, fmt.Sprintf("setsid sh -c 'touch %s/$$; exec sleep 30' &\nexit 0\n", dir))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if strings.HasPrefix(tc.name, "shell") && (errSh != nil || errSetsid != nil) {
				t.Skip("needs sh and setsid in PATH")
			}
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			start := time.Now()
			e, err := Start(ctx, tc.spec(dir), quick)
			if tc.crash {
				pids := sleepers(t, dir, 1)
				if !errors.Is(err, Crash) || !strings.Contains(err.Error(), "exited") {
					t.Fatalf("Start = %v; want a crash: exited", err)
				}
				if d := time.Since(start); d >= quick.Startup {
					t.Errorf("the crash was reported after %v, the startup timeout", d)
				}
				checkEnded(t, pids)
				return
			}
			if err != nil {
				t.Fatalf("Start: %v", err)
			}
			pids := sleepers(t, dir, 1)
			if err := e.NewGame(ctx); err != nil {
				t.Fatalf("NewGame: %v", err)
			}
			if tc.cancel {
				e.Position("startpos", nil)
				time.AfterFunc(50*time.Millisecond, cancel)
				if _, err := e.Go(ctx, ugi.Limits{MoveTime: time.Second}, 10*time.Second); !errors.Is(err, context.Canceled) {
					t.Errorf("Go = %v; want context.Canceled", err)
				}
			}
			e.Close()
			checkEnded(t, pids)
		})
	}
}

// TestEngineEndsExecingEscapee ends an engine whose escapee (setsid) execs
// itself over and over: a process in the middle of an execve shows an
// empty environment for a moment, and a scan that read it then would not
// find the engine's token and leave the escapee running (about one read in
// ten of such a process, measured). Twenty engines make a miss near
// certain without the second look engineToken takes.
func TestEngineEndsExecingEscapee(t *testing.T) {
	sh, errSh := exec.LookPath("sh")
	_, errSetsid := exec.LookPath("setsid")
	if errSh != nil || errSetsid != nil {
		t.Skip("needs sh and setsid in PATH")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	loop := filepath.Join(t.TempDir(), "loop.sh")
	if err := os.WriteFile(loop, []byte("#!"+sh+"\nexec \"$0\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		dir := t.TempDir()
		e, err := Start(context.Background(), shellEngine(t, dir, sh,
			fmt.Sprintf("setsid sh -c 'touch %s/$$; exec %s' &\nexec %s fake-engine first toy-race\n", dir, loop, exe)), quick)
		if err != nil {
			t.Fatalf("engine %d: Start: %v", i, err)
		}
		pids := sleepers(t, dir, 1)
		e.Close()
		checkEnded(t, pids)
		if t.Failed() {
			t.Fatalf("engine %d of 20", i)
		}
	}
}

// shellEngine writes script into an executable sh script in dir.
func shellEngine(t *testing.T, dir, sh, script string) Spec {
	path := filepath.Join(t.TempDir(), "engine.sh")
	if err := os.WriteFile(path, []byte("#!"+sh+"\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	return Spec{Name: "shell", Path: path}
}

// Nothing an engine started outlives a tournament, in process or in
// worker processes, ended or interrupted.
func TestTournamentEndsDetached(t *testing.T) {
	for _, workers := range [][]string{nil, workerCmd(t)} {
		for _, interrupt := range []bool{false, true} {
			t.Run(fmt.Sprintf("workers=%v/interrupted=%v", workers != nil, interrupt), func(t *testing.T) {
				dir := t.TempDir()
				cfg, db := loadTournament(t, dir, toyHeadGames(6), "a=first,slow:5,detach:"+dir, "b=last,slow:5,detach:"+dir)
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				_, err := Run(ctx, cfg, Options{DB: db, Concurrency: 2, Workers: workers, Progress: func(p Progress) {
					if interrupt && p.Done == 2 {
						time.AfterFunc(30*time.Millisecond, cancel) // mid-game
					}
				}})
				if interrupt != errors.Is(err, context.Canceled) {
					t.Fatalf("Run = %v", err)
				}
				// At least the engines of the first game finished, each
				// with its sleeper (on a busy machine an interrupt may
				// come before the other worker's engines start theirs).
				sleepers(t, dir, 2)
				time.Sleep(200 * time.Millisecond) // a survivor writes its pid late
				pids := sleepers(t, dir, 2)
				checkEnded(t, pids)
				if c := childrenLeft(); len(c) > 0 {
					t.Errorf("children left after the tournament: %v", c)
				}
			})
		}
	}
}

// When the runner is killed (SIGKILL) while its worker processes play,
// each worker, told by the kernel, ends its engines and what they started.
// (A runner that plays in process cannot: see docs/tournament.md.)
func TestRunnerKilledWorkersEndDetached(t *testing.T) {
	// One worker is what arbiter tournament runs at --concurrency 1.
	for _, workers := range []int{1, 2} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) { testRunnerKilledWorkers(t, workers) })
	}
}

func testRunnerKilledWorkers(t *testing.T, workers int) {
	dir := t.TempDir()
	sleep := filepath.Join(dir, "sleepers")
	if err := os.Mkdir(sleep, 0o755); err != nil {
		t.Fatal(err)
	}
	path := writeConfig(t, dir, toyHeadGames(50), "a=first,slow:5,detach:"+sleep, "b=last,slow:5,detach:"+sleep)
	exe, _ := os.Executable()
	cmd := exec.Command(exe, "fake-runner", path, filepath.Join(dir, "t.db"))
	cmd.Env = append(os.Environ(), "FAKE_RUNNER_WORKERS="+strconv.Itoa(workers))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	pids := sleepers(t, sleep, 2*workers) // both engines of every worker
	before := children()
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	checkEnded(t, pids)
	// The workers, orphaned, come to this process (a subreaper, as a
	// runner), which reaps them when they exit, as init would.
	var left []string
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(20 * time.Millisecond) {
		left = slices.DeleteFunc(children(), func(c string) bool { return slices.Contains(before, c) })
		if len(left) == 0 {
			return
		}
	}
	t.Errorf("the runner's worker processes, adopted when it was killed, were not reaped: %v", left)
}

// The children a program using the package starts itself, in process
// groups of their own, are neither killed nor reaped when an engine ends:
// their exit status stays os/exec's.
func TestEngineCloseSparesOtherChildren(t *testing.T) {
	exe, _ := os.Executable()
	start := func(args ...string) *exec.Cmd {
		c := exec.Command(exe, args...)
		c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		return c
	}
	sleeper := start("fake-sleep")
	defer sleeper.Wait()
	defer sleeper.Process.Kill()
	quitter := start("fake-engine", "die", "toy-race") // exits 1 at once
	time.Sleep(100 * time.Millisecond)                 // let it exit

	dir := t.TempDir()
	e, err := Start(context.Background(), fakeSpec(t, "fake", "first,detach:"+dir, "toy-race"), quick)
	if err != nil {
		t.Fatal(err)
	}
	pids := sleepers(t, dir, 1)
	e.Close()
	checkEnded(t, pids)

	if !running(sleeper.Process.Pid) {
		t.Errorf("a child of the program's own, in a group of its own, was killed with the engine")
	}
	var ee *exec.ExitError
	if err := quitter.Wait(); !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("Wait of a child of the program's own = %v; want exit status 1", err)
	}
}
