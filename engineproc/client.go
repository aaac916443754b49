package engineproc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-games/arbiter/internal/proc"
	"github.com/arbiter-games/arbiter/internal/shorten"
	"github.com/arbiter-games/arbiter/ugi"
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
// errors.Is(err, engineproc.Stall) tells the kinds apart.
type Kind uint8

// The ways an engine fails.
const (
	Crash     Kind = iota + 1 // the process exited or closed its output
	Stall                     // no readyok (or ugiok) within the timeout, or it stopped reading its input
	Timeout                   // no bestmove within the clock plus margin
	Malformed                 // a reply that is not "bestmove X", or a line longer than MaxLine
	Refused                   // a command to it would hold a control character (not sent)
	BadOption                 // the config sets an option the engine does not declare
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
	case Refused:
		return "refused command"
	case BadOption:
		return "unknown option"
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
	Env     []string          // nil: the runner's environment without the database's (proc.Environ)
	Options map[string]string // sent as setoption, in name order
	// OptionsIfDeclared are sent as Options are when the engine declares
	// them (or declares no option at all); one it does not declare is not
	// sent, and Warn is told. They are options given to every engine at
	// once, which not every engine has; Options wins over them.
	OptionsIfDeclared map[string]string
	// Log, when set, gets every line exchanged with the engine, labelled
	// LogAs (the worker and slot) and Name; see Log.
	// They are the starting process's, left out of the JSON that carries
	// a Spec to a worker process.
	Log   *Log   `json:"-"`
	LogAs string `json:"-"`
	// Warn, when set, is told of what the engine said that does not stop
	// it: an error reply while the client waits for ugiok or readyok (to a
	// setoption, say). It is called on the goroutine driving the engine.
	Warn func(msg string) `json:"-"`
}

// Timeouts bound the waits that do not depend on the clock.
type Timeouts struct {
	Startup time.Duration // from start to ugiok; default 10s
	Ping    time.Duration // from isready to readyok, and for writing a command; default 5s
	Grace   time.Duration // from quit to the process's exit before it is killed; default 500ms
}

// WithDefaults returns t with the default of each timeout left unset.
func (t Timeouts) WithDefaults() Timeouts {
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

// Reply is an engine's answer to go.
type Reply struct {
	Move    string        // the move as the engine wrote it
	Elapsed time.Duration // from writing go to reading bestmove (monotonic clock)
	// Search is what the info lines said: the latest value of each field,
	// the zero value where none said it.
	Search ugi.Info
	// LastInfo is the last info line before bestmove, if any.
	LastInfo string
}

// addInfo takes what the info line s says of the search: each field it
// says replaces the one an earlier line said. It does not allocate.
func (r *Reply) addInfo(s string) {
	in := ugi.ParseInfo(s)
	if in.Depth > 0 {
		r.Search.Depth = in.Depth
	}
	if in.Nodes > 0 {
		r.Search.Nodes = in.Nodes
	}
	if in.NPS > 0 {
		r.Search.NPS = in.NPS
	}
	if in.Eval.OK {
		r.Search.Eval = in.Eval
	}
}

type line struct {
	text string
	long bool // longer than MaxLine; text is empty
}

// Client is the runner's side of UGI: a running engine process spoken to
// over the protocol. Its methods are not safe for concurrent use; a game
// drives each engine from one goroutine.
//
// Replies are read on the caller's goroutine, with a read deadline for the
// timeouts and a context.AfterFunc that expires the deadline when the
// context is done: a move costs no goroutine hand-off and no timer of its
// own. Between commands nobody reads; an engine that writes while idle waits
// on a full pipe until the next command, whose reply skips what it wrote.
type Client struct {
	name    string
	t       Timeouts
	cmd     *exec.Cmd
	stdin   *os.File
	inW     deadlineWriter // stdin, written through a rawPipe where there are some
	stdout  *os.File
	stderrF *os.File
	outR    deadlineReader // stdout, or a pipe fed from it where files have no deadlines
	out     lineReader
	watched context.Context // the context whose end interrupts reads
	unwatch func() bool
	exited  chan struct{} // closed when the process has exited and been reaped
	errDone chan struct{} // closed when stderr has been read to its end
	waitErr error
	token   string    // the value of proc.EngineEnv in its environment
	drain   time.Time // once it has exited: until when its output is still read
	stderr  *proc.Tail
	wbuf    []byte
	failed  error // the first failure; every later call returns it
	closed  bool
	log     *Log
	logWho  string // "worker/slot name", the label of its log lines
	warn    func(string)
	// declared lists the options the engine declared in its handshake
	// (option name N type ...), nil for none.
	declared []string
}

// Start starts the engine of spec in its own process group, does the UGI
// handshake within t.Startup and sends its options. The process lives until
// Close, or until ctx is done, which kills it; Close must be called in every
// case, to reap it.
func Start(ctx context.Context, spec Spec, t Timeouts) (*Client, error) {
	t = t.WithDefaults()
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
	token := proc.NewToken()
	cmd.Env = proc.WithToken(spec.Env, token)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pipes[0], pipes[3], pipes[5]
	proc.Isolate(cmd)
	cmd.Cancel = func() error { return proc.KillGroup(cmd.Process.Pid) }
	cmd.WaitDelay = t.Grace
	proc.Track(token) // before the start: see proc.EndTree
	if err := proc.Start(cmd); err != nil {
		proc.EndTree(token)
		closeAll()
		return nil, fmt.Errorf("start engine %s: %w", name, err)
	}
	pipes[0].Close()
	pipes[3].Close()
	pipes[5].Close()
	e := &Client{
		name:    name,
		t:       t,
		cmd:     cmd,
		stdin:   pipes[1],
		stdout:  pipes[2],
		stderrF: pipes[4],
		out:     lineReader{buf: make([]byte, 4<<10)},
		exited:  make(chan struct{}),
		errDone: make(chan struct{}),
		stderr:  proc.NewTail(StderrKeep),
		wbuf:    make([]byte, 0, 256),
		token:   token,
	}
	e.inW, e.outR = e.stdin, e.stdout
	if p, ok := rawPipeOf(e.stdin); ok {
		e.inW = p
	}
	if p, ok := rawPipeOf(e.stdout); ok {
		e.outR = p
	}
	if e.stdout.SetReadDeadline(time.Time{}) != nil {
		// Pipes without deadlines (Windows): a goroutine copies stdout
		// into an in-memory pipe, which has them.
		r, w := net.Pipe()
		go func() {
			io.Copy(w, e.stdout)
			w.Close()
		}()
		e.outR = r
	}
	go func() {
		e.waitErr = cmd.Wait()
		proc.Forget(cmd.Process.Pid)
		close(e.exited)
		// A read of its output ends now, even while a process it left
		// behind holds the pipe open (see recv).
		e.outR.SetReadDeadline(longAgo)
	}()
	go e.readStderr()

	if spec.Log != nil {
		e.log = spec.Log
		e.LogAs(spec.LogAs)
	}
	e.warn = spec.Warn
	if err := e.handshake(ctx, spec.Options, spec.OptionsIfDeclared); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// Name is the engine's name in messages.
func (e *Client) Name() string { return e.name }

// Pid is the engine's process id, which is also its process group id.
func (e *Client) Pid() int { return e.cmd.Process.Pid }

// Stderr returns the last StderrKeep bytes the engine wrote to stderr.
func (e *Client) Stderr() []byte { return e.stderr.Bytes() }

// Failed returns the engine's first failure, or nil.
func (e *Client) Failed() error { return e.failed }

func (e *Client) readStderr() {
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

func (e *Client) fail(err *Error) error {
	err.Engine = e.name
	if e.failed == nil {
		e.failed = err
	}
	return err
}

// crashed builds the error for an engine whose output ended while waiting.
func (e *Client) crashed(what string) error {
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
	if tail := proc.LastWords(e.stderr.Bytes()); tail != "" {
		detail += "; stderr: " + tail
	}
	return e.fail(&Error{Kind: Crash, Detail: detail})
}

// send writes the queued commands (e.wbuf) in one write; an engine that
// does not read them within the ping timeout stalls, one that has gone
// crashes.
func (e *Client) send() error {
	b := e.wbuf
	e.wbuf = e.wbuf[:0]
	if e.failed != nil {
		return e.failed
	}
	if e.closed {
		return e.fail(&Error{Kind: Crash, Detail: "used after close"})
	}
	select {
	case <-e.exited:
		return e.crashed("before reading its input")
	default:
	}
	if e.log != nil {
		e.log.lines(e.logWho, '>', b)
	}
	if err := writeWithin(e.inW, b, e.t.Ping); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return e.fail(&Error{Kind: Stall, Detail: "does not read its input"})
		}
		return e.crashed("while reading its input")
	}
	return nil
}

// sendString writes the queued commands and s, which must be one line.
func (e *Client) sendString(s string) error {
	if controlAt(s) >= 0 {
		e.wbuf = e.wbuf[:0]
		return e.refuse(s)
	}
	e.wbuf = append(e.wbuf, s...)
	e.wbuf = append(e.wbuf, '\n')
	return e.send()
}

// controlAt returns the index of the first control character of s (a
// newline included), or -1.
func controlAt[T string | []byte](s T) int {
	// The position command grows with the game and is checked at every
	// move: eight bytes at a time, a word is passed over when none of its
	// bytes is below 0x20 or is 0x7f (x-0x20 borrows into the top bit of
	// a byte below 0x20 that has it clear; x^0x7f is zero for 0x7f).
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		y := x ^ 0x7f*ones
		if ((x-0x20*ones)&^x|(y-ones)&^y)&highs != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			return i
		}
	}
	return -1
}

// refuse fails the engine for a command that holds a control character:
// written, it would be two commands (a config's check refuses such option
// names and values before; this is the last guard).
func (e *Client) refuse(cmd string) error {
	return e.fail(&Error{Kind: Refused, Text: cmd,
		Detail: fmt.Sprintf("the command %q holds a control character; it was not sent", shorten.To(cmd, 200))})
}

// deadlineReader is a reader with read deadlines (*os.File, net.Conn).
type deadlineReader interface {
	io.Reader
	SetReadDeadline(t time.Time) error
}

// deadlineWriter is a writer with a write deadline.
type deadlineWriter interface {
	io.Writer
	SetWriteDeadline(t time.Time) error
}

// tryWriter is a writer that can write without waiting: TryWrite writes
// what the pipe takes at once (a rawPipe).
type tryWriter interface {
	TryWrite(p []byte) (int, error)
}

// writeWithin writes all of b to w, failing with os.ErrDeadlineExceeded
// when w takes none of it for d. The deadline is set only when the pipe is
// full: a command mostly goes in one write, which then costs no clock
// reading and no timer.
func writeWithin(w deadlineWriter, b []byte, d time.Duration) error {
	if t, ok := w.(tryWriter); ok {
		n, err := t.TryWrite(b)
		if err != nil || n == len(b) {
			return err
		}
		b = b[n:]
	}
	w.SetWriteDeadline(time.Now().Add(d))
	_, err := w.Write(b)
	// The deadline goes with this write: left set, it would fail a later
	// TryWrite once it has passed, however ready the pipe.
	w.SetWriteDeadline(time.Time{})
	return err
}

// pipeEnd is an end of a pipe to an engine: an *os.File, or where the
// system has them, a rawPipe over it (see rawpipe_unix.go).
type pipeEnd interface {
	deadlineReader
	deadlineWriter
}

// longAgo is a read deadline that has passed: it interrupts a read.
var longAgo = time.Unix(1, 0)

// watch arranges for ctx's end to interrupt the reads of stdout.
func (e *Client) watch(ctx context.Context) {
	if ctx == e.watched {
		return
	}
	if e.unwatch != nil {
		e.unwatch()
	}
	e.watched = ctx
	e.unwatch = context.AfterFunc(ctx, func() { e.outR.SetReadDeadline(longAgo) })
}

// errTimeout is recv's error when the deadline passes first.
var errTimeout = errors.New("deadline passed")

// drainWait is how long the output of an engine that has exited is still
// read: what it wrote before it exited is in the pipe already, but a process
// it left behind may hold the pipe open without end.
const drainWait = 100 * time.Millisecond

// readDeadline sets the read deadline of stdout: deadline, or once the
// process has exited, the end of the drain. The Wait goroutine expires the
// deadline after it closes e.exited, so that a read that started before the
// exit ends too; the deadline is set before e.exited is checked, so that an
// exit between the two is not missed.
func (e *Client) readDeadline(deadline time.Time) {
	e.outR.SetReadDeadline(deadline)
	select {
	case <-e.exited:
		if e.drain.IsZero() {
			e.drain = time.Now().Add(drainWait)
		}
		d := e.drain
		if deadline.Before(d) {
			d = deadline
		}
		e.outR.SetReadDeadline(d)
	default:
	}
}

// recv returns the next line of stdout, or errTimeout when deadline passes
// first, or io.EOF when the output ended or the process exited, or ctx's
// error. The line goes to the log, if any.
func (e *Client) recv(ctx context.Context, deadline time.Time) (line, error) {
	l, err := e.recvLine(ctx, deadline)
	if e.log != nil && err == nil {
		if l.long {
			e.log.line(e.logWho, '<', fmt.Sprintf("(a line longer than %d bytes, not kept)", MaxLine))
		} else {
			e.log.line(e.logWho, '<', l.text)
		}
	}
	return l, err
}

// LogAs labels the engine's log lines with as, the worker and slot.
func (e *Client) LogAs(as string) {
	if e.log != nil {
		e.logWho = as + " " + logName(e.name)
	}
}

func (e *Client) recvLine(ctx context.Context, deadline time.Time) (line, error) {
	if l, ok := e.out.next(); ok {
		return l, nil
	}
	e.watch(ctx)
	// The deadline is set before ctx is checked: a ctx that ends after the
	// check expires it through watch's AfterFunc.
	e.readDeadline(deadline)
	if err := ctx.Err(); err != nil {
		return line{}, err
	}
	for {
		err := e.out.fill(e.outR)
		if l, ok := e.out.next(); ok {
			return l, nil
		}
		switch {
		case err == nil:
		case errors.Is(err, os.ErrDeadlineExceeded):
			if err := ctx.Err(); err != nil {
				return line{}, err
			}
			if !e.drain.IsZero() && !time.Now().Before(e.drain) {
				// Exited, and what it wrote has been read: the end of
				// its output, whoever still holds the pipe.
				if l, ok := e.out.rest(); ok {
					return l, nil
				}
				return line{}, io.EOF
			}
			if !time.Now().Before(deadline) {
				return line{}, errTimeout
			}
			// Expired by the AfterFunc of a context watched before, or
			// by the process's exit.
			e.readDeadline(deadline)
		default:
			if err := ctx.Err(); err != nil {
				return line{}, err // the output ended because ctx killed the engine
			}
			if l, ok := e.out.rest(); ok {
				return l, nil
			}
			return line{}, io.EOF
		}
	}
}

// await reads lines until one equals want, within d; other lines are
// skipped. Running out of time is a failure of kind k.
func (e *Client) await(ctx context.Context, want string, d time.Duration, k Kind) error {
	deadline := time.Now().Add(d)
	for {
		l, err := e.recv(ctx, deadline)
		switch {
		case err == io.EOF:
			return e.crashed("while waiting for " + want)
		case err == errTimeout:
			return e.fail(&Error{Kind: k, Detail: fmt.Sprintf("no %s within %v", want, d)})
		case err != nil:
			return err
		}
		text := strings.TrimSpace(l.text)
		if text == want {
			return nil
		}
		e.aside(text)
	}
}

// aside takes a line that is not the awaited reply: an option the engine
// declares, or an error reply, which is a warning.
func (e *Client) aside(text string) {
	word, rest, _ := strings.Cut(text, " ")
	switch word {
	case ugi.ReplyOption:
		if name, ok := optionName(rest); ok {
			e.declared = append(e.declared, name)
		}
	case ugi.ReplyError:
		msg := fmt.Sprintf("engine %s answered %q", e.name, shorten.To(text, 200))
		if e.log != nil {
			e.log.warning(e.logWho, msg)
		}
		if e.warn != nil {
			e.warn(msg)
		}
	}
}

// optionName reads the name of an option line's words after "option":
// "name Skill Level type spin ..." is "Skill Level".
func optionName(rest string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(rest), "name ")
	if !ok {
		return "", false
	}
	name, _, _ := strings.Cut(rest, " type ")
	name = strings.TrimSpace(name)
	return name, name != ""
}

// Declared returns the options the engine declared in its handshake.
func (e *Client) Declared() []string { return e.declared }

// checkOptions fails the engine when it declared options and options
// sets one it did not declare (a name compares in any letter case, as UCI
// has it).
func (e *Client) checkOptions(options map[string]string) error {
	if len(e.declared) == 0 {
		return nil
	}
	var unknown []string
	for n := range options {
		if !slices.ContainsFunc(e.declared, func(d string) bool { return strings.EqualFold(d, n) }) {
			unknown = append(unknown, strconv.Quote(n))
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return e.fail(&Error{Kind: BadOption, Detail: fmt.Sprintf("sets %s, which it does not declare (it declares: %s)",
		strings.Join(unknown, ", "), strings.Join(e.declared, ", "))})
}

func (e *Client) handshake(ctx context.Context, options, ifDeclared map[string]string) error {
	if err := e.sendString(ugi.CmdUGI); err != nil {
		return err
	}
	if err := e.await(ctx, ugi.ReplyUGIOK, e.t.Startup, Stall); err != nil {
		return err
	}
	if err := e.checkOptions(options); err != nil {
		return err
	}
	send := maps.Clone(options)
	if send == nil {
		send = map[string]string{}
	}
	for _, n := range slices.Sorted(maps.Keys(ifDeclared)) {
		if _, ok := send[n]; ok {
			continue
		}
		if len(e.declared) > 0 && !slices.ContainsFunc(e.declared, func(d string) bool { return strings.EqualFold(d, n) }) {
			msg := fmt.Sprintf("engine %s does not declare option %q: not sent (it declares: %s)", e.name, n, strings.Join(e.declared, ", "))
			if e.log != nil {
				e.log.warning(e.logWho, msg)
			}
			if e.warn != nil {
				e.warn(msg)
			}
			continue
		}
		send[n] = ifDeclared[n]
	}
	for _, n := range slices.Sorted(maps.Keys(send)) {
		if err := e.sendString(ugi.CmdSetOption + " name " + n + " value " + send[n]); err != nil {
			return err
		}
	}
	return nil
}

// Ping sends isready and waits for readyok within the ping timeout; an
// engine that does not answer stalls.
func (e *Client) Ping(ctx context.Context) error {
	if err := e.sendString(ugi.CmdIsReady); err != nil {
		return err
	}
	return e.await(ctx, ugi.ReplyReadyOK, e.t.Ping, Stall)
}

// NewGame sends uginewgame and pings the engine, both in one write.
func (e *Client) NewGame(ctx context.Context) error {
	e.wbuf = append(append(e.wbuf[:0], ugi.CmdNewGame...), '\n')
	return e.Ping(ctx)
}

// Position queues the position command: start is "startpos" or
// "fen <FEN>", moves the moves played since, in canonical notation. It is
// written together with the next command (Go, Ping), in one write.
func (e *Client) Position(start string, moves []string) error {
	if e.failed != nil {
		return e.failed
	}
	b := append(append(e.wbuf[:0], ugi.CmdPosition...), ' ')
	b = append(b, start...)
	if len(moves) > 0 {
		b = append(b, " moves"...)
		for _, m := range moves {
			b = append(b, ' ')
			b = append(b, m...)
		}
	}
	if controlAt(b) >= 0 {
		e.wbuf = b[:0]
		return e.refuse(string(b))
	}
	e.wbuf = append(b, '\n')
	return nil
}

// Go asks for a move within lim (a fixed time per move when MoveTime > 0,
// else both clocks, and a config's node or depth limit) and waits for
// bestmove at most wait. Info lines are skipped (the last one is kept);
// any other line is malformed. The time is measured from writing go to
// reading bestmove.
func (e *Client) Go(ctx context.Context, lim ugi.Limits, wait time.Duration) (Reply, error) {
	e.wbuf = append(lim.AppendGo(e.wbuf), '\n')
	var r Reply
	if err := e.send(); err != nil {
		return r, err
	}
	start := time.Now()
	deadline := start.Add(wait)
	for {
		l, err := e.recv(ctx, deadline)
		switch {
		case err == io.EOF:
			r.Elapsed = time.Since(start)
			return r, e.crashed("while waiting for bestmove")
		case err == errTimeout:
			r.Elapsed = time.Since(start)
			return r, e.fail(&Error{Kind: Timeout, Detail: fmt.Sprintf("no bestmove within %v", wait.Round(time.Millisecond))})
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
		if word, _, _ := strings.Cut(s, " "); word == ugi.ReplyInfo {
			r.LastInfo = s
			r.addInfo(s)
			continue
		}
		if rest, ok := strings.CutPrefix(s, ugi.ReplyBestMove+" "); ok {
			if mv, _, _ := strings.Cut(strings.TrimSpace(rest), " "); mv != "" {
				r.Move = mv
				r.Elapsed = time.Since(start)
				return r, nil
			}
		}
		r.Elapsed = time.Since(start)
		return r, e.fail(&Error{Kind: Malformed, Text: s,
			Detail: fmt.Sprintf("answered %q instead of bestmove", shorten.To(s, 200))})
	}
}

// Close ends the engine: quit, a grace period, then the whole process group
// is killed, and the process is always reaped; on Linux, so is every process
// it started, in its group or not (proc.EndTree). It is safe to call twice.
func (e *Client) Close() error {
	if e.closed {
		return nil
	}
	select {
	case <-e.exited:
	default:
		// A failed engine is killed at once; a sound one is asked to quit.
		if e.failed == nil {
			if e.log != nil {
				e.log.line(e.logWho, '>', ugi.CmdQuit)
			}
			e.stdin.SetWriteDeadline(time.Now().Add(e.t.Grace))
			e.stdin.Write([]byte(ugi.CmdQuit + "\n"))
			t := time.NewTimer(e.t.Grace)
			select {
			case <-e.exited:
			case <-t.C:
			}
			t.Stop()
		}
	}
	e.closed = true
	proc.KillGroup(e.cmd.Process.Pid) // also whatever the engine started
	<-e.exited
	// And what left its group, on Linux (see proc.EndTree).
	proc.EndTree(e.token)
	if e.unwatch != nil {
		e.unwatch()
	}
	e.stdin.Close()
	e.stdout.Close()
	e.stderrF.Close()
	return nil
}

// lineReader cuts an engine's stdout into lines. Unlike a bufio.Reader it
// keeps a partial line across a read that fails (a deadline), and it turns a
// line longer than MaxLine into one long line without keeping it: the long
// line is returned as soon as MaxLine bytes without a newline have come, not
// at its end, so that an engine writing without end is caught at once.
type lineReader struct {
	buf  []byte
	r, w int  // buf[r:w] is read and not yet returned
	skip bool // inside a long line already returned: drop bytes up to its newline
}

// next returns the next complete line in the buffer, or a long line once
// MaxLine bytes of it have come.
func (lr *lineReader) next() (line, bool) {
	if lr.skip {
		i := bytes.IndexByte(lr.buf[lr.r:lr.w], '\n')
		if i < 0 {
			lr.r, lr.w = 0, 0
			return line{}, false
		}
		lr.r += i + 1
		lr.skip = false
	}
	i := bytes.IndexByte(lr.buf[lr.r:lr.w], '\n')
	if i < 0 {
		if lr.w-lr.r >= MaxLine {
			lr.skip = true
			lr.r, lr.w = 0, 0
			return line{long: true}, true
		}
		return line{}, false
	}
	b := lr.buf[lr.r : lr.r+i]
	lr.r += i + 1
	return line{text: strings.TrimRight(string(b), "\r")}, true
}

// rest returns what is left at the end of the output: a last line without
// its newline.
func (lr *lineReader) rest() (line, bool) {
	if lr.r < lr.w && !lr.skip {
		b := lr.buf[lr.r:lr.w]
		lr.r, lr.w = 0, 0
		return line{text: strings.TrimRight(string(b), "\r")}, true
	}
	lr.r, lr.w = 0, 0
	return line{}, false
}

// fill reads once from f into the buffer, growing it up to MaxLine bytes.
func (lr *lineReader) fill(f io.Reader) error {
	if lr.r > 0 {
		lr.w = copy(lr.buf, lr.buf[lr.r:lr.w])
		lr.r = 0
	}
	if lr.w == len(lr.buf) {
		lr.buf = append(lr.buf, make([]byte, min(len(lr.buf), MaxLine))...)
	}
	n, err := f.Read(lr.buf[lr.w:])
	lr.w += n
	return err
}
