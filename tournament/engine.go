package tournament

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Limits on what the client accepts from an engine.
const (
	// MaxLine is the longest line an engine may write; a longer one is
	// malformed (and skipped while no move is awaited).
	MaxLine = 64 << 10
	// StderrKeep is how much of an engine's stderr is kept: the last bytes.
	StderrKeep = 64 << 10
)

// Kind classifies how an engine failed. Kind is an error itself, so that
// errors.Is(err, tournament.Stall) tells the kinds apart.
type Kind uint8

// The ways an engine fails.
const (
	Crash     Kind = iota + 1 // the process exited or closed its output
	Stall                     // no readyok (or ugiok) within the timeout, or it stopped reading its input
	Timeout                   // no bestmove within the clock plus margin
	Malformed                 // a reply that is not "bestmove X", or a line longer than MaxLine
)

// String returns the kind in words: "crash", "stall", "timeout", "malformed".
func (k Kind) String() string {
	switch k {
	case Crash:
		return "crash"
	case Stall:
		return "stall"
	case Timeout:
		return "timeout"
	case Malformed:
		return "malformed reply"
	}
	return "engine failure"
}

// Error implements error, so that a Kind can be the target of errors.Is.
func (k Kind) Error() string { return k.String() }

// Error is an engine failure: which engine, what kind, what happened.
type Error struct {
	Engine string
	Kind   Kind
	Detail string // in words: "exited with status 2 while waiting for bestmove"
	Text   string // the offending line, for Malformed
}

func (e *Error) Error() string {
	return fmt.Sprintf("engine %s: %s: %s", e.Engine, e.Kind, e.Detail)
}

// Is reports whether target is e's Kind.
func (e *Error) Is(target error) bool {
	k, ok := target.(Kind)
	return ok && k == e.Kind
}

// Spec says how to start an engine: an executable and its arguments (no
// shell), a working directory and the options to set after the handshake.
type Spec struct {
	Name    string
	Path    string
	Args    []string
	Dir     string            // "" is the runner's working directory
	Env     []string          // nil inherits the runner's environment
	Options map[string]string // sent as setoption, in name order
}

// Timeouts bound the waits that do not depend on the clock.
type Timeouts struct {
	Startup time.Duration // from start to ugiok; default 10s
	Ping    time.Duration // from isready to readyok, and for writing a command; default 5s
	Grace   time.Duration // from quit to the process's exit before it is killed; default 500ms
}

func (t Timeouts) withDefaults() Timeouts {
	if t.Startup <= 0 {
		t.Startup = 10 * time.Second
	}
	if t.Ping <= 0 {
		t.Ping = 5 * time.Second
	}
	if t.Grace <= 0 {
		t.Grace = 500 * time.Millisecond
	}
	return t
}

// Limits are the arguments of a go command: a fixed time per move when
// MoveTime > 0, else both clocks (P1 is the side that moves first).
type Limits struct {
	MoveTime       time.Duration
	P1Time, P2Time time.Duration
	P1Inc, P2Inc   time.Duration
}

// Reply is an engine's answer to go.
type Reply struct {
	Move    string        // the move as the engine wrote it
	Elapsed time.Duration // from writing go to reading bestmove (monotonic clock)
	Info    string        // the last info line before it, if any
}

type line struct {
	text string
	long bool // longer than MaxLine; text is empty
}

// Engine is a running engine process spoken to over UGI. Its methods are not
// safe for concurrent use; a game drives each engine from one goroutine.
type Engine struct {
	name    string
	t       Timeouts
	cmd     *exec.Cmd
	stdin   *os.File
	stdout  *os.File
	stderrF *os.File
	lines   chan line
	quit    chan struct{}
	exited  chan struct{}
	errDone chan struct{} // closed when stderr has been read to its end
	waitErr error
	stderr  *ring
	timer   *time.Timer
	wbuf    []byte
	failed  error // the first failure; every later call returns it
	closed  bool
}

// Start starts the engine of spec in its own process group, does the UGI
// handshake within t.Startup and sends its options. The process lives until
// Close, or until ctx is done, which kills it; Close must be called in every
// case, to reap it.
func Start(ctx context.Context, spec Spec, t Timeouts) (*Engine, error) {
	t = t.withDefaults()
	name := spec.Name
	if name == "" {
		name = spec.Path
	}
	var pipes [6]*os.File // inR, inW, outR, outW, errR, errW
	closeAll := func() {
		for _, f := range pipes {
			if f != nil {
				f.Close()
			}
		}
	}
	for i := 0; i < 6; i += 2 {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll()
			return nil, fmt.Errorf("start engine %s: %w", name, err)
		}
		pipes[i], pipes[i+1] = r, w
	}
	cmd := exec.CommandContext(ctx, spec.Path, spec.Args...)
	cmd.Dir = spec.Dir
	cmd.Env = spec.Env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pipes[0], pipes[3], pipes[5]
	isolate(cmd)
	cmd.Cancel = func() error { return killGroup(cmd.Process.Pid) }
	cmd.WaitDelay = t.Grace
	if err := startCmd(cmd); err != nil {
		closeAll()
		return nil, fmt.Errorf("start engine %s: %w", name, err)
	}
	pipes[0].Close()
	pipes[3].Close()
	pipes[5].Close()
	e := &Engine{
		name:    name,
		t:       t,
		cmd:     cmd,
		stdin:   pipes[1],
		stdout:  pipes[2],
		stderrF: pipes[4],
		lines:   make(chan line, 64),
		quit:    make(chan struct{}),
		exited:  make(chan struct{}),
		errDone: make(chan struct{}),
		stderr:  newRing(StderrKeep),
		timer:   time.NewTimer(time.Hour),
		wbuf:    make([]byte, 0, 256),
	}
	e.timer.Stop()
	go func() {
		e.waitErr = cmd.Wait()
		close(e.exited)
	}()
	go e.readStdout()
	go e.readStderr()

	if err := e.handshake(ctx, spec.Options); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// Name is the engine's name in messages.
func (e *Engine) Name() string { return e.name }

// Pid is the engine's process id, which is also its process group id.
func (e *Engine) Pid() int { return e.cmd.Process.Pid }

// Stderr returns the last StderrKeep bytes the engine wrote to stderr.
func (e *Engine) Stderr() []byte { return e.stderr.Bytes() }

// Failed returns the engine's first failure, or nil.
func (e *Engine) Failed() error { return e.failed }

func (e *Engine) readStdout() {
	defer close(e.lines)
	br := bufio.NewReaderSize(e.stdout, MaxLine)
	for {
		b, err := br.ReadSlice('\n')
		var l line
		switch {
		case err == bufio.ErrBufferFull:
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
			l.long = true
		case len(b) > 0:
			l.text = strings.TrimRight(string(b), "\r\n")
		default:
			return
		}
		select {
		case e.lines <- l:
		case <-e.quit:
			return
		}
		if err != nil {
			return
		}
	}
}

func (e *Engine) readStderr() {
	defer close(e.errDone)
	buf := make([]byte, 32<<10)
	for {
		n, err := e.stderrF.Read(buf)
		e.stderr.Write(buf[:n])
		if err != nil {
			return
		}
	}
}

func (e *Engine) fail(err *Error) error {
	err.Engine = e.name
	if e.failed == nil {
		e.failed = err
	}
	return err
}

// crashed builds the error for an engine whose output ended while waiting.
func (e *Engine) crashed(what string) error {
	select {
	case <-e.exited:
	case <-time.After(200 * time.Millisecond):
	}
	detail := "closed its output " + what
	select {
	case <-e.exited:
		// Let the stderr reader catch the last words.
		select {
		case <-e.errDone:
		case <-time.After(100 * time.Millisecond):
		}
		if e.waitErr != nil {
			detail = "exited (" + e.waitErr.Error() + ") " + what
		} else {
			detail = "exited " + what
		}
	default:
	}
	if tail := lastLine(e.stderr.Bytes()); tail != "" {
		detail += "; stderr: " + tail
	}
	return e.fail(&Error{Kind: Crash, Detail: detail})
}

// lastLine returns the last non-empty line of b, clipped for a message.
func lastLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return clip(strings.TrimSpace(s), 200)
}

// clip shortens s to at most n bytes for a message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// send writes the queued commands (e.wbuf) in one write; an engine that
// does not read them within the ping timeout stalls, one that has gone
// crashes.
func (e *Engine) send() error {
	b := e.wbuf
	e.wbuf = e.wbuf[:0]
	if e.failed != nil {
		return e.failed
	}
	if e.closed {
		return e.fail(&Error{Kind: Crash, Detail: "used after close"})
	}
	e.stdin.SetWriteDeadline(time.Now().Add(e.t.Ping))
	if _, err := e.stdin.Write(b); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return e.fail(&Error{Kind: Stall, Detail: "does not read its input"})
		}
		return e.crashed("while reading its input")
	}
	return nil
}

// sendString writes the queued commands and s.
func (e *Engine) sendString(s string) error {
	e.wbuf = append(e.wbuf, s...)
	e.wbuf = append(e.wbuf, '\n')
	return e.send()
}

var errTimer = errors.New("timer fired")

// recv returns the next line, or errTimer when e.timer fires, or io.EOF
// when the output ended, or ctx's error.
func (e *Engine) recv(ctx context.Context) (line, error) {
	select {
	case l, ok := <-e.lines:
		if !ok {
			return l, io.EOF
		}
		return l, nil
	case <-e.timer.C:
		return line{}, errTimer
	case <-ctx.Done():
		return line{}, ctx.Err()
	}
}

// await reads lines until one equals want, within d; other lines are
// skipped. Running out of time is a failure of kind k.
func (e *Engine) await(ctx context.Context, want string, d time.Duration, k Kind) error {
	e.timer.Reset(d)
	defer e.timer.Stop()
	for {
		l, err := e.recv(ctx)
		switch {
		case err == io.EOF:
			return e.crashed("while waiting for " + want)
		case err == errTimer:
			return e.fail(&Error{Kind: k, Detail: fmt.Sprintf("no %s within %v", want, d)})
		case err != nil:
			return err
		}
		if strings.TrimSpace(l.text) == want {
			return nil
		}
	}
}

func (e *Engine) handshake(ctx context.Context, options map[string]string) error {
	if err := e.sendString("ugi"); err != nil {
		return err
	}
	if err := e.await(ctx, "ugiok", e.t.Startup, Stall); err != nil {
		return err
	}
	names := make([]string, 0, len(options))
	for n := range options {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := e.sendString("setoption name " + n + " value " + options[n]); err != nil {
			return err
		}
	}
	return nil
}

// Ping sends isready and waits for readyok within the ping timeout; an
// engine that does not answer stalls.
func (e *Engine) Ping(ctx context.Context) error {
	if err := e.sendString("isready"); err != nil {
		return err
	}
	return e.await(ctx, "readyok", e.t.Ping, Stall)
}

// NewGame sends uginewgame and pings the engine.
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.sendString("uginewgame"); err != nil {
		return err
	}
	return e.Ping(ctx)
}

// Position queues the position command: start is "startpos" or
// "fen <FEN>", moves the moves played since, in canonical notation. It is
// written together with the next command (Go, Ping), in one write.
func (e *Engine) Position(start string, moves []string) error {
	if e.failed != nil {
		return e.failed
	}
	b := append(e.wbuf[:0], "position "...)
	b = append(b, start...)
	if len(moves) > 0 {
		b = append(b, " moves"...)
		for _, m := range moves {
			b = append(b, ' ')
			b = append(b, m...)
		}
	}
	e.wbuf = append(b, '\n')
	return nil
}

func appendMillis(b []byte, key string, d time.Duration) []byte {
	b = append(b, ' ')
	b = append(b, key...)
	b = append(b, ' ')
	return strconv.AppendInt(b, d.Milliseconds(), 10)
}

// Go asks for a move and waits for bestmove at most wait. Info lines are
// skipped (the last one is kept); any other line is malformed. The time is
// measured from writing go to reading bestmove.
func (e *Engine) Go(ctx context.Context, lim Limits, wait time.Duration) (Reply, error) {
	b := append(e.wbuf, "go"...)
	if lim.MoveTime > 0 {
		b = appendMillis(b, "movetime", lim.MoveTime)
	} else {
		b = appendMillis(b, "p1time", lim.P1Time)
		b = appendMillis(b, "p2time", lim.P2Time)
		b = appendMillis(b, "p1inc", lim.P1Inc)
		b = appendMillis(b, "p2inc", lim.P2Inc)
	}
	e.wbuf = append(b, '\n')
	var r Reply
	if err := e.send(); err != nil {
		return r, err
	}
	start := time.Now()
	e.timer.Reset(wait)
	defer e.timer.Stop()
	for {
		l, err := e.recv(ctx)
		switch {
		case err == io.EOF:
			r.Elapsed = time.Since(start)
			return r, e.crashed("while waiting for bestmove")
		case err == errTimer:
			r.Elapsed = time.Since(start)
			return r, e.fail(&Error{Kind: Timeout, Detail: fmt.Sprintf("no bestmove within %v", wait)})
		case err != nil:
			return r, err
		}
		if l.long {
			r.Elapsed = time.Since(start)
			return r, e.fail(&Error{Kind: Malformed, Detail: fmt.Sprintf("wrote a line longer than %d bytes", MaxLine)})
		}
		s := strings.TrimSpace(l.text)
		if s == "" {
			continue
		}
		if s == "info" || strings.HasPrefix(s, "info ") {
			r.Info = s
			continue
		}
		if rest, ok := strings.CutPrefix(s, "bestmove "); ok {
			if mv, _, _ := strings.Cut(strings.TrimSpace(rest), " "); mv != "" {
				r.Move = mv
				r.Elapsed = time.Since(start)
				return r, nil
			}
		}
		r.Elapsed = time.Since(start)
		return r, e.fail(&Error{Kind: Malformed, Text: s,
			Detail: fmt.Sprintf("answered %q instead of bestmove", clip(s, 200))})
	}
}

// Close ends the engine: quit, a grace period, then the whole process group
// is killed, and the process is always reaped. It is safe to call twice.
func (e *Engine) Close() error {
	if e.closed {
		return nil
	}
	select {
	case <-e.exited:
	default:
		// A failed engine is killed at once; a sound one is asked to quit.
		if e.failed == nil {
			e.stdin.SetWriteDeadline(time.Now().Add(e.t.Grace))
			e.stdin.Write([]byte("quit\n"))
			t := time.NewTimer(e.t.Grace)
			select {
			case <-e.exited:
			case <-t.C:
			}
			t.Stop()
		}
	}
	e.closed = true
	killGroup(e.cmd.Process.Pid) // also whatever the engine started
	<-e.exited
	close(e.quit)
	e.stdin.Close()
	e.stdout.Close()
	e.stderrF.Close()
	return nil
}
