package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

// The reads of arbiter serve, the live web view of a database: cheap
// queries it runs every second or on a page request, while runners write.

// TournamentRow is a tournament as the live view lists it.
type TournamentRow struct {
	ID         int64
	Name       string
	Game       string
	Format     string // round-robin, gauntlet, knockout, swiss; '' for imports
	TotalGames int    // a knockout's: the games its bracket needs without tie-breaks
	CreatedAt  string // RFC 3339, as stored
}

// TournamentRows returns every tournament, by name.
func (db *DB) TournamentRows(ctx context.Context) ([]TournamentRow, error) {
	return queryRows(ctx, db, "list the tournaments", `SELECT id, name, game, format, total_games, created_at FROM tournaments ORDER BY name`, nil,
		func(t *TournamentRow) []any {
			return []any{&t.ID, &t.Name, &t.Game, &t.Format, &t.TotalGames, &t.CreatedAt}
		})
}

// Progress is how far a tournament stands: its games stored, the largest
// game id among them (which changes with every game stored), and on
// PostgreSQL the games in play.
type Progress struct {
	Stored int
	LastID int64
	InPlay []Lease // nil on SQLite, where runners hold their games in memory
}

// Lease is a game in play: its slot, the runner holding it and until when.
type Lease struct {
	Slot       int
	Owner      string
	LeaseUntil time.Time
}

// LastGameID returns the largest id of any stored game (0 for none): it
// changes with every game stored, and costs one look at the end of an
// index, where counting a tournament's games reads all of them.
func (db *DB) LastGameID(ctx context.Context) (int64, error) {
	var last sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT max(id) FROM games`).Scan(&last); err != nil {
		return 0, fmt.Errorf("read the last game: %w", err)
	}
	return last.Int64, nil
}

// Progress returns the progress of tournament tid. The count reads the
// (tournament_id, slot) index.
func (db *DB) Progress(ctx context.Context, tid int64) (Progress, error) {
	var p Progress
	var last sql.NullInt64
	err := db.QueryRowContext(ctx, `SELECT count(*), max(id) FROM games WHERE tournament_id = ?`, tid).Scan(&p.Stored, &last)
	if err != nil {
		return p, fmt.Errorf("count the games of tournament %d: %w", tid, err)
	}
	p.LastID = last.Int64
	p.InPlay, err = db.InPlay(ctx, tid)
	return p, err
}

// InPlay returns the games of tournament tid in play: on PostgreSQL the
// slots leased and not stored, by slot; nil on SQLite.
func (db *DB) InPlay(ctx context.Context, tid int64) ([]Lease, error) {
	if !db.dialect.shared {
		return nil, nil
	}
	return queryRows(ctx, db, "list the games in play", `SELECT slot, owner, lease_until FROM slots
		WHERE tournament_id = ? AND NOT stored AND owner IS NOT NULL AND lease_until >= now() ORDER BY slot`, []any{tid},
		func(l *Lease) []any {
			return []any{&l.Slot, &l.Owner, &l.LeaseUntil}
		})
}

// GameRow is a stored game without its record.
type GameRow struct {
	ID           int64
	Slot         sql.NullInt64
	White, Black string
	Result       rules.Result
	Termination  notation.Termination
	Plies        int
	StartedAt    string
}

// LatestGames returns the last n games stored in tournament tid, the
// latest first; last is the tournament's largest game id (Progress's
// LastID).
func (db *DB) LatestGames(ctx context.Context, tid, last int64, n int) ([]GameRow, error) {
	// From last down, in id order (the table's own), skipping other
	// tournaments' games ("+" keeps SQLite off the tournament's index):
	// a tournament's games are mostly together, and this stops after n
	// rows, where an index on the tournament sorted all of its games by
	// id first (0.7 s on a million).
	return queryRows(ctx, db, "list the latest games", `SELECT id, slot, white, black, result, termination, plies, started_at
		FROM games WHERE id <= ? AND +tournament_id = ? ORDER BY id DESC LIMIT ?`, []any{last, tid, n},
		func(g *GameRow) []any {
			return []any{&g.ID, &g.Slot, &g.White, &g.Black, resultColumn{&g.Result}, &g.Termination, &g.Plies, &g.StartedAt}
		})
}

// ErrNoGame is the error of Game for an id no game has.
var ErrNoGame = errors.New("no such game")

// StoredGame is one stored game as its page shows it: its row, the name
// of its tournament ("" for an imported game) and its record.
type StoredGame struct {
	GameRow
	Tournament string
	Record     string
}

// Game returns the game with id, or an error wrapping ErrNoGame.
func (db *DB) Game(ctx context.Context, id int64) (StoredGame, error) {
	var g StoredGame
	var tournament sql.NullString
	err := db.QueryRowContext(ctx, `SELECT g.id, g.slot, g.white, g.black, g.result, g.termination, g.plies, g.started_at, t.name, g.record
		FROM games g LEFT JOIN tournaments t ON t.id = g.tournament_id WHERE g.id = ?`, id).Scan(
		&g.ID, &g.Slot, &g.White, &g.Black, resultColumn{&g.Result}, &g.Termination, &g.Plies, &g.StartedAt, &tournament, &g.Record)
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("game %d: %w", id, ErrNoGame)
	}
	if err != nil {
		return g, fmt.Errorf("read game %d: %w", id, err)
	}
	g.Tournament = tournament.String
	return g, nil
}
