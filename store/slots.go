package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Leases hand out the slots of one tournament to the runners that play it
// together on PostgreSQL (table slots, see docs/scaling.md): a runner claims
// the first slot that is neither stored nor leased (or whose lease has
// expired), renews its leases while it plays, and the game's store marks
// the slot stored in the same transaction (Inserter). The games table's
// unique (tournament_id, slot) keeps every slot stored once, whatever the
// leases: a runner whose lease expired and whose slot another runner
// stored meanwhile gets ErrDuplicate and drops its game.
type Leases struct {
	db    *DB
	tid   int64
	owner string
	lease time.Duration
}

// ErrNoLeases is returned by NewLeases on a SQLite database, which one
// runner at a time plays.
var ErrNoLeases = errors.New("slot leases need a PostgreSQL database")

// NewLeases makes sure the slots 0..total-1 of tournament tid exist (see
// Add) and returns the leases of owner, each lasting lease unless renewed.
func (db *DB) NewLeases(ctx context.Context, tid int64, total int, owner string, lease time.Duration) (*Leases, error) {
	if !db.postgres {
		return nil, ErrNoLeases
	}
	l := &Leases{db: db, tid: tid, owner: owner, lease: lease}
	if err := l.Add(ctx, total); err != nil {
		return nil, err
	}
	return l, nil
}

// Add makes sure the slots 0..total-1 of the tournament exist, marking
// stored those that have a game (as after a copy): the runner that makes
// a stage of the schedule first adds its slots, the others find them.
func (l *Leases) Add(ctx context.Context, total int) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("slots: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO slots (tournament_id, slot)
		SELECT ?, s FROM generate_series(0, ? - 1) AS s ON CONFLICT DO NOTHING`, l.tid, total); err != nil {
		return fmt.Errorf("slots: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE slots SET stored = true, owner = NULL, lease_until = NULL
		WHERE tournament_id = ? AND NOT stored
		AND slot IN (SELECT slot FROM games WHERE tournament_id = ? AND slot IS NOT NULL)`, l.tid, l.tid); err != nil {
		return fmt.Errorf("slots: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("slots: %w", err)
	}
	return nil
}

// Claim leases the first free slot below below to the owner and returns
// it; with none free (or none to play: the tournament's SPRT has
// answered), slot is -1 and left is how many slots not stored yet may
// still come free for the owner: those other runners lease (they may die,
// and their leases expire). The owner's own slots in play do not count:
// its games will store them, so a runner left with only those has nothing
// to wait for. below is the end of the schedule the owner knows: a slot
// past it is of a stage it has not made yet. In a match with an SPRT no
// slot is claimed while the stored test lags behind the stored games
// (left is then at least 1: ask again), nor once it has answered.
func (l *Leases) Claim(ctx context.Context, below int) (slot, left int, err error) {
	for try := 0; ; try++ {
		err = l.db.QueryRowContext(ctx, `UPDATE slots SET owner = ?, lease_until = now() + make_interval(secs => ?)
			WHERE tournament_id = ? AND slot = (
				SELECT slot FROM slots
				WHERE tournament_id = ? AND slot < ? AND NOT stored AND (owner IS NULL OR lease_until < now())
				AND NOT EXISTS (`+sprtStopsClaims+`)
				ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED)
			RETURNING slot`, l.owner, l.lease.Seconds(), l.tid, l.tid, below, l.tid, l.tid).Scan(&slot)
		if err == nil {
			return slot, 0, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return -1, 0, fmt.Errorf("claim a slot: %w", err)
		}
		var free int
		var decided, behind bool
		if err := l.db.QueryRowContext(ctx, `SELECT
			count(CASE WHEN owner IS NULL OR lease_until < now() THEN 1 END),
			count(CASE WHEN owner IS DISTINCT FROM ? OR lease_until < now() THEN 1 END),
			EXISTS (SELECT 1 FROM sprt WHERE tournament_id = ? AND decided_after IS NOT NULL),
			EXISTS (`+sprtStopsClaims+`)
			FROM slots WHERE tournament_id = ? AND slot < ? AND NOT stored`, l.owner, l.tid, l.tid, l.tid, l.tid, below).Scan(&free, &left, &decided, &behind); err != nil {
			return -1, 0, fmt.Errorf("claim a slot: %w", err)
		}
		switch {
		case decided:
			// The match's SPRT has answered over the stored games: no
			// runner starts a game any more, whether or not it has read
			// the answer, so that all end on the same games.
			return -1, 0, nil
		case behind:
			// A runner stored a game and has not yet brought the stored
			// SPRT up to date with it: the answer to that game may be to
			// stop. Ask again in a moment.
			return -1, max(left, 1), nil
		}
		// A free slot that the UPDATE did not get was being claimed by
		// another worker at the same moment (its subquery chose the same
		// row, which the other's lock then took): try again at once
		// rather than wait for a poll.
		if free == 0 || try == 100 {
			return -1, left, nil
		}
	}
}

// sprtStopsClaims selects the tournament's SPRT row (two parameters: the
// tournament, twice) when it forbids a claim: the test has answered, or it
// does not count every stored game yet (a runner stored one and has not
// saved the test's answer to it). A tournament without an SPRT has no row.
const sprtStopsClaims = `SELECT 1 FROM sprt s WHERE s.tournament_id = ? AND (s.decided_after IS NOT NULL
	OR s.games < (SELECT count(*) FROM games g WHERE g.tournament_id = ? AND g.slot IS NOT NULL))`

// Renew extends every lease the owner holds in the tournament by the lease
// time from now.
func (l *Leases) Renew(ctx context.Context) error {
	_, err := l.db.ExecContext(ctx, `UPDATE slots SET lease_until = now() + make_interval(secs => ?)
		WHERE tournament_id = ? AND owner = ? AND NOT stored`, l.lease.Seconds(), l.tid, l.owner)
	if err != nil {
		return fmt.Errorf("renew leases: %w", err)
	}
	return nil
}

// Busy returns how many slots of the tournament other runners (or this
// one) hold under a lease that has not expired: games in play.
func (l *Leases) Busy(ctx context.Context) (int, error) {
	var n int
	err := l.db.QueryRowContext(ctx, `SELECT count(*) FROM slots
		WHERE tournament_id = ? AND NOT stored AND owner IS NOT NULL AND lease_until >= now()`, l.tid).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count the games in play: %w", err)
	}
	return n, nil
}

// Release gives back the slots the owner holds and has not stored (games
// abandoned), for other runners to play at once rather than at lease
// expiry.
func (l *Leases) Release(ctx context.Context) error {
	_, err := l.db.ExecContext(ctx, `UPDATE slots SET owner = NULL, lease_until = NULL
		WHERE tournament_id = ? AND owner = ? AND NOT stored`, l.tid, l.owner)
	if err != nil {
		return fmt.Errorf("release leases: %w", err)
	}
	return nil
}
