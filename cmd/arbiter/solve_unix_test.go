//go:build unix

package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// startSolving starts arbiter solve with args in a process of its own and
// returns once it says on stderr that it is solving; stdout and the rest
// of stderr are gathered until it ends.
func startSolving(t *testing.T, args ...string) (cmd *exec.Cmd, stdout *bytes.Buffer, stderr func() string) {
	t.Helper()
	cmd = exec.Command(os.Args[0], append([]string{"solve"}, args...)...)
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	stdout = new(bytes.Buffer)
	cmd.Stdout = stdout
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	var mu sync.Mutex
	var rest strings.Builder
	started := make(chan bool, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		br := bufio.NewReader(errPipe)
		said := false
		for {
			line, err := br.ReadString('\n')
			mu.Lock()
			rest.WriteString(line)
			mu.Unlock()
			if !said && strings.HasPrefix(line, "solve: ") && strings.Contains(line, "at most") {
				said = true
				started <- true
			}
			if err != nil {
				if !said {
					started <- false
				}
				io.Copy(io.Discard, errPipe)
				return
			}
		}
	}()
	if !<-started {
		<-done
		t.Fatalf("arbiter solve %q ended without solving: %s", args, rest.String())
	}
	return cmd, stdout, func() string {
		<-done
		mu.Lock()
		defer mu.Unlock()
		return rest.String()
	}
}

// TestSolveInterrupt: Ctrl-C stops solve at once (the solver looks at
// its context every thousand nodes): exit 130, and what is proven so far
// printed, in the text form and in JSON; --annotate writes every game,
// annotated as far as it got.
func TestSolveInterrupt(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"text", []string{realLOA, "--ply", "10", "--nodes", "100000000000"}, "unknown (black to move): interrupted before a proof; "},
		{"json", []string{realLOA, "--ply", "10", "--nodes", "100000000000", "--json"}, `{"result":"unknown","move":"","plies":0,"nodes":`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd, stdout, stderr := startSolving(t, tc.args...)
			at := time.Now()
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			waitExit(t, cmd, time.Minute)
			t.Logf("arbiter solve exited %v after SIGINT (a guard of a minute, not a bound)", time.Since(at))
			if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || !strings.HasPrefix(stdout.String(), tc.want) ||
				!strings.Contains(stderr(), "arbiter: interrupted") {
				t.Errorf("solve after SIGINT: exit %d, stdout %q, stderr %q; want exit 130, %q…", code, stdout, stderr(), tc.want)
			}
		})
	}
	t.Run("annotate", func(t *testing.T) {
		src, err := os.ReadFile("testdata/annotate.agn")
		if err != nil {
			t.Fatal(err)
		}
		// The first game annotated cheaply, the second then solved with a
		// budget that lasts until the signal.
		cmd, stdout, stderr := startSolving(t, "testdata/annotate.agn", "--annotate", "--nodes", "100000000000")
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		waitExit(t, cmd, time.Minute)
		out := stdout.String()
		if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || strings.Count(out, "[Event ") != 3 ||
			!strings.Contains(stderr(), "annotated before the interrupt, the rest written as read") {
			t.Errorf("solve --annotate after SIGINT: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 130 and the 3 games", code, out, stderr())
		}
		if n := strings.Count(string(src), "[Event "); n != 3 {
			t.Fatalf("testdata/annotate.agn has %d games; want 3", n)
		}
	})
}

// waitExit waits for cmd to end, failing t after guard.
func waitExit(t *testing.T, cmd *exec.Cmd, guard time.Duration) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(guard):
		t.Fatalf("arbiter %q still running %v after SIGINT", cmd.Args[1:], guard)
	}
}
