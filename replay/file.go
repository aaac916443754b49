package replay

import (
	"sync"

	"github.com/arbiter-games/arbiter/notation"
)

// blockSize is how many games a worker takes at a time.
const blockSize = 32

// File validates every game of a record file and calls fn with each report,
// in file order, from the calling goroutine. jobs > 1 parses and replays
// games on that many goroutines. A report's Record is valid only during the
// call to fn (File reuses its memory for later games); fn must copy what it
// keeps, for instance Record.String().
func File(name string, data []byte, jobs int, fn func(Report)) error {
	src := string(data)
	chunks := notation.Split(data)
	if jobs <= 1 || len(chunks) <= blockSize {
		var g notation.Game
		for i, ch := range chunks {
			notation.ParseGameInto(&g, name, src, ch, i+1)
			fn(Game(name, &g))
		}
		return nil
	}
	// Workers take blocks of games; the caller hands the reports of each
	// block to fn in order, then gives the block's memory back to the pool.
	type block struct {
		games   [blockSize]notation.Game
		reports [blockSize]Report
		n       int
		done    chan struct{}
	}
	pool := sync.Pool{New: func() any { return new(block) }}
	nb := (len(chunks) + blockSize - 1) / blockSize
	order := make(chan *block, jobs*4) // blocks in file order, bounding memory
	work := make(chan int)
	blocks := make([]*block, nb)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				bl := blocks[b]
				lo, hi := b*blockSize, min((b+1)*blockSize, len(chunks))
				bl.n = hi - lo
				for i := lo; i < hi; i++ {
					g := &bl.games[i-lo]
					notation.ParseGameInto(g, name, src, chunks[i], i+1)
					bl.reports[i-lo] = Game(name, g)
				}
				close(bl.done)
			}
		}()
	}
	go func() {
		for b := range blocks {
			bl := pool.Get().(*block)
			bl.done = make(chan struct{})
			blocks[b] = bl
			order <- bl // waits while jobs*4 blocks are in flight
			work <- b
		}
		close(work)
		close(order)
	}()
	for bl := range order {
		<-bl.done
		for i := 0; i < bl.n; i++ {
			fn(bl.reports[i])
			bl.reports[i] = Report{}
		}
		pool.Put(bl)
	}
	wg.Wait()
	return nil
}
