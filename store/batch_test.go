package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
)

func testGame(i int) *Game {
	return &Game{Slot: -1, Pair: -1, Game: "lines-of-action", White: fmt.Sprintf("p%d", i%7),
		Black: fmt.Sprintf("p%d", (i+1)%7), Result: rules.WhiteWins, Plies: 100,
		Record: fmt.Sprintf("[Game \"Lines of Action\"]\n[Round \"%d\"]\n\n%s1-0\n", i, strings.Repeat("1. b1-b3 a2-c2 ", 60))}
}

func TestBatch(t *testing.T) { backends(t, testBatch) }

func testBatch(t *testing.T, db *DB) {
	ctx := context.Background()
	var err error
	count := func() int {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM games`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// More than one statement's worth, with commits in between, and
	// duplicates in the same statement and of committed games.
	b := db.NewBatch(100)
	n := rowsPerStatement*3 + 5
	for i := range n {
		if err := b.Insert(ctx, testGame(i)); err != nil {
			t.Fatalf("Insert(%d): %v", i, err)
		}
	}
	for _, i := range []int{n - 1, 0, 3} {
		if err := b.Insert(ctx, testGame(i)); err != nil {
			t.Fatalf("Insert(duplicate %d): %v", i, err)
		}
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	if b.Stored != n || b.Duplicates != 3 || count() != n {
		t.Errorf("stored %d, duplicates %d, %d rows; want %d, 3, %d", b.Stored, b.Duplicates, count(), n, n)
	}
	for i, g := range []*Game{testGame(0), testGame(n - 1)} {
		var w string
		if err := db.QueryRow(`SELECT white FROM games WHERE record_hash = ?`, HashRecord(g.Record)).Scan(&w); err != nil || w != g.White {
			t.Errorf("game %d: white %q (%v); want %q", i, w, err, g.White)
		}
	}

	// Rollback drops what is not committed.
	b = db.NewBatch(1000)
	if err := b.Insert(ctx, testGame(100000)); err != nil {
		t.Fatal(err)
	}
	b.Rollback()
	if err := b.Commit(); err != nil || count() != n {
		t.Errorf("%d games after rollback (%v); want %d", count(), err, n)
	}

	// EnsureTournament creates once.
	id1, g1, err := db.EnsureTournament(ctx, "t", "lines-of-action")
	if err != nil {
		t.Fatal(err)
	}
	id2, g2, err := db.EnsureTournament(ctx, "t", "tank-battle")
	if err != nil || id1 != id2 || g1 != "lines-of-action" || g2 != "lines-of-action" {
		t.Errorf("EnsureTournament twice = %d %q, %d %q (%v); want the same tournament of lines-of-action", id1, g1, id2, g2, err)
	}
}

// BenchmarkBatchInsert stores games of about 1 kB through a Batch.
func BenchmarkBatchInsert(b *testing.B) {
	db := tempDB(b)
	batch := db.NewBatch(2000)
	benchInserts(b, batch.Insert)
	if err := batch.Commit(); err != nil {
		b.Fatal(err)
	}
}

// TestBatchForeignKeys checks what the batch does with foreign keys off: it
// refuses a game of a tournament that does not exist, fills game_pairs
// through the trigger, and gives its connection back with foreign keys on.
func TestBatchForeignKeys(t *testing.T) { backends(t, testBatchForeignKeys) }

func testBatchForeignKeys(t *testing.T, db *DB) {
	ctx := context.Background()
	var err error
	db.SetMaxOpenConns(1) // the batch's connection is the one checked below

	b := db.NewBatch(10)
	g := testGame(1)
	g.TournamentID = 7
	if err := b.Insert(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(); !errors.Is(err, ErrNoTournament) {
		t.Errorf("Commit with a game of no tournament = %v; want ErrNoTournament", err)
	}
	b.Rollback()

	id, _, err := db.EnsureTournament(ctx, "t", "lines-of-action")
	if err != nil {
		t.Fatal(err)
	}
	b = db.NewBatch(10)
	for i, res := range []rules.Result{rules.WhiteWins, rules.Draw} {
		g := testGame(i)
		g.TournamentID, g.Slot, g.Pair, g.Result = id, i, 0, res
		g.White, g.Black = []string{"x", "y"}[i], []string{"y", "x"}[i]
		if err := b.Insert(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	var games, aWhite, points, same int
	if err := db.QueryRow(`SELECT games, a_white, points, same FROM game_pairs WHERE tournament_id = ? AND pair = 0`, id).
		Scan(&games, &aWhite, &points, &same); err != nil || games != 2 || aWhite != 1 || points != 3 || same != 1 {
		t.Errorf("pair = %d games, a_white %d, points %d, same %d (%v); want 2, 1, 3, 1", games, aWhite, points, same, err)
	}
	if db.Postgres() {
		return // no pragmas: foreign keys are always on
	}
	var fk int
	if err := db.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys after a batch = %d (%v); want 1", fk, err)
	}
}

// TestBatchEngineStats checks that a Batch stores the engine statistics of
// its games (found by record hash, its INSERT returning no ids), gives them
// to a game stored before without any, and leaves those a game has.
func TestBatchEngineStats(t *testing.T) { backends(t, testBatchEngineStats) }

func testBatchEngineStats(t *testing.T, db *DB) {
	ctx := context.Background()
	withStats := func(i int, moves int) *Game {
		g := testGame(i)
		g.WhiteStats = &search.Stats{Moves: moves, Depth: 4.5, MoveMS: 12.5}
		return g
	}
	// Game 1 is stored first without statistics.
	b := db.NewBatch(100)
	if err := b.Insert(ctx, testGame(1)); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	b = db.NewBatch(100)
	n := rowsPerStatement + 3
	for i := range n {
		if i%2 == 0 {
			continue // half the games have none
		}
		if err := b.Insert(ctx, withStats(i, 10+i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Insert(ctx, withStats(3, 99)); err != nil { // a duplicate: game 3 keeps its own
		t.Fatal(err)
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(`SELECT g.record, s.white_moves, s.white_depth, s.white_move_ms, s.black_moves, s.black_move_ms
		FROM games g JOIN game_engine_stats s ON s.game_id = g.id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]int{}
	for rows.Next() {
		var rec string
		var wm, bm int
		var wd, wms float64
		var bms sql.NullFloat64
		if err := rows.Scan(&rec, &wm, &wd, &wms, &bm, &bms); err != nil {
			t.Fatal(err)
		}
		if wd != 4.5 || wms != 12.5 || bm != 0 || bms.Valid {
			t.Errorf("stored depth %v, move ms %v, black %d moves %v; want 4.5, 12.5, 0 and NULL", wd, wms, bm, bms)
		}
		got[rec] = wm
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(got) != n/2 {
		t.Errorf("%d games with statistics; want %d", len(got), n/2)
	}
	for i := 1; i < n; i += 2 {
		if m := got[testGame(i).Record]; m != 10+i {
			t.Errorf("game %d: %d moves stored; want %d", i, m, 10+i)
		}
	}
}

// benchInserts stores a game of about 1 kB by insert in each round of b.
func benchInserts(b *testing.B, insert func(context.Context, *Game) error) {
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := insert(ctx, testGame(i)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// TestInserterForeignKeys checks what the inserter does with foreign keys
// off on SQLite: it refuses a game, and a test, of a tournament that does
// not exist, stores those of one that does, and gives its connection back
// to the pool with foreign keys on and temporary data in files.
func TestInserterForeignKeys(t *testing.T) { backends(t, testInserterForeignKeys) }

func testInserterForeignKeys(t *testing.T, db *DB) {
	ctx := context.Background()
	id, _, err := db.EnsureTournament(ctx, "t", "lines-of-action")
	if err != nil {
		t.Fatal(err)
	}
	in := db.NewInserter()
	g := testGame(1)
	g.TournamentID, g.Slot = id+1, 0
	if err := in.Insert(ctx, g); !errors.Is(err, ErrNoTournament) && !db.Postgres() {
		t.Errorf("Insert of a game of no tournament = %v; want ErrNoTournament", err)
	} else if err == nil {
		t.Errorf("Insert of a game of no tournament = nil; want an error")
	}
	s := &SPRT{TournamentID: id + 1, Player: "a", Opponent: "b", Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}
	if err := in.SaveSPRT(ctx, s, nil, false); err == nil {
		t.Errorf("SaveSPRT of no tournament = nil; want an error")
	}
	g.TournamentID = id
	if err := in.Insert(ctx, g); err != nil {
		t.Errorf("Insert of a game of tournament %d: %v", id, err)
	}
	s.TournamentID = id
	if err := in.SaveSPRT(ctx, s, []SPRTPoint{{Games: 1, LLR: 0.1}}, false); err != nil {
		t.Errorf("SaveSPRT of tournament %d: %v", id, err)
	}
	if err := in.Close(); err != nil {
		t.Fatal(err)
	}
	if db.Postgres() {
		return // no pragmas: foreign keys are always on
	}
	// Every idle connection, the inserter's among them, taken at once.
	var conns []*sql.Conn
	for range db.Stats().Idle {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, c)
	}
	for i, c := range conns {
		var fk, tempStore int
		if err := c.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
			t.Errorf("connection %d: foreign_keys after the inserter = %d (%v); want 1", i, fk, err)
		}
		if err := c.QueryRowContext(ctx, `PRAGMA temp_store`).Scan(&tempStore); err != nil || tempStore != 0 {
			t.Errorf("connection %d: temp_store after the inserter = %d (%v); want 0 (the default)", i, tempStore, err)
		}
	}
}
