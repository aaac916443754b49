package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/internal/proc"
	"github.com/arbiter-games/arbiter/pairing"
	"github.com/arbiter-games/arbiter/rules/games"
)

// Worker processes.
//
// With Options.Argv set, each game at a time is played by a process of its
// own (Serve, run as "arbiter tournament-worker") rather than by a
// goroutine of the runner, which hands out the slots, stores every
// finished game and reports progress: games of instant engines are a
// ping-pong of processes, and two of them in one Go process wait on one
// runtime's scheduler and poller (see docs/tournament.md).
//
// The protocol is JSON, one value a line, over the worker's stdin and
// stdout: the runner writes an initMsg, the worker answers with a
// replyMsg (the engines it could not start, or an error); then, one at a
// time, the runner writes a Slot and the worker answers with the Finished
// game or an error. The end of its stdin tells the worker to abandon the
// game in play, end its engines and exit.

// initMsg is the first line a worker reads.
type initMsg struct {
	// Game is the ID of the game of Settings, which Settings leaves out
	// of its JSON.
	Game     string    `json:"game"`
	Settings *Settings `json:"settings"`
	// Start lists the engines to start and check before the first game,
	// as engine index → processes.
	Start map[int]int `json:"start,omitempty"`
	// Worker is the worker's number (1 and up), for the engine log.
	Worker int `json:"worker,omitempty"`
	// Log is the engine log's file ("" for none), which the worker appends
	// to; LogStart is the run's start (Unix nanoseconds), which its lines
	// are timed from.
	Log      string             `json:"log,omitempty"`
	LogKeep  engineproc.LogKeep `json:"log_keep"`
	LogStart int64              `json:"log_start,omitempty"`
}

// replyMsg is a line a worker writes: its answer to the init or to a
// slot.
type replyMsg struct {
	// Failed holds the engines of the init's Start that could not be
	// started or did not answer, by index (in reply to the init only).
	Failed   map[int]string `json:"failed,omitempty"`
	Finished *Finished      `json:"finished,omitempty"`
	// Error says why the init, or the slot, could not be done at all.
	Error string `json:"error,omitempty"`
	// CPU is the worker's own CPU time so far, in nanoseconds, its
	// engines excluded.
	CPU int64 `json:"cpu_ns"`
	// Warnings are what the worker's engines said since its last reply
	// that does not stop them (see Options.Warn).
	Warnings []string `json:"warnings,omitempty"`
}

// warnings collects the warnings of a worker process's engines, for its
// next reply.
type warnings struct {
	mu   sync.Mutex
	list []string
}

func (w *warnings) add(msg string) {
	w.mu.Lock()
	w.list = append(w.list, msg)
	w.mu.Unlock()
}

// take returns the warnings collected and forgets them.
func (w *warnings) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	l := w.list
	w.list = nil
	return l
}

// Serve is a worker process's whole work: it plays the slots it reads
// from in, as the runner would, and writes each finished game to out, until
// in ends; then the game in play is abandoned and every engine ended.
func Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	// A runner that dies leaves this process's stdout (out) a pipe with no
	// reader. A reply written then must fail with EPIPE, and the worker go
	// on to end its engines and what they started: by Go's default, a
	// write to a broken pipe on descriptor 1 or 2 kills the process with
	// SIGPIPE on the spot, leaving an engine's escapees running. (Notify,
	// not Ignore: an ignored signal stays ignored in the engines started.)
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	dec := json.NewDecoder(in)
	enc := json.NewEncoder(out)
	var init initMsg
	if err := dec.Decode(&init); err != nil {
		return fmt.Errorf("tournament worker: read the start: %w", err)
	}
	set := init.Settings
	var err error
	if set == nil {
		err = errors.New("tournament worker: the start has no settings")
	} else if set.Game, err = games.Lookup(init.Game); err == nil && len(set.Affinity) > 0 {
		// Each game at a time (worker) on a CPU of its own, and its
		// engines with it.
		err = bindCPU(set.Affinity[(max(init.Worker, 1)-1)%len(set.Affinity)])
	}
	if err != nil {
		enc.Encode(replyMsg{Error: err.Error(), CPU: proc.CPU()})
		return err
	}
	// The runner's next word may come while a game is played: the end of
	// in must stop that game at once.
	slots := make(chan Slot)
	readErr := make(chan error, 1)
	go func() {
		defer cancel()
		defer close(slots)
		for {
			var s Slot
			if err := dec.Decode(&s); err != nil {
				if err != io.EOF {
					readErr <- fmt.Errorf("tournament worker: read a slot: %w", err)
				}
				return
			}
			select {
			case slots <- s:
			case <-ctx.Done():
				return
			}
		}
	}()

	var warns warnings
	st := &starter{set: set, warn: warns.add}
	if init.Log != "" {
		// The run's start on this process's monotonic clock.
		start := time.Now()
		start = start.Add(-time.Duration(start.UnixNano() - init.LogStart))
		if st.log, err = engineproc.OpenLog(init.Log, start, false, init.LogKeep); err != nil {
			enc.Encode(replyMsg{Error: err.Error(), CPU: proc.CPU()})
			return err
		}
		defer st.log.Close()
	}
	as := strconv.Itoa(init.Worker)
	idle := &pool{st: st, logAs: as + "/-"}
	defer idle.closeAll()
	reply := replyMsg{}
	for i, err := range idle.start(ctx, init.Start) {
		if err != nil {
			if reply.Failed == nil {
				reply.Failed = map[int]string{}
			}
			reply.Failed[i] = err.Error()
		}
	}
	reply.CPU, reply.Warnings = proc.CPU(), warns.take()
	if err := enc.Encode(reply); err != nil {
		return fmt.Errorf("tournament worker: %w", err)
	}
	w := newLocal(st, idle, init.Worker)
	defer w.closeAll()
	for s := range slots {
		f, err := w.play(ctx, s)
		if ctx.Err() != nil {
			break
		}
		r := replyMsg{Finished: f}
		if err != nil {
			r.Finished, r.Error = nil, err.Error()
		}
		r.CPU, r.Warnings = proc.CPU(), warns.take()
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("tournament worker: %w", err)
		}
	}
	select {
	case err := <-readErr:
		return err
	default:
		return nil
	}
}

// process is a worker process, seen from the runner: a player whose games
// another process plays.
type process struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	enc     *json.Encoder
	replies chan replyMsg // closed when the worker's stdout ends
	quit    chan struct{} // closed by closeAll: nobody reads replies any more
	exited  chan struct{} // closed once the process is reaped
	waitErr error
	readErr error // why its stdout could not be read to the end, if not EOF
	stderr  *proc.Tail
	cpu     int64        // the CPU it last reported
	warn    func(string) // told of its engines' warnings, if set
	// initSent is closed once the init is written (or cannot be).
	initSent chan struct{}
	closed   bool
}

// procStartWait is how long a worker process may take to start, besides
// the time its engines may take; procExitWait is how long closeAll waits
// for a worker to end its engines and exit before it is killed (its engines
// then die with it). Variables for the tests.
var procStartWait, procExitWait = 10 * time.Second, 10 * time.Second

// startProc starts the worker process argv and sends it init. It does not
// wait for the worker's answer (see startProcs).
func startProc(argv []string, init initMsg, warn func(string)) (*process, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	// A worker gets its games from the runner and hands them back: it does
	// not open the database, and its engines could read its environment.
	cmd.Env = proc.Environ()
	p := &process{cmd: cmd, warn: warn, replies: make(chan replyMsg, 1), quit: make(chan struct{}),
		exited: make(chan struct{}), stderr: proc.NewTail(engineproc.StderrKeep)}
	cmd.Stderr = p.stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("start worker process: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		stdin.Close()
		return nil, fmt.Errorf("start worker process: %w", err)
	}
	// Its own process group, so that a Ctrl-C at the terminal reaches the
	// runner alone, which then ends the workers in order; and told by the
	// kernel when the runner dies, to end its engines and exit.
	proc.IsolateWorker(cmd)
	if err := proc.Start(cmd); err != nil {
		stdin.Close()
		return nil, fmt.Errorf("start worker process: %w", err)
	}
	p.stdin, p.enc = stdin, json.NewEncoder(stdin)
	go func() {
		dec := json.NewDecoder(stdout)
		for {
			var r replyMsg
			if err := dec.Decode(&r); err != nil {
				if err != io.EOF {
					// A worker that writes what is no reply is broken:
					// end it now rather than wait for it to exit.
					p.readErr = err
					proc.KillGroup(cmd.Process.Pid)
				}
				break
			}
			select {
			case p.replies <- r:
			case <-p.quit:
			}
		}
		close(p.replies)
		io.Copy(io.Discard, stdout)
		p.waitErr = cmd.Wait()
		proc.Forget(cmd.Process.Pid)
		close(p.exited)
	}()
	// Written on the side: a command that does not read its stdin must not
	// hold the runner here. Its answer's wait (startProcs) times out, and
	// closeAll closes the pipe, which ends the write; a worker that dies
	// shows as such in that wait.
	p.initSent = make(chan struct{})
	go func() {
		defer close(p.initSent)
		p.enc.Encode(init)
	}()
	return p, nil
}

// end waits up to d for the worker to exit, then kills it (its engines die
// with it), and waits for it to be reaped; then it ends what its engines
// left behind if it could not (on Linux, endTree).
func (p *process) end(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.exited:
	case <-t.C:
		proc.KillGroup(p.cmd.Process.Pid)
		<-p.exited
	}
	proc.EndTree("")
}

// reply waits for the worker's next reply.
func (p *process) reply(ctx context.Context) (replyMsg, error) {
	select {
	case r, ok := <-p.replies:
		if !ok {
			return r, p.died(nil)
		}
		p.cpu = r.CPU
		if p.warn != nil {
			for _, w := range r.Warnings {
				p.warn(w)
			}
		}
		return r, nil
	case <-ctx.Done():
		return replyMsg{}, ctx.Err()
	}
}

// died describes a worker that stopped answering (err is what failed on
// the runner's side, if anything).
func (p *process) died(err error) error {
	p.end(procExitWait)
	why := "exited"
	if p.waitErr != nil {
		why = p.waitErr.Error()
	}
	if p.readErr != nil {
		why += ", after a reply that cannot be read (" + p.readErr.Error() + ")"
	} else if err != nil {
		why += " (" + err.Error() + ")"
	}
	msg := fmt.Sprintf("worker process %d %s", p.cmd.Process.Pid, why)
	if words := proc.LastWords(p.stderr.Bytes()); words != "" {
		msg += ": " + words
	}
	return errors.New(msg)
}

// play has the worker play slot s.
func (p *process) play(ctx context.Context, s Slot) (*Finished, error) {
	<-p.initSent
	if err := p.enc.Encode(s); err != nil {
		return nil, p.died(err)
	}
	r, err := p.reply(ctx)
	switch {
	case err != nil:
		return nil, err
	case r.Error != "":
		return nil, errors.New(r.Error)
	case r.Finished == nil:
		return nil, fmt.Errorf("worker process %d: a reply without a game", p.cmd.Process.Pid)
	}
	return r.Finished, nil
}

// closeAll ends the worker: the end of its stdin makes it abandon its game,
// end its engines and exit; one that does not within procExitWait is
// killed. It is safe to call twice.
func (p *process) closeAll() {
	if p.closed {
		return
	}
	p.closed = true
	close(p.quit)
	p.stdin.Close()
	p.end(procExitWait)
}

// startProcs starts a worker process for each of the first slots, each of
// which starts and checks the engines of its slot, while the runner checks
// the engines that no first slot has: the preflight, as Run does it in
// process. It returns the workers, or the failures of the engines (all of
// them, in engine order) after ending every worker.
func startProcs(ctx context.Context, set *Settings, argv []string, first []pairing.Game, lo *EngineLog, warn func(string)) ([]*process, error) {
	var procs []*process
	closeProcs := func() { atOnce(procs, (*process).closeAll) }
	checked := map[int]bool{}
	for k, s := range first {
		init := initMsg{Game: set.Game.ID(), Settings: set, Start: map[int]int{s.White: 1, s.Black: 1}, Worker: k + 1}
		if lo != nil {
			init.Log, init.LogStart, init.LogKeep = lo.Path, lo.Start.UnixNano(), lo.Keep
		}
		p, err := startProc(argv, init, warn)
		if err != nil {
			closeProcs()
			return nil, err
		}
		procs = append(procs, p)
		checked[s.White], checked[s.Black] = true, true
	}
	rest := map[int]int{}
	for i := range set.Engines {
		if !checked[i] {
			rest[i] = 1
		}
	}
	p := pool{st: &starter{set: set, warn: warn}, logAs: "-/-"}
	if lo != nil {
		p.st.log = lo.Log
	}
	errs := p.start(ctx, rest)
	p.closeAll()
	// A worker answers once it has started two engines (at the same time),
	// which the engine timeouts bound; a command that is no worker may
	// never answer.
	t := set.Timeouts.WithDefaults()
	wait := t.Startup + t.Ping + procStartWait
	ictx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	for _, p := range procs {
		r, err := p.reply(ictx)
		if err != nil && ctx.Err() == nil && ictx.Err() != nil {
			err = fmt.Errorf("worker process %d (%s) did not answer within %v", p.cmd.Process.Pid, strings.Join(argv, " "), wait)
			if words := proc.LastWords(p.stderr.Bytes()); words != "" {
				err = fmt.Errorf("%w: %s", err, words)
			}
		}
		if err == nil && r.Error != "" {
			err = fmt.Errorf("worker process %d: %s", p.cmd.Process.Pid, r.Error)
		}
		if err != nil {
			closeProcs()
			return nil, err
		}
		// An engine's failure as the in-process preflight gives it: the
		// first one reported.
		for i, msg := range r.Failed {
			if i >= 0 && i < len(errs) && errs[i] == nil {
				errs[i] = errors.New(msg)
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		closeProcs()
		return nil, err
	}
	return procs, nil
}
