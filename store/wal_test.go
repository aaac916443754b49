package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestWALStaysSmall: a tournament commits each game on its own; the log
// must not keep growing between SQLite's checkpoints (issue 17: 1.8 MB of
// log after 18 games on a 229 KB database, on a disk that then filled up).
func TestWALStaysSmall(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
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
	ctx := context.Background()
	db := tempDB(b)
	in := db.NewInserter()
	defer in.Close()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := in.Insert(ctx, testGame(i)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
