package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestWALStaysSmall: a tournament commits each game on its own; the log
// must not keep growing between SQLite's checkpoints, or a small database
// fills a disk with its log.
func TestWALStaysSmall(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	db := openTest(t, path)
	in := db.NewInserter()
	defer in.Close()
	largest := int64(0)
	for i := range 300 {
		if err := in.Insert(ctx, testGame(i)); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(path + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		largest = max(largest, st.Size())
	}
	const limit = journalSizeLimit + journalSizeLimit/4
	if largest > limit {
		t.Errorf("the log reached %d bytes over 300 games; want at most %d", largest, limit)
	}
}

// BenchmarkInserter is the tournament's commit of one finished game.
func BenchmarkInserter(b *testing.B) {
	db := tempDB(b)
	in := db.NewInserter()
	defer in.Close()
	benchInserts(b, in.Insert)
}

// TestInserterJournalsInMemory: the Inserter's connection keeps its
// statement journals in memory (temp_store 2) and has foreign keys off
// (so that it keeps none), and gives the connection back to the pool as
// the others are (temp_store 0, foreign keys on) when closed.
func TestInserterJournalsInMemory(t *testing.T) {
	ctx := context.Background()
	db := tempDB(t)
	db.SetMaxOpenConns(1) // so that the pool's connection is the Inserter's
	in := db.NewInserter()
	for i := range 3 {
		if err := in.Insert(ctx, testGame(i)); err != nil {
			t.Fatal(err)
		}
	}
	var mode int
	if err := in.conn.QueryRowContext(ctx, "PRAGMA temp_store").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if mode != 2 {
		t.Errorf("temp_store of the Inserter's connection = %d; want 2 (memory)", mode)
	}
	var fk int
	if err := in.conn.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk); err != nil {
		t.Fatal(err)
	}
	if fk != 0 {
		t.Errorf("foreign_keys of the Inserter's connection = %d; want 0", fk)
	}
	if err := in.Close(); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRowContext(ctx, "PRAGMA temp_store").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if mode != 0 {
		t.Errorf("temp_store after Close = %d; want 0 (default)", mode)
	}
	if err := db.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk); err != nil {
		t.Fatal(err)
	}
	if fk != 1 {
		t.Errorf("foreign_keys after Close = %d; want 1", fk)
	}
}
