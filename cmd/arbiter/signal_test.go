//go:build unix

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/replay"
)

// startMain starts the test binary as arbiter's main with args, stdin from
// stdin (nil: none).
func startMain(t *testing.T, stdin io.Reader, args ...string) (*exec.Cmd, io.Reader, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	cmd.Stdin = stdin
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, out, &errb
}

// interrupt sends sig to cmd and checks that it exits 130 saying it was
// interrupted; it logs how long that took.
func interrupt(t *testing.T, cmd *exec.Cmd, stderr *bytes.Buffer, sig syscall.Signal) {
	t.Helper()
	at := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	const guard = time.Minute
	select {
	case <-done:
	case <-time.After(guard):
		t.Fatalf("arbiter %q still running %v after %v", cmd.Args[1:], guard, sig)
	}
	t.Logf("arbiter %q exited %v after %v", cmd.Args[1:], time.Since(at), sig)
	if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("arbiter %q after %v: exit %d, stderr %q; want exit %d, \"interrupted\"", cmd.Args[1:], sig, code, stderr.String(), exitInterrupted)
	}
}

// cpuTime returns the CPU time process pid has used, user and system,
// from /proc; ok is false where /proc cannot tell.
func cpuTime(pid int) (d time.Duration, ok bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// The fields after the command's name, which ends with the last ')':
	// utime and stime are the 14th and 15th of the line, in ticks of
	// 1/100 s (USER_HZ, 100 on every Linux arbiter runs on).
	i := bytes.LastIndexByte(b, ')')
	f := strings.Fields(string(b[i+1:]))
	if i < 0 || len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, true
}

// awaitWork waits until cmd has used d of CPU time: past its start, at
// work, however slow the machine. It returns the CPU time it saw, or -1
// where /proc cannot tell (it then gives cmd a second).
func awaitWork(t *testing.T, cmd *exec.Cmd, d time.Duration) time.Duration {
	t.Helper()
	if _, ok := cpuTime(cmd.Process.Pid); !ok {
		time.Sleep(time.Second)
		return -1
	}
	const guard = 2 * time.Minute
	for start := time.Now(); ; time.Sleep(5 * time.Millisecond) {
		if used, ok := cpuTime(cmd.Process.Pid); ok && used >= d {
			return used
		} else if !ok || time.Since(start) > guard {
			t.Fatalf("arbiter %q did not use %v of CPU time within %v", cmd.Args[1:], d, guard)
		}
	}
}

// TestInterruptReading: Ctrl-C and SIGTERM end validate while it waits for
// input: a FIFO no one writes to (open(2) waits), standard input that
// stays open, and a perft that would run for years (all three once
// ignored both signals).
func TestInterruptReading(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run("fifo "+sig.String(), func(t *testing.T) {
			cmd, _, stderr := startMain(t, nil, "validate", fifo)
			enginetest.AwaitFIFOOpen(t, cmd.Process.Pid, fmt.Sprintf("arbiter %q", cmd.Args[1:]))
			interrupt(t, cmd, stderr, sig)
		})
		t.Run("stdin "+sig.String(), func(t *testing.T) {
			// An *os.File, so that exec copies nothing (Wait would wait
			// for the copy).
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			cmd, _, stderr := startMain(t, r, "validate", "-")
			r.Close()
			// More than a pipe holds: the write returns once arbiter
			// has read most of it, so it is running and reading.
			if _, err := w.Write([]byte(strings.Repeat(validLOA, 1<<20/len(validLOA)))); err != nil {
				t.Fatal(err)
			}
			interrupt(t, cmd, stderr, sig)
		})
		t.Run("perft "+sig.String(), func(t *testing.T) {
			cmd, out, stderr := startMain(t, nil, "perft", "--game", "lines-of-action", "20")
			sc := bufio.NewScanner(out)
			for sc.Scan() && !strings.HasPrefix(sc.Text(), "4 ") {
			}
			go io.Copy(io.Discard, out)
			interrupt(t, cmd, stderr, sig)
		})
	}
}

// endless is a stream that never ends, that counts what was read from
// it: zero bytes, like /dev/zero, or with random set, the bytes random
// gives, like /dev/urandom but the same at every run. Past twice the
// largest game it fails, so that a reader that does not stop fails the
// test rather than take the machine's memory.
type endless struct {
	n      atomic.Int64
	random *rand.ChaCha8
}

func (z *endless) Read(p []byte) (int, error) {
	if z.n.Load() > 2*replay.MaxGame {
		return 0, fmt.Errorf("the test's endless stream: read past %d MiB", 2*replay.MaxGame>>20)
	}
	if z.random != nil {
		z.random.Read(p)
	} else {
		clear(p)
	}
	z.n.Add(int64(len(p)))
	return len(p), nil
}

// peakRSS follows the peak memory (VmHWM) of the process pid until it
// ends, and returns the last figure read, in bytes; -1 without /proc.
func peakRSS(pid int, done <-chan struct{}) int64 {
	peak := int64(-1)
	for {
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
					if kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64); err == nil {
						peak = kb << 10
					}
				}
			}
		}
		select {
		case <-done:
			return peak
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// TestEndlessInput: text with no game boundary (/dev/zero, a pipe of
// zeros), or random bytes that the splitter cuts into short chunks that
// open no game (/dev/urandom), is an error once it is longer than the
// largest game, with the memory bounded: an unbounded reader grows
// without end on such input.
func TestEndlessInput(t *testing.T) {
	random := func() *endless { return &endless{random: rand.NewChaCha8([32]byte{'a', 'r', 'b'})} }
	tests := []struct {
		name   string
		stdin  *endless
		args   []string
		prefix string // what stdin gives before the endless stream
	}{
		{"dev zero", nil, []string{"validate", "/dev/zero"}, ""},
		{"dev urandom", nil, []string{"validate", "/dev/urandom"}, ""},
		{"view dev urandom", nil, []string{"view", "/dev/urandom"}, ""},
		{"stdin", &endless{}, []string{"validate", "-"}, ""},
		{"random stdin", random(), []string{"validate", "-"}, ""},
		{"import stdin", &endless{}, []string{"import", "--db", filepath.Join(t.TempDir(), "a.db"), "-"}, ""},
		// An SGF game tree whose comment never ends.
		{"convert SGF stdin", &endless{}, []string{"convert", "-"}, "(;GM[9]C["},
		// Random bytes read as SGF game trees.
		{"random SGF stdin", random(), []string{"validate", "-"}, "("},
	}
	if _, err := os.Stat("/dev/zero"); err != nil {
		tests = tests[3:]
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdin io.Reader
			if tt.stdin != nil {
				stdin = io.MultiReader(strings.NewReader(tt.prefix), tt.stdin)
			}
			cmd, out, stderr := startMain(t, stdin, tt.args...)
			what := fmt.Sprintf("arbiter %q", tt.args)
			stdout, peak := waitBounded(t, cmd, out, what)
			code := cmd.ProcessState.ExitCode()
			want := "game 1 is longer than 64 MiB"
			if code != exitFailure || len(stdout) != 0 || !strings.Contains(stderr.String(), want) {
				t.Errorf("arbiter %q: exit %d, stdout %.100q, stderr %q; want exit 1, %q", tt.args, code, stdout, stderr.String(), want)
			}
			// What it read: the largest game, plus what comes in
			// before the reader looks again (8 MiB) and what the pipe
			// and the copy hold.
			if tt.stdin != nil {
				const most = replay.MaxGame + 12<<20
				if n := tt.stdin.n.Load(); n > most {
					t.Errorf("arbiter %q read %d MB of its endless stdin; want at most %d", tt.args, n>>20, most>>20)
				}
			}
			checkPeak(t, what+": ", peak)
		})
	}
}

// TestInterruptStart: Ctrl-C and SIGTERM end a command at once while it
// reads or makes its input: a tournament whose config or openings file is
// a FIFO no one writes to; arbiter openings searching deep
// for balanced openings, making the most openings it makes, or reading
// its games from a FIFO (all of them ignored both signals).
func TestInterruptStart(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.agn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	cfgFIFO := filepath.Join(dir, "cfg.yaml")
	if err := syscall.Mkfifo(cfgFIFO, 0o600); err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("../../examples/lines-of-action.yaml")
	if err != nil {
		t.Fatal(err)
	}
	withOpenings := func(name, file string) string {
		path := filepath.Join(dir, name)
		text := strings.Replace(string(example), "file: openings/lines-of-action.agn", "file: "+file, 1)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	db := filepath.Join(dir, "a.db")
	tests := []struct {
		name string
		args []string
		fifo bool // the signal comes while it waits in the open of a FIFO; else at work
	}{
		{"tournament, config a FIFO", []string{"tournament", "--db", db, cfgFIFO}, true},
		{"tournament, openings a FIFO", []string{"tournament", "--db", db, withOpenings("fifo.yaml", fifo)}, true},
		{"openings, deep balanced", []string{"openings", "--game", "lines-of-action", "--plies", "6", "--count", "100", "--balanced", "100", "--depth", "60"}, false},
		// About 3 s of CPU time here (plies 30), so that the signal comes
		// well before the end on a machine several times faster.
		{"openings, the most", []string{"openings", "--game", "lines-of-action", "--plies", "30", "--count", "100000"}, false},
		{"openings, from a FIFO", []string{"openings", "--game", "lines-of-action", "--plies", "6", "--from", fifo}, true},
	}
	for _, tt := range tests {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			t.Run(tt.name+" "+sig.String(), func(t *testing.T) {
				cmd, out, stderr := startMain(t, nil, tt.args...)
				go io.Copy(io.Discard, out)
				if tt.fifo {
					// Waiting in open(2), it uses no CPU time: one that
					// ignored the signal would wait for ever.
					enginetest.AwaitFIFOOpen(t, cmd.Process.Pid, fmt.Sprintf("arbiter %q", cmd.Args[1:]))
					interrupt(t, cmd, stderr, sig)
					return
				}
				// At once: with less CPU time after the signal than the
				// work left would take (a wall-clock time would measure
				// the machine's load).
				at := awaitWork(t, cmd, 300*time.Millisecond)
				interrupt(t, cmd, stderr, sig)
				if at < 0 {
					return
				}
				if d := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime() - at; d > time.Second {
					t.Errorf("arbiter %q used %v of CPU time after %v; want it to stop at once", tt.args, d, sig)
				}
			})
		}
	}
}

// TestOpeningsCountCapped: a --count past the most openings arbiter makes
// is a usage error, at once, rather than memory without end.
func TestOpeningsCountCapped(t *testing.T) {
	r := runCLI(t, "", "openings", "--game", "lines-of-action", "--plies", "6", "--count", "100000000")
	want := "arbiter: openings: --count must be at most 100000, not 100000000\n"
	if r.code != exitUsage || r.stdout != "" || r.stderr != want {
		t.Errorf("openings --count 100000000: exit %d, stdout %.100q, stderr %q; want exit 2, %q", r.code, r.stdout, r.stderr, want)
	}
}

// TestEndlessSuite: an openings file that never ends (/dev/zero) is a
// config error once it is past the largest suite, with the memory bounded
// (it grew without end, 1.57 GB in 10 s, ignoring signals).
func TestEndlessSuite(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	dir := t.TempDir()
	example, err := os.ReadFile("../../examples/lines-of-action.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "zero.yaml")
	text := strings.Replace(string(example), "file: openings/lines-of-action.agn", "file: /dev/zero, format: fen", 1)
	if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd, out, stderr := startMain(t, nil, "tournament", "--db", filepath.Join(dir, "a.db"), cfg)
	stdout, peak := waitBounded(t, cmd, out, "arbiter tournament")
	want := "openings file: read /dev/zero: larger than 64 MiB, the most an openings file may hold"
	if code := cmd.ProcessState.ExitCode(); code != exitUsage || len(stdout) != 0 || !strings.Contains(stderr.String(), want) {
		t.Errorf("tournament with openings /dev/zero: exit %d, stdout %.100q, stderr %q; want exit 2, %q", code, stdout, stderr.String(), want)
	}
	checkPeak(t, "", peak)
}

// waitBounded reads the stdout of cmd (started by startMain) to its end
// and waits up to 60 s for cmd, named what in the failure, to exit,
// following its peak memory meanwhile. It returns the stdout and the peak
// in bytes (-1 without /proc).
func waitBounded(t *testing.T, cmd *exec.Cmd, out io.Reader, what string) ([]byte, int64) {
	t.Helper()
	exited := make(chan struct{})
	peak := make(chan int64, 1)
	go func() { peak <- peakRSS(cmd.Process.Pid, exited) }()
	stdout, _ := io.ReadAll(out)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatalf("%s still running after 60 s", what)
	}
	close(exited)
	return stdout, <-peak
}

// checkPeak logs a peak memory p (known when not negative) and fails the
// test past 400 MB but under the race detector; prefix starts the message.
func checkPeak(t *testing.T, prefix string, p int64) {
	t.Helper()
	if p >= 0 {
		t.Logf("peak RSS %d MB", p>>20)
		if p > 400<<20 && !raceEnabled {
			t.Errorf("%speak RSS %d MB; want at most 400 MB", prefix, p>>20)
		}
	}
}
