package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestSPRTCommands plays an SPRT match of built-in engines through the
// tournament command (one game at a time, random seeded: the same games
// every run), resumes it, and reports it, stored and as a --sprt test.
func TestSPRTCommands(t *testing.T) {
	dir := t.TempDir()
	path := selfEngines(t, dir, "m.yaml", "name: sprt\ngame: knight-fight\nrounds: 300\nseed: 5\n"+
		"time_control: {move_ms: 20}\ntime_margin_ms: 30000\nadjudication: score\n"+
		"sprt: {elo0: 0, elo1: 50}\n",
		"r1 args: [engine, --game, knight-fight, --level, random, --seed, \"1\"]",
		"r2 args: [engine, --game, knight-fight, --level, random, --seed, \"2\"]")
	db := filepath.Join(dir, "m.db")
	verdict := regexp.MustCompile(`(?m)^SPRT \(0, 50\) normalized: LLR -?\d+\.\d\d \(-2\.94, 2\.94\) H0 accepted after (\d+) games; LLR -?\d+\.\d\d over all (\d+) games stored$`)
	r := runCLI(t, "", "tournament", "--db", db, "-j", "1", path)
	if r.code != exitOK {
		t.Fatalf("tournament: %v", r)
	}
	line := verdict.FindString(r.stdout)
	if line == "" {
		t.Fatalf("stdout lacks the verdict line:\n%s", r.stdout)
	}
	if !regexp.MustCompile(`game 2/600 \(slot 1, round 1\.2\): .*, LLR -?\d+\.\d\d \(-2\.94, 2\.94\)\n`).MatchString(r.stderr) ||
		!strings.Contains(r.stderr, "the SPRT answered H0 accepted after ") || !strings.Contains(r.stderr, "no new game starts") {
		t.Errorf("stderr lacks the LLR in the per-game lines:\n%s", clip(r.stderr))
	}
	// Resume: nothing to play, the same verdict.
	r = runCLI(t, "", "tournament", "--db", db, "-j", "1", path)
	if r.code != exitOK || verdict.FindString(r.stdout) != line || !strings.Contains(r.stderr, "nothing to play") {
		t.Errorf("resumed: %v; want nothing played and %q", r, line)
	}
	// The report's SPRT section.
	r = runCLI(t, "", "report", "--db", db)
	after := verdict.FindStringSubmatch(line)[1]
	if r.code != exitOK || !strings.Contains(r.stdout, "\nSPRT\nr1 vs r2, tournament sprt: SPRT (0, 50) normalized, alpha 0.05, beta 0.05\n") ||
		!strings.Contains(r.stdout, ": H0 accepted after "+after+" games; LLR ") {
		t.Errorf("report: %v; want the verdict after %s games, as the tournament said", r, after)
	}
	r = runCLI(t, "", "report", "--db", db, "--format", "json")
	var j struct {
		SPRT []struct {
			Tournament  string  `json:"tournament"`
			Games       int     `json:"games"`
			Pentanomial *[5]int `json:"pentanomial"`
			LLR         float64 `json:"llr"`
			Verdict     string  `json:"verdict"`
		} `json:"sprt"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || len(j.SPRT) != 1 {
		t.Fatalf("report json: %v %v", err, r)
	}
	s := j.SPRT[0]
	sum := 0
	for _, n := range s.Pentanomial {
		sum += n
	}
	// The verdict line's final LLR is over every stored game, as the
	// report's.
	if s.Verdict != "H0 accepted" || s.Pentanomial == nil || s.Games < 2*sum || s.Games > 2*sum+1 ||
		!strings.Contains(line, fmt.Sprintf("; LLR %.2f over all %d games stored", s.LLR, s.Games)) {
		t.Errorf("json sprt %+v, %v; verdict line %q", s, s.Pentanomial, line)
	}
	// The same test over the stored games with --sprt: the same verdict;
	// the other way round (r2 tested against r1, elo 0 against 50) too.
	for _, players := range [][2]string{{"r1", "r2"}, {"r2", "r1"}} {
		r = runCLI(t, "", "report", "--db", db, "--tournament", "sprt", "--sprt", "0,50", "--player", players[0], "--player", players[1])
		if r.code != exitOK || !strings.Contains(r.stdout, players[0]+" vs "+players[1]+", selected games: SPRT (0, 50) normalized") {
			t.Errorf("report --sprt: %v", r)
		}
	}
	r = runCLI(t, "", "report", "--db", db, "--tournament", "sprt", "--sprt", "0,50", "--player", "r1", "--player", "r2")
	if got := strings.Count(r.stdout, ": H0 accepted after "); got != 2 {
		t.Errorf("report --sprt: %d H0 verdicts; want the stored match's and the test's:\n%s", got, r.stdout)
	}
	r = runCLI(t, "", "report", "--db", db, "--format", "html", "--sprt", "0,50,0.1,0.1,logistic", "--player", "r1", "--player", "r2")
	if r.code != exitOK || strings.Count(r.stdout, `<polyline class="llr"`) != 2 {
		t.Errorf("report html: %v", r)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--sprt", "0,50", "--player", "r1"}, "--sprt needs the two players"},
		{[]string{"--sprt", "0,50"}, "--sprt needs the two players"},
		{[]string{"--sprt", "50,0", "--player", "r1", "--player", "r2"}, "sprt elo0 (50) must be below elo1 (0)"},
		{[]string{"--sprt", "0,5,0.5,0.5", "--player", "r1", "--player", "r2"}, "alpha + beta is 1"},
		{[]string{"--sprt", "0,5,0.05,0.05,gauss", "--player", "r1", "--player", "r2"}, `model "gauss" is unknown`},
		{[]string{"--sprt", "0", "--player", "r1", "--player", "r2"}, "want ELO0,ELO1[,ALPHA,BETA[,MODEL]]"},
		{[]string{"--sprt", "0,x", "--player", "r1", "--player", "r2"}, `"x" is not a plain decimal number`},
		// Values whose LLR or bounds are not finite, and numbers that do
		// not mean what they say (0_1 was read as 1).
		{[]string{"--sprt", "-2000,2000", "--player", "r1", "--player", "r2"}, "sprt elo0 is -2000; it must be within ±200"},
		{[]string{"--sprt", "1e308,1.5e308", "--player", "r1", "--player", "r2"}, "sprt elo0 is 1e+308; it must be within ±200"},
		{[]string{"--sprt", "0,5,1e-320,0.05", "--player", "r1", "--player", "r2"}, "sprt alpha is 1e-320; it must be at least 1e-300 and below 1"},
		{[]string{"--sprt", "0_1,5", "--player", "r1", "--player", "r2"}, `"0_1" is not a plain decimal number`},
		{[]string{"--sprt", "0x1p3,9", "--player", "r1", "--player", "r2"}, `"0x1p3" is not a plain decimal number`},
		{[]string{"--sprt", "0,Infinity", "--player", "r1", "--player", "r2"}, `"Infinity" is not a plain decimal number`},
		{[]string{"--player", "r1", "--player", "r2", "--player", "r3"}, "--player is given 3 times"},
		{[]string{"--player", "r1", "--player", "r1"}, `--player "r1" is given twice`},
	} {
		r := runCLI(t, "", append([]string{"report", "--db", db}, c.args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("report %v: %v; want exit 2 and %q", c.args, r, c.want)
		}
	}
	// --player twice selects the games between the two, in export too.
	r = runCLI(t, "", "export", "--db", db, "--player", "r1", "--player", "r2")
	if n := strings.Count(r.stdout, "[Event "); r.code != exitOK || n != s.Games {
		t.Errorf("export --player r1 --player r2: %d games; want %d", n, s.Games)
	}
}

// checkSPRTKept checks, from what db stores, that a match's SPRT kept its
// word: every slot up to the verdict's count is stored (the test walks the
// slots in order), no game started after the verdict was reached (the
// stored start times against the stored verdict's), and of the games past
// the verdict's count, those not over by then (start plus duration) are at
// most those that can have been in play, inPlay (two a worker: one played,
// one finished and waiting to be stored). The others ended before the
// verdict, while a slot before them was still in play. It returns the
// verdict's count.
func checkSPRTKept(t *testing.T, db string, inPlay int) int {
	t.Helper()
	ctx := context.Background()
	d := openReader(ctx, t, db)
	defer d.Close()
	var decided int
	var at string
	if err := d.QueryRowContext(ctx, `SELECT decided_after, decided_at FROM sprt`).Scan(&decided, &at); err != nil {
		t.Fatalf("read the verdict: %v", err)
	}
	verdict, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		t.Fatal(err)
	}
	below, playing := 0, 0
	var slot int
	var s string
	var ms int64
	eachRow(ctx, t, d, `SELECT slot, started_at, duration_ms FROM games ORDER BY slot`, []any{&slot, &s, &ms}, func() {
		started, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		if !started.Before(verdict) {
			t.Errorf("slot %d started at %s, after the verdict at %s", slot, s, at)
		}
		switch {
		case slot < decided:
			below++
		case !started.Add(time.Duration(ms) * time.Millisecond).Before(verdict):
			playing++
		}
	})
	if below != decided {
		t.Errorf("%d games stored of the first %d slots; the SPRT answered after %d", below, decided, decided)
	}
	if playing > inPlay {
		t.Errorf("%d games past the verdict's %d were in play at the verdict; want at most %d", playing, decided, inPlay)
	}
	return decided
}

// TestSPRTKeepsItsWord plays an SPRT match that answers within a few
// dozen games at concurrency 1, 2 and 4: no game starts once a stored
// result has brought the LLR to a bound, and the tournament's output, a
// resume and the report say the verdict after the same number of games.
func TestSPRTKeepsItsWord(t *testing.T) {
	for _, j := range []int{1, 2, 4} {
		t.Run(fmt.Sprintf("concurrency-%d", j), func(t *testing.T) {
			dir := t.TempDir()
			path := selfEngines(t, dir, "m.yaml", "name: sprt\ngame: knight-fight\nrounds: 300\nseed: 5\n"+
				"time_control: {move_ms: 20}\ntime_margin_ms: 30000\nadjudication: score\nsprt: {elo0: 0, elo1: 50}\n",
				"g args: [engine, --game, knight-fight, --level, greedy]",
				"r args: [engine, --game, knight-fight, --level, random, --seed, \"2\"]")
			db := filepath.Join(dir, "m.db")
			r := runCLI(t, "", "tournament", "--db", db, "-j", strconv.Itoa(j), path)
			if r.code != exitOK {
				t.Fatalf("tournament: %v", r)
			}
			decided := checkSPRTKept(t, db, 2*j)
			want := fmt.Sprintf(" accepted after %d games; LLR ", decided)
			for _, args := range [][]string{
				{"tournament", "--db", db, "-j", strconv.Itoa(j), path},
				{"report", "--db", db},
				{"report", "--db", db, "--format", "markdown"},
			} {
				if again := runCLI(t, "", args...); again.code != exitOK || !strings.Contains(again.stdout, want) {
					t.Errorf("%s: %v; want %q", args[0], again, want)
				}
			}
			if !strings.Contains(r.stdout, want) {
				t.Errorf("the tournament's verdict line:\n%s\nwant %q", r.stdout, want)
			}
			r = runCLI(t, "", "report", "--db", db, "--format", "json")
			if !strings.Contains(r.stdout, fmt.Sprintf(`"decided_after": %d,`, decided)) {
				t.Errorf("report json lacks decided_after %d", decided)
			}
		})
	}
}
