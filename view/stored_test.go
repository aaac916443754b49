package view

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/stats"
	"github.com/arbiter-games/arbiter/store"
)

// TestStored: the page holds the stored games of the selection, and none
// of another game type.
func TestStored(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	data, err := os.ReadFile("../testdata/samples/lines-of-action.agn")
	if err != nil {
		t.Fatal(err)
	}
	in := db.NewImporter(ctx)
	stored := 0
	err = replay.File(ctx, "s.agn", data, replay.Options{Jobs: 1, Text: true}, func(r replay.Report) {
		if r.Valid {
			stored++
			in.Add(store.NewGame(r.Game, r.White, r.Black, r.Result, r.Score, r.Termination, r.Plies, r.Text))
		}
	})
	if _, _, ferr := in.Finish(); err != nil || ferr != nil || stored == 0 {
		t.Fatalf("storing the sample: %v, %v, %d games", err, ferr, stored)
	}
	for _, tt := range []struct {
		game string
		want int
	}{{"", stored}, {"tank-battle", 0}} {
		page, err := Stored(ctx, db, stats.Query{Game: tt.game}, 2)
		if err != nil {
			t.Fatalf("Stored(game %q): %v", tt.game, err)
		}
		if page.Games() != tt.want {
			t.Errorf("Stored(game %q) has %d games; want %d", tt.game, page.Games(), tt.want)
		}
	}
}
