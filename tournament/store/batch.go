package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Batch stores many games quickly: one prepared statement, committed every
// Size games. Use it from one goroutine; call Commit at the end (or Rollback
// to drop what is not committed yet).
type Batch struct {
	db   *DB
	size int
	tx   *sql.Tx
	stmt *sql.Stmt
	n    int
}

// NewBatch starts a batch that commits every size games (at least 1).
func (db *DB) NewBatch(size int) *Batch {
	return &Batch{db: db, size: max(size, 1)}
}

func (b *Batch) begin(ctx context.Context) error {
	if b.tx != nil {
		return nil
	}
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin batch: %w", err)
	}
	stmt, err := tx.PrepareContext(ctx, insertSQL)
	if err != nil {
		tx.Rollback()
		return fmt.Errorf("prepare batch: %w", err)
	}
	b.tx, b.stmt, b.n = tx, stmt, 0
	return nil
}

// Tx returns the batch's open transaction (starting one if needed), for
// statements that must commit together with the games, such as creating
// their tournament.
func (b *Batch) Tx(ctx context.Context) (*sql.Tx, error) {
	if err := b.begin(ctx); err != nil {
		return nil, err
	}
	return b.tx, nil
}

// stmtExecer runs the prepared insert whatever query Insert passes.
type stmtExecer struct{ stmt *sql.Stmt }

func (s stmtExecer) ExecContext(ctx context.Context, _ string, args ...any) (sql.Result, error) {
	return s.stmt.ExecContext(ctx, args...)
}

// Insert stores g as Insert does (ErrDuplicate when stored already,
// including earlier in this batch), committing when the batch is full.
func (b *Batch) Insert(ctx context.Context, g *Game) error {
	if err := b.begin(ctx); err != nil {
		return err
	}
	err := Insert(ctx, stmtExecer{b.stmt}, g)
	if err != nil {
		return err
	}
	b.n++
	if b.n >= b.size {
		return b.Commit()
	}
	return nil
}

// Commit commits the games inserted since the last commit.
func (b *Batch) Commit() error {
	if b.tx == nil {
		return nil
	}
	b.stmt.Close()
	err := b.tx.Commit()
	b.tx, b.stmt = nil, nil
	if err != nil {
		return fmt.Errorf("commit batch: %w", err)
	}
	return nil
}

// Rollback drops the games inserted since the last commit.
func (b *Batch) Rollback() {
	if b.tx == nil {
		return
	}
	b.stmt.Close()
	b.tx.Rollback()
	b.tx, b.stmt = nil, nil
}

// EnsureTournament returns the id of the tournament called name, creating it
// for game (an import: no config) when the database has none; game reports
// the tournament's game id.
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
