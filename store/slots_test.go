package store

import (
	"context"
	"errors"
	"fmt"
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
	tour := registered(t, db, 3)
	a, err := db.NewLeases(ctx, tour.ID, 3, "a", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	// b's leases last an hour; the test ends one when it wants it expired,
	// so that no step before depends on the machine's speed.
	b, err := db.NewLeases(ctx, tour.ID, 3, "b", time.Hour)
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
	var leased bool
	if err := db.QueryRow(`SELECT lease_until > now() + make_interval(secs => 3000) FROM slots
		WHERE tournament_id = ? AND slot = 1 AND owner = 'b'`, tour.ID).Scan(&leased); err != nil || !leased {
		t.Fatalf("b's lease on slot 1 ends within 50 minutes (%v); want in an hour", err)
	}
	claim(a, 2, 0)
	claim(b, -1, 2) // all leased: a's two may come free for b, not b's own
	claim(a, -1, 1) // b's one
	if err := store(0, "a0"); err != nil {
		t.Fatal(err)
	}
	claim(b, -1, 1)
	// b's lease on slot 1 expires.
	if _, err := db.Exec(`UPDATE slots SET lease_until = now() - make_interval(secs => 1)
		WHERE tournament_id = ? AND slot = 1 AND owner = 'b'`, tour.ID); err != nil {
		t.Fatal(err)
	}
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

// TestLeasesBatches checks that the rows of a long schedule are made a
// batch at a time as the claims reach them, not all at the start, with
// the claims of two runners still in slot order across the batches, and
// the slots stored before (a copy) found stored.
func TestLeasesBatches(t *testing.T) {
	defer func(n int) { slotBatch = n }(slotBatch)
	slotBatch = 4
	ctx := context.Background()
	db := openTest(t, pgtest.URL(t))
	const total = 10_000_000
	tour := registered(t, db, total)
	in := db.NewInserter()
	defer in.Close()
	for _, k := range []int{5, 6} { // stored already, as after a copy
		g := testGame(k)
		g.TournamentID, g.Slot = tour.ID, k
		if err := in.Insert(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	rows := func() int {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM slots WHERE tournament_id = ?`, tour.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	a, err := db.NewLeases(ctx, tour.ID, total, "a", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.NewLeases(ctx, tour.ID, total, "b", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if n := rows(); n != slotBatch {
		t.Errorf("%d rows of slots after two starts; want a batch, %d", n, slotBatch)
	}
	var got []int
	for i := range 9 {
		l := []*Leases{a, b}[i%2]
		slot, _, err := l.Claim(ctx, total)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, slot)
	}
	if want := []int{0, 1, 2, 3, 4, 7, 8, 9, 10}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("claims %v; want %v (in slot order, 5 and 6 stored)", got, want)
	}
	if n := rows(); n > 16 {
		t.Errorf("%d rows of slots after claims up to slot 10; want a batch or two ahead, not the schedule", n)
	}
	// An SPRT that counts fewer games than are stored holds every claim
	// back, and a claim held back makes no rows.
	if err := db.SaveSPRT(ctx, &SPRT{TournamentID: tour.ID, Player: "a", Opponent: "b", Model: "normalized"}, nil, false); err != nil {
		t.Fatal(err)
	}
	before := rows()
	for range 3 {
		if slot, left, err := a.Claim(ctx, total); err != nil || slot != -1 || left < 1 {
			t.Errorf("Claim with the SPRT behind the stored games = %d, %d, %v; want -1, at least 1 left", slot, left, err)
		}
	}
	if n := rows(); n != before {
		t.Errorf("claims held back by the SPRT made %d rows of slots; want none", n-before)
	}
}
