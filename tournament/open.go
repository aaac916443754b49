package tournament

import (
	"context"

	"github.com/arbiter-games/arbiter/store"
)

// Open opens the database dsn for Run. No game is in play yet:
// the first Ctrl-C (stop) ends the opening of the database (a server's
// connection, its migrations) at once, as it ends Run's start, and
// the error is then ErrStopped.
func Open(ctx context.Context, stop <-chan struct{}, dsn string) (*store.DB, error) {
	octx, ocancel := context.WithCancel(ctx)
	go func() {
		select {
		case <-stop:
			ocancel()
		case <-octx.Done():
		}
	}()
	db, err := store.Open(octx, dsn)
	ocancel()
	if err != nil {
		select {
		case <-stop:
			return nil, ErrStopped // interrupted: run exits with 130
		default:
		}
		return nil, err
	}
	return db, nil
}
