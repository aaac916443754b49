package main

import (
	"context"
	"database/sql"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/store"
)

func TestTournamentCommandErrors(t *testing.T) {
	dir := t.TempDir()
	good := "name: t\ngame: lines-of-action\ntime_control: {move_ms: 20}\nengines:\n" +
		"  - {name: a, cmd: /bin/true}\n  - {name: b, cmd: /bin/true}\n"
	tests := []struct {
		name     string
		config   string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"unknown key", strings.Replace(good, "game:", "gmae: x\ngame:", 1), nil, exitUsage, `t.yaml:2: unknown key "gmae"`},
		{"missing binary", strings.Replace(good, "/bin/true}\n  - {name: b", "./nobot}\n  - {name: b", 1), nil, exitUsage, "command ./nobot not found"},
		{"bad time control", strings.Replace(good, "{move_ms: 20}", "{move_ms: 20, base_ms: 5}", 1), nil, exitUsage, "either {base_ms, increment_ms} or {move_ms}"},
		{"no config", "", []string{}, exitUsage, "exactly one CONFIG.yaml"},
		{"bad concurrency", good, []string{"--concurrency", "-1", "CONFIG"}, exitUsage, "--concurrency must be at least 1"},
		{"zero concurrency", good, []string{"-j", "0", "CONFIG"}, exitUsage, "--concurrency must be at least 1, not 0"},
		{"engine cannot play", good, nil, exitFailure, "engine a: crash"},
		{"bad opening", good + "openings: {file: bad.agn}\n", nil, exitUsage, `bad.agn:7:10: opening 2: ply 2 "a2-a4"`},
		{"opening of another game", good + "openings: {file: kf.agn}\n", nil, exitUsage, "kf.agn:1:1: opening 1 is a Knight Fight game; the tournament plays Lines of Action"},
	}
	os.WriteFile(filepath.Join(dir, "bad.agn"), []byte("[Game \"Lines of Action\"]\n\n1. c8-c6 *\n\n[Game \"Lines of Action\"]\n\n1. c8-c6 a2-a4 *\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "kf.agn"), []byte("[Game \"Knight Fight\"]\n[Board \"x\"]\n\n*\n"), 0o644)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "t.yaml")
			os.WriteFile(path, []byte(tc.config), 0o644)
			args := []string{"tournament", "--db", filepath.Join(dir, "t.db")}
			for _, a := range tc.args {
				if a == "CONFIG" {
					a = path
				}
				args = append(args, a)
			}
			if tc.args == nil {
				args = append(args, path)
			}
			r := runCLI(t, "", args...)
			if r.code != tc.wantCode {
				t.Errorf("exit %d; want %d (stderr %q)", r.code, tc.wantCode, r.stderr)
			}
			if !strings.Contains(r.stderr, tc.wantErr) {
				t.Errorf("stderr = %q; want it to contain %q", r.stderr, tc.wantErr)
			}
			if r.stdout != "" {
				t.Errorf("stdout = %q; want it empty on failure", r.stdout)
			}
		})
	}
}

// TestTournamentCommandRuns plays a small tournament of built-in engines
// (this test binary, which is arbiter's main with mainEnv set), two games at
// a time in worker processes (the test binary again, see TestMain), checks
// the standings on stdout, that the --out file validates, and that a second
// run resumes with nothing to play.
func TestTournamentCommandRuns(t *testing.T) {
	dir := t.TempDir()
	path := selfEngines(t, dir, "cli.yaml", "name: cli\ngame: knight-fight\ngames_per_encounter: 4\nseed: 5\n"+
		"time_control: {move_ms: 20}\ntime_margin_ms: 30000\nmax_plies: 60\nadjudication: score\n",
		"r args: [engine, --game, knight-fight, --level, random]",
		"g args: [engine, --game, knight-fight, --level, greedy]")
	db, out := filepath.Join(dir, "cli.db"), filepath.Join(dir, "cli.agn")
	for i, want := range []string{"(4 played now, 0 before)", "(0 played now, 4 before)"} {
		r := runCLI(t, "", "tournament", "--db", db, "--out", out, "-j", "2", path)
		if r.code != exitOK {
			t.Fatalf("run %d: exit %d; stderr %s", i+1, r.code, r.stderr)
		}
		for _, s := range []string{want, "rank  engine", "terminations: "} {
			if !strings.Contains(r.stdout, s) {
				t.Errorf("run %d: stdout lacks %q:\n%s", i+1, s, r.stdout)
			}
		}
		if i == 0 && !strings.Contains(r.stderr, "game 4/4 (slot") {
			t.Errorf("stderr lacks the per-game lines:\n%s", r.stderr)
		}
	}
	if r := runCLI(t, "", "validate", out); r.code != exitOK {
		t.Errorf("validate --out file: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestTournamentCommentsRoundTrip plays a tournament of built-in engines,
// whose search sends its scores, with resign adjudication and an engine
// log, and checks that the records' move comments survive validate, import
// into another database and export; and that report shows the engines'
// search statistics.
func TestTournamentCommentsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := selfEngines(t, dir, "rt.yaml", "name: rt\ngame: lines-of-action\ngames_per_encounter: 2\nseed: 5\n"+
		"time_control: {move_ms: 20}\ntime_margin_ms: 30000\nmax_plies: 40\nresign: {score: 300, moves: 2}\n",
		"s args: [engine, --game, lines-of-action, --level, search], limits: {depth: 2}",
		"r args: [engine, --game, lines-of-action, --level, random]")
	db, out, log := filepath.Join(dir, "rt.db"), filepath.Join(dir, "rt.agn"), filepath.Join(dir, "rt.log")
	if r := runCLI(t, "", "tournament", "--db", db, "--out", out, "--log", log, path); r.code != exitOK {
		t.Fatalf("tournament: exit %d; stderr %s", r.code, r.stderr)
	}
	played, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	comment := regexp.MustCompile(`\{[^}]*\}`)
	want := comment.FindAllString(string(played), -1)
	if !strings.Contains(string(played), "/2 0.") {
		t.Errorf("no depth-2 move comment of the search engine:\n%s", played)
	}
	if r := runCLI(t, "", "validate", out); r.code != exitOK {
		t.Errorf("validate: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	db2 := filepath.Join(dir, "imported.db")
	if r := runCLI(t, "", "import", "--db", db2, out); r.code != exitOK {
		t.Fatalf("import: exit %d\n%s", r.code, r.stderr)
	}
	r := runCLI(t, "", "export", "--db", db2)
	if r.code != exitOK {
		t.Fatalf("export: exit %d\n%s", r.code, r.stderr)
	}
	got := comment.FindAllString(r.stdout, -1)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("comments after import and export:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// import rebuilt each engine's moves, mean depth and mean time per move
	// from the comments; the times there are whole milliseconds.
	before, imported := engineStatsOf(t, db), engineStatsOf(t, db2)
	if len(before) != 2 || len(imported) != len(before) {
		t.Errorf("engine statistics of %d games imported; want those of the %d played", len(imported), len(before))
	}
	for rec, p := range before {
		i, ok := imported[rec]
		if !ok {
			t.Errorf("no engine statistics imported for a game:\n%s", rec)
			continue
		}
		for c := range 2 {
			if i[c].moves != p[c].moves || i[c].depth != p[c].depth || math.Abs(i[c].moveMS-p[c].moveMS) >= 1 || i[c].nodes.Valid {
				t.Errorf("side %d: imported %+v; played %+v (nodes are not in the comments)", c, i[c], p[c])
			}
		}
	}
	if r := runCLI(t, "", "import", "--db", db2, out); r.code != exitOK || len(engineStatsOf(t, db2)) != len(before) {
		t.Errorf("import again: exit %d\n%s", r.code, r.stderr)
	}
	if text, err := os.ReadFile(log); err != nil || !strings.Contains(string(text), " s > go movetime 20 depth 2\n") {
		t.Errorf("engine log (%v) lacks s's go with its depth limit:\n%s", err, text)
	}
	r = runCLI(t, "", "report", "--db", db, "--format", "json")
	if r.code != exitOK {
		t.Fatalf("report: exit %d\n%s", r.code, r.stderr)
	}
	// s searches to depth 1, then 2, and reports its nodes and nps; r
	// (random) reports nothing.
	for _, k := range []string{`"avg_depth": [12]\.[0-9]`, `"avg_move_ms": [0-9]`, `"avg_nps": [0-9]`, `"avg_depth": null`} {
		if !regexp.MustCompile(k).MatchString(r.stdout) {
			t.Errorf("report lacks %s:\n%s", k, r.stdout)
		}
	}
}

// TestTournamentBadLog checks that an engine log that cannot be written is
// a usage error, found before any game.
func TestTournamentBadLog(t *testing.T) {
	dir := t.TempDir()
	config := "name: bl\ngame: lines-of-action\ntime_control: {move_ms: 20}\nlog: nodir/e.log\nengines:\n" +
		"  - {name: a, cmd: arbiter, args: [engine, --game, lines-of-action]}\n" +
		"  - {name: b, cmd: arbiter, args: [engine, --game, lines-of-action]}\n"
	path := filepath.Join(dir, "bl.yaml")
	os.WriteFile(path, []byte(config), 0o644)
	for _, args := range [][]string{{}, {"--log", filepath.Join(dir, "nodir", "x.log")}} {
		r := runCLI(t, "", append(append([]string{"tournament", "--db", filepath.Join(dir, "t.db")}, args...), path)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "engine log") || !strings.Contains(r.stderr, "nodir") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and the log's directory named", args, r.code, r.stderr)
		}
	}
	// The log is started anew: it must not be the database.
	db := filepath.Join(dir, "keep.db")
	os.WriteFile(db, []byte("precious"), 0o644)
	r := runCLI(t, "", "tournament", "--db", db, "--log", db, path)
	if b, _ := os.ReadFile(db); r.code != exitUsage || string(b) != "precious" {
		t.Errorf("--log at the database: exit %d, stderr %q, database %q; want 2 and the database untouched", r.code, r.stderr, b)
	}
}

// sideStats is one side's row of game_engine_stats.
type sideStats struct {
	moves  int
	depth  sql.NullFloat64
	moveMS float64
	nodes  sql.NullInt64
}

// engineStatsOf reads the engine statistics of the games of the database
// at path, by record.
func engineStatsOf(t *testing.T, path string) map[string][2]sideStats {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := map[string][2]sideStats{}
	var rec string
	var w, b sideStats
	eachRow(context.Background(), t, db, `SELECT g.record, s.white_moves, s.white_depth, coalesce(s.white_move_ms, 0), s.white_nodes,
		s.black_moves, s.black_depth, coalesce(s.black_move_ms, 0), s.black_nodes
		FROM games g JOIN game_engine_stats s ON s.game_id = g.id`,
		[]any{&rec, &w.moves, &w.depth, &w.moveMS, &w.nodes, &b.moves, &b.depth, &b.moveMS, &b.nodes}, func() {
			m[rec] = [2]sideStats{w, b}
		})
	return m
}
