package stats

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
	"github.com/arbiter-games/arbiter/store"
)

// TestSolverStats checks the solver's figures of a game type in every
// format: its games, time and nodes summed over the games that used it
// (those of the selection only), and nothing of it in a report whose games
// did not use it, which stays as it was.
func TestSolverStats(t *testing.T) {
	db := openDB(t)
	tid := addTournament(t, db, "s", "lines-of-action")
	ctx := context.Background()
	in := db.NewInserter()
	defer in.Close()
	for i, x := range []struct {
		white, black string
		solver       *store.SolverUse
	}{
		{"A", "B", &store.SolverUse{Time: 1250 * time.Millisecond, Nodes: 1000000}},
		{"B", "A", &store.SolverUse{Time: 2500 * time.Millisecond, Nodes: 234567}},
		{"A", "C", nil},
	} {
		sg := &store.Game{TournamentID: tid, Slot: i, Pair: -1, Game: "lines-of-action", White: x.white, Black: x.black,
			Result: rules.WhiteWins, Plies: 20, Record: strings.Repeat("x", i+1),
			WhiteStats: &search.Stats{Moves: 10, MoveMS: 5}, Solver: x.solver}
		if err := in.Insert(ctx, sg); err != nil {
			t.Fatal(err)
		}
	}
	formats := func(r *Report) map[string]string {
		t.Helper()
		var text, md, csv, html, js bytes.Buffer
		r.WriteText(&text)
		r.WriteMarkdown(&md)
		r.WriteCSV(&csv)
		if err := r.WriteHTML(&html); err != nil {
			t.Fatal(err)
		}
		if err := json.NewEncoder(&js).Encode(r); err != nil {
			t.Fatal(err)
		}
		return map[string]string{"text": text.String(), "markdown": md.String(), "csv": csv.String(), "html": html.String(), "json": js.String()}
	}
	all := formats(compute(t, db, Query{}))
	for _, c := range []struct{ format, want string }{
		{"text", "Solver (adjudication, the runner's time): 2 games, 3.75 s, 1234567 nodes\n"},
		{"markdown", "\nSolver (adjudication, the runner's time): 2 games, 3.75 s, 1234567 nodes.\n"},
		{"html", "<p>Solver (adjudication, the runner&#39;s time): 2 games, 3.75 s, 1234567 nodes.</p>"},
		{"csv", "unknown_player_games,white_advantage,white_advantage_error,solver_games,solver_ms,solver_nodes\n"},
		{"csv", ",2,3750.0,1234567\n"},
		{"json", `"solver":{"games":2,"time_ms":3750,"nodes":1234567}`},
	} {
		if !strings.Contains(all[c.format], c.want) {
			t.Errorf("%s lacks %q:\n%s", c.format, c.want, all[c.format])
		}
	}
	// C's one game did not use the solver: no trace of it.
	for format, got := range formats(compute(t, db, Query{Player: "C"})) {
		if strings.Contains(strings.ToLower(got), "solver") {
			t.Errorf("%s of C's games mentions the solver:\n%s", format, got)
		}
	}
}
