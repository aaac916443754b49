package replay

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"time"
	"unsafe"

	"github.com/arbiter-games/arbiter/notation"
)

// With Jobs > 1 a worker takes a span of about blockBytes of text at a
// time (see fileRun), so that short games do not cost a hand-off each and
// long ones do not wait in a big span. At most window spans per job are cut
// and not yet handed to fn, which bounds the memory while letting a worker
// run ahead of one slow span. Both paths look at ctx every blockGames
// games. (Variables so that tests can make spans small.)
var (
	blockGames = 128
	blockBytes = 64 << 10
	window     = 3
)

// cutWait is how long a worker that finds another cutting the next span
// waits for it awake before it sleeps. A cut takes microseconds, a sleep on
// the cond and its wake-up far longer, and a worker finds the other cutting
// whenever both run out of spans at once (bench/README.md has the
// measurements).
const cutWait = 200 * time.Microsecond

// File validates every game of a record file and calls fn with each
// report, in file order: an .agn file or an SGF file, as FormatOf tells
// them apart. It stops early, with ctx.Err(), once ctx is done.
// With opts.Jobs > 1 it parses and replays games on that many goroutines
// (the caller's among them), unless the file is small (a few tens of
// kilobytes).
//
// fn is called for one report at a time, in file order, but with
// opts.Jobs > 1 not always from the calling goroutine: whichever worker
// finishes the next span in file order hands its reports on. A report's
// Record is valid only during the call to fn (File reuses its memory for
// later games); fn must copy what it keeps, for instance Record.String().
//
// File reads data in place, without a copy: the strings of the reports
// (players, moves) point into it, so data must not change while File runs
// or while reports are kept.
func File(ctx context.Context, name string, data []byte, opts Options, fn func(Report)) error {
	src := unsafe.String(unsafe.SliceData(data), len(data))
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	var format Format
	if faulted(data, func() { format = FormatOf(name, data) }) {
		return fmt.Errorf("%s: %w", name, ErrChanged)
	}
	// A file of one span has nothing to share: a second goroutine would
	// only add its start (a thread) to validate's start-up.
	if opts.Jobs <= 1 || len(data) <= blockBytes {
		var err error
		if faulted(data, func() { err = serial(ctx, name, format, data, src, opts, fn) }) {
			return fmt.Errorf("%s: %w", name, ErrChanged)
		}
		return err
	}
	f := &fileRun{ctx: ctx, name: name, format: format, data: data, src: src, opts: opts, fn: fn,
		spans: make([]span, opts.Jobs*window), line: 1, col: 1}
	f.cond.L = &f.mu
	var wg sync.WaitGroup
	for range opts.Jobs - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f.work()
		}()
	}
	f.work()
	wg.Wait()
	if f.err == nil && f.tooLong != nil {
		return f.tooLong
	}
	return f.err
}

// MaxGame is the size of the largest game File reads (notation.MaxGame):
// past it, File stops with a *TooLongError rather than hold it all.
const MaxGame = notation.MaxGame

// TooLongError is the error of File for a game longer than MaxGame.
type TooLongError = notation.TooLongError

// ErrChanged is the error of File when reading data faults: data is a file
// mapped into memory (as validate maps its input) that became shorter while
// it was read. The games reported before it were read whole.
var ErrChanged = errors.New("the file changed (it is shorter now) while it was read")

// faulted runs fn and reports whether it faulted reading data (see
// ErrChanged). Other panics go on, a nil dereference among them (it too
// carries an address, outside data). The goroutine must have called
// debug.SetPanicOnFault(true).
func faulted(data []byte, fn func()) (hit bool) {
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(interface{ Addr() uintptr })
			if !ok || !within(data, a.Addr()) {
				panic(r)
			}
			hit = true
		}
	}()
	fn()
	return false
}

// within reports whether address a falls in data, or in the rest of its
// last page.
func within(data []byte, a uintptr) bool {
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	const page = 64 << 10 // the largest page size Go runs on
	return len(data) > 0 && a >= lo && a-lo < uintptr(len(data))+page
}

// prepare readies r, just replayed, for File's callback: opts.Prepare, on
// the goroutine that replayed it, and with opts.NoRecord no record.
func prepare(r *Report, opts Options) {
	if opts.Prepare != nil {
		opts.Prepare(r)
	}
	if opts.NoRecord {
		r.Record = nil
	}
}

// serial is File on the calling goroutine alone.
func serial(ctx context.Context, name string, format Format, data []byte, src string, opts Options, fn func(Report)) error {
	var g notation.Game
	var sc scratch
	r := new(Report) // one allocation for all games: Prepare takes its address
	i := 0
	sp := format.Splitter(data)
	for ch, ok := sp.Next(); ok; ch, ok = sp.Next() {
		if i%blockGames == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		i++
		if ch.End-ch.Start > MaxGame {
			return &TooLongError{File: name, Line: ch.Line, Col: ch.Col, Index: i}
		}
		format.Parse(&g, name, src, ch, i, opts)
		*r = game(name, &g, opts, &sc)
		prepare(r, opts)
		fn(*r)
	}
	return nil
}

// fileRun is one File with Jobs > 1. The file is cut into spans of about
// blockBytes, each starting where a game is likely to start (likelyStart),
// and each worker splits the spans it cuts into games itself, so that no
// goroutine reads the whole file alone. A span's games are those its split
// finds starting before the span's end: when the game after them starts
// exactly there, the next span started at a game, as the split of the
// whole file would have it; when not (the likely start was inside a
// comment, say), the spans cut after it are dropped and the cutting starts
// again where that game starts.
//
// Spans are resolved in file order: a span's games get their indexes and
// lines once the spans before it are split. Each worker, under mu, takes
// what there is to do: replay a resolved span, else cut and split the
// next one; after a replay it hands on (to fn, in file order) every
// finished span next in line, unless another worker is doing so. No
// goroutine feeds or collects, and none waits for another while there is
// work.
type fileRun struct {
	ctx    context.Context
	name   string
	format Format
	data   []byte
	src    string // data
	opts   Options
	fn     func(Report)

	mu       sync.Mutex
	cond     sync.Cond // signalled when there is work, a span is handed on, or on stop
	spans    []span    // the window: span k lives in spans[k%len(spans)]
	next     int       // where the next span is cut
	cutting  bool      // a worker is looking for the end of the span that starts at next
	restarts int       // times the cutting started again (restart)
	eof      bool      // the spans cut reach the end of data
	cut      int       // spans cut so far
	resolved int       // spans resolved so far (in order)
	claimed  int       // spans taken for replay (or skipped) so far
	handed   int       // spans handed to fn so far
	emitted  int       // games handed to fn so far
	games    int       // games in the spans resolved so far
	// line and col are where the next valid span starts, as a Splitter of
	// the whole file counts them (which is not always as an editor
	// does: a line break escaped in a tag value is not counted).
	line, col int
	emitting  bool // a worker is handing spans to fn
	// tooLong is the game past MaxGame that ended the cutting; the run
	// fails with it once the games before it are handed on.
	tooLong *TooLongError
	err     error // ctx.Err(), ErrChanged or a *TooLongError once seen: the run stops
}

// A span is a stretch of the file and its games.
type span struct {
	start, end int // its text starts at start, at a game; its games are those that start before end
	// What its split found: chunks relative to start in lines and (on
	// their first line) columns, absolute in bytes.
	chunks   []notation.Chunk
	after    notation.Chunk // the game after the chunks, when there is one
	hasAfter bool
	long     bool           // a game past MaxGame follows the chunks: the cutting ends there
	longAt   notation.Chunk // that game
	split    bool           // the worker that cut it has split it
	stale    bool           // cut where no game starts: dropped when resolved
	valid    bool           // resolved and not stale: its games are the file's
	done     bool           // replayed (or dropped): ready to hand on
	// Resolved: where its games stand in the file.
	base     int             // index of its first game, 0-based
	lineBase int             // line of start
	colOff   int             // bytes of start's line before start
	games    []notation.Game // reused from span to span
	moves    []notation.Move // the games' moves, one after the other; reused
	reports  []Report
}

// work is the loop of each goroutine of the run. Whatever reads data (the
// cutting, the split, the replay, fn) runs under faulted, so that a fault
// stops the run with ErrChanged and leaves mu as the code around it
// expects.
func (f *fileRun) work() {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	var sc scratch // this goroutine's
	f.mu.Lock()
	// A panic of fn or of the rules (a bug) passes with mu unlocked; only a
	// normal return unlocks it, so that a deferred unlock cannot hide the
	// panic behind "unlock of unlocked mutex".
	var spinning time.Time // since when this worker waits awake for a cut (see cutWait)
	for f.err == nil {
		if s := f.claim(); s != nil {
			spinning = time.Time{}
			f.mu.Unlock()
			hit := faulted(f.data, func() { f.replay(s, &sc) })
			f.mu.Lock()
			if hit {
				f.fail()
				break
			}
			s.done = true
			if !f.emitting {
				f.emit()
			}
			continue
		}
		if !f.eof && !f.cutting && f.cut-f.handed < len(f.spans) {
			// The search for the span's end is the first read of
			// that part of the file (page faults): not under mu.
			spinning = time.Time{}
			start, restarts := f.next, f.restarts
			f.cutting = true
			f.mu.Unlock()
			var end int
			hit := faulted(f.data, func() { end = likelyStart(f.format, f.data, min(start+blockBytes, len(f.data))) })
			f.mu.Lock()
			f.cutting = false
			f.cond.Broadcast()
			if hit {
				f.fail()
				break
			}
			if f.err != nil || restarts != f.restarts {
				continue // the cutting starts again elsewhere
			}
			s := f.cutSpan(end)
			f.mu.Unlock()
			hit = faulted(f.data, func() { f.split(s) })
			f.mu.Lock()
			if hit {
				f.fail()
				break
			}
			s.split = true
			if f.resolve() {
				f.cond.Broadcast()
			}
			if !f.emitting {
				f.emit()
			}
			continue
		}
		if f.eof && f.handed == f.cut {
			break
		}
		if f.cutting {
			// Another worker is finding where the next span ends,
			// most often within microseconds: wait for it awake, for a
			// while, rather than sleep on the cond (see cutWait).
			if spinning.IsZero() {
				spinning = time.Now()
			}
			if time.Since(spinning) < cutWait {
				f.mu.Unlock()
				runtime.Gosched()
				f.mu.Lock()
				continue
			}
		}
		f.cond.Wait()
	}
	f.cond.Broadcast()
	f.mu.Unlock()
}

// cutSpan cuts the next span, from f.next to end, the likely start of a
// game about blockBytes on. It runs with mu held.
func (f *fileRun) cutSpan(end int) *span {
	s := &f.spans[f.cut%len(f.spans)]
	f.cut++
	s.start = f.next
	s.end = end
	s.split, s.stale, s.valid, s.done = false, false, false, false
	s.reports = s.reports[:0]
	f.next, f.eof = s.end, s.end == len(f.data)
	return s
}

// likelyStart returns where a game of data, written in format, likely
// starts at or after i; len(data) when there is none. In an .agn file
// that is a '[' that starts a line after a line of movetext (a last
// non-blank line that is not a tag), in an SGF file a '(' that starts a
// line after one that ends with ')'. Only the split says whether a game
// does start there.
func likelyStart(format Format, data []byte, i int) int {
	open := byte('[')
	if format == SGF {
		open = '('
	}
	for i < len(data) {
		k := bytes.IndexByte(data[i:], open)
		if k < 0 {
			break
		}
		i += k
		if i > 0 && data[i-1] == '\n' {
			if format == SGF && bytes.HasSuffix(bytes.TrimRight(data[:i], " \t\r\n"), []byte(")")) ||
				format != SGF && !afterTag(data, i-1) {
				return i
			}
		}
		i++
	}
	return len(data)
}

// afterTag reports whether the last non-blank line that ends at or before
// the line break at data[nl] starts with a tag ('[').
func afterTag(data []byte, nl int) bool {
	for nl > 0 {
		start := bytes.LastIndexByte(data[:nl], '\n') + 1
		line := bytes.TrimLeft(data[start:nl], " \t\r")
		if len(line) > 0 {
			return line[0] == '['
		}
		nl = start - 1
	}
	return false
}

// split cuts the games of s that start before its end (up to a game past
// MaxGame), and the game after them, to know where it starts.
func (f *fileRun) split(s *span) {
	s.chunks, s.long, s.hasAfter = s.chunks[:0], false, false
	sp := f.format.Splitter(f.data[s.start:])
	for ch, ok := sp.Next(); ok; ch, ok = sp.Next() {
		ch.Start += s.start
		ch.End += s.start
		if ch.Start >= s.end {
			s.after, s.hasAfter = ch, true
			break
		}
		if ch.End-ch.Start > MaxGame {
			s.long, s.longAt = true, ch
			break
		}
		s.chunks = append(s.chunks, ch)
	}
}

// resolve settles, in file order, the spans that are split: a stale one is
// dropped, the others get the index and line of their first game. A span
// whose games are not followed by one that starts where the next span
// starts (or that ends with a game past MaxGame) makes the spans cut after
// it stale and the cutting start again where the game after its games
// starts (or at the end of data). It runs with mu held and reports whether
// it resolved any span.
func (f *fileRun) resolve() bool {
	progress := false
	for f.resolved < f.cut {
		s := &f.spans[f.resolved%len(f.spans)]
		if !s.split {
			break
		}
		f.resolved++
		progress = true
		if s.stale {
			s.done = true
			continue
		}
		s.valid, s.base, s.lineBase, s.colOff = true, f.games, f.line, f.col-1
		f.games += len(s.chunks)
		next := len(f.data) // where the game after s's games starts
		if s.hasAfter {
			next = s.after.Start
			f.line, f.col = s.abs(s.after)
		}
		switch {
		case s.long:
			line, col := s.abs(s.longAt)
			f.tooLong = &TooLongError{File: f.name, Line: line, Col: col, Index: f.games + 1}
			f.restart(len(f.data))
		case next != s.end:
			f.restart(next)
		}
	}
	return progress
}

// restart makes the spans cut and not yet resolved stale, and the cutting
// start again at i, where a game starts (or the end of data). It runs with
// mu held.
func (f *fileRun) restart(i int) {
	for k := f.resolved; k < f.cut; k++ {
		f.spans[k%len(f.spans)].stale = true
	}
	f.next, f.eof = i, i >= len(f.data)
	f.restarts++
}

// abs returns the line and column in the file of ch, a chunk of s's split.
func (s *span) abs(ch notation.Chunk) (line, col int) {
	line, col = ch.Line+s.lineBase-1, ch.Col
	if ch.Line == 1 {
		col += s.colOff
	}
	return line, col
}

// claim returns the next resolved span to replay, if any, skipping the
// stale ones. It runs with mu held.
func (f *fileRun) claim() *span {
	for f.claimed < f.resolved {
		s := &f.spans[f.claimed%len(f.spans)]
		f.claimed++
		if s.valid {
			return s
		}
	}
	return nil
}

// fail stops the run with ErrChanged. It runs with mu held.
func (f *fileRun) fail() {
	if f.err == nil {
		f.err = fmt.Errorf("%s: %w", f.name, ErrChanged)
	}
	f.cond.Broadcast()
}

// replay parses and replays the games of s, with the memory of sc. With
// Options.NoRecord each game is parsed into sc.game, one after another;
// else the games are kept in s.games and their moves go one after
// the other into s.moves, so that the window holds about what its games
// need (and the heap stays under the size at which the garbage collector
// first runs): a game that does not fit gets a buffer of its own, and
// s.moves grows for the next time.
func (f *fileRun) replay(s *span, sc *scratch) {
	s.reports = s.reports[:0]
	if f.opts.NoRecord {
		// One game at a time, in this worker's memory, as serial does.
		g := &sc.game
		for i, ch := range s.chunks {
			ch.Line, ch.Col = s.abs(ch)
			f.format.Parse(g, f.name, f.src, ch, s.base+i+1, f.opts)
			s.reports = append(s.reports, game(f.name, g, f.opts, sc))
			prepare(&s.reports[i], f.opts)
		}
		return
	}
	n := len(s.chunks)
	if cap(s.games) < n {
		s.games = append(s.games[:cap(s.games)], make([]notation.Game, n-cap(s.games))...)
	}
	s.games = s.games[:n]
	if s.moves == nil && n > 0 {
		// Most records take 7 bytes or more a move.
		s.moves = make([]notation.Move, (s.chunks[n-1].End-s.chunks[0].Start)/7)
	}
	used, need := 0, 0
	for i, ch := range s.chunks {
		ch.Line, ch.Col = s.abs(ch)
		g := &s.games[i]
		g.Moves = s.moves[used:used]
		f.format.Parse(g, f.name, f.src, ch, s.base+i+1, f.opts)
		need += len(g.Moves)
		if len(g.Moves) <= cap(s.moves)-used { // in s.moves
			used += len(g.Moves)
		}
		s.reports = append(s.reports, game(f.name, g, f.opts, sc))
		prepare(&s.reports[i], f.opts)
	}
	if need > cap(s.moves) {
		s.moves = make([]notation.Move, need+need/4)
	}
}

// emit hands to fn, in file order, the finished spans next in line,
// looking at ctx every blockGames games. It is called with mu held and
// returns with it held; fn runs unlocked.
func (f *fileRun) emit() {
	f.emitting = true
	for f.err == nil && f.handed < f.resolved {
		s := &f.spans[f.handed%len(f.spans)]
		if !s.done {
			break
		}
		f.mu.Unlock()
		var err error
		hit := faulted(f.data, func() {
			for i := range s.reports {
				if (f.emitted+i)%blockGames == 0 {
					if err = f.ctx.Err(); err != nil {
						return
					}
				}
				f.fn(s.reports[i])
				s.reports[i] = Report{}
			}
		})
		f.mu.Lock()
		if hit {
			f.fail()
			break
		}
		f.emitted += len(s.reports)
		if err != nil {
			f.err = err
			break
		}
		f.handed++
		f.cond.Broadcast()
	}
	f.emitting = false
	if f.err != nil {
		f.cond.Broadcast()
	}
}
