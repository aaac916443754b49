package importer_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/importer"
	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules/games"
	"github.com/arbiter-games/arbiter/store"
)

// randomRecords returns n random Lines of Action records of at most
// maxPlies plies each, between three players, made from seed.
func randomRecords(t testing.TB, n, maxPlies int, seed uint64) string {
	t.Helper()
	game, err := games.Lookup("lines-of-action")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	players := []string{"alpha", "beta", "gamma"}
	var b strings.Builder
	for i := range n {
		w := rng.IntN(len(players))
		bl := (w + 1 + rng.IntN(len(players)-1)) % len(players)
		g, err := testkit.RandomGame(game, rng, 0, maxPlies)
		if err != nil {
			t.Fatal(err)
		}
		g.SetTag("Event", fmt.Sprintf("random %d", i))
		g.SetTag("White", players[w])
		g.SetTag("Black", players[bl])
		b.WriteString(g.String())
	}
	return b.String()
}

// TestImportDiskFull: when the disk fills up during an import, the summary
// counts only the games committed, the counts add up, and the message
// says the disk is full and how many games were stored, never more than
// were committed. SQLite's max_page_count
// stands for the full disk: it fails writes with the same SQLITE_FULL.
func TestImportDiskFull(t *testing.T) {
	ctx := context.Background()
	first := randomRecords(t, store.ImportBatch, 30, 9) // one batch, committed
	data := []byte(first + randomRecords(t, 2000, 30, 10))
	n := store.ImportBatch + 2000
	opts := replay.Options{Jobs: 2}
	// The size of the database once the first batch is in it.
	scratch, err := store.Open(ctx, filepath.Join(t.TempDir(), "scratch.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer scratch.Close()
	quiet := importer.Options{AnalyzeAfter: store.ImportBatch, Log: &bytes.Buffer{}}
	if _, err := importer.Files(ctx, scratch, []*input.File{{Name: "in.agn", Data: []byte(first)}}, opts, quiet); err != nil {
		t.Fatal(err)
	}
	var pages int
	if err := scratch.QueryRow("PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}

	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "full.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// One connection, so that the batch uses the one with the limit.
	db.SetMaxOpenConns(1)
	if _, err := db.Exec("PRAGMA max_page_count = " + strconv.Itoa(pages+2)); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	_, err = importer.Files(ctx, db, []*input.File{{Name: "in.agn", Data: data}}, opts,
		importer.Options{AnalyzeAfter: store.ImportBatch, Log: &stderr})
	var stored int
	if err := db.QueryRow("SELECT COUNT(*) FROM games").Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored < store.ImportBatch || stored >= n {
		t.Errorf("%d games stored; the test wants the disk to fill after the first batch (%d)", stored, store.ImportBatch)
	}
	if err == nil || !strings.Contains(err.Error(), "the disk is full") || !strings.Contains(err.Error(), strconv.Itoa(stored)+" games were stored") {
		t.Errorf("import on a full disk: error %v; want \"the disk is full\" and %d games stored", err, stored)
	}
	want := strconv.Itoa(n) + " games: " + strconv.Itoa(stored) + " stored, 0 already stored, 0 invalid, " + strconv.Itoa(n-stored) + " not stored\n"
	if stderr.String() != want {
		t.Errorf("summary %q; want %q", stderr.String(), want)
	}
}
