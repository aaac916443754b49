package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/search"
)

// Games are stored one way: gameWriter turns them into rows of games and
// game_engine_stats and runs the INSERTs of those rows. Inserter (the
// tournament runner: a game per transaction) and Batch (import: many games
// per statement and per transaction) differ only in how many rows they
// hand it at once and in the transactions around it.

// HashRecord returns the dedupe key of a record's text.
func HashRecord(record string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(record)))
	return hex.EncodeToString(sum[:])
}

// ErrDuplicate is returned by Inserter.Insert for a game that is stored
// already (same tournament slot, or same record).
var ErrDuplicate = errors.New("game stored already")

// gameColumns are the columns of games a game is stored with, in the
// order appendGameArgs gives their values; gameTuple is one row's
// placeholders.
const (
	gameColumns = `tournament_id, slot, pair, game, white, black, result,
	score_white, score_black, termination, plies, duration_ms, white_ms, black_ms, started_at,
	record, record_hash`
	gameTuple = "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)

// statsColumns are the columns of game_engine_stats.
const statsColumns = `game_id, tournament_id, game, white, black,
	white_moves, white_depth, white_move_ms, white_nodes, white_nps,
	black_moves, black_depth, black_move_ms, black_nodes, black_nps, solver_ms, solver_nodes`

// table is a table gameWriter writes rows of.
type table int

const (
	gamesTable table = iota // games
	statsTable              // game_engine_stats
)

// insertSQL returns the INSERT of n rows of t. Either skips a row stored
// already: a game of the same record or tournament slot, the statistics of
// a game that has some.
//
// The games are inserted with INSERT OR IGNORE rather than ON CONFLICT DO
// NOTHING: both skip a game stored already, but only OR IGNORE also turns
// the NOT NULL checks (which never fail: every NOT NULL column gets a
// value) into ones that cannot abort the statement. With foreign keys off
// (Batch) and the pair trigger of migration 0004, nothing in the statement
// can abort, and SQLite keeps no statement journal for it. PostgreSQL has
// no OR IGNORE: there it is ON CONFLICT DO NOTHING.
//
// The statistics carry their game's record hash in place of its id, which
// a multi-row INSERT of games does not return: the statement finds each
// game by its record. The casts give the VALUES' parameters their types on
// PostgreSQL, which cannot infer them there.
func (db *DB) insertSQL(t table, n int) string {
	var head string
	switch t {
	case gamesTable:
		head = "INTO games (" + gameColumns + ") VALUES " + strings.TrimSuffix(strings.Repeat(gameTuple+",", n), ",")
	case statsTable:
		const (
			side   = "CAST(? AS BIGINT),CAST(? AS DOUBLE PRECISION),CAST(? AS DOUBLE PRECISION),CAST(? AS BIGINT),CAST(? AS BIGINT),"
			solver = "CAST(? AS DOUBLE PRECISION),CAST(? AS BIGINT),"
			tuple  = "(" + side + side + solver + "CAST(? AS TEXT))"
		)
		head = `INTO game_engine_stats (` + statsColumns + `)
	SELECT g.id, g.tournament_id, g.game, g.white, g.black,
	v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8, v.column9, v.column10,
	v.column11, v.column12
	FROM (VALUES ` + strings.TrimSuffix(strings.Repeat(tuple+",", n), ",") + `) AS v JOIN games g ON g.record_hash = v.column13`
	}
	return db.dialect.insertIgnore(head)
}

// appendGameArgs appends the values of gameColumns for g to args.
func appendGameArgs(args []any, g *Game) []any {
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
		term = notation.TermNormal
	}
	return append(args, tid, nullInt(g.Slot, g.Slot >= 0), nullInt(g.Pair, g.Pair >= 0), g.Game, g.White, g.Black, g.Result.String(),
		nullInt(g.ScoreWhite, g.HasScore), nullInt(g.ScoreBlack, g.HasScore), string(term), g.Plies,
		g.Duration.Milliseconds(), g.WhiteTime.Milliseconds(), g.BlackTime.Milliseconds(), started,
		g.Record, g.RecordHash)
}

// appendStatsArgs appends the values of one row of the statistics INSERT
// for g to args: those of the white_* and black_* columns and the
// solver's, then the record hash that finds the game.
func appendStatsArgs(args []any, g *Game) []any {
	for _, s := range []*search.Stats{g.WhiteStats, g.BlackStats} {
		if s == nil {
			s = &search.Stats{}
		}
		var depth, moveMS, nodes, nps any
		if s.Depth > 0 {
			depth = s.Depth
		}
		if s.Moves > 0 {
			moveMS = s.MoveMS
		}
		if s.Nodes > 0 {
			nodes = s.Nodes
		}
		if s.NPS > 0 {
			nps = s.NPS
		}
		args = append(args, s.Moves, depth, moveMS, nodes, nps)
	}
	var solverMS, solverNodes any
	if u := g.Solver; u != nil {
		solverMS, solverNodes = float64(u.Time)/float64(time.Millisecond), u.Nodes
	}
	return append(args, solverMS, solverNodes, g.RecordHash)
}

// gameWriter writes games and their engine statistics in a transaction.
// It keeps the INSERTs of size rows prepared; other row counts (a batch's
// last games) run unprepared. Use a gameWriter from one goroutine.
type gameWriter struct {
	db   *DB
	size int
	// onPool says where the statements are prepared: on the pool, once,
	// then bound to each transaction (Inserter, whose transactions are
	// many and short); else in the transaction, until close (Batch).
	onPool bool
	stmts  [2]*sql.Stmt // by table
	args   []any
	seen   map[string]bool // the record hashes in a statistics INSERT
}

// stmt returns the INSERT of w.size rows of t, bound to tx, preparing it
// when needed (with tx nil: only that).
func (w *gameWriter) stmt(ctx context.Context, tx *sql.Tx, t table) (*sql.Stmt, error) {
	st := w.stmts[t]
	if st == nil {
		var err error
		if w.onPool {
			st, err = w.db.PrepareContext(ctx, w.db.insertSQL(t, w.size))
		} else {
			st, err = tx.PrepareContext(ctx, w.db.insertSQL(t, w.size))
		}
		if err != nil {
			return nil, err
		}
		w.stmts[t] = st
	}
	if w.onPool && tx != nil {
		// Prepared on the pool: a statement prepared on a sql.Conn
		// would be prepared again in every transaction (see
		// sql.Tx.StmtContext).
		return tx.StmtContext(ctx, st), nil
	}
	return st, nil
}

// exec runs the INSERT of n rows of t in tx with the arguments in w.args.
func (w *gameWriter) exec(ctx context.Context, tx *sql.Tx, t table, n int) (sql.Result, error) {
	if n != w.size {
		return tx.ExecContext(ctx, w.db.insertSQL(t, n), w.args...)
	}
	st, err := w.stmt(ctx, tx, t)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, w.args...)
}

// writeGames stores games in tx (computing each RecordHash when empty),
// skipping those stored already; it returns how many it stored.
func (w *gameWriter) writeGames(ctx context.Context, tx *sql.Tx, games []*Game) (int, error) {
	w.args = w.args[:0]
	for _, g := range games {
		if g.RecordHash == "" {
			g.RecordHash = HashRecord(g.Record)
		}
		w.args = appendGameArgs(w.args, g)
	}
	res, err := w.exec(ctx, tx, gamesTable, len(games))
	if err != nil {
		return 0, fmt.Errorf("store %s: %w", describeGames(games), describe(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store %s: %w", describeGames(games), err)
	}
	return int(n), nil
}

// writeStats stores the engine statistics of the games that have some (or
// the solver's figures),
// once writeGames has stored the games in tx. A game stored already gets
// them when it has none (the same record, imported before they were
// read); one that has some keeps them.
func (w *gameWriter) writeStats(ctx context.Context, tx *sql.Tx, games []*Game) error {
	w.args = w.args[:0]
	n := 0
	clear(w.seen)
	for _, g := range games {
		if g.WhiteStats == nil && g.BlackStats == nil && g.Solver == nil {
			continue
		}
		// A record twice in the statement: the first one's statistics,
		// as it is the first one that is stored (PostgreSQL's join may
		// take the rows in any order).
		if w.seen == nil {
			w.seen = make(map[string]bool, w.size)
		}
		if w.seen[g.RecordHash] {
			continue
		}
		w.seen[g.RecordHash] = true
		w.args = appendStatsArgs(w.args, g)
		n++
	}
	if n == 0 {
		return nil
	}
	if _, err := w.exec(ctx, tx, statsTable, n); err != nil {
		return fmt.Errorf("store the engine statistics of %s: %w", describeGames(games), describe(err))
	}
	return nil
}

// describeGames names games in a message: "game A vs B", or "N games".
func describeGames(games []*Game) string {
	if len(games) == 1 {
		return fmt.Sprintf("game %s vs %s", games[0].White, games[0].Black)
	}
	return fmt.Sprintf("%d games", len(games))
}

// close closes the prepared statements.
func (w *gameWriter) close() error {
	var err error
	for i, st := range w.stmts {
		if st != nil {
			if e := st.Close(); e != nil && err == nil {
				err = e
			}
			w.stmts[i] = nil
		}
	}
	return err
}

// Inserter stores games one at a time, each in a transaction of its own
// committed before Insert returns, so that a finished game survives
// anything that happens next. Its INSERTs are prepared once, not for each
// game. Use an Inserter from one goroutine, and Close it.
//
// On SQLite it holds a connection of its own with foreign keys off, and
// checks a game's tournament itself, as Batch does: SQLite's own check
// may abort a statement after it has written, so SQLite would keep a
// statement journal (a copy of every page changed) for each INSERT. The
// statistics' key to the game holds by construction (a join on the game
// just stored), and SaveSPRT checks the tournament as the game's insert
// does. The connection keeps temporary data, any statement journal left
// among it, in memory (temp_store); others keep temporary tables and
// sorts (reports on large databases) in files.
type Inserter struct {
	// Then, when set, is called once for each game Insert stores, when
	// its rows are written and before they are committed (not for a
	// duplicate); the SPRT state and trajectory points it returns, unless
	// nil, are written in the game's transaction, as SaveSPRT writes them.
	// Its error rolls the game back and is Insert's. A runner learns the
	// game there and stores the test with it: one commit a game, not two.
	Then func(g *Game) (*SPRT, []SPRTPoint, error)

	db   *DB
	w    gameWriter
	conn *sql.Conn // SQLite: the connection held, from the first Insert to Close
	sprt sprtStmts // SaveSPRT's
	// tournament is tournamentSQL, prepared (SQLite: see above).
	tournament *sql.Stmt
}

// NewInserter returns an Inserter of db.
func (db *DB) NewInserter() *Inserter {
	return &Inserter{db: db, w: gameWriter{db: db, size: 1, onPool: true}}
}

// prepare prepares the statements, and on SQLite then takes the
// connection and sets it up. They are prepared on the pool, before the
// connection is taken (usually the idle one they were just prepared on;
// else the first transaction prepares them on it, once).
func (in *Inserter) prepare(ctx context.Context) error {
	for _, t := range []table{gamesTable, statsTable} {
		if _, err := in.w.stmt(ctx, nil, t); err != nil {
			return err
		}
	}
	if !in.db.dialect.writerKeys || in.conn != nil {
		return nil
	}
	if in.tournament == nil {
		var err error
		if in.tournament, err = in.db.PrepareContext(ctx, tournamentSQL); err != nil {
			return err
		}
	}
	conn, err := in.db.Conn(ctx)
	if err != nil {
		return err
	}
	for _, pragma := range []string{"PRAGMA temp_store = MEMORY", "PRAGMA foreign_keys = OFF"} {
		if _, err := conn.ExecContext(ctx, pragma); err != nil {
			in.release(conn)
			return err
		}
	}
	in.conn = conn
	return nil
}

// release sets conn's temporary data and foreign keys back to the pool's
// and returns it to the pool, or drops it when that fails.
func (in *Inserter) release(conn *sql.Conn) error {
	ctx := context.Background()
	if _, err := conn.ExecContext(ctx, "PRAGMA temp_store = DEFAULT"); err != nil || !foreignKeysOn(ctx, conn) {
		conn.Raw(func(any) error { return driver.ErrBadConn })
	}
	return conn.Close()
}

// Insert stores g and commits; it returns ErrDuplicate when the game is
// stored already. On PostgreSQL a lost connection is tried again (see
// ReconnectFor); a game whose commit the loss may have taken the answer
// of, and that is then found stored, is this one's (nil), not a
// duplicate: it is stored once.
func (in *Inserter) Insert(ctx context.Context, g *Game) error {
	wasLost := false
	var then func() (*SPRT, []SPRTPoint, error)
	if in.Then != nil {
		// Called once: a try lost after it is tried again with what it
		// returned.
		var s *SPRT
		var points []SPRTPoint
		called := false
		then = func() (*SPRT, []SPRTPoint, error) {
			if !called {
				var err error
				if s, points, err = in.Then(g); err != nil {
					return nil, nil, err
				}
				called = true
			}
			return s, points, nil
		}
	}
	return in.db.retry(ctx, func(lost bool) error {
		wasLost = wasLost || lost
		err := in.insert(ctx, g, then)
		if errors.Is(err, ErrDuplicate) && wasLost {
			var n int
			if e := in.db.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE record_hash = ?`, g.RecordHash).Scan(&n); e != nil {
				return fmt.Errorf("store game %s vs %s: %w", g.White, g.Black, e)
			}
			if n > 0 {
				return nil
			}
		}
		return err
	})
}

// insert is one try of Insert, with its Then.
func (in *Inserter) insert(ctx context.Context, g *Game, then func() (*SPRT, []SPRTPoint, error)) error {
	if in.w.stmts[statsTable] == nil || in.conn == nil && in.db.dialect.writerKeys {
		if err := in.prepare(ctx); err != nil {
			return fmt.Errorf("store game %s vs %s: %w", g.White, g.Black, err)
		}
	}
	var tx *sql.Tx
	var err error
	if in.conn != nil {
		tx, err = in.conn.BeginTx(ctx, nil)
	} else {
		tx, err = in.db.BeginTx(ctx, nil)
	}
	if err != nil {
		return fmt.Errorf("store game %s vs %s: %w", g.White, g.Black, err)
	}
	defer tx.Rollback()
	if in.conn != nil && g.TournamentID != 0 {
		// Foreign keys are off on this connection: see Inserter.
		row := tx.StmtContext(ctx, in.tournament).QueryRowContext(ctx, g.TournamentID)
		if err := tournamentExists(row, g.TournamentID); err != nil {
			return fmt.Errorf("store game %s vs %s: %w", g.White, g.Black, err)
		}
	}
	games := []*Game{g}
	stored, err := in.w.writeGames(ctx, tx, games)
	if err != nil {
		return err
	}
	if stored == 0 {
		return ErrDuplicate
	}
	if err := in.w.writeStats(ctx, tx, games); err != nil {
		return err
	}
	if in.db.dialect.shared && g.TournamentID != 0 && g.Slot >= 0 {
		// The slot's lease ends with the game stored (see Leases).
		if _, err := tx.ExecContext(ctx, `UPDATE slots SET stored = true, owner = NULL, lease_until = NULL
			WHERE tournament_id = ? AND slot = ?`, g.TournamentID, g.Slot); err != nil {
			return fmt.Errorf("store game %s vs %s: %w", g.White, g.Black, err)
		}
	}
	if then != nil {
		s, points, err := then()
		if err != nil {
			return err
		}
		if s != nil {
			if err := in.prepareSPRT(ctx); err != nil {
				return err
			}
			if err := writeSPRT(ctx, tx, &in.sprt, s, points, false); err != nil {
				return err
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store game %s vs %s: %w", g.White, g.Black, err)
	}
	return nil
}

// Close releases the prepared statements and the connection held.
func (in *Inserter) Close() error {
	err := in.w.close()
	in.sprt.close()
	if in.tournament != nil {
		in.tournament.Close()
		in.tournament = nil
	}
	if in.conn != nil {
		// Back to the pool as the other connections are, or dropped.
		if e := in.release(in.conn); e != nil && err == nil {
			err = e
		}
		in.conn = nil
	}
	return err
}
