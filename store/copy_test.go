package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
)

// fillForCopy stores two tournaments (one with an SPRT), games with and
// without engine statistics and imported games in db.
func fillForCopy(t *testing.T, db *DB) {
	t.Helper()
	ctx := context.Background()
	for k, name := range []string{"alpha", "beta"} {
		tour := &Tournament{Name: name, Game: "lines-of-action", Config: "name: " + name, ConfigHash: "h" + name, TotalGames: 10}
		if err := db.Register(ctx, tour, []Engine{{Name: "x", Cmd: "x", Args: []string{"-q"}}, {Name: "y", Cmd: "y", Options: map[string]string{"Hash": "16"}}}); err != nil {
			t.Fatal(err)
		}
		in := db.NewInserter()
		for i := range 10 {
			g := testGame(100*k + i)
			g.TournamentID, g.Slot, g.Pair = tour.ID, i, i/2
			g.White, g.Black = []string{"x", "y"}[i%2], []string{"y", "x"}[i%2]
			g.Result = []rules.Result{rules.WhiteWins, rules.BlackWins, rules.Draw}[i%3]
			if i%3 == 0 {
				g.WhiteStats = &search.Stats{Moves: 30, Depth: 7.5, MoveMS: 10, Nodes: 1000, NPS: 100000}
				g.BlackStats = &search.Stats{Moves: 29}
			}
			if err := in.Insert(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		in.Close()
		if k == 1 {
			s := &SPRT{TournamentID: tour.ID, Player: "x", Opponent: "y", Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05,
				Model: "normalized", Pentanomial: true, Lower: -2.94, Upper: 2.94, Games: 10, LLR: 0.5}
			if err := db.SaveSPRT(ctx, s, []SPRTPoint{{2, 0.1}, {4, 0.25}}, false); err != nil {
				t.Fatal(err)
			}
		}
	}
	b := db.NewBatch(100)
	for i := range 5 {
		if err := b.Insert(ctx, testGame(1000+i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
}

// dump prints every table CopyTo moves, and game_pairs, row by row.
func dump(t *testing.T, db *DB) string {
	t.Helper()
	var b strings.Builder
	tables := append(copyTables[:len(copyTables):len(copyTables)], struct{ name, columns, order string }{
		"game_pairs", "tournament_id, pair, game, a, b, games, a_white, points, same", "tournament_id, pair"})
	for _, tb := range tables {
		rows, names, err := db.selectAll(context.Background(), tb.name, tb.columns, tb.order)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s:\n", tb.name)
		for rows.Next() {
			vals, err := scanValues(rows, len(names))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%q\n", fmt.Sprint(vals...))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	return b.String()
}

// TestCopy copies a SQLite database to PostgreSQL and back: each copy
// holds the same rows, down to the ids and the pairs.
func TestCopy(t *testing.T) {
	ctx := context.Background()
	open := func(dsn string) *DB { return openTest(t, dsn) }
	src := open(filepath.Join(t.TempDir(), "src.db"))
	fillForCopy(t, src)
	pg := open(pgtest.URL(t))
	back := open(filepath.Join(t.TempDir(), "back.db"))
	want := dump(t, src)
	c, err := src.CopyTo(ctx, pg)
	if err != nil {
		t.Fatal(err)
	}
	if wantC := (CopyCounts{Tournaments: 2, Engines: 4, Games: 25, EngineStats: 8, SPRT: 1, SPRTPoints: 2}); c != wantC {
		t.Errorf("CopyTo(PostgreSQL) = %+v; want %+v", c, wantC)
	}
	if got := dump(t, pg); got != want {
		t.Errorf("PostgreSQL copy:\n%s\nwant:\n%s", got, want)
	}
	// The copied tables are vacuumed and analyzed: the planner
	// knows their sizes and the report's index-only scans need not visit
	// the table, without waiting for autovacuum. (relallvisible would say
	// it too, but not on the test server: with synchronous_commit off,
	// VACUUM leaves pages whose commit is not yet flushed not all-visible.)
	for _, table := range []string{"games", "game_pairs", "game_engine_stats"} {
		var vacuums, analyzes int
		if err := pg.QueryRowContext(ctx, `SELECT vacuum_count, analyze_count FROM pg_stat_user_tables WHERE relname = ?`,
			table).Scan(&vacuums, &analyzes); err != nil {
			t.Fatal(err)
		}
		if vacuums == 0 || analyzes == 0 {
			t.Errorf("after CopyTo, %s was vacuumed %d times, analyzed %d; want both", table, vacuums, analyzes)
		}
	}
	if _, err := src.CopyTo(ctx, back); err != nil {
		t.Fatal(err)
	}
	back2 := open(filepath.Join(t.TempDir(), "back2.db"))
	if _, err := pg.CopyTo(ctx, back2); err != nil {
		t.Fatal(err)
	}
	if got := dump(t, back2); got != want {
		t.Errorf("copy back to SQLite:\n%s\nwant:\n%s", got, want)
	}
	// The copy goes on where the original left off: new rows get new ids.
	id, _, err := pg.EnsureTournament(ctx, "gamma", "lines-of-action")
	if err != nil || id != 3 {
		t.Errorf("EnsureTournament after the copy = %d, %v; want 3, nil", id, err)
	}
	if _, err := src.CopyTo(ctx, pg); !errors.Is(err, ErrNotEmpty) {
		t.Errorf("CopyTo a database with games = %v; want ErrNotEmpty", err)
	}
}

// TestReadOnlyRole opens an up-to-date PostgreSQL database as a role that
// may only read it, as a report would: nothing is written on opening.
func TestReadOnlyRole(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db := openTest(t, url)
	fillForCopy(t, db)
	role := fmt.Sprintf("reader_%d", time.Now().UnixNano())
	for _, q := range []string{"CREATE ROLE " + role + " LOGIN", "GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + role} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	ro, err := OpenReader(ctx, strings.Replace(url, "//arbiter@", "//"+role+"@", 1))
	if err != nil {
		t.Fatalf("OpenReader as a read-only role: %v", err)
	}
	defer ro.Close()
	n := 0
	if err := ro.Tallies(ctx, Filter{}, func(r *Tally) { n += r.Count }); err != nil || n != 25 {
		t.Errorf("Tallies as a read-only role: %d games, %v; want 25", n, err)
	}
}

// TestSchemasAgree checks that the SQLite and PostgreSQL schemas have the
// same tables with the same columns in the same order: a SQLite migration
// without its PostgreSQL counterpart fails here.
func TestSchemasAgree(t *testing.T) {
	ctx := context.Background()
	lite := tempDB(t)
	pg := openTest(t, pgtest.URL(t))
	columns := func(db *DB, query string) map[string]string {
		t.Helper()
		rows, err := db.QueryContext(ctx, query)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]string{}
		for rows.Next() {
			var table, column string
			if err := rows.Scan(&table, &column); err != nil {
				t.Fatal(err)
			}
			out[table] += column + " "
		}
		return out
	}
	got := columns(pg, `SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = 'public' AND table_name NOT IN ('slots', 'schema_version')
		ORDER BY table_name, ordinal_position`)
	want := columns(lite, `SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
		WHERE m.type = 'table' ORDER BY m.name, p.cid`)
	if len(want) < 7 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("PostgreSQL tables:\n%v\nSQLite tables:\n%v", got, want)
	}
}

// TestCopyNotFinite copies an SPRT whose numbers are not finite, as
// PostgreSQL stores them (a test too far apart or an alpha too small,
// stored before such tests were refused), to SQLite, which has no NaN: the
// LLR that has no value is copied as 0, and the infinite bound as it is
// (the copy failed on sprt.llr's NOT NULL).
func TestCopyNotFinite(t *testing.T) {
	ctx := context.Background()
	pg := openTest(t, pgtest.URL(t))
	fillForCopy(t, pg)
	if _, err := pg.ExecContext(ctx, `UPDATE sprt SET llr = 'NaN', upper = 'Infinity'`); err != nil {
		t.Fatal(err)
	}
	if _, err := pg.ExecContext(ctx, `UPDATE sprt_llr SET llr = 'NaN' WHERE games = 4`); err != nil {
		t.Fatal(err)
	}
	lite := openTest(t, filepath.Join(t.TempDir(), "back.db"))
	if _, err := pg.CopyTo(ctx, lite); err != nil {
		t.Fatalf("CopyTo(SQLite) of NaN and Infinity: %v", err)
	}
	var llr, upper, point float64
	if err := lite.QueryRowContext(ctx, `SELECT llr, upper, (SELECT llr FROM sprt_llr WHERE games = 4) FROM sprt`).Scan(&llr, &upper, &point); err != nil {
		t.Fatal(err)
	}
	if llr != 0 || !math.IsInf(upper, 1) || point != 0 {
		t.Errorf("copied llr %v, upper %v, point %v; want 0, +Inf, 0", llr, upper, point)
	}
}
