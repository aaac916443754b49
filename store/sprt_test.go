package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
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

// TestInserterThen: the SPRT that the Inserter's Then returns is stored
// with the game, once per game stored; an error of Then leaves the game
// unstored, and a duplicate does not call it.
func TestInserterThen(t *testing.T) { backends(t, testInserterThen) }

func testInserterThen(t *testing.T, db *DB) {
	ctx := context.Background()
	in := tournamentInserter(t, db)
	calls := 0
	fail := errors.New("no")
	in.Then = func(g *Game) (*SPRT, []SPRTPoint, error) {
		calls++
		if g.Slot == 2 {
			return nil, nil, fail
		}
		s := &SPRT{TournamentID: 1, Player: "a", Opponent: "b", Elo1: 5, Alpha: 0.05, Beta: 0.05,
			Model: "normalized", Lower: -2.94, Upper: 2.94, Games: g.Slot + 1, LLR: float64(g.Slot)}
		return s, []SPRTPoint{{Games: g.Slot + 1, LLR: float64(g.Slot)}}, nil
	}
	game := func(slot int) *Game {
		return &Game{TournamentID: 1, Slot: slot, Pair: -1, Game: "lines-of-action", White: "a", Black: "b",
			Result: rules.WhiteWins, Record: fmt.Sprintf("game %d", slot)}
	}
	for slot := range 2 {
		if err := in.Insert(ctx, game(slot)); err != nil {
			t.Fatal(err)
		}
	}
	if err := in.Insert(ctx, game(1)); !errors.Is(err, ErrDuplicate) {
		t.Errorf("Insert of a duplicate = %v; want ErrDuplicate", err)
	}
	if err := in.Insert(ctx, game(2)); !errors.Is(err, fail) {
		t.Errorf("Insert with Then failing = %v; want its error", err)
	}
	var games, stored, points int
	if err := db.QueryRow(`SELECT games FROM sprt WHERE tournament_id = 1`).Scan(&games); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT count(*) FROM games`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT count(*) FROM sprt_llr WHERE tournament_id = 1`).Scan(&points); err != nil {
		t.Fatal(err)
	}
	if calls != 3 || games != 2 || stored != 2 || points != 2 {
		t.Errorf("Then called %d times, SPRT over %d games, %d games and %d points stored; want 3, 2, 2, 2",
			calls, games, stored, points)
	}
}
