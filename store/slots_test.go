package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/pgtest"
)

// TestLeases walks the life of a shared schedule: claims in slot order,
// never twice while leased, a game's store ending its lease, an expired
// lease going to another runner, whose late store is a duplicate.
func TestLeases(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, pgtest.URL(t))
	tour := &Tournament{Name: "t", Game: "lines-of-action", ConfigHash: "h", TotalGames: 3}
	if err := db.Register(ctx, tour, nil); err != nil {
		t.Fatal(err)
	}
	a, err := db.NewLeases(ctx, tour.ID, 3, "a", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	// b's leases expire soon, but not before the test's next few steps
	// have run on a loaded machine (300 ms was not always enough).
	const bLease = 1500 * time.Millisecond
	b, err := db.NewLeases(ctx, tour.ID, 3, "b", bLease)
	if err != nil {
		t.Fatal(err)
	}
	claim := func(l *Leases, wantSlot, wantLeft int) {
		t.Helper()
		slot, left, err := l.Claim(ctx, 3)
		if err != nil || slot != wantSlot || left != wantLeft {
			t.Fatalf("Claim by %s = %d, %d, %v; want %d, %d, nil", l.owner, slot, left, err, wantSlot, wantLeft)
		}
	}
	store := func(slot int, record string) error {
		g := testGame(slot)
		g.TournamentID, g.Slot, g.Record = tour.ID, slot, record
		in := db.NewInserter()
		defer in.Close()
		return in.Insert(ctx, g)
	}
	claim(a, 0, 0)
	claim(b, 1, 0)
	claim(a, 2, 0)
	claim(b, -1, 2) // all leased: a's two may come free for b, not b's own
	claim(a, -1, 1) // b's one
	if err := store(0, "a0"); err != nil {
		t.Fatal(err)
	}
	claim(b, -1, 1)
	time.Sleep(bLease + 100*time.Millisecond) // b's lease on slot 1 expires
	claim(a, 1, 0)
	if err := store(1, "a1"); err != nil {
		t.Fatal(err)
	}
	if err := store(1, "b1"); !errors.Is(err, ErrDuplicate) {
		t.Errorf("late store of slot 1 by b = %v; want ErrDuplicate", err)
	}
	if err := a.Release(ctx); err != nil {
		t.Fatal(err)
	}
	claim(b, 2, 0) // released by a
	if err := b.Renew(ctx); err != nil {
		t.Fatal(err)
	}
	claim(a, -1, 1)

	// A new runner after a copy (slots table empty, games there) sees
	// the stored slots as stored.
	if _, err := db.Exec(`DELETE FROM slots`); err != nil {
		t.Fatal(err)
	}
	c, err := db.NewLeases(ctx, tour.ID, 3, "c", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	claim(c, 2, 0)
	claim(c, -1, 0) // slot 2 is c's own: nothing to wait for

	lite := tempDB(t)
	if _, err := lite.NewLeases(ctx, 1, 3, "a", time.Hour); !errors.Is(err, ErrNoLeases) {
		t.Errorf("NewLeases on SQLite = %v; want ErrNoLeases", err)
	}
}
