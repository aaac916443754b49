package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strconv"
	"strings"
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
	full        *sql.Stmt       // the INSERT of rowsPerStatement rows
	stats       *sql.Stmt       // statsRowsSQL(rowsPerStatement), once needed
	seen        map[string]bool // record hashes in insertStats' statement
	pending     []*Game
	args        []any
	n           int // games written in the open transaction
}

// NewBatch starts a batch that commits every size games (at least 1).
func (db *DB) NewBatch(size int) *Batch {
	return &Batch{db: db, size: max(size, 1)}
}

// insertRowsSQL returns the INSERT of n games. It is INSERT OR IGNORE rather
// than ON CONFLICT DO NOTHING: both skip a game stored already, but only OR
// IGNORE also turns the NOT NULL checks (which Batch never fails: every
// NOT NULL column gets a value) into ones that cannot abort the statement.
// With foreign keys off and the pair trigger of migration 0004, nothing in
// the statement can abort, and SQLite keeps no statement journal for it.
// PostgreSQL has no OR IGNORE: there it is ON CONFLICT DO NOTHING.
func (b *Batch) insertRowsSQL(n int) string {
	values := strings.TrimSuffix(strings.Repeat(insertTuple+",", n), ",")
	if b.db.postgres {
		return "INSERT INTO games (" + insertColumns + ") VALUES " + values + " ON CONFLICT DO NOTHING"
	}
	return "INSERT OR IGNORE INTO games (" + insertColumns + ") VALUES " + values
}

func (b *Batch) begin(ctx context.Context) error {
	if b.tx != nil {
		return nil
	}
	if b.db.postgres {
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
	var on int
	if _, err := conn.ExecContext(ctx, "PRAGMA wal_autocheckpoint = "+strconv.Itoa(walCheckpointPages)); err != nil {
		conn.Raw(func(any) error { return driver.ErrBadConn })
	} else if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys = ON"); err != nil ||
		conn.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&on) != nil || on != 1 {
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
	var one int
	err := b.tx.QueryRowContext(ctx, `SELECT 1 FROM tournaments WHERE id = ?`, id).Scan(&one)
	if err == sql.ErrNoRows {
		return fmt.Errorf("store game: no tournament %d: %w", id, ErrNoTournament)
	}
	if err != nil {
		return fmt.Errorf("store game: look up tournament %d: %w", id, err)
	}
	if b.tournaments == nil {
		b.tournaments = make(map[int64]bool)
	}
	b.tournaments[id] = true
	return nil
}

// Tx returns the batch's open transaction (starting one if needed), for
// statements that must commit together with the games.
func (b *Batch) Tx(ctx context.Context) (*sql.Tx, error) {
	if err := b.begin(ctx); err != nil {
		return nil, err
	}
	return b.tx, nil
}

// Insert queues g (computing its RecordHash when empty); it is written with
// the next rowsPerStatement games and committed with the batch.
func (b *Batch) Insert(ctx context.Context, g *Game) error {
	if g.RecordHash == "" {
		g.RecordHash = HashRecord(g.Record)
	}
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
	b.args = b.args[:0]
	for _, g := range b.pending {
		if err := b.checkTournament(ctx, g.TournamentID); err != nil {
			return err
		}
		b.args = appendInsertArgs(b.args, g)
	}
	var res sql.Result
	var err error
	if len(b.pending) == rowsPerStatement {
		if b.full == nil {
			if b.full, err = b.tx.PrepareContext(ctx, b.insertRowsSQL(rowsPerStatement)); err != nil {
				return fmt.Errorf("prepare batch: %w", err)
			}
		}
		res, err = b.full.ExecContext(ctx, b.args...)
	} else {
		res, err = b.tx.ExecContext(ctx, b.insertRowsSQL(len(b.pending)), b.args...)
	}
	if err != nil {
		return fmt.Errorf("store %d games: %w", len(b.pending), describe(err))
	}
	stored, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if err := b.insertStats(ctx); err != nil {
		return err
	}
	b.Stored += int(stored)
	b.Duplicates += len(b.pending) - int(stored)
	b.n += len(b.pending)
	clear(b.pending)
	b.pending = b.pending[:0]
	return nil
}

// statsRowsSQL returns the INSERT of the engine statistics of n games,
// found by their record hashes (the batch's INSERT of the games returns no
// ids); a game that has some already keeps them. The casts give the
// VALUES' parameters their types on PostgreSQL, which cannot infer them
// there.
func (b *Batch) statsRowsSQL(n int) string {
	const (
		side  = "CAST(? AS BIGINT),CAST(? AS DOUBLE PRECISION),CAST(? AS DOUBLE PRECISION),CAST(? AS BIGINT),CAST(? AS BIGINT),"
		tuple = "(" + side + side + "CAST(? AS TEXT))"
	)
	values := strings.TrimSuffix(strings.Repeat(tuple+",", n), ",")
	q := `INTO game_engine_stats (` + statsColumns + `)
	SELECT g.id, g.tournament_id, g.game, g.white, g.black,
	v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8, v.column9, v.column10
	FROM (VALUES ` + values + `) AS v JOIN games g ON g.record_hash = v.column11`
	if b.db.postgres {
		return "INSERT " + q + " ON CONFLICT DO NOTHING"
	}
	return "INSERT OR IGNORE " + q
}

// insertStats stores the engine statistics of the pending games that
// have some, in one statement, once the games are written. A game stored
// already gets them when it has none (the same record, imported before
// they were read).
func (b *Batch) insertStats(ctx context.Context) error {
	b.args = b.args[:0]
	n := 0
	clear(b.seen)
	for _, g := range b.pending {
		if g.WhiteStats == nil && g.BlackStats == nil {
			continue
		}
		// A record twice in the statement: the first one's statistics,
		// as it is the first one that is stored (PostgreSQL's join may
		// take the rows in any order).
		if b.seen == nil {
			b.seen = make(map[string]bool, rowsPerStatement)
		}
		if b.seen[g.RecordHash] {
			continue
		}
		b.seen[g.RecordHash] = true
		b.args = append(appendStatsArgs(b.args, g), g.RecordHash)
		n++
	}
	var err error
	switch {
	case n == 0:
		return nil
	case n == rowsPerStatement:
		if b.stats == nil {
			if b.stats, err = b.tx.PrepareContext(ctx, b.statsRowsSQL(rowsPerStatement)); err != nil {
				return fmt.Errorf("prepare batch: %w", err)
			}
		}
		_, err = b.stats.ExecContext(ctx, b.args...)
	default:
		_, err = b.tx.ExecContext(ctx, b.statsRowsSQL(n), b.args...)
	}
	if err != nil {
		return fmt.Errorf("store the engine statistics of %d games: %w", n, describe(err))
	}
	return nil
}

// closeStmts closes the statements prepared in the open transaction.
func (b *Batch) closeStmts() {
	for _, st := range []*sql.Stmt{b.full, b.stats} {
		if st != nil {
			st.Close()
		}
	}
	b.full, b.stats = nil, nil
}

// Commit writes the queued games and commits.
func (b *Batch) Commit() error {
	if err := b.flush(context.Background()); err != nil {
		return err
	}
	if b.tx == nil {
		return nil
	}
	b.closeStmts()
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
	b.closeStmts()
	b.tx.Rollback()
	b.release(b.conn)
	b.tx, b.conn = nil, nil
}
