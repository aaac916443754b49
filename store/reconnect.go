package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// A tournament's runner keeps its games in play when the connection to a
// PostgreSQL server is lost (the server restarted, the network down for a
// while): the statements it runs (Inserter.Insert, SlotGames, SaveSPRT and
// those of Leases) are tried again, with waits from retryFirst doubling to
// retryMost, for up to ReconnectFor; then they fail with a *LostError.
// SQLite has no connection to lose.

// ReconnectFor is how long a statement is tried again on a lost
// connection (a variable for the tests).
var ReconnectFor = time.Minute

// The waits between two tries.
var retryFirst, retryMost = 100 * time.Millisecond, 5 * time.Second

// LostError is the error of a statement whose connection to the server was
// lost and did not come back within ReconnectFor.
type LostError struct {
	DB  string        // the database's name (Name)
	For time.Duration // how long it was tried
	Err error         // the last try's error
}

func (e *LostError) Error() string {
	return fmt.Sprintf("database %s: the connection to the server is lost and did not come back within %v: %v", e.DB, e.For, e.Err)
}

func (e *LostError) Unwrap() error { return e.Err }

// connLost reports whether err says that the connection to the server is
// lost, or that the server cannot take one now: what trying again later
// may cure.
func connLost(err error) bool {
	var (
		pe *pgconn.PgError
		ce *pgconn.ConnectError
		ne net.Error
	)
	switch {
	case err == nil:
		return false
	case errors.Is(err, driver.ErrBadConn), errors.Is(err, pgconn.ErrConnClosed),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.As(err, &ce), errors.As(err, &ne):
		return true
	case errors.As(err, &pe):
		// Class 08, connection exception; 57P01-57P03, the server
		// shutting down or starting.
		return strings.HasPrefix(pe.Code, "08") || pe.Code == "57P01" || pe.Code == "57P02" || pe.Code == "57P03"
	}
	// What pgx says of a connection that broke mid-statement.
	msg := err.Error()
	return strings.Contains(msg, "conn closed") || strings.Contains(msg, "unexpected EOF") ||
		strings.Contains(msg, "broken pipe") || strings.Contains(msg, "connection reset by peer")
}

// retry runs try until it succeeds, fails for another reason than a lost
// connection, or ReconnectFor has passed since the first loss (a
// *LostError); on SQLite it runs try once. Once a statement has given up,
// the next ones that find the connection lost give up at once: the runner
// is stopping, and its last statements (giving its leases back) should not
// each wait as long again. lost, when not nil, is told
// that a try was lost, before the next one (a statement that may have
// been done although its answer was lost looks for its own work then).
// The waits end with ctx, whose error is then returned.
func (db *DB) retry(ctx context.Context, try func(lost bool) error) error {
	err := try(false)
	if !db.dialect.shared || !connLost(err) {
		return err
	}
	start, wait := time.Now(), retryFirst
	for connLost(err) {
		if db.gaveUp.Load() || time.Since(start) >= ReconnectFor {
			db.gaveUp.Store(true)
			return &LostError{DB: db.path, For: ReconnectFor, Err: err}
		}
		t := time.NewTimer(min(wait, ReconnectFor-time.Since(start)))
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
		wait = min(2*wait, retryMost)
		err = try(true)
	}
	return err
}
