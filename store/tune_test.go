package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// TestTunePairs checks the hand-out of a run's pairs on both backends: in
// order, an expired lease's pair taken again by another owner, a pair
// stored once (the late owner's result dropped with ErrDuplicate), the
// iteration and θ of a take those of the pairs stored, and a run
// registered again found with its state, or refused with another hash.
func TestTunePairs(t *testing.T) {
	backends(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		r := &TuneRun{Name: "run", Game: "lines-of-action", Engine: "e", Config: "c", ConfigHash: "h", Pairs: 3,
			Params: []TuneParam{{Name: "X", Start: 10, Min: 0, Max: 100}}, Theta: []float64{10}}
		if err := db.RegisterTune(ctx, r); err != nil || r.Found {
			t.Fatalf("RegisterTune: %v, found %v", err, r.Found)
		}
		take := func(owner string, lease time.Duration) TuneTake {
			t.Helper()
			tk, ok, _, err := db.TakeTunePair(ctx, r.ID, owner, lease)
			if err != nil || !ok {
				t.Fatalf("take by %s: %v, %v", owner, ok, err)
			}
			return tk
		}
		store := func(owner string, tk TuneTake, d float64) error {
			return db.StoreTunePair(ctx, r.ID, owner, &TunePair{Pair: tk.Pair, K: tk.K, Flips: []int{1}, Plus: []float64{12},
				Minus: []float64{8}, Games: []string{"1-0", "0-1"}, Result: 2}, func(th []float64) { th[0] += d })
		}
		a := take("a", time.Minute)
		b := take("b", -time.Second) // expired at once
		if a.Pair != 0 || b.Pair != 1 || a.K != 1 || b.K != 1 {
			t.Fatalf("takes %+v, %+v; want pairs 0 and 1 at iteration 1", a, b)
		}
		c := take("c", time.Minute) // b's pair, its lease expired
		if c.Pair != 1 {
			t.Fatalf("take after an expired lease: pair %d; want 1", c.Pair)
		}
		if err := store("c", c, 5); err != nil {
			t.Fatal(err)
		}
		if err := store("b", b, 7); !errors.Is(err, ErrDuplicate) {
			t.Fatalf("store of a pair stored already: %v; want ErrDuplicate", err)
		}
		d := take("d", time.Minute)
		if d.Pair != 2 || d.K != 2 || !slices.Equal(d.Theta, []float64{15}) {
			t.Fatalf("take after a pair stored: %+v; want pair 2 at iteration 2 from θ 15", d)
		}
		if _, ok, left, err := db.TakeTunePair(ctx, r.ID, "e", time.Minute); err != nil || ok || left != 2 {
			t.Fatalf("take with every pair handed out: %v, %d left, %v; want none, 2 left", ok, left, err)
		}
		if err := store("a", a, 1); err != nil {
			t.Fatal(err)
		}
		again := &TuneRun{Name: "run", ConfigHash: "h"}
		if err := db.RegisterTune(ctx, again); err != nil || !again.Found || again.Done != 2 || !slices.Equal(again.Theta, []float64{16}) {
			t.Fatalf("RegisterTune again: %+v, %v; want found, 2 done, θ 16", again, err)
		}
		if err := db.RegisterTune(ctx, &TuneRun{Name: "run", ConfigHash: "other"}); !errors.Is(err, ErrConfigChanged) {
			t.Fatalf("RegisterTune with another hash: %v; want ErrConfigChanged", err)
		}
		ps, err := db.TunePairs(ctx, r.ID)
		if err != nil || len(ps) != 2 || ps[0].Pair != 1 || ps[0].Seq != 1 || ps[1].Pair != 0 || ps[1].Seq != 2 ||
			!slices.Equal(ps[1].Theta, []float64{16}) || !slices.Equal(ps[0].Games, []string{"1-0", "0-1"}) {
			t.Fatalf("TunePairs = %+v, %v", ps, err)
		}
	})
}
