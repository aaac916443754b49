package engineproc

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"time"

	"github.com/arbiter-games/arbiter/internal/proc"
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
	types    []string // the type of each option declared
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

// LogAs labels the engine's log lines with as, the worker and slot.
func (e *Client) LogAs(as string) {
	if e.log != nil {
		e.logWho = as + " " + logName(e.name)
	}
}

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

// pipeEnd is an end of a pipe to an engine: an *os.File, or where the
// system has them, a rawPipe over it (see rawpipe_unix.go).
type pipeEnd interface {
	deadlineReader
	deadlineWriter
}
