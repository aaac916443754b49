package engine

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"github.com/arbiter-games/arbiter/internal/shorten"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/ugi"
)

// Identity announced on `ugi`.
const (
	Name   = "arbiter"
	Author = "the arbiter authors"
)

// maxLine is the longest command line read; longer ones get an error reply.
const maxLine = 1 << 20

// Run speaks UGI for game g on in and out until `quit` or the end of in:
// it reads commands in a goroutine of its own, so that `isready`, `stop`,
// `query` and `quit` are answered while a search runs; commands that need
// the engine idle (ugi, uginewgame, setoption, position, go) wait until the
// search ends, and so does everything sent after them. Every malformed or
// unknown command gets a one-line `error …` reply. Run returns nil on quit
// or end of input, and ctx's error when ctx ends first.
func Run(ctx context.Context, g rules.Game, o Options, in io.Reader, out io.Writer) error {
	l := &loop{g: g, e: New(g, o), out: &lineWriter{w: out}}
	l.e.Prepare()
	lines := make(chan string)
	readDone := make(chan struct{})
	go func() {
		defer close(lines)
		r := bufio.NewReaderSize(in, 64<<10)
		for {
			line, err := readLine(r)
			if line != "" || err == nil {
				select {
				case lines <- line:
				case <-readDone:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	defer close(readDone)
	defer l.halt()
	eof := false
	for {
		if eof {
			// The input ended: let a bounded search finish and the queued
			// commands run, then stop.
			if l.done != nil && l.infinite {
				l.halt()
				if !l.drain() {
					return nil
				}
				continue
			}
			if l.done == nil {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-l.done:
			l.finish()
			if !l.drain() {
				return nil
			}
		case line, ok := <-lines:
			if !ok {
				eof, lines = true, nil
				continue
			}
			if !l.take(line) {
				return nil
			}
		}
	}
}

// readLine reads one line without its end; a line longer than maxLine is
// returned as a marker that handle answers with an error.
func readLine(r *bufio.Reader) (string, error) {
	var b []byte
	long := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !long && len(b)+len(chunk) <= maxLine {
			b = append(b, chunk...)
		} else {
			long, b = true, nil
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if long {
			return tooLong, err
		}
		if err == io.EOF && len(b) == 0 {
			return "", err
		}
		return strings.TrimRight(string(b), "\r\n"), err
	}
}

// tooLong stands for a line longer than maxLine.
const tooLong = "\x00toolong"

// lineWriter writes whole lines, one Write each, from several goroutines.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *lineWriter) printf(format string, args ...any) {
	s := fmt.Sprintf(format, args...) + "\n"
	w.mu.Lock()
	defer w.mu.Unlock()
	io.WriteString(w.w, s)
}

// loop is the state of one UGI session.
type loop struct {
	g   rules.Game
	e   *Player
	out *lineWriter

	pos     rules.Position   // nil until a position is set
	history []rules.Position // positions before pos, oldest first
	// start and moves are the position command that set pos: its start
	// ("startpos" or the FEN) and its moves as sent, so that the next
	// command, which usually repeats them and adds a move or two, plays
	// only the new moves.
	start string
	moves []string

	// A running search: done is closed when its bestmove is written.
	done     chan struct{}
	stop     atomic.Bool
	queue    []string // commands waiting for the search to end
	infinite bool     // the running search waits for stop
	stopCh   chan struct{}
	stopOnce sync.Once
}

func (l *loop) errorf(format string, args ...any) {
	l.out.printf("error "+format, args...)
}

// maxQueue is how many commands may wait for a search to end.
const maxQueue = 1000

// take runs a command now or queues it behind a running search; it
// returns false on quit.
func (l *loop) take(line string) bool {
	cmd := firstField(line)
	if cmd == "" {
		return true
	}
	if l.done != nil && cmd != ugi.CmdStop && cmd != ugi.CmdQuit {
		switch cmd {
		case ugi.CmdUGI, ugi.CmdNewGame, ugi.CmdSetOption, ugi.CmdPosition, ugi.CmdGo:
		default:
			if len(l.queue) == 0 {
				return l.handle(line)
			}
		}
		if len(l.queue) >= maxQueue {
			l.errorf("%s: %d commands already wait for the search to end; send stop", clip(cmd), maxQueue)
			return true
		}
		l.queue = append(l.queue, line)
		return true
	}
	if !l.handle(line) {
		return false
	}
	return l.drain()
}

// firstField is strings.Fields(line)[0], or "" for a blank line, without
// cutting the rest of a long position command.
func firstField(line string) string {
	line = strings.TrimLeftFunc(line, unicode.IsSpace)
	if i := strings.IndexFunc(line, unicode.IsSpace); i >= 0 {
		return line[:i]
	}
	return line
}

// drain runs the queued commands while no search runs; it returns false on
// quit.
func (l *loop) drain() bool {
	for len(l.queue) > 0 && l.done == nil {
		line := l.queue[0]
		l.queue = l.queue[1:]
		if !l.handle(line) {
			return false
		}
	}
	return true
}

// handle runs one command; it returns false on quit.
func (l *loop) handle(line string) bool {
	if line == tooLong {
		l.errorf("line longer than %d bytes", maxLine)
		return true
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	cmd, args := f[0], f[1:]
	switch cmd {
	case ugi.CmdQuit:
		return false
	case ugi.CmdIsReady:
		if l.done == nil {
			l.e.Prepare()
		}
		l.out.printf(ugi.ReplyReadyOK)
		return true
	case ugi.CmdStop:
		l.halt()
		return true
	case ugi.CmdQuery:
		l.query(args)
		return true
	case ugi.CmdUGI, ugi.CmdNewGame, ugi.CmdSetOption, ugi.CmdPosition, ugi.CmdGo:
	default:
		l.errorf("unknown command %q", clip(cmd))
		return true
	}
	switch cmd {
	case ugi.CmdUGI:
		l.out.printf("id name %s %s (%s)", Name, l.e.opts.Level, l.g.ID())
		l.out.printf("id author %s", Author)
		l.out.printf("option name Level type combo default %s var random var greedy var search", l.e.opts.Level)
		hash := l.e.opts.HashMB
		if hash <= 0 {
			hash = DefaultHashMB
		}
		l.out.printf("option name Hash type spin default %d min 1 max 1024", hash)
		l.out.printf("option name Seed type spin default %d min 0 max %d", l.e.opts.Seed, int64(1)<<62)
		for _, w := range Weights(l.g) {
			l.out.printf("option name %s type spin default %d min %d max %d", w.Name, w.Default, w.Min, w.Max)
		}
		l.out.printf(ugi.ReplyUGIOK)
	case ugi.CmdNewGame:
		if len(args) > 0 {
			l.errorf("uginewgame takes no arguments")
			return true
		}
		l.e.NewGame()
		l.pos, l.history, l.start, l.moves = nil, nil, "", nil
	case ugi.CmdSetOption:
		l.setOption(args)
	case ugi.CmdPosition:
		l.position(args)
	case ugi.CmdGo:
		l.goCmd(args)
	}
	return true
}

// clip shortens s for an error message.
func clip(s string) string { return shorten.To(s, 40) }

func (l *loop) setOption(args []string) {
	// setoption name N [value V]; names and values may hold spaces.
	if len(args) < 2 || args[0] != "name" {
		l.errorf("setoption: want \"setoption name N value V\"")
		return
	}
	var name, value []string
	cur := &name
	for _, a := range args[1:] {
		if a == "value" && cur == &name {
			cur = &value
			continue
		}
		*cur = append(*cur, a)
	}
	n, v := strings.Join(name, " "), strings.Join(value, " ")
	switch strings.ToLower(n) {
	case "level":
		lv, err := ParseLevel(v)
		if err != nil {
			l.errorf("setoption Level: %v", err)
			return
		}
		l.e.SetLevel(lv)
	case "hash":
		mb, err := strconv.Atoi(v)
		if err != nil || mb < 1 || mb > 1024 {
			l.errorf("setoption Hash: %q is not a whole number from 1 to 1024", v)
			return
		}
		l.e.SetHash(mb)
	case "seed":
		seed, err := strconv.ParseInt(v, 10, 64)
		if err != nil || seed < 0 {
			l.errorf("setoption Seed: %q is not a whole number from 0", v)
			return
		}
		l.e.SetSeed(seed)
	default:
		ws := Weights(l.g)
		if i := weightIndex(ws, n); i >= 0 {
			w := ws[i]
			x, err := strconv.Atoi(v)
			if err != nil || x < w.Min || x > w.Max {
				l.errorf("setoption %s: %q is not a whole number from %d to %d", w.Name, clip(v), w.Min, w.Max)
				return
			}
			l.e.SetWeight(w.Name, x)
			return
		}
		known := append([]string{"Level", "Hash", "Seed"}, weightNames(ws)...)
		l.errorf("setoption: unknown option %q (known: %s)", clip(n), strings.Join(known, ", "))
	}
}

// position sets the position; on any error the old one stays. When the
// start is the last command's and its moves begin with the last command's
// moves (the next command of a game), only the moves after those are
// played, on a copy of the last position.
func (l *loop) position(args []string) {
	if len(args) == 0 {
		l.errorf("position: want \"startpos\" or \"fen <FEN>\"")
		return
	}
	var startKey string
	var rest []string
	switch args[0] {
	case "startpos":
		if l.g.NewTags(0) != nil {
			l.errorf("position startpos: %s has no fixed start position; send \"position fen <FEN>\"", l.g.ID())
			return
		}
		startKey, rest = "startpos", args[1:]
	case "fen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		if i == 1 {
			l.errorf("position fen: no FEN given")
			return
		}
		startKey, rest = strings.Join(args[1:i], " "), args[i:]
	default:
		l.errorf("position: want \"startpos\" or \"fen <FEN>\", not %q", clip(args[0]))
		return
	}
	if len(rest) > 0 && rest[0] != "moves" {
		l.errorf("position: unexpected %q after the position; want \"moves …\"", clip(rest[0]))
		return
	}
	var moves []string
	if len(rest) > 0 {
		moves = rest[1:]
	}

	var p rules.Position
	var history []rules.Position
	done := 0 // moves[:done] are played in p
	if l.pos != nil && startKey == l.start && len(moves) >= len(l.moves) && slices.Equal(moves[:len(l.moves)], l.moves) {
		// Appending to l.history may write past its end in its array,
		// which no search reads: none runs while a position is set.
		p, history, done = l.pos.Clone(), l.history, len(l.moves)
	} else {
		var err error
		if startKey == "startpos" {
			p, err = l.g.Start(rules.TagMap{})
		} else {
			p, err = l.g.Start(rules.TagMap{"SetUp": "1", "FEN": startKey})
		}
		if err != nil {
			l.errorf("position %s: %v", args[0], err)
			return
		}
	}
	for i := done; i < len(moves); i++ {
		m, err := p.ParseMove(moves[i])
		if err == nil {
			prev := p.Clone()
			if err = p.Play(m); err == nil {
				history = append(history, prev)
				continue
			}
		}
		l.errorf("position: move %d %q: %v", i+1, clip(moves[i]), err)
		return
	}
	l.pos, l.history, l.start, l.moves = p, history, startKey, append(l.moves[:0], moves...)
}

// goCmd reads the limits and starts a search in its own goroutine.
func (l *loop) goCmd(args []string) {
	lim, err := ugi.ParseGo(args)
	if err != nil {
		l.errorf("go: %v", err)
		return
	}
	if l.pos == nil {
		l.errorf("go: no position set; send \"position …\" first")
		return
	}
	l.stop.Store(false)
	l.stopCh = make(chan struct{})
	l.stopOnce = sync.Once{}
	done := make(chan struct{})
	l.done = done
	pos, history, e, out, stopCh := l.pos.Clone(), l.history, l.e, l.out, l.stopCh
	if unbounded(lim) {
		lim.Infinite = true
	}
	l.infinite = lim.Infinite
	go func() {
		defer close(done)
		res := e.Think(pos, history, lim, &l.stop, func(in Info) { out.printf("%s", formatInfo(pos, in)) })
		if lim.Infinite {
			<-stopCh // `go infinite` answers only when stopped
		}
		best := "none"
		if res.OK {
			best = pos.FormatMove(res.Move)
		}
		out.printf("%s %s", ugi.ReplyBestMove, best)
	}()
}

// halt stops a running search and waits for its bestmove.
func (l *loop) halt() {
	if l.done == nil {
		return
	}
	l.stop.Store(true)
	l.stopOnce.Do(func() { close(l.stopCh) })
	<-l.done
	l.finish()
}

// finish forgets a search whose bestmove is written.
func (l *loop) finish() {
	if l.done == nil {
		return
	}
	select {
	case <-l.done:
		l.done = nil
	default:
	}
}

// formatInfo writes the info line of one iteration: the score in moves
// to mate when the search found a forced end, and the principal variation
// as far as it plays from pos.
func formatInfo(pos rules.Position, in Info) string {
	u := ugi.Info{Depth: in.Depth, Eval: in.Eval, Nodes: in.Nodes, Time: in.Time}
	if len(in.PV) > 0 {
		p := pos.Clone()
		for _, m := range in.PV {
			text := p.FormatMove(m)
			if p.Play(m) != nil {
				break
			}
			u.PV = append(u.PV, text)
		}
	}
	return string(u.AppendInfo(make([]byte, 0, 64)))
}

func (l *loop) query(args []string) {
	if len(args) != 1 {
		l.errorf("query: want \"query gameover|p1turn|result\"")
		return
	}
	if l.pos == nil {
		l.errorf("query: no position set")
		return
	}
	o := l.pos.Outcome()
	switch args[0] {
	case "gameover":
		l.out.printf("%s %t", ugi.ReplyResponse, o.Over())
	case "p1turn":
		l.out.printf("%s %t", ugi.ReplyResponse, l.pos.Turn() == l.g.FirstMover())
	case "result":
		r := "none"
		switch o.Result {
		case rules.Draw:
			r = "draw"
		case rules.Win(l.g.FirstMover()):
			r = "p1win"
		case rules.Win(l.g.FirstMover().Other()):
			r = "p2win"
		}
		if !o.Over() {
			r = "none"
		}
		l.out.printf("%s %s", ugi.ReplyResponse, r)
	default:
		l.errorf("query: unknown query %q (known: gameover, p1turn, result)", clip(args[0]))
	}
}
