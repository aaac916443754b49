package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// TuneRun is an SPSA tuning run (arbiter tune) as stored: its config, its
// parameters and its state.
type TuneRun struct {
	ID         int64
	Name, Game string
	Engine     string // the engine tuned
	Config     string // the config's text
	ConfigHash string
	Pairs      int // N, the pairs the run plays
	Params     []TuneParam
	// Theta is θ after the pairs stored, Done of them; Next is the first
	// pair never handed out.
	Theta      []float64
	Done, Next int
	CreatedAt  time.Time
	UpdatedAt  time.Time
	// Found is set by RegisterTune when the run was stored already.
	Found bool
}

// TuneParam is one parameter of a run: its start and its range.
type TuneParam struct {
	Name  string  `json:"name"`
	Start float64 `json:"start"`
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
}

// TunePair is one pair of a run, stored once played.
type TunePair struct {
	Pair int // its number in the run, from 0 (its flips and rounding)
	Seq  int // its place among the pairs applied to θ, from 1
	K    int // the iteration it played
	// Flips, and the values each side was sent.
	Flips       []int
	Plus, Minus []float64
	// Games are the results of its two games (the + side White in the
	// first); Result is the wins less the losses of the + side.
	Games    []string
	Result   int
	Theta    []float64 // θ after it
	StoredAt time.Time
}

// TuneTake is a pair handed out: its number, its iteration and θ at its
// start.
type TuneTake struct {
	Pair, K int
	Theta   []float64
}

// RegisterTune stores r, or, when a run of that name is stored already
// with the same config hash, reads its state into r (a resume: r.Found).
// A stored run with another hash gives ErrConfigChanged.
func (db *DB) RegisterTune(ctx context.Context, r *TuneRun) error {
	return whileBusy(ctx, func() error {
		return db.retry(ctx, func(bool) error { return db.registerTune(ctx, r) })
	})
}

func (db *DB) registerTune(ctx context.Context, r *TuneRun) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("register tuning run %s: %w", r.Name, err)
	}
	defer tx.Rollback()
	if db.dialect.registerLock != "" {
		if _, err := tx.ExecContext(ctx, db.dialect.registerLock, migrationLock+2); err != nil {
			return fmt.Errorf("register tuning run %s: %w", r.Name, err)
		}
	}
	var hash string
	var id int64
	err = tx.QueryRowContext(ctx, `SELECT id, config_hash FROM tune_runs WHERE name = ?`, r.Name).Scan(&id, &hash)
	switch {
	case err == nil:
		if hash != r.ConfigHash {
			return fmt.Errorf("%w: tuning run %q is stored in %s with another config; "+
				"give the changed run a new name, or use another database", ErrConfigChanged, r.Name, db.Path())
		}
		found, err := scanTuneRun(tx.QueryRowContext(ctx, tuneRunSelect+` WHERE id = ?`, id))
		if err != nil {
			return fmt.Errorf("register tuning run %s: %w", r.Name, err)
		}
		*r = *found
		r.Found = true
		return nil
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("register tuning run %s: %w", r.Name, err)
	}
	if r.CreatedAt.IsZero() {
		r.CreatedAt = time.Now()
	}
	r.UpdatedAt = r.CreatedAt
	params, _ := json.Marshal(r.Params)
	theta, _ := json.Marshal(r.Theta)
	at := r.CreatedAt.UTC().Format(time.RFC3339Nano)
	err = tx.QueryRowContext(ctx, `INSERT INTO tune_runs (name, game, engine, config, config_hash, pairs, params, theta,
		created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?) RETURNING id`,
		r.Name, r.Game, r.Engine, r.Config, r.ConfigHash, r.Pairs, string(params), string(theta), at, at).Scan(&r.ID)
	if err != nil {
		return fmt.Errorf("register tuning run %s: %w", r.Name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("register tuning run %s: %w", r.Name, err)
	}
	return nil
}

const tuneRunSelect = `SELECT id, name, game, engine, config, config_hash, pairs, params, theta, done, next_pair,
	created_at, updated_at FROM tune_runs`

func scanTuneRun(row interface{ Scan(...any) error }) (*TuneRun, error) {
	var r TuneRun
	var params, theta, cat, uat string
	if err := row.Scan(&r.ID, &r.Name, &r.Game, &r.Engine, &r.Config, &r.ConfigHash, &r.Pairs, &params, &theta,
		&r.Done, &r.Next, &cat, &uat); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(params), &r.Params); err != nil {
		return nil, fmt.Errorf("tuning run %s: params: %w", r.Name, err)
	}
	if err := json.Unmarshal([]byte(theta), &r.Theta); err != nil {
		return nil, fmt.Errorf("tuning run %s: theta: %w", r.Name, err)
	}
	r.CreatedAt, _ = time.Parse(time.RFC3339Nano, cat)
	r.UpdatedAt, _ = time.Parse(time.RFC3339Nano, uat)
	return &r, nil
}

// tuneTx runs f in a transaction that first writes run id's row, so that
// the transactions of a run's pairs are one at a time: on SQLite it takes
// the write lock at once, on PostgreSQL it locks the row.
func (db *DB) tuneTx(ctx context.Context, id int64, f func(tx *sql.Tx, now time.Time) error) error {
	return db.retry(ctx, func(bool) error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		now := time.Now()
		if _, err := tx.ExecContext(ctx, `UPDATE tune_runs SET updated_at = ? WHERE id = ?`,
			now.UTC().Format(time.RFC3339Nano), id); err != nil {
			return err
		}
		if err := f(tx, now); err != nil {
			return err
		}
		return tx.Commit()
	})
}

// FreeTunePairs gives back every pair of run id handed out and not stored:
// a SQLite run is played by one runner at a time, so that a resumed run
// finds the pairs of the one that was killed free at once.
func (db *DB) FreeTunePairs(ctx context.Context, id int64) error {
	return db.tuneTx(ctx, id, func(tx *sql.Tx, _ time.Time) error {
		_, err := tx.ExecContext(ctx, `UPDATE tune_pairs SET owner = NULL, lease_until = NULL
			WHERE run_id = ? AND seq IS NULL`, id)
		return err
	})
}

// TakeTunePair hands out a pair of run id to owner for lease: the first
// pair handed out before and neither stored nor leased (its lease
// expired, or given back), else the next pair never handed out. Its
// iteration is the pairs stored plus one, and θ the run's now. ok is false
// when there is none; left then counts the pairs leased to other owners,
// which may yet come free.
func (db *DB) TakeTunePair(ctx context.Context, id int64, owner string, lease time.Duration) (t TuneTake, ok bool, left int, err error) {
	err = db.tuneTx(ctx, id, func(tx *sql.Tx, now time.Time) error {
		ok, left = false, 0
		var theta string
		var pairs, next int
		if err := tx.QueryRowContext(ctx, `SELECT theta, done, pairs, next_pair FROM tune_runs WHERE id = ?`, id).
			Scan(&theta, &t.K, &pairs, &next); err != nil {
			return err
		}
		t.K++
		if err := json.Unmarshal([]byte(theta), &t.Theta); err != nil {
			return fmt.Errorf("theta: %w", err)
		}
		nowMS, until := now.UnixMilli(), now.Add(lease).UnixMilli()
		err := tx.QueryRowContext(ctx, `SELECT pair FROM tune_pairs WHERE run_id = ? AND seq IS NULL
			AND (owner IS NULL OR lease_until < ?) ORDER BY pair LIMIT 1`, id, nowMS).Scan(&t.Pair)
		switch {
		case err == nil:
			_, err = tx.ExecContext(ctx, `UPDATE tune_pairs SET owner = ?, lease_until = ? WHERE run_id = ? AND pair = ?`,
				owner, until, id, t.Pair)
			ok = err == nil
			return err
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if next < pairs {
			t.Pair = next
			if _, err := tx.ExecContext(ctx, `INSERT INTO tune_pairs (run_id, pair, owner, lease_until) VALUES (?,?,?,?)`,
				id, next, owner, until); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `UPDATE tune_runs SET next_pair = ? WHERE id = ?`, next+1, id)
			ok = err == nil
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT count(*) FROM tune_pairs WHERE run_id = ? AND seq IS NULL
			AND owner <> ?`, id, owner).Scan(&left)
	})
	if err != nil {
		return TuneTake{}, false, 0, fmt.Errorf("take a pair: %w", err)
	}
	return t, ok, left, nil
}

// StoreTunePair stores pair p of run id, played by owner, and θ after it
// in one transaction: update moves θ, the run's now, by p's result; p.Seq,
// p.Theta and p.StoredAt are set. A pair stored already (another runner
// played it after owner's lease expired) gives ErrDuplicate, and nothing
// changes.
func (db *DB) StoreTunePair(ctx context.Context, id int64, owner string, p *TunePair, update func(theta []float64)) error {
	err := db.tuneTx(ctx, id, func(tx *sql.Tx, now time.Time) error {
		var seq sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT seq FROM tune_pairs WHERE run_id = ? AND pair = ?`, id, p.Pair).
			Scan(&seq); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		} else if seq.Valid {
			return ErrDuplicate
		}
		var theta string
		var done int
		if err := tx.QueryRowContext(ctx, `SELECT theta, done FROM tune_runs WHERE id = ?`, id).Scan(&theta, &done); err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(theta), &p.Theta); err != nil {
			return fmt.Errorf("theta: %w", err)
		}
		update(p.Theta)
		p.Seq, p.StoredAt = done+1, now
		after, _ := json.Marshal(p.Theta)
		flips, _ := json.Marshal(p.Flips)
		plus, _ := json.Marshal(p.Plus)
		minus, _ := json.Marshal(p.Minus)
		games, _ := json.Marshal(p.Games)
		// The pair's row exists when it was handed out here; a pair
		// stored without one (a copy) is inserted.
		res, err := tx.ExecContext(ctx, `UPDATE tune_pairs SET owner = NULL, lease_until = NULL, seq = ?, k = ?, flips = ?,
			plus = ?, minus = ?, games = ?, result = ?, theta = ?, stored_at = ? WHERE run_id = ? AND pair = ?`,
			p.Seq, p.K, string(flips), string(plus), string(minus), string(games), p.Result, string(after),
			now.UTC().Format(time.RFC3339Nano), id, p.Pair)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("pair %d was never handed out", p.Pair)
		}
		_, err = tx.ExecContext(ctx, `UPDATE tune_runs SET theta = ?, done = ? WHERE id = ?`, string(after), p.Seq, id)
		return err
	})
	if err != nil && !errors.Is(err, ErrDuplicate) {
		return fmt.Errorf("store pair %d: %w", p.Pair, err)
	}
	return err
}

// RenewTunePairs extends the leases of owner's pairs of run id in play
// by lease from now.
func (db *DB) RenewTunePairs(ctx context.Context, id int64, owner string, lease time.Duration) error {
	return db.retry(ctx, func(bool) error {
		_, err := db.ExecContext(ctx, `UPDATE tune_pairs SET lease_until = ? WHERE run_id = ? AND owner = ? AND seq IS NULL`,
			time.Now().Add(lease).UnixMilli(), id, owner)
		return err
	})
}

// GiveBackTunePairs frees owner's pairs of run id not stored, so that
// another runner takes them at once.
func (db *DB) GiveBackTunePairs(ctx context.Context, id int64, owner string) error {
	return db.retry(ctx, func(bool) error {
		_, err := db.ExecContext(ctx, `UPDATE tune_pairs SET owner = NULL, lease_until = NULL
			WHERE run_id = ? AND owner = ? AND seq IS NULL`, id, owner)
		return err
	})
}

// TuneRun returns run id as stored now.
func (db *DB) TuneRun(ctx context.Context, id int64) (*TuneRun, error) {
	r, err := scanTuneRun(db.QueryRowContext(ctx, tuneRunSelect+` WHERE id = ?`, id))
	if err != nil {
		return nil, fmt.Errorf("tuning run %d: %w", id, err)
	}
	return r, nil
}

// TuneRuns returns every tuning run stored, by name.
func (db *DB) TuneRuns(ctx context.Context) ([]TuneRun, error) {
	rows, err := db.QueryContext(ctx, tuneRunSelect+` ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("tuning runs: %w", err)
	}
	defer rows.Close()
	var runs []TuneRun
	for rows.Next() {
		r, err := scanTuneRun(rows)
		if err != nil {
			return nil, fmt.Errorf("tuning runs: %w", err)
		}
		runs = append(runs, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("tuning runs: %w", err)
	}
	return runs, nil
}

// TunePairs returns the stored pairs of run id in the order they were
// applied to θ.
func (db *DB) TunePairs(ctx context.Context, id int64) ([]TunePair, error) {
	rows, err := db.QueryContext(ctx, `SELECT pair, seq, k, flips, plus, minus, games, result, theta, stored_at
		FROM tune_pairs WHERE run_id = ? AND seq IS NOT NULL ORDER BY seq`, id)
	if err != nil {
		return nil, fmt.Errorf("tuning pairs: %w", err)
	}
	defer rows.Close()
	var ps []TunePair
	for rows.Next() {
		var p TunePair
		var flips, plus, minus, games, theta, at string
		if err := rows.Scan(&p.Pair, &p.Seq, &p.K, &flips, &plus, &minus, &games, &p.Result, &theta, &at); err != nil {
			return nil, fmt.Errorf("tuning pairs: %w", err)
		}
		for _, x := range []struct {
			s   string
			dst any
		}{{flips, &p.Flips}, {plus, &p.Plus}, {minus, &p.Minus}, {games, &p.Games}, {theta, &p.Theta}} {
			if err := json.Unmarshal([]byte(x.s), x.dst); err != nil {
				return nil, fmt.Errorf("tuning pairs: pair %d: %w", p.Pair, err)
			}
		}
		p.StoredAt, _ = time.Parse(time.RFC3339Nano, at)
		ps = append(ps, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("tuning pairs: %w", err)
	}
	return ps, nil
}
