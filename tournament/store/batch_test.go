package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

func testGame(i int) *Game {
	return &Game{Slot: -1, Pair: -1, Game: "lines-of-action", White: fmt.Sprintf("p%d", i%7),
		Black: fmt.Sprintf("p%d", (i+1)%7), Result: "1-0", Plies: 100,
		Record: fmt.Sprintf("[Game \"Lines of Action\"]\n[Round \"%d\"]\n\n%s1-0\n", i, strings.Repeat("1. b1-b3 a2-c2 ", 60))}
}

func TestBatch(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "b.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b := db.NewBatch(3)
	for i := range 10 {
		if err := b.Insert(ctx, testGame(i)); err != nil {
			t.Fatalf("Insert(%d): %v", i, err)
		}
	}
	// A duplicate in the same batch and one of a committed batch.
	if err := b.Insert(ctx, testGame(9)); !errors.Is(err, ErrDuplicate) {
		t.Errorf("Insert(duplicate in batch) = %v; want ErrDuplicate", err)
	}
	if err := b.Insert(ctx, testGame(0)); !errors.Is(err, ErrDuplicate) {
		t.Errorf("Insert(duplicate of a committed game) = %v; want ErrDuplicate", err)
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM games`).Scan(&n); err != nil || n != 10 {
		t.Errorf("%d games stored (%v); want 10", n, err)
	}

	// Rollback drops what is not committed.
	b = db.NewBatch(100)
	if err := b.Insert(ctx, testGame(100)); err != nil {
		t.Fatal(err)
	}
	b.Rollback()
	if err := db.QueryRow(`SELECT count(*) FROM games`).Scan(&n); err != nil || n != 10 {
		t.Errorf("%d games after rollback (%v); want 10", n, err)
	}

	// EnsureTournament creates once.
	id1, g1, err := EnsureTournament(ctx, db, "t", "lines-of-action")
	if err != nil {
		t.Fatal(err)
	}
	id2, g2, err := EnsureTournament(ctx, db, "t", "tank-battle")
	if err != nil || id1 != id2 || g1 != "lines-of-action" || g2 != "lines-of-action" {
		t.Errorf("EnsureTournament twice = %d %q, %d %q (%v); want the same tournament of lines-of-action", id1, g1, id2, g2, err)
	}
}

// BenchmarkBatchInsert stores games of about 1 kB through a Batch.
func BenchmarkBatchInsert(b *testing.B) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	batch := db.NewBatch(2000)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := batch.Insert(ctx, testGame(i)); err != nil {
			b.Fatal(err)
		}
		i++
	}
	if err := batch.Commit(); err != nil {
		b.Fatal(err)
	}
}
