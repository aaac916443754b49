package engineproc

import (
	"bytes"
	"runtime"
	"slices"

	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/ugi"

	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/internal/proc"
)

// quick has roomy startup and ping timeouts (the tests run on a loaded
// machine, maybe under the race detector) and a short grace period.
var quick = Timeouts{Startup: 30 * time.Second, Ping: 30 * time.Second, Grace: 200 * time.Millisecond}

// answerWait is how long a test waits for a bestmove that a sound fake
// engine sends at once: only a wrong client runs out of it.
const answerWait = 30 * time.Second

// fakeSpec returns the Spec of a fake engine playing game with modes (see
// enginetest).
func fakeSpec(t testing.TB, name, modes, game string) Spec {
	t.Helper()
	path, args := enginetest.Command(t, modes, game)
	return Spec{Name: name, Path: path, Args: args}
}

// checkGone fails t when the engine's process group still has a process
// after 30 s.
func checkGone(t *testing.T, pid int) {
	t.Helper()
	const guard = 30 * time.Second
	for start := time.Now(); time.Since(start) < guard; time.Sleep(10 * time.Millisecond) {
		if !enginetest.GroupAlive(pid) {
			return
		}
	}
	t.Errorf("process group %d still alive %v after the engine's end", pid, guard)
}

func TestEngineClassifies(t *testing.T) {
	tests := []struct {
		name   string
		modes  string
		start  Timeouts
		want   error // from the first Go (or Start / NewGame)
		wantAt string
		text   string // in the error, when set
	}{
		{"plays", "first,info", quick, nil, "", ""},
		{"crash", "crash:0", quick, Crash, "go", ""},
		// A Go engine's panic: its panic line, not the last of the trace.
		{"panic", "panic:0", quick, Crash, "go", "stderr: panic: fake engine bug"},
		{"never answers go", "nogo", quick, Timeout, "go", ""},
		{"garbage", "garbage", quick, Malformed, "go", ""},
		{"long line", "longline", quick, Malformed, "go", ""},
		// 100 MB without a newline: malformed once 64 KiB have come, not
		// a timeout at the end of the clock.
		{"endless line", "endless", quick, Malformed, "go", "longer than"},
		{"slow ugiok", "slowugi:1500", Timeouts{Startup: 200 * time.Millisecond, Ping: time.Second}, Stall, "start", ""},
		{"no readyok", "noready", Timeouts{Ping: 300 * time.Millisecond}, Stall, "newgame", ""},
		{"flood", "flood", quick, nil, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// ends checks err of the step at (Start, NewGame): the case's
			// error when it is expected there, and then the case ends;
			// else none.
			ends := func(at, step string, err error) bool {
				t.Helper()
				if tc.wantAt == at {
					if !errors.Is(err, tc.want) {
						t.Fatalf("%s = %v; want %v", step, err, tc.want)
					}
					return true
				}
				if err != nil {
					t.Fatalf("%s: %v", step, err)
				}
				return false
			}
			ctx := context.Background()
			e, err := Start(ctx, fakeSpec(t, "fake", tc.modes, "toy-race"), tc.start)
			if ends("start", "Start", err) {
				return
			}
			pid := e.Pid()
			defer checkGone(t, pid)
			defer e.Close()
			if ends("newgame", "NewGame", e.NewGame(ctx, nil)) {
				return
			}
			for i := 0; i < 5; i++ {
				if err := e.Position("startpos", nil); err != nil {
					t.Fatalf("Position: %v", err)
				}
				wait := answerWait
				if tc.want == Timeout {
					wait = 300 * time.Millisecond
				}
				r, err := e.Go(ctx, ugi.Limits{MoveTime: 50 * time.Millisecond}, wait)
				if tc.want != nil {
					if !errors.Is(err, tc.want) {
						t.Fatalf("Go = %+v, %v; want %v", r, err, tc.want)
					}
					var ee *Error
					if !errors.As(err, &ee) || ee.Engine != "fake" {
						t.Errorf("Go error %v does not name the engine", err)
					}
					if !strings.Contains(err.Error(), tc.text) {
						t.Errorf("Go error %v; want it to hold %q", err, tc.text)
					}
					return
				}
				if err != nil || r.Move != "1" {
					t.Fatalf("Go = %+v, %v; want move 1", r, err)
				}
			}
			if n := len(e.Stderr()); n > StderrKeep {
				t.Errorf("kept %d bytes of stderr; want at most %d", n, StderrKeep)
			}
		})
	}
}

func TestEngineCloseKillsGroup(t *testing.T) {
	e, err := Start(context.Background(), fakeSpec(t, "stubborn", "spawn", "toy-race"), quick)
	if err != nil {
		t.Fatal(err)
	}
	pid := e.Pid()
	if runtime.GOOS == "linux" { // elsewhere the group cannot be listed
		enginetest.WaitFor(t, "grandchild in the engine's process group", func() bool { return len(enginetest.GroupMembers(pid)) >= 2 })
	}
	e.Close()
	checkGone(t, pid)
	if !enginetest.Reaped(pid) {
		t.Errorf("engine %d not reaped", pid)
	}
}

func TestEngineContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := t.TempDir()
	e, err := Start(ctx, fakeSpec(t, "silent", "nogo,spawn,mark:"+dir, "toy-race"), quick)
	if err != nil {
		t.Fatal(err)
	}
	pid := e.Pid()
	defer checkGone(t, pid)
	defer e.Close()
	e.Position("startpos", nil)
	go cancelOnGo(t, dir, cancel)
	_, err = e.Go(ctx, ugi.Limits{MoveTime: time.Second}, time.Hour)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Go = %v; want context.Canceled", err)
	}
}

// cancelOnGo cancels once the mark engine of dir has read its first go:
// the context ends while Go waits for the bestmove.
func cancelOnGo(t *testing.T, dir string, cancel context.CancelFunc) {
	defer cancel()
	enginetest.AwaitMark(t, dir, "go", 0)
}

// A context that ended after an engine's earlier call does not disturb the
// next call made with another context.
func TestEngineContextEndedBefore(t *testing.T) {
	e, err := Start(context.Background(), fakeSpec(t, "fake", "first", "toy-race"), quick)
	if err != nil {
		t.Fatal(err)
	}
	defer checkGone(t, e.Pid())
	defer e.Close()
	ctx, cancel := context.WithCancel(context.Background())
	if err := e.NewGame(ctx, nil); err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	// The ended context's AfterFunc expires the read deadline of stdout:
	// a read that waits for the silent engine ends when it has run.
	e.outR.SetReadDeadline(time.Now().Add(time.Hour))
	read := make(chan error, 1)
	go func() {
		_, err := e.outR.Read(make([]byte, 1))
		read <- err
	}()
	cancel()
	select {
	case err := <-read:
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("read of the idle engine's output = %v; want the deadline expired by the ended context", err)
		}
	case <-time.After(enginetest.Guard):
		t.Fatalf("no expiry of the read deadline within %v of the context's end", enginetest.Guard)
	}
	e.Position("startpos", nil)
	r, err := e.Go(context.Background(), ugi.Limits{MoveTime: 50 * time.Millisecond}, answerWait)
	if err != nil || r.Move != "1" {
		t.Fatalf("Go = %+v, %v; want bestmove 1", r, err)
	}
}

func TestEngineMissingBinary(t *testing.T) {
	_, err := Start(context.Background(), Spec{Name: "ghost", Path: "/nonexistent/engine"}, quick)
	if err == nil {
		t.Fatal("Start of a missing binary succeeded")
	}
}

// BenchmarkRoundTrip measures one move's round trip with an instant
// engine: position and go out, bestmove back; cpu-ns/move is the runner's
// own CPU (getrusage), not the engine's. The info variant's engine sends
// two info lines before its bestmove (which Go parses); the log variant
// also writes the engine log, five lines a move.
func BenchmarkRoundTrip(b *testing.B) {
	for _, v := range []struct {
		name, modes string
		log         bool
	}{
		{"plain", "first", false},
		{"info", "first,info", false},
		{"info-log", "first,info", true},
	} {
		b.Run(v.name, func(b *testing.B) {
			ctx := context.Background()
			spec := fakeSpec(b, "fast", v.modes, "toy-race")
			if v.log {
				l, err := OpenLog(filepath.Join(b.TempDir(), "engines.log"), time.Now(), true, LogKeep{})
				if err != nil {
					b.Fatal(err)
				}
				defer l.Close()
				spec.Log, spec.LogAs = l, "1/0"
			}
			e, err := Start(ctx, spec, quick)
			if err != nil {
				b.Fatal(err)
			}
			defer e.Close()
			if err := e.NewGame(ctx, nil); err != nil {
				b.Fatal(err)
			}
			moves := []string{"1", "1", "1", "1", "1", "1", "1", "1", "1", "1"}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := proc.CPU()
			for i := 0; i < b.N; i++ {
				if err := e.Position("startpos", moves); err != nil {
					b.Fatal(err)
				}
				if _, err := e.Go(ctx, ugi.Limits{Time: [2]time.Duration{time.Minute, time.Minute}}, time.Minute); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(proc.CPU()-cpu0)/float64(b.N), "cpu-ns/move")
		})
	}
}

// A command with a newline would be two commands: it is never written.
func TestEngineRefusesControlCharacters(t *testing.T) {
	tests := []struct {
		name    string
		options map[string]string
		start   string // the position's start, when options pass
	}{
		{name: "option name", options: map[string]string{"Hash value 1\nquit": "x"}},
		{name: "option value", options: map[string]string{"Hash": "1\nquit"}},
		{name: "option value with a carriage return", options: map[string]string{"Hash": "1\rquit"}},
		{name: "position", start: "startpos\ngo movetime 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spec := fakeSpec(t, "fake", "first", "toy-race")
			spec.Options = tc.options
			e, err := Start(context.Background(), spec, quick)
			if tc.start == "" {
				if !errors.Is(err, Refused) {
					t.Fatalf("Start = %v; want %v", err, Refused)
				}
				return
			}
			if err != nil {
				t.Fatalf("Start: %v", err)
			}
			defer e.Close()
			if err := e.Position(tc.start, nil); !errors.Is(err, Refused) {
				t.Fatalf("Position = %v; want %v", err, Refused)
			}
			if _, err := e.Go(context.Background(), ugi.Limits{MoveTime: time.Millisecond}, answerWait); !errors.Is(err, Refused) {
				t.Errorf("Go after a refused command = %v; want the refusal again", err)
			}
		})
	}
}

// TestControlAt checks controlAt's word-at-a-time scan against a byte loop:
// every byte value at every position of lines of up to 24 bytes, in lines
// of printable bytes and of bytes above 0x7f.
func TestControlAt(t *testing.T) {
	naive := func(b []byte) int {
		for i, c := range b {
			if c < 0x20 || c == 0x7f {
				return i
			}
		}
		return -1
	}
	for _, fill := range []byte{'a', 0xc3, 0x20, 0x7e, 0x80, 0xff} {
		for n := 0; n <= 24; n++ {
			for at := 0; at < n; at++ {
				for c := 0; c < 256; c++ {
					b := bytes.Repeat([]byte{fill}, n)
					b[at] = byte(c)
					if got, want := controlAt(b), naive(b); got != want {
						t.Fatalf("controlAt(%q) = %d; want %d", b, got, want)
					}
					if got, want := controlAt(string(b)), naive(b); got != want {
						t.Fatalf("controlAt(string %q) = %d; want %d", b, got, want)
					}
				}
			}
		}
	}
}

// TestMain: the fake engines play the toy race; the test binary is one.
func TestMain(m *testing.M) { toygames.Main(m) }

// TestEngineOptions checks the options set against those the engine
// declares: one it does not declare is refused before any game, with the
// list of those it does; an engine that declares none takes any; an error
// reply to a setoption is a warning.
func TestEngineOptions(t *testing.T) {
	tests := []struct {
		name       string
		modes      string
		options    map[string]string
		ifDeclared map[string]string
		err        string // in Start's error, when it fails
		warning    string // in the warning, when one is given
	}{
		{name: "declared", modes: "first,declare:Hash/Skill Level", options: map[string]string{"hash": "16", "Skill Level": "3"}},
		{name: "if declared", modes: "first,declare:Hash/Skill Level", ifDeclared: map[string]string{"hash": "16", "Threads": "2"},
			warning: `engine fake does not declare option "Threads": not sent (it declares: Hash, Skill Level)`},
		{name: "if declared, none declared", modes: "first", ifDeclared: map[string]string{"Threads": "2"}},
		{name: "own option wins", modes: "first,declare:Hash", options: map[string]string{"Hash": "16"}, ifDeclared: map[string]string{"Hash": "8"}},
		{name: "undeclared", modes: "first,declare:Hash/Threads", options: map[string]string{"Hsh": "16", "Threads": "2"},
			err: `engine fake: unknown option: sets "Hsh", which it does not declare (it declares: Hash, Threads)`},
		{name: "none declared", modes: "first", options: map[string]string{"Anything": "1"}},
		{name: "error reply", modes: "first,seterror", options: map[string]string{"Hash": "16"},
			warning: `engine fake answered "error no such option: name Hash value 16"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spec := fakeSpec(t, "fake", tc.modes, "toy-race")
			spec.Options, spec.OptionsIfDeclared = tc.options, tc.ifDeclared
			var warnings []string
			spec.Warn = func(msg string) { warnings = append(warnings, msg) }
			e, err := Start(context.Background(), spec, quick)
			if tc.err != "" {
				if !errors.Is(err, BadOption) || err.Error() != tc.err {
					t.Fatalf("Start = %v; want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Start: %v", err)
			}
			defer e.Close()
			if err := e.Ping(context.Background()); err != nil {
				t.Fatalf("Ping: %v", err)
			}
			if want := []string(nil); tc.warning != "" {
				want = []string{tc.warning}
				if !slices.Equal(warnings, want) {
					t.Errorf("warnings %q; want %q", warnings, want)
				}
			} else if len(warnings) > 0 {
				t.Errorf("warnings %q; want none", warnings)
			}
		})
	}
}

// TestNewGameOptions checks a game's own options: sent with uginewgame
// (the engine's answer to each is seen), the declared option's type read,
// and an option the engine does not declare refused.
func TestNewGameOptions(t *testing.T) {
	spec := fakeSpec(t, "fake", "first,peak:70,seterror", "toy-race")
	var warnings []string
	spec.Warn = func(msg string) { warnings = append(warnings, msg) }
	e, err := Start(context.Background(), spec, quick)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if typ, ok := e.OptionType("skill"); !ok || typ != "spin" {
		t.Errorf("OptionType(skill) = %q, %v; want spin", typ, ok)
	}
	if err := e.NewGame(context.Background(), map[string]string{"Skill": "70"}); err != nil {
		t.Fatal(err)
	}
	if want := []string{`engine fake answered "error no such option: name Skill value 70"`}; !slices.Equal(warnings, want) {
		t.Errorf("warnings %q; want %q", warnings, want)
	}
	if err := e.NewGame(context.Background(), map[string]string{"Tempo": "3"}); !errors.Is(err, BadOption) {
		t.Errorf("NewGame with an undeclared option: %v; want BadOption", err)
	}
}
