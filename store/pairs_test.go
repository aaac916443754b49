package store

import (
	"context"
	"fmt"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// TestGamePairs checks that the triggers keep game_pairs equal to a
// summary of the games.
func TestGamePairs(t *testing.T) { backends(t, testGamePairs) }

func testGamePairs(t *testing.T, db *DB) {
	ctx := context.Background()
	in := tournamentInserter(t, db)
	add := func(slot, pair int, white, black, result string) {
		t.Helper()
		res, ok := rules.ParseResult(result)
		if !ok {
			t.Fatalf("result %q", result)
		}
		g := &Game{TournamentID: 1, Slot: slot, Pair: pair, Game: "lines-of-action", White: white, Black: black,
			Result: res, Record: fmt.Sprintf("game %d", slot)}
		if err := in.Insert(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	type row struct {
		a, b                        string
		games, aWhite, points, same int
	}
	pair := func(p int) *row {
		t.Helper()
		var r row
		err := db.QueryRow(`SELECT a, b, games, a_white, points, same FROM game_pairs WHERE tournament_id = 1 AND pair = ?`, p).
			Scan(&r.a, &r.b, &r.games, &r.aWhite, &r.points, &r.same)
		if err != nil {
			return nil
		}
		return &r
	}
	check := func(what string, p int, want *row) {
		t.Helper()
		got := pair(p)
		if (got == nil) != (want == nil) || (got != nil && *got != *want) {
			t.Errorf("%s: pair %d = %+v; want %+v", what, p, got, want)
		}
	}

	add(0, 0, "y", "x", "1-0")     // x (a) loses as Black: 0
	add(1, 0, "x", "y", "1/2-1/2") // x draws as White: 1
	check("whole pair", 0, &row{"x", "y", 2, 1, 1, 1})
	add(2, 1, "x", "y", "0-1")
	add(3, 1, "y", "z", "0-1") // not the same players
	check("mixed players", 1, &row{"x", "y", 2, 2, 0, 0})
	add(4, 2, "x", "y", "*") // unfinished games do not count
	check("unfinished", 2, nil)

	if _, err := db.Exec(`DELETE FROM games WHERE slot = 0`); err != nil {
		t.Fatal(err)
	}
	check("after delete", 0, &row{"x", "y", 1, 1, 1, 1})
	if _, err := db.Exec(`UPDATE games SET result = '1-0' WHERE slot = 1`); err != nil {
		t.Fatal(err)
	}
	check("after update", 0, &row{"x", "y", 1, 1, 2, 1})
	if _, err := db.Exec(`UPDATE games SET white = 'z', black = 'y' WHERE slot = 2`); err != nil {
		t.Fatal(err)
	}
	check("players changed", 1, &row{"y", "z", 2, 1, 2, 1})
	if _, err := db.Exec(`DELETE FROM tournaments`); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM game_pairs`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d pairs left after deleting the tournament (%v); want 0", n, err)
	}
}
