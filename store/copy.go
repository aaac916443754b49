package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/jackc/pgx/v5"
)

// copyTables are the tables CopyTo moves, parents first, with their columns
// (game_pairs is not among them: the destination's triggers rebuild it
// from the games).
var copyTables = []struct {
	name, columns, order string
}{
	{"tournaments", "id, name, game, config, config_hash, format, total_games, created_at", "id"},
	{"engines", "id, tournament_id, name, cmd, args, dir, options, digest", "id"},
	{"games", "id, " + strings.Join(strings.Fields(gameColumns), " "), "id"},
	{"game_engine_stats", statsColumns, "game_id"},
	{"sprt", `tournament_id, player, opponent, elo0, elo1, alpha, beta, model, pentanomial,
		lower, upper, games, llr, verdict, decided_after, updated_at, decided_at, decided_llr`, "tournament_id"},
	{"sprt_llr", "tournament_id, games, llr", "tournament_id, games"},
	{"byes", "tournament_id, round, player", "tournament_id, round"},
}

// CopyCounts says how many rows of each table CopyTo moved.
type CopyCounts struct {
	Tournaments, Engines, Games, EngineStats, SPRT, SPRTPoints, Byes int
}

// String says what was copied, as arbiter copy tells it.
func (n CopyCounts) String() string {
	return fmt.Sprintf("%d tournaments, %d engines, %d games, %d engine statistics, %d SPRT matches (%d LLR points), %d byes",
		n.Tournaments, n.Engines, n.Games, n.EngineStats, n.SPRT, n.SPRTPoints, n.Byes)
}

// ErrNotEmpty is returned by CopyTo when the destination holds a tournament
// or a game already.
var ErrNotEmpty = errors.New("the destination database is not empty")

// CopyTo copies everything stored in db into to, which must be empty (a
// new database): tournaments, engines, games with their ids, engine
// statistics and SPRT state. It is one transaction on to: on any error
// nothing is copied. Between SQLite and PostgreSQL either way, the copy has
// the same games and gives the same report. On PostgreSQL the copied
// tables are then vacuumed and analyzed (see DB.Analyze), so that a report
// right after the copy is as fast as later ones.
//
// Rows are copied table by table as they are stored, ids included, rather
// than as games through Inserter or Batch, which give each game a new id.
func (db *DB) CopyTo(ctx context.Context, to *DB) (CopyCounts, error) {
	if to.dialect.copyFrom {
		return db.copyToPostgres(ctx, to)
	}
	var c CopyCounts
	tx, err := to.BeginTx(ctx, nil)
	if err != nil {
		return c, fmt.Errorf("copy: %w", err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, emptySQL).Scan(&n); err != nil {
		return c, fmt.Errorf("copy: %w", err)
	}
	if n > 0 {
		return c, fmt.Errorf("copy to %s: %w (copy into a new database)", to.Path(), ErrNotEmpty)
	}
	for i, t := range copyTables {
		if *c.count(i), err = db.copyTable(ctx, tx, t.name, t.columns, t.order); err != nil {
			return c, fmt.Errorf("copy %s: %w", t.name, describe(err))
		}
	}
	if err := tx.Commit(); err != nil {
		return c, fmt.Errorf("copy: %w", describe(err))
	}
	return c, nil
}

// emptySQL counts what makes a database not empty for CopyTo.
const emptySQL = `SELECT (SELECT count(*) FROM tournaments) + (SELECT count(*) FROM games)`

// count is the count of copyTables[i].
func (c *CopyCounts) count(i int) *int {
	return []*int{&c.Tournaments, &c.Engines, &c.Games, &c.EngineStats, &c.SPRT, &c.SPRTPoints, &c.Byes}[i]
}

// copyToPostgres is CopyTo into PostgreSQL: one pgx transaction on one of
// to's connections, each table sent with COPY, which is cheaper than
// INSERTs (see bench/README.md).
func (db *DB) copyToPostgres(ctx context.Context, to *DB) (CopyCounts, error) {
	var c CopyCounts
	conn, err := to.Conn(ctx)
	if err != nil {
		return c, fmt.Errorf("copy: %w", err)
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		tx, err := dc.(rebindConn).Conn.Conn().Begin(ctx)
		if err != nil {
			return fmt.Errorf("copy: %w", err)
		}
		defer tx.Rollback(context.WithoutCancel(ctx))
		var n int
		if err := tx.QueryRow(ctx, emptySQL).Scan(&n); err != nil {
			return fmt.Errorf("copy: %w", err)
		}
		if n > 0 {
			return fmt.Errorf("copy to %s: %w (copy into a new database)", to.Path(), ErrNotEmpty)
		}
		for i, t := range copyTables {
			if *c.count(i), err = db.copyTableTo(ctx, tx, t.name, t.columns, t.order); err != nil {
				return fmt.Errorf("copy %s: %w", t.name, err)
			}
		}
		// Rows came with their ids: the identity columns go on after them.
		for _, t := range []string{"tournaments", "engines", "games"} {
			if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('`+t+`', 'id'),
				coalesce((SELECT max(id) FROM `+t+`), 0) + 1, false)`); err != nil {
				return fmt.Errorf("copy %s: %w", t, err)
			}
		}
		if err := tx.Commit(ctx); err != nil {
			return fmt.Errorf("copy: %w", err)
		}
		return nil
	})
	if err != nil {
		return CopyCounts{}, err
	}
	if err := to.Analyze(ctx); err != nil {
		return c, fmt.Errorf("copy: committed, but the statistics are not updated (autovacuum does it later): %w", err)
	}
	return c, nil
}

// selectAll queries columns (a comma-separated list) of every row of
// table in order, for a copy; it returns the rows and the columns' names.
func (db *DB) selectAll(ctx context.Context, table, columns, order string) (*sql.Rows, []string, error) {
	rows, err := db.QueryContext(ctx, `SELECT `+columns+` FROM `+table+` ORDER BY `+order)
	if err != nil {
		return nil, nil, err
	}
	names := strings.Split(columns, ",")
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	return rows, names, nil
}

// scanValues scans the row rows is at, of n columns, into new values;
// text read as bytes is a string.
func scanValues(rows *sql.Rows, n int) ([]any, error) {
	vals := make([]any, n)
	ptrs := make([]any, n)
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	if err := rows.Scan(ptrs...); err != nil {
		return nil, err
	}
	for i, v := range vals {
		if b, ok := v.([]byte); ok {
			vals[i] = string(b)
		}
	}
	return vals, nil
}

// copyTableTo sends the rows of table from db into the PostgreSQL
// transaction tx with COPY, in order; it returns how many.
func (db *DB) copyTableTo(ctx context.Context, tx pgx.Tx, table, columns, order string) (int, error) {
	rows, names, err := db.selectAll(ctx, table, columns, order)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	vals := make([]any, len(names))
	ptrs := make([]any, len(names))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	n, err := tx.CopyFrom(ctx, pgx.Identifier{table}, names, pgx.CopyFromFunc(func() ([]any, error) {
		if !rows.Next() {
			return nil, rows.Err()
		}
		clear(vals)
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		for i, v := range vals {
			if b, ok := v.([]byte); ok { // text read as bytes: stored as text
				vals[i] = string(b)
			}
		}
		return vals, nil
	}))
	return int(n), err
}

// copyRows is how many rows one INSERT of copyTable carries.
const copyRows = 64

// copyTable copies the rows of table from db into tx, in order; it
// returns how many.
func (db *DB) copyTable(ctx context.Context, tx *sql.Tx, table, columns, order string) (int, error) {
	rows, names, err := db.selectAll(ctx, table, columns, order)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	ncol := len(names)
	tuple := "(" + strings.TrimSuffix(strings.Repeat("?,", ncol), ",") + ")"
	insert := func(n int) string {
		return `INSERT INTO ` + table + ` (` + columns + `) VALUES ` + strings.TrimSuffix(strings.Repeat(tuple+",", n), ",")
	}
	full := insert(copyRows)
	var (
		args  = make([]any, 0, copyRows*ncol)
		total int
	)
	flush := func() error {
		if len(args) == 0 {
			return nil
		}
		q := full
		if len(args) < copyRows*ncol {
			q = insert(len(args) / ncol)
		}
		_, err := tx.ExecContext(ctx, q, args...)
		args = args[:0]
		return err
	}
	for rows.Next() {
		vals, err := scanValues(rows, ncol)
		if err != nil {
			return total, err
		}
		for i, v := range vals {
			if v, ok := v.(float64); ok {
				vals[i] = sqliteReal(names[i], v)
			}
		}
		args = append(args, vals...)
		total++
		if len(args) == copyRows*ncol {
			if err := flush(); err != nil {
				return total, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return total, err
	}
	return total, flush()
}

// sqliteReal is what a copy into SQLite writes for the REAL x of column
// name: x itself, but for a NaN, which PostgreSQL stores and SQLite cannot
// (it makes it NULL), an LLR of 0 (what rating.SPRT.LLR gives where the LLR
// has no value) and elsewhere NULL (unknown).
func sqliteReal(name string, x float64) any {
	switch {
	case !math.IsNaN(x):
		return x
	case name == "llr":
		return 0.0
	}
	return nil
}
