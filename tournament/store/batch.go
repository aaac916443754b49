package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
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

	db      *DB
	size    int
	tx      *sql.Tx
	full    *sql.Stmt // the INSERT of rowsPerStatement rows
	pending []*Game
	args    []any
	n       int // games written in the open transaction
}

// NewBatch starts a batch that commits every size games (at least 1).
func (db *DB) NewBatch(size int) *Batch {
	return &Batch{db: db, size: max(size, 1)}
}

// insertRowsSQL returns the INSERT of n games.
func insertRowsSQL(n int) string {
	head, tail, _ := strings.Cut(insertSQL, "VALUES")
	tuple, rest, _ := strings.Cut(tail, ")")
	tuple = strings.TrimSpace(tuple) + ")"
	return head + "VALUES " + strings.TrimSuffix(strings.Repeat(tuple+",", n), ",") + rest
}

func (b *Batch) begin(ctx context.Context) error {
	if b.tx != nil {
		return nil
	}
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin batch: %w", err)
	}
	// Checkpoint (and so sync the disk) every 64 MB of log rather than every
	// 4 MB, and keep the pages that every insert walks in memory (the
	// defaults are for small writes). Both are per connection.
	if _, err := tx.ExecContext(ctx, "PRAGMA wal_autocheckpoint = 16384"); err != nil {
		tx.Rollback()
		return fmt.Errorf("begin batch: %w", err)
	}
	// Multi-row INSERTs journal the pages they touch in a statement
	// journal, a temporary file by default: keep it in memory.
	if _, err := tx.ExecContext(ctx, "PRAGMA temp_store = MEMORY"); err != nil {
		tx.Rollback()
		return fmt.Errorf("begin batch: %w", err)
	}
	if _, err := tx.ExecContext(ctx, "PRAGMA cache_size = -65536"); err != nil {
		tx.Rollback()
		return fmt.Errorf("begin batch: %w", err)
	}
	b.tx, b.n = tx, 0
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
		b.args = append(b.args, insertArgs(g)...)
	}
	var res sql.Result
	var err error
	if len(b.pending) == rowsPerStatement {
		if b.full == nil {
			if b.full, err = b.tx.PrepareContext(ctx, insertRowsSQL(rowsPerStatement)); err != nil {
				return fmt.Errorf("prepare batch: %w", err)
			}
		}
		res, err = b.full.ExecContext(ctx, b.args...)
	} else {
		res, err = b.tx.ExecContext(ctx, insertRowsSQL(len(b.pending)), b.args...)
	}
	if err != nil {
		return fmt.Errorf("store %d games: %w", len(b.pending), err)
	}
	stored, err := res.RowsAffected()
	if err != nil {
		return err
	}
	b.Stored += int(stored)
	b.Duplicates += len(b.pending) - int(stored)
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
	if b.full != nil {
		b.full.Close()
	}
	err := b.tx.Commit()
	b.tx, b.full = nil, nil
	if err != nil {
		return fmt.Errorf("commit batch: %w", err)
	}
	return nil
}

// Rollback drops the games not committed yet (they are still counted in
// Stored).
func (b *Batch) Rollback() {
	b.pending = b.pending[:0]
	if b.tx == nil {
		return
	}
	if b.full != nil {
		b.full.Close()
	}
	b.tx.Rollback()
	b.tx, b.full = nil, nil
}

// EnsureTournament returns the id of the tournament called name, creating it
// for game (an import: no config) when the database has none; tgame is the
// tournament's game id.
func EnsureTournament(ctx context.Context, e interface {
	Execer
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}, name, game string) (id int64, tgame string, err error) {
	err = e.QueryRowContext(ctx, `SELECT id, game FROM tournaments WHERE name = ?`, name).Scan(&id, &tgame)
	if err == nil {
		return id, tgame, nil
	}
	if err != sql.ErrNoRows {
		return 0, "", fmt.Errorf("look up tournament %q: %w", name, err)
	}
	res, err := e.ExecContext(ctx, `INSERT INTO tournaments (name, game, created_at) VALUES (?, ?, ?)`,
		name, game, time.Now().UTC().Format(time.RFC3339))
	if err != nil {
		return 0, "", fmt.Errorf("create tournament %q: %w", name, err)
	}
	id, err = res.LastInsertId()
	if err != nil {
		return 0, "", err
	}
	return id, game, nil
}
