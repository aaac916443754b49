package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"

	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/stats"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/view"
)

// writeGamesPage writes the games of q's selection as a viewer page to
// path (report --games), replayed as validate replays a file.
func writeGamesPage(ctx context.Context, e *env, db *store.DB, q stats.Query, path string) error {
	f, err := stats.Selected(ctx, db, q)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	var recs bytes.Buffer
	if err := db.Records(ctx, f, func(rec string) error {
		recs.WriteString(rec)
		recs.WriteString("\n\n")
		return nil
	}); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	page := view.New("arbiter report: the games of " + db.Path())
	name := filepath.Base(db.Path())
	if err := replay.File(ctx, name, recs.Bytes(), replay.Options{Jobs: maxJobs() / 4, Prepare: page.Prepare}, page.Add); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	w, finish, err := createOutput(e, "--games", path)
	if err != nil {
		return err
	}
	if page.Games() == 0 {
		return finish(fmt.Errorf("report: --games: the selection holds no games"))
	}
	return finish(page.Write(interruptible(ctx, w), ""))
}
