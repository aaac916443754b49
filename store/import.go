package store

import (
	"context"
	"sync/atomic"
)

// ImportBatch is how many games an Importer commits at a time. Each commit
// writes every index page its games touched to the log again, and record
// hashes land all over the index: larger batches write each page fewer
// times (bench/README.md has the figures), and a killed import loses at
// most one batch (a second run stores the rest).
const ImportBatch = 10000

// Importer stores the games added to it in a Batch of ImportBatch games,
// on a goroutine of its own, so that an import's replay and its storing
// overlap. Add and Failed may be called from one goroutine at a time;
// Finish ends it.
type Importer struct {
	games        chan *Game
	done         chan struct{}
	failed       atomic.Bool // err is set: add no more games
	stored, dups int
	err          error
}

// NewImporter starts an Importer of db, which stores under ctx.
func (db *DB) NewImporter(ctx context.Context) *Importer {
	in := &Importer{games: make(chan *Game, 256), done: make(chan struct{})}
	go func() {
		defer close(in.done)
		batch := db.NewBatch(ImportBatch)
		for g := range in.games {
			if in.err != nil {
				continue // drain
			}
			if err := batch.Insert(ctx, g); err != nil {
				in.err = err
				in.failed.Store(true)
				batch.Rollback()
			}
		}
		if in.err == nil {
			in.err = batch.Commit()
		}
		if in.err != nil {
			batch.Rollback()
		}
		in.stored, in.dups = batch.Committed, batch.CommittedDuplicates
	}()
	return in
}

// Add queues g to be stored.
func (in *Importer) Add(g *Game) { in.games <- g }

// Failed reports whether storing failed: the games added from then on are
// dropped, and Finish says why.
func (in *Importer) Failed() bool { return in.failed.Load() }

// Finish waits for every game added to be stored and returns the counts of
// the games committed (stored, and skipped as stored already): those of a
// batch that failed are not counted.
func (in *Importer) Finish() (stored, dups int, err error) {
	close(in.games)
	<-in.done
	return in.stored, in.dups, in.err
}
