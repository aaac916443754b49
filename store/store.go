package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql
var migrations embed.FS

//go:embed migrations/postgres/*.sql
var pgMigrations embed.FS

// DB is an open arbiter database: a SQLite file or a PostgreSQL database.
// Both run the same statements (see rebind); where the backends differ,
// the store asks its dialect.
type DB struct {
	*sql.DB
	path    string // the file, or the URL without its password
	dialect *dialect
	gaveUp  atomic.Bool // a statement gave up on a lost connection (see retry)
	stamp   stamp       // SQLite: the record of the last passed check
	// recheck, when set, is Close's check of a database opened for
	// writing (see checked.go).
	recheck func()
}

// Close closes the database. For a SQLite database opened with Open whose
// files changed while it was open, it then checks them and records the
// check for the next open (see checked.go).
func (db *DB) Close() error {
	err := db.DB.Close()
	if recheck := db.recheck; recheck != nil {
		db.recheck = nil
		recheck()
	}
	return err
}

// Postgres reports whether db is a PostgreSQL database.
func (db *DB) Postgres() bool { return db.dialect == postgresDialect }

// Shared reports whether runners on several machines can share db: its
// tournaments' slots are leased (NewLeases) and its games in play listed.
func (db *DB) Shared() bool { return db.dialect.shared }

// IsFile reports whether db is a local file (Path names it).
func (db *DB) IsFile() bool { return db.dialect.file }

// migrationNames returns the migrations of dir in fsys, in order.
func migrationNames(fsys embed.FS, dir string) ([]string, error) {
	names, err := fs.Glob(fsys, path.Join("migrations", dir, "*.sql"))
	sort.Strings(names)
	return names, err
}

// pageSize is the page size of a new database: four times SQLite's default,
// for a quarter of the pages (and WAL frames, each a write system call) per
// record stored.
const pageSize = 16384

// Open opens (creating if needed) the database at path for writing and
// brings its schema up to date. It fails, saying why, when path is a
// directory, its folder does not exist, arbiter may not write the file or
// create files beside it (SQLite's log), or the database is damaged (see
// ErrDamaged): nothing is written into a damaged database. The check is
// skipped when the files are as they were when a check last passed (see
// checked.go), and Close checks them again when they changed.
//
// The page size can only be set before the file has its first page, and
// turning on WAL writes that page. The driver runs the _pragma list sorted by
// name (journal_mode before page_size), so WAL is asked for with the
// _journal_mode key, which it applies after the list. On an existing
// database the page_size pragma does nothing.
//
// A postgres:// URL opens that PostgreSQL database instead (see
// IsPostgres).
func Open(ctx context.Context, path string) (*DB, error) {
	if IsPostgres(path) {
		return openPostgres(ctx, path)
	}
	if err := checkWritable(path); err != nil {
		return nil, err
	}
	return open(ctx, path, true)
}

// OpenReader opens the existing database at path for reading (report,
// export), checking its integrity as Open does. Where arbiter may write,
// it is Open (which may upgrade the schema). In a
// folder arbiter cannot write to, or for a file it may not write, the
// database is opened read only: as immutable (no lock, no log: nothing
// can change it there) when it has no log file beside it, else read only
// with its log. A read-only database must have this arbiter's schema
// already: it cannot be upgraded where it is.
//
// A postgres:// URL is opened as by Open.
func OpenReader(ctx context.Context, path string) (*DB, error) {
	if IsPostgres(path) {
		return openPostgres(ctx, path)
	}
	if err := checkReadable(path); err != nil {
		return nil, err
	}
	mode := readMode(path)
	if mode == "" {
		return open(ctx, path, false)
	}
	return openReadOnly(ctx, path, mode)
}

// readMode is how OpenReader opens the database at path: "" normally,
// else the URI parameters that open it read only.
func readMode(path string) string {
	if writable(path) && writable(filepath.Dir(path)) {
		return ""
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		return "mode=ro"
	}
	return "mode=ro&immutable=1"
}

// open opens the database at path, checks its integrity and migrates it;
// write: Close checks it again if it changed (see checked.go).
func open(ctx context.Context, path string, write bool) (*DB, error) {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=busy_timeout(10000)&_pragma=page_size(" + strconv.Itoa(pageSize) + ")" +
		"&_journal_mode=wal&_pragma=foreign_keys(1)&_pragma=synchronous(normal)" +
		"&_pragma=journal_size_limit(" + strconv.Itoa(journalSizeLimit) + ")" +
		"&_pragma=wal_autocheckpoint(" + strconv.Itoa(walCheckpointPages) + ")"
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	db := &DB{DB: sdb, path: path, dialect: sqliteDialect, stamp: newStamp(path)}
	if err := db.check(ctx); err != nil {
		sdb.Close()
		return nil, err
	}
	if err := whileBusy(ctx, func() error { return db.migrate(ctx) }); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("database %s: %w", path, describe(err))
	}
	if write {
		db.recheck = func() { db.stamp.recheck(ctx, dsn) }
	}
	return db, nil
}

// openBusyWait bounds how long opening a database retries SQLITE_BUSY.
const openBusyWait = 10 * time.Second

// whileBusy runs f again while it fails with SQLITE_BUSY, for up to
// openBusyWait. Processes that open a new database at once (two runners, a
// tournament and a report) race for the lock that turns WAL on or recovers
// the log, and SQLite answers some of those races with SQLITE_BUSY at
// once, without its busy handler: a retry then finds the database ready.
func whileBusy(ctx context.Context, f func() error) error {
	deadline := time.Now().Add(openBusyWait)
	for wait := time.Millisecond; ; wait = min(2*wait, 50*time.Millisecond) {
		err := f()
		if err == nil || !isBusy(err) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
	}
}

// isBusy reports whether err is SQLite's "database is locked"
// (SQLITE_BUSY).
func isBusy(err error) bool {
	var se interface{ Code() int }
	return errors.As(err, &se) && se.Code()&0xff == 5
}

// openReadOnly opens the database at path with the URI parameters mode
// (see readMode) and checks that its schema is this arbiter's.
func openReadOnly(ctx context.Context, path, mode string) (*DB, error) {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + mode + "&_pragma=busy_timeout(10000)"
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	db := &DB{DB: sdb, path: path, dialect: sqliteDialect, stamp: newStamp(path)}
	var version int
	if err := sdb.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		sdb.Close()
		if !strings.Contains(mode, "immutable") {
			return nil, fmt.Errorf("database %s, opened read only as its folder cannot be written: %w "+
				"(SQLite reads its log %s-wal only with a %s-shm file, which cannot be created there: "+
				"copy the database and its -wal file to a folder you can write to)", path, describe(err), path, path)
		}
		return nil, fmt.Errorf("database %s, opened read only as its folder cannot be written: %w", path, describe(err))
	}
	names, err := migrationNames(migrations, "")
	if err != nil {
		sdb.Close()
		return nil, err
	}
	if err := checkVersion(version, len(names), false); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	if err := db.check(ctx); err != nil {
		sdb.Close()
		return nil, err
	}
	return db, nil
}

// walCheckpointPages is the size of the log, in pages, at which a commit
// copies the log into the database (SQLite's default is 1,000 pages: 16 MB
// with 16 KiB pages). A tournament commits each game on its own, a few
// pages each; 64 pages (1 MB) keeps its log small, for a checkpoint every
// ten games or so. Batch raises it on its own connection.
const walCheckpointPages = 64

// journalSizeLimit is the size, in bytes, that SQLite cuts the log file
// back to after a checkpoint has copied it into the database: without it,
// the log keeps the size of the largest run of writes between two
// checkpoints.
const journalSizeLimit = 1 << 20

// ErrDamaged is the error of Open and QuickCheck for a database that fails
// SQLite's integrity check.
var ErrDamaged = errors.New("the database is damaged")

// QuickCheck runs SQLite's quick_check over the database: it reads every
// page and fails, wrapping ErrDamaged, when the file is not a sound
// database. Open and OpenReader run it unless the files are as a passed
// check left them (see checked.go). On PostgreSQL, whose server keeps its
// own data sound, it does nothing.
func (db *DB) QuickCheck(ctx context.Context) error {
	if !db.dialect.file {
		return nil
	}
	rows, err := db.QueryContext(ctx, "PRAGMA quick_check(5)")
	if err != nil {
		if isCorrupt(err) {
			return fmt.Errorf("%s: %w: %v (restore it from a backup)", db.path, ErrDamaged, err)
		}
		return fmt.Errorf("database %s: %w", db.path, describe(err))
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return fmt.Errorf("database %s: %w", db.path, err)
		}
		for _, line := range strings.Split(s, "\n") {
			if line != "ok" && line != "" && !strings.HasPrefix(line, "***") {
				problems = append(problems, line)
			}
		}
	}
	if err := rows.Err(); err != nil {
		if isCorrupt(err) {
			return fmt.Errorf("%s: %w: %v (restore it from a backup)", db.path, ErrDamaged, err)
		}
		return fmt.Errorf("database %s: %w", db.path, describe(err))
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s: %w: %s (restore it from a backup)", db.path, ErrDamaged, strings.Join(problems, "; "))
	}
	return nil
}

// isCorrupt reports whether err is SQLite's "malformed" or "not a
// database" (SQLITE_CORRUPT, SQLITE_NOTADB).
func isCorrupt(err error) bool {
	var se interface{ Code() int }
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case 11, 26: // SQLITE_CORRUPT, SQLITE_NOTADB
			return true
		}
	}
	return false
}

// describe returns err, with a plain word added for the SQLite errors
// whose text alone leaves a person guessing.
func describe(err error) error {
	var se interface{ Code() int }
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case 8: // SQLITE_READONLY
			return fmt.Errorf("the database is read only: %w", err)
		}
	}
	return err
}

// IsFull reports whether err is SQLite's "database or disk is full".
func IsFull(err error) bool {
	var se interface{ Code() int }
	return errors.As(err, &se) && se.Code()&0xff == 13
}

// Path is the file the database was opened from (for PostgreSQL, its URL
// without the password).
func (db *DB) Path() string { return db.path }

// migrate applies the missing migrations, one per transaction. Each
// transaction is BEGIN IMMEDIATE and reads the version inside it, so that
// two processes opening a new database at once (a tournament and a report)
// do not both apply the same migration.
func (db *DB) migrate(ctx context.Context) error {
	names, err := migrationNames(migrations, "")
	if err != nil {
		return err
	}
	// An up-to-date database is only read, as on PostgreSQL: BEGIN
	// IMMEDIATE would wait for any writer (an import's batch).
	var current int
	if db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&current) == nil && current == len(names) {
		return nil
	}
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
	if err := checkVersion(version, len(names), true); err != nil {
		return false, err
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

// checkVersion says why a database of schema version cannot be used by
// this arbiter, whose schema is version want: newer, or older where it
// cannot be upgraded (upgrade false: opened read only).
func checkVersion(version, want int, upgrade bool) error {
	switch {
	case version > want:
		return fmt.Errorf("schema version %d is newer than this arbiter knows (%d): upgrade arbiter", version, want)
	case version < want && !upgrade:
		return fmt.Errorf("schema version %d is older than this arbiter's (%d) and cannot be upgraded here (read only): copy the database to a folder you can write to", version, want)
	}
	return nil
}

// Game is one stored game.
type Game struct {
	TournamentID int64 // 0: not part of a tournament (imported)
	Slot         int   // -1: none
	Pair         int   // -1: none
	Game         string
	White, Black string
	Result       rules.Result
	HasScore     bool
	ScoreWhite   int
	ScoreBlack   int
	Termination  notation.Termination // "": normal
	Plies        int
	Duration     time.Duration
	WhiteTime    time.Duration
	BlackTime    time.Duration
	StartedAt    time.Time
	Record       string
	RecordHash   string // computed from Record when stored, if empty
	// WhiteStats and BlackStats, when set, say what each engine's search
	// reported over the game (table game_engine_stats).
	WhiteStats, BlackStats *search.Stats
	// Solver, when set, is what adjudication by the solver spent on the
	// game (the same table).
	Solver *SolverUse
}

// SolverUse is what adjudication by the solver spent on one game: the
// runner's time in its calls, and the positions it visited.
type SolverUse struct {
	Time  time.Duration
	Nodes int64
}

// NewGame returns the row of a finished game of game (its id): its
// players, result and points (score, nil for a game that scores none),
// termination, plies and record, hashed. The runner and import both make
// their rows here, then add what they know besides (the tournament and
// slot, timings, engine statistics).
func NewGame(game, white, black string, result rules.Result, score *rules.Score, termination notation.Termination, plies int, record string) *Game {
	g := &Game{Slot: -1, Pair: -1, Game: game, White: white, Black: black, Result: result,
		Termination: termination, Plies: plies, Record: record, RecordHash: HashRecord(record)}
	if score != nil {
		g.HasScore, g.ScoreWhite, g.ScoreBlack = true, score.White, score.Black
	}
	return g
}
