package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/pgtest"
)

// digestEngines are engines a and b with the given digests.
func digestEngines(a, b string) []Engine {
	return []Engine{{Name: "a", Cmd: "./a", File: "/e/a", Digest: a}, {Name: "b", Cmd: "b", File: "/usr/bin/b", Digest: b}}
}

// storedDigests returns the digests stored for tournament id's engines a
// and b.
func storedDigests(t *testing.T, db *DB, id int64) [2]string {
	t.Helper()
	var d [2]string
	for i, name := range []string{"a", "b"} {
		if err := db.QueryRow(`SELECT digest FROM engines WHERE tournament_id = ? AND name = ?`, id, name).Scan(&d[i]); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// TestRegisterDigests: a resume with the engines' files as stored goes on;
// with an engine's file changed it is refused, naming that engine and its
// file, unless SameEngines, which records the new digest.
func TestRegisterDigests(t *testing.T) { backends(t, testRegisterDigests) }

func testRegisterDigests(t *testing.T, db *DB) {
	ctx := context.Background()
	register := func(same bool, engines []Engine) (*Tournament, error) {
		tr := &Tournament{Name: "club", Game: "lines-of-action", ConfigHash: "h", TotalGames: 2, SameEngines: same}
		return tr, db.Register(ctx, tr, engines)
	}
	tr, err := register(false, digestEngines("a1", "b1"))
	if err != nil || tr.Found {
		t.Fatalf("Register new = %v, found %v; want it created", err, tr.Found)
	}
	if got := storedDigests(t, db, tr.ID); got != [2]string{"a1", "b1"} {
		t.Errorf("stored digests %v; want [a1 b1]", got)
	}
	if again, err := register(false, digestEngines("a1", "b1")); err != nil || !again.Found || again.ID != tr.ID {
		t.Fatalf("Register with the same files = %v, found %v; want the stored tournament", err, again.Found)
	}

	_, err = register(false, digestEngines("a1", "b2"))
	var ce *EngineChangedError
	if !errors.Is(err, ErrEngineChanged) || !errors.As(err, &ce) {
		t.Fatalf("Register with b changed = %v; want an EngineChangedError", err)
	}
	if len(ce.Engines) != 1 || ce.Engines[0] != (ChangedEngine{Name: "b", File: "/usr/bin/b", Digest: "b2", Stored: "b1"}) {
		t.Errorf("changed engines %+v; want b alone", ce.Engines)
	}
	for _, want := range []string{`tournament "club"`, `engine "b"`, "/usr/bin/b", "changed since the tournament was started"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q; want %q in it", err, want)
		}
	}
	if got := storedDigests(t, db, tr.ID); got != [2]string{"a1", "b1"} {
		t.Errorf("after the refusal, stored digests %v; want them as they were", got)
	}

	noFile := digestEngines("a1", "b2")
	noFile[1].File = ""
	if _, err := register(false, noFile); err == nil || !strings.Contains(err.Error(), `engine "b": its file changed`) {
		t.Errorf("Register with b changed, its file unknown = %v; want the engine named without a file", err)
	}

	same, err := register(true, digestEngines("a1", "b2"))
	if err != nil || len(same.Replaced) != 1 || same.Replaced[0].Name != "b" {
		t.Fatalf("Register with SameEngines = %v, replaced %+v; want b's digest replaced", err, same.Replaced)
	}
	if got := storedDigests(t, db, tr.ID); got != [2]string{"a1", "b2"} {
		t.Errorf("after SameEngines, stored digests %v; want [a1 b2]", got)
	}
	if _, err := register(false, digestEngines("a1", "b2")); err != nil {
		t.Errorf("Register with the recorded files = %v; want a resume", err)
	}
	if _, err := register(false, digestEngines("a1", "b1")); !errors.Is(err, ErrEngineChanged) {
		t.Errorf("Register with b's first file again = %v; want it refused (the recorded file is the new one)", err)
	}
}

// TestRegisterRecordsMissingDigests: a tournament stored by an arbiter that
// did not record the engines' digests (schema before engines.digest)
// resumes after the migration, and its first resume records them.
func TestRegisterRecordsMissingDigests(t *testing.T) {
	onOldSchema(t, 7, 3, testRecordsMissingDigests)
}

// testRecordsMissingDigests stores tournament "club" in old, a database of
// the schema before digests, then opens dsn (the same database) and
// resumes it with digests.
func testRecordsMissingDigests(t *testing.T, old *sql.DB, dsn string) {
	ctx := context.Background()
	stmts := []string{
		`INSERT INTO tournaments (id, name, game, config_hash, total_games, created_at) VALUES (1, 'club', 'lines-of-action', 'h', 2, '2026-01-02T03:04:05Z')`,
		`INSERT INTO engines (tournament_id, name, cmd) VALUES (1, 'a', './a')`,
		`INSERT INTO engines (tournament_id, name, cmd) VALUES (1, 'b', 'b')`,
	}
	for _, s := range stmts {
		if _, err := old.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	old.Close()
	db := openTest(t, dsn)
	tr := &Tournament{Name: "club", Game: "lines-of-action", ConfigHash: "h", TotalGames: 2}
	if err := db.Register(ctx, tr, digestEngines("a1", "b1")); err != nil || !tr.Found || tr.ID != 1 {
		t.Fatalf("Register of the tournament stored before digests = %v, found %v, id %d; want it resumed", err, tr.Found, tr.ID)
	}
	if len(tr.Replaced) != 0 {
		t.Errorf("replaced %+v; want none (nothing was recorded to replace)", tr.Replaced)
	}
	if got := storedDigests(t, db, 1); got != [2]string{"a1", "b1"} {
		t.Errorf("digests recorded by the first resume %v; want [a1 b1]", got)
	}
	if err := db.Register(ctx, &Tournament{Name: "club", Game: "lines-of-action", ConfigHash: "h"}, digestEngines("a2", "b1")); !errors.Is(err, ErrEngineChanged) {
		t.Errorf("Register with a changed after the first resume = %v; want ErrEngineChanged", err)
	}
}

// onOldSchema runs check in a subtest per backend, on a database of the
// schema before a migration: SQLite's first sqliteN migrations applied,
// PostgreSQL's first pgN; old is that database, dsn its name for Open.
func onOldSchema(t *testing.T, sqliteN, pgN int, check func(t *testing.T, old *sql.DB, dsn string)) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "old.db")
		old, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer old.Close()
		applyFirst(t, old, migrations, "", sqliteN)
		if _, err := old.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, sqliteN)); err != nil {
			t.Fatal(err)
		}
		check(t, old, path)
	})
	t.Run("postgres", func(t *testing.T) {
		url := pgtest.URL(t)
		old, err := sql.Open("pgx", url)
		if err != nil {
			t.Fatal(err)
		}
		defer old.Close()
		applyFirst(t, old, pgMigrations, "postgres", pgN)
		if _, err := old.Exec(fmt.Sprintf(`CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (%d)`, pgN)); err != nil {
			t.Fatal(err)
		}
		check(t, old, url)
	})
}

// applyFirst runs the first n migrations of fsys (under dir) on db.
func applyFirst(t *testing.T, db *sql.DB, fsys embed.FS, dir string, n int) {
	t.Helper()
	names, err := migrationNames(fsys, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names[:n] {
		body, _ := fsys.ReadFile(name)
		if _, err := db.Exec(string(body)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}
