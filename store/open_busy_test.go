package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestOpenWhileWriting: opening an up-to-date database does not wait for
// another connection's write transaction (an import's open batch).
func TestOpenWhileWriting(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	db := openTest(t, path)
	b := db.NewBatch(1 << 30)
	if err := b.Insert(ctx, testGame(1)); err != nil {
		t.Fatal(err)
	}
	if err := b.flush(ctx); err != nil { // the batch holds the write lock now
		t.Fatal(err)
	}
	defer b.Rollback()
	ctx2, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	r, err := OpenReader(ctx2, path)
	if err != nil {
		t.Fatalf("OpenReader while a batch writes: %v", err)
	}
	r.Close()
}
