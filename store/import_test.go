package store

import (
	"context"
	"testing"
)

// TestImporter: the games added are stored and counted, a game stored
// already is counted apart, and the counts are of the games committed.
func TestImporter(t *testing.T) {
	db := tempDB(t)
	ctx := context.Background()
	in := db.NewImporter(ctx)
	for i := range 10 {
		in.Add(testGame(i))
	}
	in.Add(testGame(3))
	if in.Failed() {
		t.Errorf("Failed() = true; want false")
	}
	stored, dups, err := in.Finish()
	if stored != 10 || dups != 1 || err != nil {
		t.Errorf("Finish() = %d, %d, %v; want 10, 1, nil", stored, dups, err)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM games`).Scan(&n); err != nil || n != 10 {
		t.Errorf("%d games in the database (%v); want 10", n, err)
	}
}
