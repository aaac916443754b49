package store

import (
	"context"
	"database/sql"
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
	return db.retry(ctx, func(bool) error { return db.saveSPRT(ctx, db.BeginTx, nil, s, points, reset) })
}

// SaveSPRT is DB.SaveSPRT on the inserter's connection, with statements
// prepared once: a runner stores its match's test after every game, and
// on SQLite the game's transaction and the test's then share one
// connection and its page cache.
func (in *Inserter) SaveSPRT(ctx context.Context, s *SPRT, points []SPRTPoint, reset bool) error {
	if err := in.prepareSPRT(ctx); err != nil {
		return err
	}
	begin := in.db.BeginTx
	if in.conn != nil {
		// Foreign keys are off on the inserter's connection: the
		// transaction checks the tournament itself (see Inserter).
		begin = func(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error) {
			tx, err := in.conn.BeginTx(ctx, opts)
			if err != nil {
				return nil, err
			}
			row := tx.StmtContext(ctx, in.tournament).QueryRowContext(ctx, s.TournamentID)
			if err := tournamentExists(row, s.TournamentID); err != nil {
				tx.Rollback()
				return nil, err
			}
			return tx, nil
		}
	}
	return in.db.retry(ctx, func(bool) error { return in.db.saveSPRT(ctx, begin, &in.sprt, s, points, reset) })
}

// prepareSPRT prepares the Inserter's statements of the test, once.
func (in *Inserter) prepareSPRT(ctx context.Context) error {
	if in.sprt.row != nil {
		return nil
	}
	var err error
	if in.sprt.row, err = in.db.PrepareContext(ctx, sprtRowSQL); err != nil {
		return fmt.Errorf("store sprt: %w", err)
	}
	if in.sprt.point, err = in.db.PrepareContext(ctx, sprtPointSQL); err != nil {
		in.sprt.close()
		return fmt.Errorf("store sprt: %w", err)
	}
	return nil
}

// sprtStmts are SaveSPRT's statements prepared on the pool: the row's and
// a trajectory point's.
type sprtStmts struct{ row, point *sql.Stmt }

func (st *sprtStmts) close() {
	for _, s := range []*sql.Stmt{st.row, st.point} {
		if s != nil {
			s.Close()
		}
	}
	*st = sprtStmts{}
}

// sprtRowSQL writes the row of a test. A runner that counted fewer games
// than the row does (it had not read another runner's yet) leaves the row
// as it is, unless it resets it (the last parameter).
const sprtRowSQL = `INSERT INTO sprt (tournament_id, player, opponent, elo0, elo1, alpha, beta, model,
		pentanomial, lower, upper, games, llr, verdict, decided_after, updated_at, decided_at, decided_llr)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
		ON CONFLICT (tournament_id) DO UPDATE SET player = excluded.player, opponent = excluded.opponent,
		elo0 = excluded.elo0, elo1 = excluded.elo1, alpha = excluded.alpha, beta = excluded.beta,
		model = excluded.model, pentanomial = excluded.pentanomial, lower = excluded.lower,
		upper = excluded.upper, games = excluded.games, llr = excluded.llr, verdict = excluded.verdict,
		decided_after = excluded.decided_after, updated_at = excluded.updated_at,
		decided_at = COALESCE(sprt.decided_at, excluded.decided_at), decided_llr = excluded.decided_llr
		WHERE ? OR sprt.games <= excluded.games`

// sprtPointSQL writes a point of a test's trajectory.
const sprtPointSQL = `INSERT INTO sprt_llr (tournament_id, games, llr) VALUES (?,?,?)
			ON CONFLICT (tournament_id, games) DO UPDATE SET llr = excluded.llr`

// saveSPRT is one try of SaveSPRT, in a transaction that begin begins,
// with the statements of st where it is not nil.
func (db *DB) saveSPRT(ctx context.Context, begin func(context.Context, *sql.TxOptions) (*sql.Tx, error),
	st *sprtStmts, s *SPRT, points []SPRTPoint, reset bool) error {
	tx, err := begin(ctx, nil)
	if err != nil {
		return fmt.Errorf("store sprt: %w", err)
	}
	defer tx.Rollback()
	if err := writeSPRT(ctx, tx, st, s, points, reset); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store sprt: %w", err)
	}
	return nil
}

// writeSPRT writes the test's row and points in tx, with the statements
// of st where it is not nil.
func writeSPRT(ctx context.Context, tx *sql.Tx, st *sprtStmts, s *SPRT, points []SPRTPoint, reset bool) error {
	stmt := func(prepared *sql.Stmt, query string) (*sql.Stmt, error) {
		if prepared != nil {
			return tx.StmtContext(ctx, prepared), nil
		}
		return tx.PrepareContext(ctx, query)
	}
	if st == nil {
		st = &sprtStmts{}
	}
	var decided, decidedAt, decidedLLR any
	if s.DecidedAfter > 0 {
		decided, decidedAt, decidedLLR = s.DecidedAfter, s.DecidedAt.UTC().Format(time.RFC3339Nano), s.DecidedLLR
	}
	pentanomial := 0 // an integer column on both backends
	if s.Pentanomial {
		pentanomial = 1
	}
	row, err := stmt(st.row, sprtRowSQL)
	if err != nil {
		return fmt.Errorf("store sprt: %w", err)
	}
	defer row.Close()
	if _, err = row.ExecContext(ctx, s.TournamentID, s.Player, s.Opponent, s.Elo0, s.Elo1, s.Alpha, s.Beta, s.Model, pentanomial,
		s.Lower, s.Upper, s.Games, s.LLR, s.Verdict, decided, time.Now().UTC().Format(time.RFC3339Nano),
		decidedAt, decidedLLR, reset); err != nil {
		return fmt.Errorf("store sprt: %w", err)
	}
	if reset {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sprt_llr WHERE tournament_id = ?`, s.TournamentID); err != nil {
			return fmt.Errorf("store sprt: %w", err)
		}
	}
	if len(points) > 0 {
		point, err := stmt(st.point, sprtPointSQL)
		if err != nil {
			return fmt.Errorf("store sprt: %w", err)
		}
		defer point.Close()
		for _, p := range points {
			if _, err := point.ExecContext(ctx, s.TournamentID, p.Games, p.LLR); err != nil {
				return fmt.Errorf("store sprt: %w", err)
			}
		}
	}
	return nil
}
