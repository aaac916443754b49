package replay

import (
	"sync"

	"github.com/arbiter-games/arbiter/notation"
)

// blockSize is how many games a worker takes at a time.
const blockSize = 32

// File validates every game of a record file and calls fn with each report,
// in file order, from the calling goroutine. jobs > 1 parses and replays
// games on that many goroutines. A report's Record is only valid during the
// call to fn unless fn keeps it.
func File(name string, data []byte, jobs int, fn func(Report)) error {
	src := string(data)
	chunks := notation.Split(data)
	one := func(i int) Report {
		return Game(name, notation.ParseGame(name, src, chunks[i], i+1))
	}
	if jobs <= 1 || len(chunks) <= blockSize {
		for i := range chunks {
			fn(one(i))
		}
		return nil
	}
	type block struct {
		reports []Report
		done    chan struct{}
	}
	nb := (len(chunks) + blockSize - 1) / blockSize
	blocks := make([]block, nb)
	for i := range blocks {
		blocks[i].done = make(chan struct{})
	}
	work := make(chan int)
	window := make(chan struct{}, jobs*4) // blocks in flight, to bound memory
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				lo, hi := b*blockSize, min((b+1)*blockSize, len(chunks))
				rs := make([]Report, 0, hi-lo)
				for i := lo; i < hi; i++ {
					rs = append(rs, one(i))
				}
				blocks[b].reports = rs
				close(blocks[b].done)
			}
		}()
	}
	go func() {
		for b := range blocks {
			window <- struct{}{}
			work <- b
		}
		close(work)
	}()
	for b := range blocks {
		<-blocks[b].done
		for _, r := range blocks[b].reports {
			fn(r)
		}
		blocks[b].reports = nil
		<-window
	}
	wg.Wait()
	return nil
}
