package store

import (
	"context"
	"testing"
)

func TestSaveSPRT(t *testing.T) { backends(t, testSaveSPRT) }

func testSaveSPRT(t *testing.T, db *DB) {
	ctx := context.Background()
	tr := &Tournament{Name: "m", Game: "knight-fight", ConfigHash: "h", TotalGames: 10}
	if err := db.Register(ctx, tr, nil); err != nil {
		t.Fatal(err)
	}
	s := &SPRT{TournamentID: tr.ID, Player: "a", Opponent: "b", Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05,
		Model: "normalized", Pentanomial: true, Lower: -2.94, Upper: 2.94, Games: 2, LLR: 0.5}
	read := func() (verdict string, decided *int, games int, points map[int]float64) {
		t.Helper()
		if err := db.QueryRow(`SELECT verdict, decided_after, games FROM sprt WHERE tournament_id = ?`, tr.ID).
			Scan(&verdict, &decided, &games); err != nil {
			t.Fatal(err)
		}
		rows, err := db.Query(`SELECT games, llr FROM sprt_llr WHERE tournament_id = ?`, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		points = map[int]float64{}
		for rows.Next() {
			var n int
			var llr float64
			rows.Scan(&n, &llr)
			points[n] = llr
		}
		return
	}
	if err := db.SaveSPRT(ctx, s, []SPRTPoint{{Games: 1, LLR: 0}, {Games: 2, LLR: 0.5}}, true); err != nil {
		t.Fatal(err)
	}
	s.Games, s.LLR, s.Verdict, s.DecidedAfter = 3, 3.1, "H1 accepted", 3
	if err := db.SaveSPRT(ctx, s, []SPRTPoint{{Games: 3, LLR: 3.1}}, false); err != nil {
		t.Fatal(err)
	}
	v, d, g, p := read()
	if v != "H1 accepted" || d == nil || *d != 3 || g != 3 || len(p) != 3 || p[3] != 3.1 {
		t.Errorf("after adding: %q after %v, %d games, points %v", v, d, g, p)
	}
	// reset replaces the trajectory.
	s.Verdict, s.DecidedAfter = "", 0
	if err := db.SaveSPRT(ctx, s, []SPRTPoint{{Games: 1, LLR: -0.25}}, true); err != nil {
		t.Fatal(err)
	}
	v, d, _, p = read()
	if v != "" || d != nil || len(p) != 1 || p[1] != -0.25 {
		t.Errorf("after reset: %q after %v, points %v", v, d, p)
	}
}
