package stats

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
	"github.com/arbiter-games/arbiter/store"
)

// TestEngineStats checks the search statistics of the standings against
// figures computed by hand: means weighted by the moves of each game, the
// games without a figure left out of its mean, and imported games (without
// statistics) left out altogether.
func TestEngineStats(t *testing.T) {
	db := openDB(t)
	tid := addTournament(t, db, "s", "lines-of-action")
	ctx := context.Background()
	games := []struct {
		white, black string
		ws, bs       *search.Stats
	}{
		{"A", "B", &search.Stats{Moves: 10, Depth: 8, MoveMS: 100, Nodes: 50000, NPS: 40000},
			&search.Stats{Moves: 10, MoveMS: 5}},
		{"B", "A", &search.Stats{Moves: 30, MoveMS: 15},
			&search.Stats{Moves: 30, Depth: 12, MoveMS: 200, Nodes: 90000, NPS: 20000}},
		{"A", "C", nil, nil}, // imported-like: no statistics
	}
	in := db.NewInserter()
	defer in.Close()
	for i, x := range games {
		sg := &store.Game{TournamentID: tid, Slot: i, Pair: -1, Game: "lines-of-action", White: x.white, Black: x.black,
			Result: rules.WhiteWins, Plies: 20, Record: strings.Repeat("x", i+1), WhiteStats: x.ws, BlackStats: x.bs}
		if err := in.Insert(ctx, sg); err != nil {
			t.Fatal(err)
		}
	}
	r := compute(t, db, Query{})
	by := map[string]*Player{}
	for _, p := range r.Players {
		by[p.Name] = p
	}
	f := func(x *float64) any {
		if x == nil {
			return nil
		}
		return *x
	}
	// A: depth (8*10 + 12*30)/40 = 11, ms (100*10 + 200*30)/40 = 175,
	// nps (40000*10 + 20000*30)/40 = 25000. B: no depth, no nps, ms
	// (5*10 + 15*30)/40 = 12.5. C: nothing.
	for _, tc := range []struct {
		name           string
		depth, ms, nps any
	}{
		{"A", 11.0, 175.0, 25000.0},
		{"B", nil, 12.5, nil},
		{"C", nil, nil, nil},
	} {
		p := by[tc.name]
		if got := []any{f(p.AvgDepth), f(p.AvgMoveMS), f(p.AvgNPS)}; got[0] != tc.depth || got[1] != tc.ms || got[2] != tc.nps {
			t.Errorf("%s: depth, ms/move, nps = %v; want %v %v %v", tc.name, got, tc.depth, tc.ms, tc.nps)
		}
	}
	// Only the games of a player count.
	r = compute(t, db, Query{Player: "C"})
	for _, p := range r.Players {
		if p.AvgDepth != nil || p.AvgMoveMS != nil {
			t.Errorf("%s in C's games: depth %v, ms %v; want none", p.Name, f(p.AvgDepth), f(p.AvgMoveMS))
		}
	}
	var text, md, csv, html strings.Builder
	r = compute(t, db, Query{})
	r.WriteText(&text)
	r.WriteMarkdown(&md)
	r.WriteCSV(&csv)
	if err := r.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ what, got, want string }{
		{"text", text.String(), "Depth  ms/move    nps"},
		{"text", text.String(), "11.0    175.0  25000"},
		{"markdown", md.String(), "| Depth | ms/move | nps |"},
		{"markdown", md.String(), "| 11.0 | 175.0 | 25000 |"},
		{"csv", csv.String(), "avg_depth,avg_move_ms,avg_nps\n"},
		{"csv", csv.String(), ",11.0,175.0,25000\n"},
		{"html", html.String(), "<th>Depth</th><th>ms/<wbr>move</th><th>nps</th></tr>"},
		{"html", html.String(), "<td>11.0</td><td>175.0</td><td>25000</td></tr>"},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("%s lacks %q:\n%s", c.what, c.want, c.got)
		}
	}
}
