package main

import (
	"context"
	"fmt"

	"github.com/arbiter-games/arbiter/internal/outfile"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/stats"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/view"
)

// writeGamesPage writes the games of q's selection as a viewer page to
// path (report --games; see view.Stored).
func writeGamesPage(ctx context.Context, e *env, db *store.DB, q stats.Query, path string) error {
	page, err := view.Stored(ctx, db, q, replay.MaxJobs()/4)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	w, finish, err := createOutput(e, "--games", path)
	if err != nil {
		return err
	}
	if page.Games() == 0 {
		return finish(fmt.Errorf("report: --games: the selection holds no games"))
	}
	return finish(page.Write(outfile.Interruptible(ctx, w), ""))
}
