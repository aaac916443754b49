package replay

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"unsafe"

	"github.com/arbiter-games/arbiter/notation"
)

// A worker takes a block of games at a time: up to blockGames games or
// blockBytes bytes of text, whichever comes first, so that short games do
// not cost a hand-off each and long ones do not wait in a big block. At most
// window blocks per job are cut and not yet handed to fn, which bounds the
// memory while letting a worker run ahead of one slow block.
// (Variables so that tests can make blocks small.)
var (
	blockGames = 128
	blockBytes = 48 << 10
	window     = 4
)

// File validates every game of a record file and calls fn with each
// report, in file order: an .agn file or an SGF file, as FormatOf tells
// them apart. It stops early, with ctx.Err(), once ctx is done.
// With opts.Jobs > 1 it parses and replays games on that many goroutines
// (the caller's among them).
//
// fn is called for one report at a time, in file order, but with
// opts.Jobs > 1 not always from the calling goroutine: whichever worker
// finishes the next block in file order hands its reports on. A report's
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
	if opts.Jobs <= 1 {
		var err error
		if faulted(data, func() { err = serial(ctx, name, format, data, src, opts, fn) }) {
			return fmt.Errorf("%s: %w", name, ErrChanged)
		}
		return err
	}
	f := &fileRun{ctx: ctx, name: name, format: format, data: data, src: src, opts: opts, fn: fn, split: format.Splitter(data),
		blocks: make([]block, opts.Jobs*window)}
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

// serial is File on the calling goroutine alone.
func serial(ctx context.Context, name string, format Format, data []byte, src string, opts Options, fn func(Report)) error {
	var g notation.Game
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
		*r = Game(name, &g, opts)
		if opts.Prepare != nil {
			opts.Prepare(r)
		}
		fn(*r)
	}
	return nil
}

// fileRun is one File with Jobs > 1. There is no feeder or collector
// goroutine: each worker, under mu, cuts the next block from the file,
// replays it unlocked, then hands on (to fn, in file order) every finished
// block that is next in line, unless another worker is doing so already.
// Every goroutine stays busy with games, which hand-offs between goroutines
// did not achieve on two cores.
type fileRun struct {
	ctx    context.Context
	name   string
	format Format
	data   []byte
	src    string // data
	opts   Options
	fn     func(Report)

	mu       sync.Mutex
	cond     sync.Cond // signalled when a block is handed on, or on stop
	split    Splitter
	eof      bool    // split has no more chunks
	games    int     // games cut so far
	cut      int     // blocks cut so far; block k lives in blocks[k%len(blocks)]
	handed   int     // blocks handed to fn so far
	blocks   []block // the window
	emitting bool    // a worker is handing blocks to fn
	// tooLong is the game past MaxGame that ended the cutting; the run
	// fails with it once the games before it are handed on.
	tooLong *TooLongError
	err     error // ctx.Err(), ErrChanged or a *TooLongError once seen: the run stops
}

type block struct {
	chunks  []notation.Chunk
	games   []notation.Game // reused from block to block, move buffers and all
	reports []Report
	base    int // index of the block's first game in the file, 0-based
	done    bool
}

// work is the loop of each goroutine of the run. Whatever reads data (the
// splitter, the replay, fn) runs under faulted, so that a fault stops the
// run with ErrChanged and leaves mu as the code around it expects.
func (f *fileRun) work() {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	f.mu.Lock()
	// A panic of fn or of the rules (a bug) passes with mu unlocked; only a
	// normal return unlocks it, so that a deferred unlock cannot hide the
	// panic behind "unlock of unlocked mutex".
	for {
		for f.err == nil && !f.eof && f.cut-f.handed >= len(f.blocks) {
			f.cond.Wait()
		}
		if f.err != nil || f.eof {
			f.mu.Unlock()
			return
		}
		bl := &f.blocks[f.cut%len(f.blocks)]
		if faulted(f.data, func() { f.cutBlock(bl) }) {
			f.fail()
			f.mu.Unlock()
			return
		}
		if len(bl.chunks) == 0 {
			f.cond.Broadcast()
			f.mu.Unlock()
			return
		}
		f.games += len(bl.chunks)
		f.cut++
		f.mu.Unlock()
		hit := faulted(f.data, func() { f.replay(bl) })
		f.mu.Lock()
		if hit {
			f.fail()
			f.mu.Unlock()
			return
		}
		bl.done = true
		if !f.emitting {
			f.emit()
		}
	}
}

// cutBlock fills bl with the next chunks of the file (none at its end).
// It runs with mu held.
func (f *fileRun) cutBlock(bl *block) {
	bl.chunks, bl.base, bl.done = bl.chunks[:0], f.games, false
	size := 0
	for len(bl.chunks) < blockGames && size < blockBytes {
		ch, ok := f.split.Next()
		if !ok {
			f.eof = true
			break
		}
		if ch.End-ch.Start > MaxGame {
			f.eof = true
			f.tooLong = &TooLongError{File: f.name, Line: ch.Line, Col: ch.Col, Index: f.games + len(bl.chunks) + 1}
			break
		}
		bl.chunks = append(bl.chunks, ch)
		size += ch.End - ch.Start
	}
}

// fail stops the run with ErrChanged. It runs with mu held.
func (f *fileRun) fail() {
	if f.err == nil {
		f.err = fmt.Errorf("%s: %w", f.name, ErrChanged)
	}
	f.cond.Broadcast()
}

// replay parses and replays the games of bl.
func (f *fileRun) replay(bl *block) {
	n := len(bl.chunks)
	if cap(bl.games) < n {
		bl.games = append(bl.games[:cap(bl.games)], make([]notation.Game, n-cap(bl.games))...)
	}
	bl.games = bl.games[:n]
	bl.reports = bl.reports[:0]
	for i := range bl.chunks {
		g := &bl.games[i]
		f.format.Parse(g, f.name, f.src, bl.chunks[i], bl.base+i+1, f.opts)
		bl.reports = append(bl.reports, Game(f.name, g, f.opts))
		if f.opts.Prepare != nil {
			f.opts.Prepare(&bl.reports[i])
		}
	}
}

// emit hands to fn, in file order, the finished blocks next in line. It is
// called with mu held and returns with it held; fn runs unlocked.
func (f *fileRun) emit() {
	f.emitting = true
	for f.err == nil && f.handed < f.cut {
		bl := &f.blocks[f.handed%len(f.blocks)]
		if !bl.done {
			break
		}
		if err := f.ctx.Err(); err != nil {
			f.err = err
			break
		}
		f.mu.Unlock()
		hit := faulted(f.data, func() {
			for i := range bl.reports {
				f.fn(bl.reports[i])
				bl.reports[i] = Report{}
			}
		})
		f.mu.Lock()
		if hit {
			f.fail()
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
