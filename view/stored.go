package view

import (
	"bytes"
	"context"
	"path/filepath"

	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/stats"
	"github.com/arbiter-games/arbiter/store"
)

// Stored returns the viewer page of the games of q's selection in db, as
// report --games writes it: their records replayed as validate replays a
// file, jobs at a time.
func Stored(ctx context.Context, db *store.DB, q stats.Query, jobs int) (*Page, error) {
	f, err := stats.Selected(ctx, db, q)
	if err != nil {
		return nil, err
	}
	var recs bytes.Buffer
	if err := db.Records(ctx, f, func(rec string) error {
		recs.WriteString(rec)
		recs.WriteString("\n\n")
		return nil
	}); err != nil {
		return nil, err
	}
	page := New("arbiter report: the games of " + db.Path())
	name := filepath.Base(db.Path())
	if err := replay.File(ctx, name, recs.Bytes(), replay.Options{Jobs: jobs, Prepare: page.Prepare}, page.Add); err != nil {
		return nil, err
	}
	return page, nil
}
