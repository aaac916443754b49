package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/store"
)

// formatConfig writes the config of a tournament of format between n
// built-in Lines of Action engines (random and greedy, each of its own
// seed: quick and decisive) and returns its path.
func formatConfig(t *testing.T, dir, format string, n int, extra string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s%d\ngame: lines-of-action\nformat: %s\ngames_per_encounter: 2\nseed: 4\n"+
		"time_control: {move_ms: 100}\ntime_margin_ms: 30000\nmax_plies: 60\n%sengines:\n", format, n, format, extra)
	for i := range n {
		level := []string{"random", "greedy"}[i%2]
		fmt.Fprintf(&b, "  - {name: e%d, cmd: %s, args: [engine, --game, lines-of-action, --level, %s, --seed, '%d']}\n", i+1, exe, level, i+1)
	}
	path := filepath.Join(dir, format+".yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// storedGame is a stored game of a tournament, as the checks read it.
type storedGame struct {
	slot          int
	white, black  string
	result, round string
}

// openReader opens the database dsn for reading, failing t if it cannot.
func openReader(ctx context.Context, t testing.TB, dsn string) *store.DB {
	t.Helper()
	d, err := store.OpenReader(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// storedGames reads the games of the tournament in db, by slot.
func storedGames(t *testing.T, db string) []storedGame {
	t.Helper()
	ctx := context.Background()
	d := openReader(ctx, t, db)
	defer d.Close()
	var out []storedGame
	var g storedGame
	var record string
	eachRow(ctx, t, d, `SELECT slot, white, black, result, record FROM games ORDER BY slot`,
		[]any{&g.slot, &g.white, &g.black, &g.result, &record}, func() {
			g.round = ""
			if i := strings.Index(record, `[Round "`); i >= 0 {
				g.round, _, _ = strings.Cut(record[i+len(`[Round "`):], ".")
			}
			out = append(out, g)
		})
	return out
}

// eachRow runs query on db and calls row after scanning each row of its
// answer into dest, failing t on an error.
func eachRow(ctx context.Context, t *testing.T, db *store.DB, query string, dest []any, row func()) {
	t.Helper()
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			t.Fatal(err)
		}
		row()
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

// checkFormat checks the stored games of a Swiss or a knockout as the
// format's rules say they must be, with checks of its own: every slot
// once, in order; in a Swiss no two players meet in two rounds and each
// plays at most once a round; in a knockout a player who lost an encounter
// plays no more.
func checkFormat(t *testing.T, format string, games []storedGame, want int) {
	t.Helper()
	if len(games) != want {
		t.Fatalf("%d games stored; want %d", len(games), want)
	}
	for i, g := range games {
		if g.slot != i {
			t.Fatalf("stored slots %d...; want each of 0..%d once", g.slot, want-1)
		}
	}
	type pair struct{ a, b string }
	key := func(a, b string) pair {
		if a > b {
			a, b = b, a
		}
		return pair{a, b}
	}
	met := map[pair]string{}                // the round two players met in
	inRound := map[string]map[string]pair{} // round → player → encounter
	points := map[string]map[pair]float64{} // round → encounter → points of its first player
	played := map[string]map[pair]int{}     // round → encounter → games
	for _, g := range games {
		k := key(g.white, g.black)
		if r, ok := met[k]; ok && r != g.round && format == "swiss" {
			t.Errorf("%s and %s meet in rounds %s and %s", g.white, g.black, r, g.round)
		}
		met[k] = g.round
		if inRound[g.round] == nil {
			inRound[g.round], points[g.round], played[g.round] = map[string]pair{}, map[pair]float64{}, map[pair]int{}
		}
		for _, p := range []string{g.white, g.black} {
			if e, ok := inRound[g.round][p]; ok && e != k {
				t.Errorf("round %s: %s plays in two encounters", g.round, p)
			}
			inRound[g.round][p] = k
		}
		played[g.round][k]++
		switch {
		case g.result == "1/2-1/2":
			points[g.round][k] += 0.5
		case (g.result == "1-0") == (g.white == k.a):
			points[g.round][k]++
		}
	}
	if format != "knockout" {
		return
	}
	out := map[string]bool{}
	for r := 1; r <= len(points); r++ {
		round := fmt.Sprint(r)
		for k, p := range points[round] {
			if out[k.a] || out[k.b] {
				t.Errorf("round %s: %s - %s, but one of them is out", round, k.a, k.b)
			}
			switch half := float64(played[round][k]) / 2; {
			case p > half:
				out[k.b] = true
			case p < half:
				out[k.a] = true
			}
		}
	}
}

// TestFormatsResumed plays a 9-engine Swiss and a 5-engine knockout
// through the command line, SIGKILLs the runner midway and runs it again:
// every game of the tournament is stored once, and the games follow the
// format's rules across the kill.
func TestFormatsResumed(t *testing.T) {
	for _, tc := range []struct {
		format string
		n      int
		extra  string
		want   int // games; a knockout's tie-breaks are off
	}{
		{"swiss", 9, "rounds: 5\n", 5 * 4 * 2},
		{"knockout", 5, "tiebreak_pairs: 0\n", 4 * 2},
	} {
		t.Run(tc.format, func(t *testing.T) {
			dir := t.TempDir()
			cfg := formatConfig(t, dir, tc.format, tc.n, tc.extra)
			db := filepath.Join(dir, "t.db")
			exe, _ := os.Executable()
			cmd := exec.Command(exe, "tournament", "--db", db, "-j", "2", cfg)
			cmd.Env = append(os.Environ(), mainEnv+"=1")
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Killed once a few games are stored (a Swiss past its first
			// round, a knockout within it).
			kill := map[string]int{"swiss": 12, "knockout": 3}[tc.format]
			for start := time.Now(); len(storedGamesIfAny(db)) < kill; time.Sleep(20 * time.Millisecond) {
				if time.Since(start) > time.Minute {
					cmd.Process.Kill()
					t.Fatalf("%d games stored in a minute:\n%s", len(storedGamesIfAny(db)), errb.String())
				}
			}
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
			before := len(storedGamesIfAny(db))
			r := arbiterMain(t, "", "tournament", "--db", db, "-j", "2", cfg)
			if r.code != 0 {
				t.Fatalf("the run after the kill: %v", r)
			}
			if !strings.Contains(r.stdout, fmt.Sprintf("%d of %d games stored", tc.want, tc.want)) {
				t.Errorf("summary:\n%s", r.stdout)
			}
			if tc.format == "knockout" && !strings.Contains(r.stdout, "knockout winner: ") {
				t.Errorf("the knockout's summary has no winner:\n%s", r.stdout)
			}
			t.Logf("killed with %d games stored", before)
			checkFormat(t, tc.format, storedGames(t, db), tc.want)
		})
	}
}

// storedGamesIfAny is storedGames of a database that may not exist yet or
// be being written: what can be read, or nothing.
func storedGamesIfAny(db string) []int {
	d, err := store.OpenReader(context.Background(), db)
	if err != nil {
		return nil
	}
	defer d.Close()
	var n int
	if d.QueryRowContext(context.Background(), `SELECT count(*) FROM games`).Scan(&n) != nil {
		return nil
	}
	return make([]int, n)
}

// TestFormatsShared plays the same Swiss and knockout with two runners on
// one PostgreSQL database: they make each round once between them, and
// every game is stored once.
func TestFormatsShared(t *testing.T) {
	for _, tc := range []struct {
		format string
		n      int
		extra  string
		want   int
	}{
		{"swiss", 9, "rounds: 5\n", 5 * 4 * 2},
		{"knockout", 5, "tiebreak_pairs: 0\n", 4 * 2},
	} {
		t.Run(tc.format, func(t *testing.T) {
			url := pgtest.URL(t)
			cfg := formatConfig(t, t.TempDir(), tc.format, tc.n, tc.extra)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			for i, out := range runTogether(ctx, t, url, cfg) {
				if !strings.Contains(out, fmt.Sprintf("%d of %d games stored", tc.want, tc.want)) {
					t.Errorf("runner %d's summary lacks the whole tournament:\n%s", i+1, out)
				}
			}
			checkFormat(t, tc.format, storedGames(t, url), tc.want)
		})
	}
}
