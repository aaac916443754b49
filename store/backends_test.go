package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiter-games/arbiter/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }

// backends runs f on a new database of each backend: a SQLite file and a
// PostgreSQL database (on pgtest's server).
func backends(t *testing.T, f func(t *testing.T, db *DB)) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			dsn := filepath.Join(t.TempDir(), "t.db")
			if name == "postgres" {
				dsn = pgtest.URL(t)
			}
			db, err := Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			f(t, db)
		})
	}
}
