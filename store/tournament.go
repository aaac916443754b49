package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Tournament is a stored tournament: its identity, config and size.
type Tournament struct {
	ID         int64
	Name       string
	Game       string // game id
	Config     string // the config text as given
	ConfigHash string // hash of the normalised config; '' for imports
	TotalGames int
	CreatedAt  time.Time
}

// Engine is an engine of a stored tournament.
type Engine struct {
	Name    string
	Cmd     string
	Args    []string
	Dir     string
	Options map[string]string
}

// ErrConfigChanged is returned by Register when a tournament of the same
// name is stored with another config.
var ErrConfigChanged = errors.New("tournament config changed")

// Register stores t with its engines, or, when a tournament of that name is
// stored already with the same config hash, takes its id (resume). A stored
// tournament with another hash (or an imported one) gives ErrConfigChanged.
// t.ID and t.CreatedAt are set either way.
func (db *DB) Register(ctx context.Context, t *Tournament, engines []Engine) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("register tournament %s: %w", t.Name, err)
	}
	defer tx.Rollback()
	if db.postgres {
		// Runners starting together on a new tournament: one creates it,
		// the others wait here and then find it.
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, migrationLock+1); err != nil {
			return fmt.Errorf("register tournament %s: %w", t.Name, err)
		}
	}
	var (
		id              int64
		game, hash, cat string
		total           int
	)
	err = tx.QueryRowContext(ctx, `SELECT id, game, config_hash, total_games, created_at FROM tournaments WHERE name = ?`,
		t.Name).Scan(&id, &game, &hash, &total, &cat)
	switch {
	case err == nil:
		if hash != t.ConfigHash {
			what := "another config"
			if hash == "" {
				what = "imported games"
			}
			return fmt.Errorf("%w: tournament %q is stored in %s with %s (%d games, created %s); "+
				"give the changed tournament a new name, or use another database",
				ErrConfigChanged, t.Name, db.Path(), what, total, cat)
		}
		t.ID = id
		t.CreatedAt, _ = time.Parse(time.RFC3339Nano, cat)
		return nil
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("register tournament %s: %w", t.Name, err)
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = time.Now()
	}
	err = tx.QueryRowContext(ctx, `INSERT INTO tournaments (name, game, config, config_hash, total_games, created_at)
		VALUES (?,?,?,?,?,?) RETURNING id`, t.Name, t.Game, t.Config, t.ConfigHash, t.TotalGames,
		t.CreatedAt.UTC().Format(time.RFC3339Nano)).Scan(&t.ID)
	if err != nil {
		return fmt.Errorf("register tournament %s: %w", t.Name, err)
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO engines (tournament_id, name, cmd, args, dir, options) VALUES (?,?,?,?,?,?)`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, e := range engines {
		args, _ := json.Marshal(nonNil(e.Args))
		opts, _ := json.Marshal(e.Options)
		if e.Options == nil {
			opts = []byte("{}")
		}
		if _, err := stmt.ExecContext(ctx, t.ID, e.Name, e.Cmd, string(args), e.Dir, string(opts)); err != nil {
			return fmt.Errorf("register engine %s: %w", e.Name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("register tournament %s: %w", t.Name, err)
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// SlotGame is what resume and standings need of a stored tournament game.
type SlotGame struct {
	Slot         int
	White, Black string
	Result       string
	Termination  string
}

// SlotGames returns the stored games of tournament id from slot from on
// (0: all of them), by slot: a runner resuming a tournament reads them all,
// one sharing it what the others stored past the slots it knows.
func (db *DB) SlotGames(ctx context.Context, id int64, from int) ([]SlotGame, error) {
	rows, err := db.QueryContext(ctx, `SELECT slot, white, black, result, termination FROM games
		WHERE tournament_id = ? AND slot >= ? ORDER BY slot`, id, from)
	if err != nil {
		return nil, fmt.Errorf("read tournament games: %w", err)
	}
	defer rows.Close()
	var out []SlotGame
	for rows.Next() {
		var g SlotGame
		if err := rows.Scan(&g.Slot, &g.White, &g.Black, &g.Result, &g.Termination); err != nil {
			return nil, fmt.Errorf("read tournament games: %w", err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read tournament games: %w", err)
	}
	return out, nil
}

// ErrNoTournament is returned by a Batch storing a game of a tournament that
// does not exist, and by TournamentID for a name no tournament has.
var ErrNoTournament = errors.New("no such tournament")

// EnsureTournament returns the id of the tournament called name, creating it
// for game (an import: no config) when the database has none; tgame is the
// tournament's game id.
func (db *DB) EnsureTournament(ctx context.Context, name, game string) (id int64, tgame string, err error) {
	err = db.QueryRowContext(ctx, `SELECT id, game FROM tournaments WHERE name = ?`, name).Scan(&id, &tgame)
	if err == nil {
		return id, tgame, nil
	}
	if err != sql.ErrNoRows {
		return 0, "", fmt.Errorf("look up tournament %q: %w", name, err)
	}
	err = db.QueryRowContext(ctx, `INSERT INTO tournaments (name, game, created_at) VALUES (?, ?, ?) RETURNING id`,
		name, game, time.Now().UTC().Format(time.RFC3339)).Scan(&id)
	if err != nil {
		return 0, "", fmt.Errorf("create tournament %q: %w", name, err)
	}
	return id, game, nil
}

// Inserter stores games one at a time, each in a transaction of its own
// committed before Insert returns, so that a finished game survives
// anything that happens next. The INSERT is prepared once: parsing it again
// for each game was about a quarter of a commit's CPU, which a tournament
// spends while other games play. Use an Inserter from one goroutine, and
// Close it.
//
// On SQLite it holds a connection of its own, whose statement journals
// are kept in memory (temp_store): each statement of a game's transaction
// saves the pages it changes in one, so that it can be undone alone, and
// with 16 KiB pages a game's outgrew SQLite's in-memory share and became a
// file created and deleted at every statement, about 40 % of an insert's
// CPU. A game's journal is a few pages; other connections keep temporary
// tables and sorts (reports on large databases) in files.
type Inserter struct {
	db    *DB
	conn  *sql.Conn // SQLite: the connection held, from the first Insert to Close
	stmt  *sql.Stmt // prepared on the first Insert
	stats *sql.Stmt // prepared on the first Insert
}

// NewInserter returns an Inserter of db.
func (db *DB) NewInserter() *Inserter { return &Inserter{db: db} }

// prepare prepares the statements, and on SQLite then takes the
// connection and sets it up. They are prepared on the pool, before the
// connection is taken (usually the idle one they were just prepared on;
// else the first transaction prepares them on it, once): a statement
// prepared on a sql.Conn would be prepared again in every transaction
// (see sql.Tx.StmtContext).
func (in *Inserter) prepare(ctx context.Context) error {
	q := insertSQL
	if in.db.postgres {
		q = insertReturningSQL
	}
	for _, p := range []struct {
		st  **sql.Stmt
		sql string
	}{{&in.stmt, q}, {&in.stats, insertStatsSQL}} {
		if *p.st == nil {
			st, err := in.db.PrepareContext(ctx, p.sql)
			if err != nil {
				return err
			}
			*p.st = st
		}
	}
	if in.db.postgres || in.conn != nil {
		return nil
	}
	conn, err := in.db.Conn(ctx)
	if err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "PRAGMA temp_store = MEMORY"); err != nil {
		conn.Close()
		return err
	}
	in.conn = conn
	return nil
}

// Insert stores g and commits; it returns ErrDuplicate when the game is
// stored already.
func (in *Inserter) Insert(ctx context.Context, g *Game) error {
	if in.stmt == nil || in.conn == nil && !in.db.postgres {
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
	st := tx.StmtContext(ctx, in.stmt)
	if in.db.postgres {
		err = insert(g, func(args []any) *sql.Row { return st.QueryRowContext(ctx, args...) })
	} else {
		err = insertExec(g, func(args []any) (sql.Result, error) { return st.ExecContext(ctx, args...) })
	}
	if err != nil {
		return err
	}
	if g.WhiteStats != nil || g.BlackStats != nil {
		st := tx.StmtContext(ctx, in.stats)
		if err := insertStats(g, func(args []any) (sql.Result, error) { return st.ExecContext(ctx, args...) }); err != nil {
			return err
		}
	}
	if in.db.postgres && g.TournamentID != 0 && g.Slot >= 0 {
		// The slot's lease ends with the game stored (see Leases).
		if _, err := tx.ExecContext(ctx, `UPDATE slots SET stored = true, owner = NULL, lease_until = NULL
			WHERE tournament_id = ? AND slot = ?`, g.TournamentID, g.Slot); err != nil {
			return fmt.Errorf("store game %s vs %s: %w", g.White, g.Black, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store game %s vs %s: %w", g.White, g.Black, err)
	}
	return nil
}

// Close releases the prepared statements and the connection held.
func (in *Inserter) Close() error {
	var err error
	for _, st := range []**sql.Stmt{&in.stmt, &in.stats} {
		if *st != nil {
			if e := (*st).Close(); e != nil && err == nil {
				err = e
			}
			*st = nil
		}
	}
	if in.conn != nil {
		// Back to the pool as the other connections are, or dropped.
		if _, e := in.conn.ExecContext(context.Background(), "PRAGMA temp_store = DEFAULT"); e != nil {
			in.conn.Raw(func(any) error { return driver.ErrBadConn })
		}
		if e := in.conn.Close(); e != nil && err == nil {
			err = e
		}
		in.conn = nil
	}
	return err
}
