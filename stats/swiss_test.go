package stats

import (
	"context"
	"testing"

	"github.com/arbiter-games/arbiter/pairing"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/standings"
	"github.com/arbiter-games/arbiter/store"
)

// TestSwissStandings checks a whole Swiss tournament's report against the
// standings table the runner keeps over the same games and byes: the byes
// count, the tie-breaks are set, and the order is theirs. A report of
// another selection (one player's games, or all games) has no byes.
func TestSwissStandings(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	id := addTournament(t, db, "swiss", "lines-of-action")
	if _, err := db.ExecContext(ctx, `UPDATE tournaments SET format = 'swiss' WHERE id = ?`, id); err != nil {
		t.Fatal(err)
	}
	const loa = "lines-of-action"
	games := []g{
		// Round 1: a-b 1-0, c-d draw, e bye. Round 2: a-c 1-0, e-b 0-1, d bye.
		{id, 0, loa, "a", "b", "1-0", "normal", nil},
		{id, 1, loa, "c", "d", "1/2-1/2", "normal", nil},
		{id, 2, loa, "a", "c", "1-0", "normal", nil},
		{id, 3, loa, "e", "b", "0-1", "normal", nil},
	}
	insert(t, db, games)
	if err := db.AddByes(ctx, id, []store.Bye{{Round: 1, Player: "e"}, {Round: 2, Player: "d"}}); err != nil {
		t.Fatal(err)
	}
	tab := standings.NewTable(nil, true)
	for _, x := range games {
		res, _ := rules.ParseResult(x.result)
		tab.Add(x.white, x.black, res)
	}
	tab.Bye("e")
	tab.Bye("d")
	want := tab.Rows()

	r := compute(t, db, Query{Tournament: "swiss"})
	if len(r.Players) != len(want) {
		t.Fatalf("%d players; want %d", len(r.Players), len(want))
	}
	for i, p := range r.Players {
		w := want[i]
		if p.Name != w.Name || p.Points != w.Points || p.Byes != w.Byes || p.Buchholz == nil ||
			*p.Buchholz != *w.Buchholz || *p.SonnebornBerger != *w.SonnebornBerger {
			t.Errorf("row %d = %s %v, byes %d, bh %v, sb %v; want %+v (bh %v, sb %v)", i+1, p.Name, p.Points, p.Byes,
				p.Buchholz, p.SonnebornBerger, w, *w.Buchholz, *w.SonnebornBerger)
		}
	}
	for _, q := range []Query{{}, {Tournament: "swiss", Player: "a"}} {
		for _, p := range compute(t, db, q).Players {
			if p.Byes != 0 || p.Buchholz != nil {
				t.Errorf("report of %+v: %s has byes %d, tie-breaks %v; want none outside a whole Swiss", q, p.Name, p.Byes, p.Buchholz)
			}
		}
	}
}

// TestSwissFormat: the report knows a Swiss by the name the runner stores
// as its format.
func TestSwissFormat(t *testing.T) {
	if swissFormat != pairing.Swiss {
		t.Errorf("swissFormat = %q; want pairing.Swiss, %q", swissFormat, pairing.Swiss)
	}
}
