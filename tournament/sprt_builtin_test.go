package tournament

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rating"
)

// builtinMatch loads a Knight Fight SPRT match of two built-in engines (as
// "level seed" pairs; seed "" for none) and opens a fresh database.
func builtinMatch(t *testing.T, exe, sprt string, rounds int, a, b [2]string) (*config.Tournament, string) {
	t.Helper()
	dir := t.TempDir()
	eng := func(name string, e [2]string) string {
		args := "engine, --game, knight-fight, --level, " + e[0]
		if e[1] != "" {
			args += ", --seed, \"" + e[1] + "\""
		}
		return fmt.Sprintf("  - {name: %s, cmd: %s, args: [%s]}\n", name, exe, args)
	}
	text := fmt.Sprintf("name: sprt\ngame: knight-fight\nrounds: %d\ngames_per_encounter: 2\nseed: 42\n"+
		"time_control: {move_ms: 2}\ntime_margin_ms: 30000\nadjudication: score\nsprt: %s\nengines:\n", rounds, sprt) +
		eng("a", a) + eng("b", b)
	path := filepath.Join(dir, "m.yaml")
	writeFile(t, path, text)
	cfg, err := config.Load(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, filepath.Join(dir, "t.db")
}

// TestSPRTBuiltinEngines plays real SPRT matches of arbiter's own engines
// at Knight Fight, one game at a time, so that each engine process plays
// every game of its side in order and random's seeded choices, and with
// them every result, are the same from run to run: search against random
// must accept H1 at (0, 10) long before the cap; two copies of random
// (other seeds, so the games differ) must accept H0, not H1, at (0, 50).
// The search engine's moves depend on its clock, but it wins every game
// against random.
func TestSPRTBuiltinEngines(t *testing.T) {
	exe := buildArbiter(t)
	cases := []struct {
		name    string
		sprt    string
		rounds  int
		a, b    [2]string
		verdict string
		within  int // games
	}{
		{"search beats random", "{elo0: 0, elo1: 10}", 1000, [2]string{"search", ""}, [2]string{"random", "3"}, rating.H1, 300},
		{"random equals random", "{elo0: 0, elo1: 50}", 500, [2]string{"random", "1"}, [2]string{"random", "2"}, rating.H0, 700},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, dbPath := builtinMatch(t, exe, c.sprt, c.rounds, c.a, c.b)
			db := openDB(t, dbPath)
			start := time.Now()
			sum, err := Run(context.Background(), cfg, Options{DB: db, Concurrency: 1})
			if err != nil {
				t.Fatal(err)
			}
			sp := sum.SPRT
			t.Logf("%s (%d games of %d, counts %v, decided after %d, %v)", sp.Line(), sum.Played, sum.Total, sp.Counts, sp.DecidedAfter, time.Since(start).Round(time.Millisecond))
			if sp.Verdict != c.verdict || sp.Games > c.within || sp.Games >= sum.Total {
				t.Errorf("%s; want %s within %d games (cap %d)", sp.Line(), c.verdict, c.within, sum.Total)
			}
			if v, at, _ := walkSPRT(t, db, cfg.SPRT.Test(), "a", true); v != sp.Verdict || at != sp.DecidedAfter {
				t.Errorf("recomputed from the stored games: %s after %d; the runner: %s after %d", v, at, sp.Verdict, sp.DecidedAfter)
			}
			for _, r := range rows(t, db) {
				if r.Termination != notation.TermNormal {
					t.Errorf("slot %d ended by %s", r.Slot, r.Termination)
				}
			}
		})
	}
}
