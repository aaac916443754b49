package engineproc

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/internal/proc"
	"github.com/arbiter-games/arbiter/ugi"
)

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
		spec   func(dir, marks string) Spec
		cancel bool // cancel the context during a go
		crash  bool // Start fails with a crash
	}{
		{name: "closed", spec: func(dir, _ string) Spec { return fakeSpec(t, "fake", "first,detach:"+dir, "toy-race") }},
		{name: "cancelled", cancel: true, spec: func(dir, marks string) Spec {
			return fakeSpec(t, "fake", "nogo,detach:"+dir+",mark:"+marks, "toy-race")
		}},
		{name: "exits", crash: true, spec: func(dir, _ string) Spec { return fakeSpec(t, "fake", "detach:"+dir+",exit", "toy-race") }},
		// The real thing, where sh and setsid are installed.
		{name: "shell setsid sleep", spec: func(dir, _ string) Spec {
			return shellEngine(t, dir, sh, fmt.Sprintf("setsid sh -c 'touch %s/$$; exec sleep 30' &\nexec %s fake-engine first toy-race\n", dir, exe))
		}},
		{name: "shell setsid sleep then exit 0", crash: true, spec: func(dir, _ string) Spec {
			return shellEngine(t, dir, sh, fmt.Sprintf("setsid sh -c 'touch %s/$$; exec sleep 30' &\n"+
				// Exit once the escapee is up: killed before it wrote its
				// pid, it would leave the test nothing to check.
				"while [ -z \"$(ls %s)\" ]; do sleep 0.01; done\nexit 0\n", dir, dir))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if strings.HasPrefix(tc.name, "shell") && (errSh != nil || errSetsid != nil) {
				t.Skip("needs sh and setsid in PATH")
			}
			dir, marks := t.TempDir(), t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			start := time.Now()
			e, err := Start(ctx, tc.spec(dir, marks), quick)
			if tc.crash {
				pids := enginetest.Sleepers(t, dir, 1)
				if !errors.Is(err, Crash) || !strings.Contains(err.Error(), "exited") {
					t.Fatalf("Start = %v; want a crash: exited", err)
				}
				if d := time.Since(start); d >= quick.Startup {
					t.Errorf("the crash was reported after %v, the startup timeout", d)
				}
				enginetest.CheckEnded(t, pids)
				return
			}
			if err != nil {
				t.Fatalf("Start: %v", err)
			}
			pids := enginetest.Sleepers(t, dir, 1)
			if err := e.NewGame(ctx, nil); err != nil {
				t.Fatalf("NewGame: %v", err)
			}
			if tc.cancel {
				e.Position("startpos", nil)
				go cancelOnGo(t, marks, cancel)
				if _, err := e.Go(ctx, ugi.Limits{MoveTime: time.Second}, time.Hour); !errors.Is(err, context.Canceled) {
					t.Errorf("Go = %v; want context.Canceled", err)
				}
			}
			e.Close()
			enginetest.CheckEnded(t, pids)
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
		pids := enginetest.Sleepers(t, dir, 1)
		e.Close()
		enginetest.CheckEnded(t, pids)
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
	// A zombie, which a reaper that took every child would reap.
	enginetest.WaitFor(t, "exit of the program's own child", func() bool {
		st, ok := proc.ReadStat(quitter.Process.Pid)
		return ok && st.Zombie
	})

	dir := t.TempDir()
	e, err := Start(context.Background(), fakeSpec(t, "fake", "first,detach:"+dir, "toy-race"), quick)
	if err != nil {
		t.Fatal(err)
	}
	pids := enginetest.Sleepers(t, dir, 1)
	e.Close()
	enginetest.CheckEnded(t, pids)

	if !enginetest.Running(sleeper.Process.Pid) {
		t.Errorf("a child of the program's own, in a group of its own, was killed with the engine")
	}
	var ee *exec.ExitError
	if err := quitter.Wait(); !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("Wait of a child of the program's own = %v; want exit status 1", err)
	}
}
