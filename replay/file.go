package replay

import (
	"context"
	"sync"
	"unsafe"

	"github.com/arbiter-games/arbiter/notation"
)

// A worker takes a block of games at a time: up to blockGames games or
// blockBytes bytes of text, whichever comes first, so that short games do
// not cost a hand-off each and long ones do not wait in a big block.
// (Variables so that tests can make blocks small.)
var (
	blockGames = 128
	blockBytes = 48 << 10
)

// File validates every game of a record file and calls fn with each report,
// in file order, from the calling goroutine. jobs > 1 parses and replays
// games on that many goroutines. A report's Record is valid only during the
// call to fn (File reuses its memory for later games); fn must copy what it
// keeps, for instance Record.String().
func File(name string, data []byte, jobs int, fn func(Report)) error {
	return FileContext(context.Background(), name, data, jobs, fn)
}

// FileContext is File stopping early, with ctx.Err(), once ctx is done.
func FileContext(ctx context.Context, name string, data []byte, jobs int, fn func(Report)) error {
	return FileWith(ctx, name, data, Options{Jobs: jobs}, fn)
}

// FileWith is FileContext with options.
//
// File, FileContext and FileWith read data in place, without a copy: the
// strings of the reports (players, moves) point into it, so data must not
// change while File runs or while reports are kept.
func FileWith(ctx context.Context, name string, data []byte, opts Options, fn func(Report)) error {
	src := unsafe.String(unsafe.SliceData(data), len(data))
	jobs := opts.Jobs
	if jobs <= 1 {
		var g notation.Game
		i := 0
		for ch := range notation.Chunks(data) {
			if i%blockGames == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			i++
			notation.ParseGameInto(&g, name, src, ch, i)
			fn(GameWith(name, &g, opts))
		}
		return nil
	}
	// A feeder cuts the file into blocks of games as it goes; workers parse
	// and replay a block at a time; the caller hands the reports of each
	// block to fn in file order, then gives the block back to the pool.
	type block struct {
		chunks  []notation.Chunk
		games   []notation.Game
		reports []Report
		base    int // index of the block's first game in the file, 0-based
		done    chan struct{}
	}
	pool := sync.Pool{New: func() any { return new(block) }}
	order := make(chan *block, jobs*4) // blocks in file order, bounding memory
	work := make(chan *block, jobs)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for bl := range work {
				// Games keep their move buffers from block to block.
				if n := len(bl.chunks); cap(bl.games) < n {
					bl.games = append(bl.games[:cap(bl.games)], make([]notation.Game, n-cap(bl.games))...)
				} else {
					bl.games = bl.games[:n]
				}
				bl.reports = bl.reports[:0]
				for i := range bl.chunks {
					g := &bl.games[i]
					notation.ParseGameInto(g, name, src, bl.chunks[i], bl.base+i+1)
					bl.reports = append(bl.reports, GameWith(name, g, opts))
				}
				close(bl.done)
			}
		}()
	}
	stop := make(chan struct{})
	go func() {
		defer close(order)
		defer close(work)
		next := func(base int) *block {
			bl := pool.Get().(*block)
			bl.base, bl.chunks, bl.done = base, bl.chunks[:0], make(chan struct{})
			return bl
		}
		send := func(bl *block) bool {
			select {
			case order <- bl: // waits while jobs*4 blocks are in flight
			case <-stop:
				return false
			}
			work <- bl
			return true
		}
		bl, count, size := next(0), 0, 0
		for ch := range notation.Chunks(data) {
			bl.chunks = append(bl.chunks, ch)
			count++
			size += ch.End - ch.Start
			if len(bl.chunks) == blockGames || size >= blockBytes {
				if !send(bl) {
					return
				}
				bl, size = next(count), 0
			}
		}
		if len(bl.chunks) > 0 {
			send(bl)
		}
	}()
	var err error
	for bl := range order {
		<-bl.done
		if err == nil {
			if err = ctx.Err(); err != nil {
				close(stop) // the feeder ends; the blocks in flight drain
			}
		}
		for i := 0; i < len(bl.reports) && err == nil; i++ {
			fn(bl.reports[i])
		}
		for i := range bl.reports {
			bl.reports[i] = Report{}
		}
		pool.Put(bl)
	}
	wg.Wait()
	return err
}
