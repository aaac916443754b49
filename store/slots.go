package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
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
//
// The slots' rows are made a batch at a time (slotBatch), ahead of the
// claims, rather than all when a runner starts: a schedule of millions of
// games costs a batch of rows before its first game, and the claims find
// their rows made.
//
// A Leases may be used from several goroutines; its claims are made one at
// a time. On a lost connection its statements are tried again (see
// ReconnectFor); a claim whose answer the loss took is found again, as a
// slot leased to the owner that no claim handed out.
type Leases struct {
	db    *DB
	tid   int64
	owner string
	lease time.Duration

	mu   sync.Mutex
	made int // the slots below it have their rows (made by this runner or another)
	// handed holds the slots Claim handed out that may still be in play:
	// Renew forgets those no longer leased (stored, given back).
	handed map[int]bool
}

// slotBatch is how many rows of slots a runner makes at a time (a
// variable for the tests).
var slotBatch = 10_000

// ErrNoLeases is returned by NewLeases on a SQLite database, which one
// runner at a time plays.
var ErrNoLeases = errors.New("slot leases need a PostgreSQL database")

// NewLeases makes sure the first slots of 0..total-1 of tournament tid
// exist (see Add) and returns the leases of owner, each lasting lease
// unless renewed.
func (db *DB) NewLeases(ctx context.Context, tid int64, total int, owner string, lease time.Duration) (*Leases, error) {
	if !db.dialect.shared {
		return nil, ErrNoLeases
	}
	l := &Leases{db: db, tid: tid, owner: owner, lease: lease, handed: map[int]bool{}}
	if err := l.Add(ctx, total); err != nil {
		return nil, err
	}
	return l, nil
}

// Add makes sure the slots of 0..total-1 of the tournament exist up to a
// batch past those made (all of them when fewer), marking stored those
// that have a game (as after a copy): the runner that makes a stage of the
// schedule first adds its first slots, the others find them; Claim makes
// the rest as the claims reach them.
func (l *Leases) Add(ctx context.Context, total int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.makeRows(ctx, min(total, l.made+slotBatch))
}

// makeRows makes the rows of the slots l.made..to-1 that do not exist, in
// one transaction, marking stored those that have a game; l.mu is held.
func (l *Leases) makeRows(ctx context.Context, to int) error {
	from := l.made
	if to <= from {
		return nil
	}
	if err := l.db.retry(ctx, func(bool) error { return l.makeRowsOnce(ctx, from, to) }); err != nil {
		return err
	}
	l.made = to
	return nil
}

// makeRowsOnce is makeRows' transaction.
func (l *Leases) makeRowsOnce(ctx context.Context, from, to int) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("slots: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO slots (tournament_id, slot)
		SELECT ?, s FROM generate_series(?, ? - 1) AS s ON CONFLICT DO NOTHING`, l.tid, from, to); err != nil {
		return fmt.Errorf("slots: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE slots SET stored = true, owner = NULL, lease_until = NULL
		WHERE tournament_id = ? AND NOT stored AND slot >= ? AND slot < ?
		AND slot IN (SELECT slot FROM games WHERE tournament_id = ? AND slot >= ? AND slot < ?)`,
		l.tid, from, to, l.tid, from, to); err != nil {
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
// past it is of a stage it has not made yet. The rows of the slots are
// made half a batch ahead of the claims, and when no row made is free.
func (l *Leases) Claim(ctx context.Context, below int) (slot, left int, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	slot, left, held, err := l.claimAgain(ctx, below)
	for err == nil && slot < 0 && !held && l.made < below {
		// The slots past those made are free.
		if err = l.makeRows(ctx, min(below, l.made+slotBatch)); err == nil {
			slot, left, held, err = l.claimAgain(ctx, below)
		}
	}
	if err == nil && slot >= 0 {
		l.handed[slot] = true
		if slot+slotBatch/2 >= l.made && l.made < below {
			// Ahead of the claims: should it fail, the next claim
			// makes them (or fails as this one would).
			l.makeRows(ctx, min(below, l.made+slotBatch))
		}
	}
	return slot, left, err
}

// claimAgain is claim, tried again on a lost connection. After a loss it
// first takes a slot leased to the owner that no claim handed out: the
// slot of a claim that was made although the loss took its answer, which
// would otherwise stay leased, unplayed, as long as the owner renews its
// leases. l.mu is held.
func (l *Leases) claimAgain(ctx context.Context, below int) (slot, left int, held bool, err error) {
	err = l.db.retry(ctx, func(lost bool) error {
		if lost {
			k, err := l.unhanded(ctx)
			if err != nil || k >= 0 {
				slot, left, held = k, 0, false
				return err
			}
		}
		var err error
		slot, left, held, err = l.claim(ctx, below)
		return err
	})
	return slot, left, held, err
}

// unhanded returns the first slot leased to the owner, not stored, that
// no claim handed out, or -1. l.mu is held.
func (l *Leases) unhanded(ctx context.Context) (int, error) {
	rows, err := l.db.QueryContext(ctx, `SELECT slot FROM slots WHERE tournament_id = ? AND owner = ? AND NOT stored
		ORDER BY slot`, l.tid, l.owner)
	if err != nil {
		return -1, fmt.Errorf("claim a slot: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k int
		if err := rows.Scan(&k); err != nil {
			return -1, fmt.Errorf("claim a slot: %w", err)
		}
		if !l.handed[k] {
			return k, nil
		}
	}
	if err := rows.Err(); err != nil {
		return -1, fmt.Errorf("claim a slot: %w", err)
	}
	return -1, nil
}

// claim is Claim among the rows made; held says that no slot was claimed
// because the tournament's SPRT forbids it (not for want of a free row).
func (l *Leases) claim(ctx context.Context, below int) (slot, left int, held bool, err error) {
	for try := 0; ; try++ {
		err = l.db.QueryRowContext(ctx, `UPDATE slots SET owner = ?, lease_until = now() + make_interval(secs => ?)
			WHERE tournament_id = ? AND slot = (
				SELECT slot FROM slots
				WHERE tournament_id = ? AND slot < ? AND NOT stored AND (owner IS NULL OR lease_until < now())
				AND NOT EXISTS (`+sprtStopsClaims+`)
				ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED)
			RETURNING slot`, l.owner, l.lease.Seconds(), l.tid, l.tid, below, l.tid, l.tid).Scan(&slot)
		if err == nil {
			return slot, 0, false, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return -1, 0, false, fmt.Errorf("claim a slot: %w", err)
		}
		var free int
		var decided, behind bool
		if err := l.db.QueryRowContext(ctx, `SELECT
			count(CASE WHEN owner IS NULL OR lease_until < now() THEN 1 END),
			count(CASE WHEN owner IS DISTINCT FROM ? OR lease_until < now() THEN 1 END),
			EXISTS (SELECT 1 FROM sprt WHERE tournament_id = ? AND decided_after IS NOT NULL),
			EXISTS (`+sprtStopsClaims+`)
			FROM slots WHERE tournament_id = ? AND slot < ? AND NOT stored`, l.owner, l.tid, l.tid, l.tid, l.tid, below).Scan(&free, &left, &decided, &behind); err != nil {
			return -1, 0, false, fmt.Errorf("claim a slot: %w", err)
		}
		switch {
		case decided:
			// The match's SPRT has answered over the stored games: no
			// runner starts a game any more, whether or not it has read
			// the answer, so that all end on the same games.
			return -1, 0, true, nil
		case behind:
			// A runner stored a game and has not yet brought the stored
			// SPRT up to date with it: the answer to that game may be to
			// stop. Ask again in a moment.
			return -1, max(left, 1), true, nil
		}
		// A free slot that the UPDATE did not get was being claimed by
		// another worker at the same moment (its subquery chose the same
		// row, which the other's lock then took): try again at once
		// rather than wait for a poll.
		if free == 0 || try == 100 {
			return -1, left, false, nil
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
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.db.retry(ctx, func(bool) error {
		rows, err := l.db.QueryContext(ctx, `UPDATE slots SET lease_until = now() + make_interval(secs => ?)
			WHERE tournament_id = ? AND owner = ? AND NOT stored RETURNING slot`, l.lease.Seconds(), l.tid, l.owner)
		if err != nil {
			return fmt.Errorf("renew leases: %w", err)
		}
		defer rows.Close()
		held := make(map[int]bool, len(l.handed))
		for rows.Next() {
			var k int
			if err := rows.Scan(&k); err != nil {
				return fmt.Errorf("renew leases: %w", err)
			}
			held[k] = true
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("renew leases: %w", err)
		}
		// The slots handed out and no longer leased are stored, or
		// were given back.
		for k := range l.handed {
			if !held[k] {
				delete(l.handed, k)
			}
		}
		return nil
	})
}

// Busy returns how many slots of the tournament other runners (or this
// one) hold under a lease that has not expired: games in play.
func (l *Leases) Busy(ctx context.Context) (int, error) {
	var n int
	err := l.db.retry(ctx, func(bool) error {
		return l.db.QueryRowContext(ctx, `SELECT count(*) FROM slots
			WHERE tournament_id = ? AND NOT stored AND owner IS NOT NULL AND lease_until >= now()`, l.tid).Scan(&n)
	})
	if err != nil {
		return 0, fmt.Errorf("count the games in play: %w", err)
	}
	return n, nil
}

// Release gives back the slots the owner holds and has not stored (games
// abandoned), for other runners to play at once rather than at lease
// expiry.
func (l *Leases) Release(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	err := l.db.retry(ctx, func(bool) error {
		_, err := l.db.ExecContext(ctx, `UPDATE slots SET owner = NULL, lease_until = NULL
			WHERE tournament_id = ? AND owner = ? AND NOT stored`, l.tid, l.owner)
		return err
	})
	if err != nil {
		return fmt.Errorf("release leases: %w", err)
	}
	clear(l.handed)
	return nil
}
