package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/store"
)

// TestDistributedTournament plays one 300-game tournament with three
// runner processes on one PostgreSQL database, two games at a time each,
// and kills one of them (SIGKILL) midway: the other two finish the
// tournament, every slot is stored exactly once, no engine is left
// running, and the report counts what a plain SQL count does.
func TestDistributedTournament(t *testing.T) {
	url := pgtest.URL(t)
	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The engines run under a name of their own, to be found among the
	// processes afterwards.
	engine := filepath.Join(dir, "dist-engine")
	if err := os.Symlink(exe, engine); err != nil {
		t.Fatal(err)
	}
	const total = 300
	config := "name: dist\ngame: knight-fight\ngames_per_encounter: 100\nrounds: 1\nseed: 9\n" +
		"time_control: {move_ms: 20}\ntime_margin_ms: 30000\nmax_plies: 30\nadjudication: score\nengines:\n" +
		"  - {name: r1, cmd: " + engine + ", args: [engine, --game, knight-fight, --level, random, --seed, '1']}\n" +
		"  - {name: r2, cmd: " + engine + ", args: [engine, --game, knight-fight, --level, random, --seed, '2']}\n" +
		"  - {name: g, cmd: " + engine + ", args: [engine, --game, knight-fight, --level, greedy]}\n"
	cfg := write(t, "dist.yaml", config)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	type runner struct {
		cmd            *exec.Cmd
		stdout, stderr bytes.Buffer
	}
	var runners [3]*runner
	for i := range runners {
		r := &runner{cmd: exec.CommandContext(ctx, exe, "tournament", "--db", url, "-j", "2", "--lease", "2s", cfg)}
		r.cmd.Env = append(os.Environ(), mainEnv+"=1")
		r.cmd.Stdout, r.cmd.Stderr = &r.stdout, &r.stderr
		if err := r.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		runners[i] = r
	}
	db := openReader(ctx, t, url)
	defer db.Close()
	count := func(query string) int {
		t.Helper()
		var n int
		if err := db.QueryRowContext(ctx, query).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Kill the first runner once a fifth of the games are stored.
	for count(`SELECT count(*) FROM games`) < total/5 {
		if ctx.Err() != nil {
			t.Fatalf("fewer than %d games stored before the test's deadline", total/5)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := runners[0].cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	// Its games in play are lost; their slots come back at lease expiry.
	leased := count(`SELECT count(*) FROM slots WHERE NOT stored AND owner LIKE '%:` +
		strconv.Itoa(runners[0].cmd.Process.Pid) + `:%'`)
	t.Logf("runner 1 killed holding %d slots", leased)
	if err := runners[0].cmd.Wait(); err == nil {
		t.Errorf("the killed runner exited cleanly: it had finished before the kill")
	}
	for i, r := range runners[1:] {
		if err := r.cmd.Wait(); err != nil {
			t.Fatalf("runner %d: %v\nstdout:\n%s\nstderr:\n%s", i+2, err, r.stdout.String(), r.stderr.String())
		}
		if !strings.Contains(r.stdout.String(), "300 of 300 games stored") {
			t.Errorf("runner %d's summary lacks the whole tournament:\n%s", i+2, r.stdout.String())
		}
	}
	if n, slots := count(`SELECT count(*) FROM games`), count(`SELECT count(DISTINCT slot) FROM games WHERE slot >= 0 AND slot < 300 AND tournament_id IS NOT NULL`); n != total || slots != total {
		t.Errorf("stored %d games over %d distinct slots; want %d, each slot once", n, slots, total)
	}
	if n := count(`SELECT count(*) FROM slots WHERE NOT stored`); n != 0 {
		t.Errorf("%d slots not marked stored", n)
	}
	// The killed runner's engines die with it (and the others' with them).
	const guard = 30 * time.Second
	deadline := time.Now().Add(guard)
	for {
		left := processesOf(engine)
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("engine processes still running %v after the runners ended: %v", guard, left)
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	r := runCLI(t, "", "report", "--db", url, "--format", "json")
	if r.code != 0 {
		t.Fatalf("report: %v", r)
	}
	var rep struct {
		Total    int `json:"total"`
		Finished int `json:"finished"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if n, fin := count(`SELECT count(*) FROM games`), count(`SELECT count(*) FROM games WHERE result != '*'`); rep.Total != n || rep.Finished != fin {
		t.Errorf("report counts %d games, %d finished; SQL counts %d, %d", rep.Total, rep.Finished, n, fin)
	}
}

// processesOf returns the command lines of the running processes whose
// program is path.
func processesOf(path string) []string {
	var out []string
	dirs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, f := range dirs {
		b, err := os.ReadFile(f)
		if err != nil || len(b) == 0 {
			continue
		}
		argv := strings.Split(strings.TrimRight(string(b), "\x00"), "\x00")
		if argv[0] == path {
			out = append(out, strings.Join(argv, " "))
		}
	}
	return out
}

// TestDistributedSPRT plays an SPRT match (greedy against random: it
// answers within a few dozen games) with two runners on one PostgreSQL
// database: the test answers over their games together, both stop starting
// games, and both (and the report) give the same verdict.
func TestDistributedSPRT(t *testing.T) {
	url := pgtest.URL(t)
	cfg := selfEngines(t, t.TempDir(), "m.yaml", "name: sprt\ngame: knight-fight\nrounds: 300\nseed: 5\n"+
		"time_control: {move_ms: 20}\ntime_margin_ms: 30000\nadjudication: score\n"+
		"sprt: {elo0: 0, elo1: 50}\n",
		"g args: [engine, --game, knight-fight, --level, greedy]",
		"r args: [engine, --game, knight-fight, --level, random, --seed, \"2\"]")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	outs := runTogether(ctx, t, url, cfg)
	// The verdict is the same for both runners; the games stored when
	// each ended may differ by those the other still had in play.
	verdict := regexp.MustCompile(`(?m)^(SPRT \(0, 50\) normalized: LLR -?\d+\.\d\d \(-2\.94, 2\.94\) H[01] accepted after \d+ games); LLR -?\d+\.\d\d over all (\d+) games stored$`)
	var lines [2]string
	var seen [2]int
	for i, out := range outs {
		m := verdict.FindStringSubmatch(out)
		if m == nil {
			t.Errorf("runner %d: no verdict line:\n%s", i+1, out)
			continue
		}
		lines[i] = m[1]
		seen[i], _ = strconv.Atoi(m[2])
	}
	if lines[0] != lines[1] {
		t.Errorf("the runners disagree: %q and %q", lines[0], lines[1])
	}
	db := openReader(ctx, t, url)
	defer db.Close()
	var stored, decided int
	if err := db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM games), decided_after FROM sprt`).Scan(&stored, &decided); err != nil {
		t.Fatal(err)
	}
	// Once the test answers no game starts: what was in play is stored,
	// not the rest of the 600. (Games of slots past a slow one end before
	// it does, and before the test, which walks the slots in order, can
	// answer: checkSPRTKept tells them from those in play.)
	if decided == 0 || stored < decided || stored >= 600 {
		t.Errorf("%d games stored, the SPRT answered after %d; want the games up to the answer and those in play", stored, decided)
	}
	for i, n := range seen {
		if n < decided || n > stored {
			t.Errorf("runner %d saw %d games stored at its end; want from the %d of the answer to the %d stored in all", i+1, n, decided, stored)
		}
	}
	// Two runners, two workers each.
	checkSPRTKept(t, url, 2*2*2)
	if r := runCLI(t, "", "report", "--db", url); r.code != 0 || !strings.Contains(r.stdout, " accepted after "+strconv.Itoa(decided)+" games") {
		t.Errorf("report: %v; want the verdict after %d games", r, decided)
	}
}

// runTogether runs two runners of the tournament of cfg on database url at
// once, two games at a time each, and returns what each wrote (stdout and
// stderr); it fails t when either fails.
func runTogether(ctx context.Context, t *testing.T, url, cfg string) [2]string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var cmds [2]*exec.Cmd
	var bufs [2]bytes.Buffer
	for i := range cmds {
		cmds[i] = exec.CommandContext(ctx, exe, "tournament", "--db", url, "-j", "2", cfg)
		cmds[i].Env = append(os.Environ(), mainEnv+"=1")
		cmds[i].Stdout, cmds[i].Stderr = &bufs[i], &bufs[i]
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	var outs [2]string
	failed := false
	for i, c := range cmds {
		err := c.Wait()
		outs[i] = bufs[i].String()
		if err != nil {
			t.Errorf("runner %d: %v\n%s", i+1, err, outs[i])
			failed = true
		}
	}
	if failed {
		t.FailNow()
	}
	return outs
}

// TestLeaseFlag checks --lease: too short a lease is a usage error, named.
func TestLeaseFlag(t *testing.T) {
	for _, lease := range []string{"500ms", "0s", "-1m"} {
		r := runCLI(t, "", "tournament", "--lease", lease, "--db", filepath.Join(t.TempDir(), "x.db"), "nope.yaml")
		if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, "--lease must be at least 1s") {
			t.Errorf("tournament --lease %s: %v; want exit 2 naming --lease", lease, r)
		}
	}
}

// TestLostConnection loses the connection to the PostgreSQL server while
// a runner plays (it ended with "conn closed"): for a while, and the run
// goes on, the games in play kept, every slot stored once; for longer
// than store.ReconnectFor, and the runner exits 1 saying so.
func TestLostConnection(t *testing.T) {
	defer func(d time.Duration) { store.ReconnectFor = d }(store.ReconnectFor)
	t.Setenv(mainEnv, "1") // the config's engines: this binary as arbiter
	cfg, err := filepath.Abs("../../examples/lines-of-action.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name     string
		downFor  time.Duration // 0: for good
		reconn   time.Duration
		wantCode int
		want     string // in stderr
	}{
		{"for a while", 2 * time.Second, 30 * time.Second, exitOK, ""},
		{"for good", 0, 2 * time.Second, exitFailure, "the connection to the server is lost and did not come back within 2s"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			store.ReconnectFor = tt.reconn
			url := pgtest.URL(t)
			proxy, through := pgtest.NewProxy(t, url)
			direct, err := store.Open(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			defer direct.Close()
			stored := func() (n, slots int) {
				direct.QueryRow(`SELECT count(*), count(DISTINCT slot) FROM games`).Scan(&n, &slots)
				return n, slots
			}
			// The connection goes once two games are stored, whenever
			// that is; not at all when the run ends first.
			ended := make(chan struct{})
			go func() {
				for {
					if n, _ := stored(); n >= 2 {
						break
					}
					select {
					case <-ended:
						return
					case <-time.After(20 * time.Millisecond):
					}
				}
				proxy.Cut()
				if tt.downFor > 0 {
					time.AfterFunc(tt.downFor, proxy.Restore)
				}
			}()
			r := runCLI(t, "", "tournament", "--db", through, "-j", "2", "--lease", "20s", cfg)
			close(ended)
			proxy.Restore()
			if r.code != tt.wantCode || !strings.Contains(r.stderr, tt.want) {
				t.Fatalf("tournament with the connection lost %s: %v; want exit %d, %q", tt.name, r, tt.wantCode, tt.want)
			}
			n, slots := stored()
			if n != slots || tt.wantCode == exitOK && n != 12 {
				t.Errorf("%d games stored in %d slots; want each slot once (all 12 when the run ends)", n, slots)
			}
			if strings.Contains(r.stderr, "conn closed") && tt.wantCode == exitOK {
				t.Errorf("stderr: %s", r.stderr)
			}
		})
	}
}
