package store

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
)

// TestSolverStats checks that a game's solver figures are stored with it
// (a row of statistics even for a game without the engines'), NULL for a
// game without the solver, and summed up per game type in the selection.
func TestSolverStats(t *testing.T) { backends(t, testSolverStats) }

func testSolverStats(t *testing.T, db *DB) {
	ctx := context.Background()
	in := tournamentInserter(t, db)
	for i, g := range []*Game{
		{Record: "a", WhiteStats: &search.Stats{Moves: 3}, Solver: &SolverUse{Time: 1500 * time.Microsecond, Nodes: 1000}},
		{Record: "b", Solver: &SolverUse{Time: 2 * time.Millisecond, Nodes: 234}}, // solved at the start: no engine moved
		{Record: "c", WhiteStats: &search.Stats{Moves: 3}},                        // no solver
	} {
		g.TournamentID, g.Slot, g.Pair, g.Game, g.White, g.Black, g.Result = 1, i, i/2, "lines-of-action", "x", "y", rules.WhiteWins
		if err := in.Insert(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	read := func(record string) (ms sql.NullFloat64, nodes sql.NullInt64) {
		t.Helper()
		if err := db.QueryRow(`SELECT s.solver_ms, s.solver_nodes FROM game_engine_stats s JOIN games g ON g.id = s.game_id
			WHERE g.record = ?`, record).Scan(&ms, &nodes); err != nil {
			t.Fatalf("game %s: %v", record, err)
		}
		return ms, nodes
	}
	if ms, nodes := read("a"); ms.Float64 != 1.5 || nodes.Int64 != 1000 {
		t.Errorf("game a: solver %v ms, %v nodes; want 1.5, 1000", ms, nodes)
	}
	if ms, nodes := read("b"); ms.Float64 != 2 || nodes.Int64 != 234 {
		t.Errorf("game b: solver %v ms, %v nodes; want 2, 234", ms, nodes)
	}
	if ms, nodes := read("c"); ms.Valid || nodes.Valid {
		t.Errorf("game c: solver %v ms, %v nodes; want NULL", ms, nodes)
	}
	got, err := db.SolverTotals(ctx, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if want := (SolverTotals{Game: "lines-of-action", Games: 2, MS: 3.5, Nodes: 1234}); len(got) != 1 || got[0] != want {
		t.Errorf("SolverTotals = %+v; want [%+v]", got, want)
	}
	if got, err := db.SolverTotals(ctx, Filter{Player: "nobody"}); err != nil || len(got) != 0 {
		t.Errorf("SolverTotals of nobody's games = %+v, %v; want none", got, err)
	}
}

// TestSolverMigration: a database of the schema before the solver's
// columns keeps its games and their statistics through the migration,
// with no solver figures, and then stores a game's.
func TestSolverMigration(t *testing.T) {
	onOldSchema(t, 8, 4, testSolverMigration)
}

// testSolverMigration stores a tournament game with engine statistics in
// old, a database of the schema before the solver's columns, then opens
// dsn (the same database), migrating it.
func testSolverMigration(t *testing.T, old *sql.DB, dsn string) {
	ctx := context.Background()
	for _, s := range []string{
		`INSERT INTO tournaments (id, name, game, config_hash, total_games, created_at) VALUES (1, 't', 'lines-of-action', 'h', 2, '2026-01-02T03:04:05Z')`,
		`INSERT INTO games (tournament_id, slot, pair, game, white, black, result, termination, plies, record, record_hash)
			VALUES (1, 0, 0, 'lines-of-action', 'x', 'y', '1-0', 'normal', 3, 'old', 'h-old')`,
		`INSERT INTO game_engine_stats (game_id, tournament_id, game, white, black, white_moves, black_moves)
			SELECT id, 1, 'lines-of-action', 'x', 'y', 2, 1 FROM games WHERE record = 'old'`,
	} {
		if _, err := old.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	old.Close()
	db := openTest(t, dsn)
	var moves int
	var ms sql.NullFloat64
	if err := db.QueryRow(`SELECT white_moves, solver_ms FROM game_engine_stats WHERE white_moves = 2`).Scan(&moves, &ms); err != nil || moves != 2 || ms.Valid {
		t.Fatalf("the old game's statistics after the migration: %d moves, solver %v ms (%v); want 2 moves, NULL", moves, ms, err)
	}
	if got, err := db.SolverTotals(ctx, Filter{}); err != nil || len(got) != 0 {
		t.Errorf("SolverTotals of the old games = %+v, %v; want none", got, err)
	}
	in := db.NewInserter()
	defer in.Close()
	g := &Game{TournamentID: 1, Slot: 1, Pair: 0, Game: "lines-of-action", White: "y", Black: "x", Result: rules.BlackWins,
		Record: "new", Solver: &SolverUse{Time: time.Millisecond, Nodes: 77}}
	if err := in.Insert(ctx, g); err != nil {
		t.Fatal(err)
	}
	if got, err := db.SolverTotals(ctx, Filter{Tournament: 1}); err != nil || len(got) != 1 || got[0].Nodes != 77 || got[0].Games != 1 {
		t.Errorf("SolverTotals after a solved game = %+v, %v; want its 77 nodes", got, err)
	}
}
