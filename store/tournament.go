package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

// Tournament is a stored tournament: its identity, config and size.
type Tournament struct {
	ID         int64
	Name       string
	Game       string // game id
	Config     string // the config text as given
	ConfigHash string // hash of the normalised config; '' for imports
	Format     string // round-robin, gauntlet, knockout, swiss; '' for imports
	TotalGames int
	CreatedAt  time.Time
	// SameEngines makes Register record an engine's new digest where it
	// differs from the stored one, rather than refuse the resume: the user
	// says that the changed file is the same engine.
	SameEngines bool
	// Found is set by Register: the tournament was stored already (a
	// resume), not created.
	Found bool
	// Replaced is set by Register with SameEngines: the engines whose
	// stored digest it replaced.
	Replaced []ChangedEngine
}

// Engine is an engine of a stored tournament.
type Engine struct {
	Name    string
	Cmd     string
	Args    []string
	Dir     string
	Options map[string]string
	// File is the file the engine's command runs on this machine, for
	// messages (not stored).
	File string
	// Digest is the sha256 (hex) of File's content; "" when unknown, which
	// Register neither stores nor checks.
	Digest string
}

// ErrEngineChanged is wrapped by the error of Register (an
// *EngineChangedError) when an engine's file differs from the one the
// stored tournament recorded.
var ErrEngineChanged = errors.New("engine changed")

// ChangedEngine is an engine whose file is not the one a tournament
// recorded.
type ChangedEngine struct {
	Name string
	// File and Digest are the engine's file now and the sha256 of its
	// content; Stored the digest the tournament recorded.
	File, Digest, Stored string
}

// EngineChangedError is Register's refusal of a resume whose engines'
// files changed since the tournament recorded them.
type EngineChangedError struct {
	Tournament string
	Engines    []ChangedEngine
}

func (e *EngineChangedError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "tournament %q: ", e.Tournament)
	for i, c := range e.Engines {
		if i > 0 {
			b.WriteString("; ")
		}
		file := "its file"
		if c.File != "" {
			file += " " + c.File
		}
		fmt.Fprintf(&b, "engine %q: %s changed since the tournament was started (its content's sha256 is %s, the tournament's is %s)",
			c.Name, file, short(c.Digest), short(c.Stored))
	}
	return b.String()
}

func (e *EngineChangedError) Unwrap() error { return ErrEngineChanged }

// short is the first 12 hex digits of a digest: enough to tell two apart.
func short(digest string) string {
	if len(digest) > 12 {
		return digest[:12]
	}
	return digest
}

// ErrConfigChanged is returned by Register when a tournament of the same
// name is stored with another config.
var ErrConfigChanged = errors.New("tournament config changed")

// Register stores t with its engines, or, when a tournament of that name is
// stored already with the same config hash, takes its id (resume). A stored
// tournament with another hash (or an imported one) gives ErrConfigChanged.
// t.ID, t.CreatedAt and t.Found are set either way.
//
// On a resume, each engine's Digest is checked against the stored one: an
// engine whose file changed gives an *EngineChangedError naming every such
// engine, unless t.SameEngines, which records the new digests (listed in
// t.Replaced). An engine stored without a digest gets its digest recorded.
// Every runner of a shared tournament registers it: one with another build
// of an engine is refused as a later run would be.
//
// On SQLite a runner that registers while another process opens the new
// database can get SQLITE_BUSY at once (see whileBusy): it tries again.
func (db *DB) Register(ctx context.Context, t *Tournament, engines []Engine) error {
	return whileBusy(ctx, func() error { return db.register(ctx, t, engines) })
}

func (db *DB) register(ctx context.Context, t *Tournament, engines []Engine) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("register tournament %s: %w", t.Name, err)
	}
	defer tx.Rollback()
	if db.dialect.registerLock != "" {
		// Runners starting together on a new tournament: one creates it,
		// the others wait here and then find it.
		if _, err := tx.ExecContext(ctx, db.dialect.registerLock, migrationLock+1); err != nil {
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
		t.ID, t.Found = id, true
		t.CreatedAt, _ = time.Parse(time.RFC3339Nano, cat)
		return db.checkEngines(ctx, tx, t, engines)
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("register tournament %s: %w", t.Name, err)
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = time.Now()
	}
	err = tx.QueryRowContext(ctx, `INSERT INTO tournaments (name, game, config, config_hash, format, total_games, created_at)
		VALUES (?,?,?,?,?,?,?) RETURNING id`, t.Name, t.Game, t.Config, t.ConfigHash, t.Format, t.TotalGames,
		t.CreatedAt.UTC().Format(time.RFC3339Nano)).Scan(&t.ID)
	if err != nil {
		return fmt.Errorf("register tournament %s: %w", t.Name, err)
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO engines (tournament_id, name, cmd, args, dir, options, digest) VALUES (?,?,?,?,?,?,?)`)
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
		if _, err := stmt.ExecContext(ctx, t.ID, e.Name, e.Cmd, string(args), e.Dir, string(opts), e.Digest); err != nil {
			return fmt.Errorf("register engine %s: %w", e.Name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("register tournament %s: %w", t.Name, err)
	}
	return nil
}

// checkEngines compares the engines' digests with those stored for the
// tournament t resumes, in Register's transaction tx, and commits what it
// records: the digests missing, and with t.SameEngines the changed ones.
func (db *DB) checkEngines(ctx context.Context, tx *sql.Tx, t *Tournament, engines []Engine) error {
	t.Replaced = nil
	rows, err := tx.QueryContext(ctx, `SELECT name, digest FROM engines WHERE tournament_id = ?`, t.ID)
	if err != nil {
		return fmt.Errorf("register tournament %s: %w", t.Name, err)
	}
	stored := map[string]string{}
	for rows.Next() {
		var name, digest string
		if err := rows.Scan(&name, &digest); err != nil {
			rows.Close()
			return fmt.Errorf("register tournament %s: %w", t.Name, err)
		}
		stored[name] = digest
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("register tournament %s: %w", t.Name, err)
	}
	var record []Engine
	var changed []ChangedEngine
	for _, e := range engines {
		was, ok := stored[e.Name]
		switch {
		case !ok || e.Digest == "" || was == e.Digest:
		case was == "":
			record = append(record, e)
		default:
			changed = append(changed, ChangedEngine{Name: e.Name, File: e.File, Digest: e.Digest, Stored: was})
			record = append(record, e)
		}
	}
	if len(changed) > 0 && !t.SameEngines {
		return &EngineChangedError{Tournament: t.Name, Engines: changed}
	}
	if len(record) == 0 {
		return nil
	}
	for _, e := range record {
		if _, err := tx.ExecContext(ctx, `UPDATE engines SET digest = ? WHERE tournament_id = ? AND name = ?`,
			e.Digest, t.ID, e.Name); err != nil {
			return fmt.Errorf("register tournament %s: record the digest of engine %s: %w", t.Name, e.Name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("register tournament %s: %w", t.Name, err)
	}
	t.Replaced = changed
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
	Result       rules.Result
	Termination  notation.Termination
}

// SlotGames returns the stored games of tournament id from slot from on
// (0: all of them), by slot: a runner resuming a tournament reads them all,
// one sharing it what the others stored past the slots it knows.
func (db *DB) SlotGames(ctx context.Context, id int64, from int) ([]SlotGame, error) {
	var out []SlotGame
	err := db.retry(ctx, func(bool) error {
		out = out[:0]
		rows, err := db.QueryContext(ctx, `SELECT slot, white, black, result, termination FROM games
			WHERE tournament_id = ? AND slot >= ? ORDER BY slot`, id, from)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g SlotGame
			if err := rows.Scan(&g.Slot, &g.White, &g.Black, resultColumn{&g.Result}, &g.Termination); err != nil {
				return err
			}
			out = append(out, g)
		}
		return rows.Err()
	})
	if err != nil {
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
