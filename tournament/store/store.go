package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is an open arbiter database.
type DB struct {
	*sql.DB
	path string
}

// pageSize is the page size of a new database: four times SQLite's default,
// for a quarter of the pages (and WAL frames, each a write system call) per
// record stored.
const pageSize = 16384

// Open opens (creating if needed) the database at path and brings its schema
// up to date.
//
// The page size can only be set before the file has its first page, and
// turning on WAL writes that page. The driver runs the _pragma list sorted by
// name (journal_mode before page_size), so WAL is asked for with the
// _journal_mode key, which it applies after the list. On an existing
// database the page_size pragma does nothing.
func Open(ctx context.Context, path string) (*DB, error) {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=busy_timeout(10000)&_pragma=page_size(" + strconv.Itoa(pageSize) + ")" +
		"&_journal_mode=wal&_pragma=foreign_keys(1)&_pragma=synchronous(normal)"
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	db := &DB{DB: sdb, path: path}
	if err := db.migrate(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	return db, nil
}

// Path is the file the database was opened from.
func (db *DB) Path() string { return db.path }

// migrate applies the missing migrations, one per transaction. Each
// transaction is BEGIN IMMEDIATE and reads the version inside it, so that
// two processes opening a new database at once (a tournament and a report)
// do not both apply the same migration.
func (db *DB) migrate(ctx context.Context) error {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	for {
		if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
			return fmt.Errorf("begin migration: %w", err)
		}
		done, err := db.migrateOne(ctx, conn, names)
		if err != nil {
			conn.ExecContext(context.WithoutCancel(ctx), "ROLLBACK")
			return err
		}
		if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
			conn.ExecContext(context.WithoutCancel(ctx), "ROLLBACK")
			return fmt.Errorf("commit migration: %w", err)
		}
		if done {
			return nil
		}
	}
}

// migrateOne applies the next migration inside the open transaction of
// conn; done is true when there was none left.
func (db *DB) migrateOne(ctx context.Context, conn *sql.Conn, names []string) (done bool, err error) {
	var version int
	if err := conn.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return false, fmt.Errorf("read schema version: %w", err)
	}
	if version > len(names) {
		return false, fmt.Errorf("schema version %d is newer than this arbiter knows (%d): upgrade arbiter", version, len(names))
	}
	if version == len(names) {
		return true, nil
	}
	body, err := migrations.ReadFile(names[version])
	if err != nil {
		return false, err
	}
	if _, err := conn.ExecContext(ctx, string(body)); err != nil {
		return false, fmt.Errorf("migration %s: %w", names[version], err)
	}
	if _, err := conn.ExecContext(ctx, "PRAGMA user_version = "+strconv.Itoa(version+1)); err != nil {
		return false, err
	}
	return false, nil
}

// Game is one stored game.
type Game struct {
	ID           int64
	TournamentID int64 // 0: not part of a tournament (imported)
	Slot         int   // -1: none
	Pair         int   // -1: none
	Game         string
	White, Black string
	Result       string
	HasScore     bool
	ScoreWhite   int
	ScoreBlack   int
	Termination  string
	Plies        int
	Duration     time.Duration
	WhiteTime    time.Duration
	BlackTime    time.Duration
	StartedAt    time.Time
	Record       string
	RecordHash   string // computed by Insert from Record when empty
}

// HashRecord returns the dedupe key of a record's text.
func HashRecord(record string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(record)))
	return hex.EncodeToString(sum[:])
}

// ErrDuplicate is returned by Insert for a game that is stored already (same
// tournament slot, or same record).
var ErrDuplicate = errors.New("game stored already")

// Execer is what Insert needs: a *sql.DB, *sql.Tx or *sql.Conn.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// The games columns a game is stored with (insertArgs gives their values),
// and one row's placeholders.
const (
	insertColumns = `tournament_id, slot, pair, game, white, black, result,
	score_white, score_black, termination, plies, duration_ms, white_ms, black_ms, started_at,
	record, record_hash`
	insertTuple = "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)

const insertSQL = "INSERT INTO games (" + insertColumns + ") VALUES " + insertTuple + " ON CONFLICT DO NOTHING"

// Insert stores g in its own statement (use a transaction as e to batch).
// It returns ErrDuplicate when the game is stored already.
func Insert(ctx context.Context, e Execer, g *Game) error {
	return insert(g, func(args []any) (sql.Result, error) { return e.ExecContext(ctx, insertSQL, args...) })
}

// insert stores g with exec, which runs insertSQL with the arguments given.
func insert(g *Game, exec func(args []any) (sql.Result, error)) error {
	if g.RecordHash == "" {
		g.RecordHash = HashRecord(g.Record)
	}
	res, err := exec(insertArgs(g))
	if err != nil {
		return fmt.Errorf("store game %s vs %s: %w", g.White, g.Black, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrDuplicate
	}
	return nil
}

func insertArgs(g *Game) []any {
	nullInt := func(v int, ok bool) any {
		if !ok {
			return nil
		}
		return v
	}
	var tid any
	if g.TournamentID != 0 {
		tid = g.TournamentID
	}
	var started string
	if !g.StartedAt.IsZero() {
		started = g.StartedAt.UTC().Format(time.RFC3339Nano)
	}
	term := g.Termination
	if term == "" {
		term = "normal"
	}
	return []any{tid, nullInt(g.Slot, g.Slot >= 0), nullInt(g.Pair, g.Pair >= 0), g.Game, g.White, g.Black, g.Result,
		nullInt(g.ScoreWhite, g.HasScore), nullInt(g.ScoreBlack, g.HasScore), term, g.Plies,
		g.Duration.Milliseconds(), g.WhiteTime.Milliseconds(), g.BlackTime.Milliseconds(), started,
		g.Record, g.RecordHash}
}
