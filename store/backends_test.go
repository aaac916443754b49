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
			f(t, openTest(t, dsn))
		})
	}
}

// openTest opens the database dsn (a path, or a postgres:// URL) for the
// test or benchmark tb, which closes it at its end.
func openTest(tb testing.TB, dsn string) *DB {
	tb.Helper()
	db, err := Open(context.Background(), dsn)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// tempDB opens a new SQLite database in tb's temporary folder.
func tempDB(tb testing.TB) *DB {
	tb.Helper()
	return openTest(tb, filepath.Join(tb.TempDir(), "t.db"))
}

// tournamentInserter makes tournament 1, "t" of Lines of Action, and
// returns an Inserter closed when the test ends.
func tournamentInserter(t *testing.T, db *DB) *Inserter {
	t.Helper()
	if _, err := db.Exec(`INSERT INTO tournaments (id, name, game, created_at) VALUES (1, 't', 'lines-of-action', '')`); err != nil {
		t.Fatal(err)
	}
	in := db.NewInserter()
	t.Cleanup(func() { in.Close() })
	return in
}

// registered registers tournament "t" of Lines of Action, of total games.
func registered(t *testing.T, db *DB, total int) *Tournament {
	t.Helper()
	tour := &Tournament{Name: "t", Game: "lines-of-action", ConfigHash: "h", TotalGames: total}
	if err := db.Register(context.Background(), tour, nil); err != nil {
		t.Fatal(err)
	}
	return tour
}
