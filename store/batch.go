package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strconv"
)

// rowsPerStatement is how many games one INSERT of a Batch carries: one
// statement for many rows saves most of the per-statement cost.
const rowsPerStatement = 64

// Batch stores many games quickly: games are queued, written
// rowsPerStatement at a time by one prepared multi-row INSERT, and committed
// every Size games. A game stored already (same record, or same tournament
// slot) is skipped and counted in Duplicates. Use a Batch from one
// goroutine; call Commit at the end (or Rollback to drop what is not
// committed yet).
type Batch struct {
	// Stored and Duplicates count the games written so far (including
	// those not yet committed) and those skipped as stored already.
	Stored, Duplicates int
	// Committed and CommittedDuplicates are Stored and Duplicates as of
	// the last successful commit: what is in the database for sure.
	Committed, CommittedDuplicates int

	db   *DB
	conn *sql.Conn // holds tx, with foreign keys off
	// tournaments are the ids checked in the open transaction.
	tournaments map[int64]bool
	size        int
	tx          *sql.Tx
	w           gameWriter // its statements prepared in tx
	pending     []*Game
	n           int // games written in the open transaction
}

// NewBatch starts a batch that commits every size games (at least 1).
func (db *DB) NewBatch(size int) *Batch {
	return &Batch{db: db, size: max(size, 1), w: gameWriter{db: db, size: rowsPerStatement}}
}

func (b *Batch) begin(ctx context.Context) error {
	if b.tx != nil {
		return nil
	}
	if !b.db.dialect.writerKeys {
		tx, err := b.db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("begin batch: %w", err)
		}
		b.tx, b.n = tx, 0
		clear(b.tournaments)
		return nil
	}
	conn, err := b.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("begin batch: %w", err)
	}
	// Foreign keys are checked by the batch itself (see checkTournament):
	// SQLite's own check may abort a statement, which makes it keep a
	// statement journal, a copy of every page each INSERT changes. The
	// pragma is a no-op inside a transaction, so it is set on the
	// connection, and set back before the connection returns to the pool.
	if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
		b.release(conn)
		return fmt.Errorf("begin batch: %w", err)
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		b.release(conn)
		return fmt.Errorf("begin batch: %w", err)
	}
	// Checkpoint (and so sync the disk) every 16,384 pages of log (256 MB
	// with 16 KiB pages, 64 MB with the 4 KiB of older databases) rather
	// than every 1,000, and keep the pages that every insert walks in
	// memory (the defaults are for small writes). Both are per connection.
	for _, pragma := range []string{"PRAGMA wal_autocheckpoint = 16384", "PRAGMA cache_size = -65536"} {
		if _, err := tx.ExecContext(ctx, pragma); err != nil {
			tx.Rollback()
			b.release(conn)
			return fmt.Errorf("begin batch: %w", err)
		}
	}
	b.conn, b.tx, b.n = conn, tx, 0
	clear(b.tournaments)
	return nil
}

// release turns foreign keys back on (and the checkpoint size back down)
// and returns conn to the pool, or drops it when they are not on (the
// pragma does nothing while a transaction is open, say after a failed
// commit).
func (b *Batch) release(conn *sql.Conn) {
	if conn == nil { // PostgreSQL: no connection held
		return
	}
	ctx := context.Background()
	if _, err := conn.ExecContext(ctx, "PRAGMA wal_autocheckpoint = "+strconv.Itoa(walCheckpointPages)); err != nil {
		conn.Raw(func(any) error { return driver.ErrBadConn })
	} else if !foreignKeysOn(ctx, conn) {
		conn.Raw(func(any) error { return driver.ErrBadConn })
	}
	conn.Close()
}

// checkTournament does what the foreign key on games.tournament_id would:
// it fails when the tournament of g does not exist. It reads inside the
// batch's transaction, so the answer holds until the commit.
func (b *Batch) checkTournament(ctx context.Context, id int64) error {
	if id == 0 || b.tournaments[id] {
		return nil
	}
	if err := tournamentExists(b.tx.QueryRowContext(ctx, tournamentSQL, id), id); err != nil {
		return fmt.Errorf("store game: %w", err)
	}
	if b.tournaments == nil {
		b.tournaments = make(map[int64]bool)
	}
	b.tournaments[id] = true
	return nil
}

// tournamentSQL finds tournament ? (see tournamentExists).
const tournamentSQL = `SELECT 1 FROM tournaments WHERE id = ?`

// tournamentExists does, for a connection whose foreign keys are off, what
// a foreign key to tournaments(id) would: given row, tournamentSQL's row
// for id read inside the transaction that stores a row referring to it
// (so that the answer holds until the commit), it fails, wrapping
// ErrNoTournament, when tournament id does not exist.
func tournamentExists(row *sql.Row, id int64) error {
	var one int
	err := row.Scan(&one)
	if err == sql.ErrNoRows {
		return fmt.Errorf("no tournament %d: %w", id, ErrNoTournament)
	}
	if err != nil {
		return fmt.Errorf("look up tournament %d: %w", id, err)
	}
	return nil
}

// foreignKeysOn turns foreign keys back on on conn, which had them off,
// and reports whether they are on (the pragma does nothing while a
// transaction is open, say after a failed commit).
func foreignKeysOn(ctx context.Context, conn *sql.Conn) bool {
	var on int
	if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys = ON"); err != nil {
		return false
	}
	return conn.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&on) == nil && on == 1
}

// Insert queues g; it is written with the next rowsPerStatement games
// (its RecordHash computed then when empty) and committed with the batch.
func (b *Batch) Insert(ctx context.Context, g *Game) error {
	b.pending = append(b.pending, g)
	if len(b.pending) >= rowsPerStatement {
		if err := b.flush(ctx); err != nil {
			return err
		}
	}
	if b.n >= b.size {
		return b.Commit()
	}
	return nil
}

// flush writes the queued games.
func (b *Batch) flush(ctx context.Context) error {
	if len(b.pending) == 0 {
		return nil
	}
	if err := b.begin(ctx); err != nil {
		return err
	}
	for _, g := range b.pending {
		if err := b.checkTournament(ctx, g.TournamentID); err != nil {
			return err
		}
	}
	stored, err := b.w.writeGames(ctx, b.tx, b.pending)
	if err != nil {
		return err
	}
	if err := b.w.writeStats(ctx, b.tx, b.pending); err != nil {
		return err
	}
	b.Stored += stored
	b.Duplicates += len(b.pending) - stored
	b.n += len(b.pending)
	clear(b.pending)
	b.pending = b.pending[:0]
	return nil
}

// Commit writes the queued games and commits.
func (b *Batch) Commit() error {
	if err := b.flush(context.Background()); err != nil {
		return err
	}
	if b.tx == nil {
		return nil
	}
	b.w.close() // prepared in the transaction
	err := b.tx.Commit()
	b.release(b.conn)
	b.tx, b.conn = nil, nil
	if err != nil {
		return fmt.Errorf("commit batch: %w", describe(err))
	}
	b.Committed, b.CommittedDuplicates = b.Stored, b.Duplicates
	return nil
}

// Rollback drops the games not committed yet (they are still counted in
// Stored, not in Committed).
func (b *Batch) Rollback() {
	b.pending = b.pending[:0]
	if b.tx == nil {
		return
	}
	b.w.close() // prepared in the transaction
	b.tx.Rollback()
	b.release(b.conn)
	b.tx, b.conn = nil, nil
}
