package store

import (
	"context"
	"fmt"
	"time"
)

// SPRT is the stored state of a match's SPRT (tables sprt and sprt_llr of
// docs/database.md).
type SPRT struct {
	TournamentID     int64
	Player, Opponent string
	Elo0, Elo1       float64
	Alpha, Beta      float64
	Model            string
	Pentanomial      bool
	Lower, Upper     float64
	Games            int     // games stored
	LLR              float64 // over all of them
	Verdict          string  // "" while running
	DecidedAfter     int     // 0: not decided
	// DecidedAt is when the bound was reached and DecidedLLR the LLR
	// that reached it (set with DecidedAfter). Once stored, the first
	// DecidedAt stays.
	DecidedAt  time.Time
	DecidedLLR float64
}

// SPRTPoint is one point of the LLR trajectory: the LLR over the first
// Games games in slot order.
type SPRTPoint struct {
	Games int     `json:"games"`
	LLR   float64 `json:"llr"`
}

// SaveSPRT writes s and adds the trajectory points; with reset, the
// trajectory stored before is dropped first. It is one transaction, tried
// again on a lost connection (see ReconnectFor).
func (db *DB) SaveSPRT(ctx context.Context, s *SPRT, points []SPRTPoint, reset bool) error {
	return db.retry(ctx, func(bool) error { return db.saveSPRT(ctx, s, points, reset) })
}

// saveSPRT is one try of SaveSPRT.
func (db *DB) saveSPRT(ctx context.Context, s *SPRT, points []SPRTPoint, reset bool) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store sprt: %w", err)
	}
	defer tx.Rollback()
	var decided, decidedAt, decidedLLR any
	if s.DecidedAfter > 0 {
		decided, decidedAt, decidedLLR = s.DecidedAfter, s.DecidedAt.UTC().Format(time.RFC3339Nano), s.DecidedLLR
	}
	pentanomial := 0 // an integer column on both backends
	if s.Pentanomial {
		pentanomial = 1
	}
	// A runner that counted fewer games than the row does (it had not read
	// another runner's yet) leaves the row as it is, unless it resets it.
	_, err = tx.ExecContext(ctx, `INSERT INTO sprt (tournament_id, player, opponent, elo0, elo1, alpha, beta, model,
		pentanomial, lower, upper, games, llr, verdict, decided_after, updated_at, decided_at, decided_llr)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
		ON CONFLICT (tournament_id) DO UPDATE SET player = excluded.player, opponent = excluded.opponent,
		elo0 = excluded.elo0, elo1 = excluded.elo1, alpha = excluded.alpha, beta = excluded.beta,
		model = excluded.model, pentanomial = excluded.pentanomial, lower = excluded.lower,
		upper = excluded.upper, games = excluded.games, llr = excluded.llr, verdict = excluded.verdict,
		decided_after = excluded.decided_after, updated_at = excluded.updated_at,
		decided_at = COALESCE(sprt.decided_at, excluded.decided_at), decided_llr = excluded.decided_llr
		WHERE ? OR sprt.games <= excluded.games`,
		s.TournamentID, s.Player, s.Opponent, s.Elo0, s.Elo1, s.Alpha, s.Beta, s.Model, pentanomial,
		s.Lower, s.Upper, s.Games, s.LLR, s.Verdict, decided, time.Now().UTC().Format(time.RFC3339Nano),
		decidedAt, decidedLLR, reset)
	if err != nil {
		return fmt.Errorf("store sprt: %w", err)
	}
	if reset {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sprt_llr WHERE tournament_id = ?`, s.TournamentID); err != nil {
			return fmt.Errorf("store sprt: %w", err)
		}
	}
	if len(points) > 0 {
		st, err := tx.PrepareContext(ctx, `INSERT INTO sprt_llr (tournament_id, games, llr) VALUES (?,?,?)
			ON CONFLICT (tournament_id, games) DO UPDATE SET llr = excluded.llr`)
		if err != nil {
			return fmt.Errorf("store sprt: %w", err)
		}
		defer st.Close()
		for _, p := range points {
			if _, err := st.ExecContext(ctx, s.TournamentID, p.Games, p.LLR); err != nil {
				return fmt.Errorf("store sprt: %w", err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store sprt: %w", err)
	}
	return nil
}
