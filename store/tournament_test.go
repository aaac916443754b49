package store

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

func TestRegisterAndSlots(t *testing.T) { backends(t, testRegisterAndSlots) }

func testRegisterAndSlots(t *testing.T, db *DB) {
	ctx := context.Background()
	var err error
	engines := []Engine{{Name: "a", Cmd: "./a", Args: []string{"--x"}, Options: map[string]string{"Hash": "64"}}, {Name: "b", Cmd: "b"}}
	tr := &Tournament{Name: "club", Game: "lines-of-action", Config: "name: club\n", ConfigHash: "h1", TotalGames: 4}
	if err := db.Register(ctx, tr, engines); err != nil {
		t.Fatalf("Register: %v", err)
	}
	again := &Tournament{Name: "club", Game: "lines-of-action", ConfigHash: "h1"}
	if err := db.Register(ctx, again, engines); err != nil || again.ID != tr.ID {
		t.Fatalf("Register again = %v, id %d; want the stored id %d", err, again.ID, tr.ID)
	}
	changed := &Tournament{Name: "club", Game: "lines-of-action", ConfigHash: "h2"}
	if err := db.Register(ctx, changed, engines); !errors.Is(err, ErrConfigChanged) || !strings.Contains(err.Error(), `"club"`) {
		t.Fatalf("Register changed = %v; want ErrConfigChanged naming the tournament", err)
	}
	var n int
	db.QueryRow(`SELECT count(*) FROM engines WHERE tournament_id = ?`, tr.ID).Scan(&n)
	if n != 2 {
		t.Errorf("%d engines stored; want 2", n)
	}

	g := &Game{TournamentID: tr.ID, Slot: 2, Pair: 1, Game: "lines-of-action", White: "a", Black: "b",
		Result: rules.WhiteWins, Termination: notation.TermIllegalMove, Plies: 7, Record: "[Game \"Lines of Action\"]\n\n1-0\n"}
	ins := db.NewInserter()
	defer ins.Close()
	if err := ins.Insert(ctx, g); err != nil {
		t.Fatalf("Insert: %v", err)
	}
	dup := *g
	dup.Record += " "
	dup.RecordHash = ""
	dup.Record = strings.Replace(dup.Record, "1-0", "1-0 ", 1) + "x"
	if err := ins.Insert(ctx, &dup); !errors.Is(err, ErrDuplicate) {
		t.Errorf("Insert of a stored slot = %v; want ErrDuplicate", err)
	}
	got, err := db.SlotGames(ctx, tr.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []SlotGame{{Slot: 2, White: "a", Black: "b", Result: rules.WhiteWins, Termination: notation.TermIllegalMove}}
	if len(got) != 1 || got[0] != want[0] {
		t.Errorf("SlotGames = %+v; want %+v", got, want)
	}
}

// TestOpenConcurrently opens a new database from four goroutines at once
// and registers one tournament from each: each must find the schema whole
// (migrations applied once), and all the same tournament (SQLite's
// SQLITE_BUSY of a connection that raced another's opening is retried).
func TestOpenConcurrently(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { testOpenConcurrently(t, filepath.Join(t.TempDir(), "b.db")) })
	t.Run("postgres", func(t *testing.T) { testOpenConcurrently(t, pgtest.URL(t)) })
}

func testOpenConcurrently(t *testing.T, path string) {
	errs, ids := make(chan error, 4), make(chan int64, 4)
	for i := 0; i < 4; i++ {
		go func() {
			db, err := Open(context.Background(), path)
			if err != nil {
				errs <- err
				ids <- 0
				return
			}
			defer db.Close()
			tour := &Tournament{Name: "together", Game: "lines-of-action", ConfigHash: "h", Format: "round-robin", TotalGames: 2}
			errs <- db.Register(context.Background(), tour, []Engine{{Name: "a", Cmd: "a"}, {Name: "b", Cmd: "b"}})
			ids <- tour.ID
		}()
	}
	seen := map[int64]bool{}
	for i := 0; i < 4; i++ {
		if err := <-errs; err != nil {
			t.Errorf("Open and Register: %v", err)
		}
		seen[<-ids] = true
	}
	if len(seen) != 1 {
		t.Errorf("registered as tournaments %v; want one", seen)
	}
}

// TestPageSize checks that a new database gets bigger pages (fewer pages
// for import to write) and stays in WAL mode.
func TestPageSize(t *testing.T) {
	db := tempDB(t)
	var size int
	var mode string
	if err := db.QueryRow("PRAGMA page_size").Scan(&size); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if size != pageSize || mode != "wal" {
		t.Errorf("new database: page_size %d, journal_mode %s; want %d, wal", size, mode, pageSize)
	}
}

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
	// An open that waited for the batch would wait for ever, or fail once
	// the busy timeout ran out: the minute is only a guard.
	ctx2, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	r, err := OpenReader(ctx2, path)
	if err != nil {
		t.Fatalf("OpenReader while a batch writes: %v", err)
	}
	r.Close()
}
