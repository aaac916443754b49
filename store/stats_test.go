package store

import (
	"context"
	"database/sql"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
)

// TestEngineStats checks that a game's engine statistics are stored with
// it (NULL where unknown), follow a change of its players, and go with it.
func TestEngineStats(t *testing.T) { backends(t, testEngineStats) }

func testEngineStats(t *testing.T, db *DB) {
	ctx := context.Background()
	in := tournamentInserter(t, db)
	g := &Game{TournamentID: 1, Slot: 0, Pair: 0, Game: "lines-of-action", White: "a", Black: "b", Result: rules.WhiteWins,
		Record: "x", WhiteStats: &search.Stats{Moves: 20, Depth: 9.5, MoveMS: 12.25, Nodes: 123456, NPS: 500000},
		BlackStats: &search.Stats{Moves: 19, MoveMS: 3}}
	if err := in.Insert(ctx, g); err != nil {
		t.Fatal(err)
	}
	plain := &Game{TournamentID: 1, Slot: 1, Pair: 0, Game: "lines-of-action", White: "b", Black: "a", Result: rules.WhiteWins, Record: "y"}
	if err := in.Insert(ctx, plain); err != nil {
		t.Fatal(err)
	}
	var id int64
	if err := db.QueryRow(`SELECT id FROM games WHERE record = 'x'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	var (
		white, black string
		wm, bm       int
		wd, wms, bms float64
		wn, wnps     int64
		bd           sql.NullFloat64
		bn, bnps     sql.NullInt64
	)
	read := func() error {
		return db.QueryRow(`SELECT white, black, white_moves, white_depth, white_move_ms, white_nodes, white_nps,
			black_moves, black_depth, black_move_ms, black_nodes, black_nps FROM game_engine_stats WHERE game_id = ?`, id).
			Scan(&white, &black, &wm, &wd, &wms, &wn, &wnps, &bm, &bd, &bms, &bn, &bnps)
	}
	if err := read(); err != nil {
		t.Fatal(err)
	}
	if wm != 20 || wd != 9.5 || wms != 12.25 || wn != 123456 || wnps != 500000 || bm != 19 || bms != 3 || bd.Valid || bn.Valid || bnps.Valid {
		t.Errorf("stored %d %v %v %d %d / %d %v %v %v %v", wm, wd, wms, wn, wnps, bm, bd, bms, bn, bnps)
	}
	var n int
	db.QueryRow(`SELECT count(*) FROM game_engine_stats`).Scan(&n)
	if n != 1 {
		t.Errorf("%d rows of statistics; want 1 (the game without any has none)", n)
	}
	if _, err := db.Exec(`UPDATE games SET white = 'z' WHERE id = ?`, id); err != nil {
		t.Fatal(err)
	}
	if err := read(); err != nil || white != "z" || black != "b" {
		t.Errorf("after renaming White: %q %q (%v); want z b", white, black, err)
	}
	if _, err := db.Exec(`DELETE FROM games WHERE id = ?`, id); err != nil {
		t.Fatal(err)
	}
	if err := read(); err != sql.ErrNoRows {
		t.Errorf("statistics of a deleted game: %v; want none", err)
	}
}
