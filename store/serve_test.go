package store

import (
	"context"
	"testing"
)

// TestLatestGames: the latest games of one tournament, the latest first,
// when its games and another tournament's were stored in turn, on both
// backends.
func TestLatestGames(t *testing.T) {
	backends(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		var ids [2]int64
		for i, name := range []string{"a", "b"} {
			tour := &Tournament{Name: name, Game: "lines-of-action", ConfigHash: "h", TotalGames: 10}
			if err := db.Register(ctx, tour, nil); err != nil {
				t.Fatal(err)
			}
			ids[i] = tour.ID
		}
		in := db.NewInserter()
		defer in.Close()
		for i := range 10 {
			g := testGame(i)
			g.TournamentID, g.Slot = ids[i%2], i/2
			if err := in.Insert(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		p, err := db.Progress(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		got, err := db.LatestGames(ctx, ids[0], p.LastID, 3)
		if err != nil {
			t.Fatal(err)
		}
		// Tournament a has the games stored 1st, 3rd, ..., 9th.
		var slots []int64
		for _, g := range got {
			slots = append(slots, g.Slot.Int64)
		}
		if len(got) != 3 || got[0].ID != p.LastID || slots[0] != 4 || slots[1] != 3 || slots[2] != 2 {
			t.Errorf("latest games of a (last id %d): ids %v, slots %v; want its last id first, slots 4, 3, 2", p.LastID, got, slots)
		}
	})
}
