package store

import (
	"context"
	"fmt"
)

// Bye is the player who sat out a round of a Swiss tournament.
type Bye struct {
	Round  int
	Player string
}

// AddByes stores the byes of tournament tid; a round's bye stored already
// stays (every runner that makes a round stores the same one).
func (db *DB) AddByes(ctx context.Context, tid int64, byes []Bye) error {
	for _, b := range byes {
		if _, err := db.ExecContext(ctx, `INSERT INTO byes (tournament_id, round, player) VALUES (?,?,?)
			ON CONFLICT (tournament_id, round) DO NOTHING`, tid, b.Round, b.Player); err != nil {
			return fmt.Errorf("store the bye of round %d: %w", b.Round, err)
		}
	}
	return nil
}

// Byes returns the byes of tournament tid, by round.
func (db *DB) Byes(ctx context.Context, tid int64) ([]Bye, error) {
	rows, err := db.QueryContext(ctx, `SELECT round, player FROM byes WHERE tournament_id = ? ORDER BY round`, tid)
	if err != nil {
		return nil, fmt.Errorf("read byes: %w", err)
	}
	defer rows.Close()
	var out []Bye
	for rows.Next() {
		var b Bye
		if err := rows.Scan(&b.Round, &b.Player); err != nil {
			return nil, fmt.Errorf("read byes: %w", err)
		}
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read byes: %w", err)
	}
	return out, nil
}

// TournamentFormat returns the format of tournament tid ("" for one of
// imported games).
func (db *DB) TournamentFormat(ctx context.Context, tid int64) (string, error) {
	var f string
	if err := db.QueryRowContext(ctx, `SELECT format FROM tournaments WHERE id = ?`, tid).Scan(&f); err != nil {
		return "", fmt.Errorf("read the tournament's format: %w", err)
	}
	return f, nil
}
