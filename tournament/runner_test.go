package tournament

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules/games"
	"github.com/arbiter-games/arbiter/store"
)

// writeConfig writes a tournament config into a temp dir and returns its
// path. engines are "name=modes" pairs of fake engines.
func writeConfig(t testing.TB, dir, head string, engines ...string) string {
	t.Helper()
	return toygames.WriteRaceConfig(t, dir, withTimeDefaults(head), engines...)
}

func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func openDB(t testing.TB, path string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// loadTournament writes a config of head and engines into dir (see

// playConfig loads the config at path and plays it with opt into a new
// database t.db beside it, which it returns.
func playConfig(t *testing.T, path string, opt Options) *store.DB {
	t.Helper()
	cfg, err := config.Load(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	opt.DB = openDB(t, filepath.Join(filepath.Dir(path), "t.db"))
	if _, err := Run(context.Background(), cfg, opt); err != nil {
		t.Fatal(err)
	}
	return opt.DB
}

// writeConfig), loads it and opens a fresh database dir/t.db.
func loadTournament(t *testing.T, dir, head string, engines ...string) (*config.Tournament, *store.DB) {
	t.Helper()
	cfg, err := config.Load(context.Background(), writeConfig(t, dir, head, engines...))
	if err != nil {
		t.Fatal(err)
	}
	return cfg, openDB(t, filepath.Join(dir, "t.db"))
}

type row struct {
	Slot                   int
	White, Black, Result   string
	Termination            notation.Termination
	Record                 string
	Plies                  int
	ScoreWhite, ScoreBlack *int
}

func rows(t testing.TB, db *store.DB) []row {
	t.Helper()
	rs, err := db.Query(`SELECT slot, white, black, result, termination, record, plies, score_white, score_black
		FROM games ORDER BY slot`)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	var out []row
	for rs.Next() {
		var r row
		if err := rs.Scan(&r.Slot, &r.White, &r.Black, &r.Result, &r.Termination, &r.Record, &r.Plies,
			&r.ScoreWhite, &r.ScoreBlack); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// timeRE matches the time of a move comment, "0.120s".
var timeRE = regexp.MustCompile(`\b\d+\.\d{3}s\b`)

// blankTimes writes every time of the move comments of record as "T.TTTs":
// they are measured, so they change from run to run.
func blankTimes(record string) string { return timeRE.ReplaceAllString(record, "T.TTTs") }

// markerAlive reports the processes whose command line holds marker.
func markerAlive(marker string) []string {
	ents, _ := os.ReadDir("/proc")
	var out []string
	for _, ent := range ents {
		b, err := os.ReadFile("/proc/" + ent.Name() + "/cmdline")
		if err != nil || !strings.Contains(string(b), marker) {
			continue
		}
		st, _ := os.ReadFile("/proc/" + ent.Name() + "/stat")
		if i := strings.LastIndexByte(string(st), ')'); i > 0 && strings.HasPrefix(string(st[i+1:]), " Z") {
			continue // a zombie whose parent has gone; init reaps it
		}
		out = append(out, ent.Name()+": "+strings.ReplaceAll(string(b), "\x00", " "))
	}
	return out
}

// checkNoEngines fails t when processes with marker in their command line
// still run after enginetest.Guard.
func checkNoEngines(t *testing.T, marker string) {
	t.Helper()
	var left []string
	for start := time.Now(); time.Since(start) < enginetest.Guard; time.Sleep(20 * time.Millisecond) {
		if left = markerAlive(marker); len(left) == 0 {
			return
		}
	}
	t.Errorf("engine processes still running %v after their run: %v", enginetest.Guard, left)
}

// cancelOnNextGo calls cancel once an engine marking into dir (the mark
// mode) reads a go it had not read when cancelOnNextGo was called: a game
// is in play, the engine thinking. It returns at once; the wait runs in a
// goroutine of its own, which gives up (failing t) after enginetest.Guard,
// or quietly when the test ends first.
func cancelOnNextGo(t *testing.T, dir string, cancel func()) { cancelOnNext(t, dir, "go", cancel) }

// cancelOnNext is cancelOnNextGo for the command cmd (see enginetest's
// mark mode).
func cancelOnNext(t *testing.T, dir, cmd string, cancel func()) {
	n := enginetest.Marks(dir, cmd)
	ended := make(chan struct{})
	t.Cleanup(func() { close(ended) })
	go func() {
		defer cancel()
		for start := time.Now(); enginetest.Marks(dir, cmd) <= n; time.Sleep(5 * time.Millisecond) {
			select {
			case <-ended:
				return
			default:
			}
			if time.Since(start) > enginetest.Guard {
				t.Errorf("no %s read by an engine within %v", cmd, enginetest.Guard)
				return
			}
		}
	}()
}

// withTimeDefaults adds roomy timeouts to a config head unless it sets them:
// the tests run on a loaded machine, maybe under the race detector, where a
// sound fake engine may take seconds to answer, and a test about something
// else must not see a forfeit or a stall.
func withTimeDefaults(head string) string {
	for _, kv := range []string{"time_margin_ms: 30000", "ping_timeout_ms: 30000", "startup_timeout_ms: 30000"} {
		k, _, _ := strings.Cut(kv, ":")
		if !strings.Contains(head, k+":") {
			head += kv + "\n"
		}
	}
	return head
}

func TestTerminations(t *testing.T) {
	tests := []struct {
		name       string
		head       string // replaces toygames.RaceHead's last lines when set
		black      string
		wantResult string
		wantTerm   notation.Termination
		wantInRec  string
	}{
		{"normal", "", "first", "", notation.TermNormal, ""},
		{"flood", "", "flood", "", notation.TermNormal, ""},
		{"info lines", "", "info", "", notation.TermNormal, ""},
		{"crash", "", "crash:2", "1-0", notation.TermDisconnect, "crash"},
		{"crash at once", "", "crash:0", "1-0", notation.TermDisconnect, "exited"},
		// 3 s: the sound moves come within it on a loaded machine, and
		// the test waits it out once.
		{"never moves", "time_margin_ms: 3000\n", "nogo", "1-0", notation.TermTimeForfeit, "no bestmove"},
		{"too slow", "time_margin_ms: 3000\n", "slowat:3:60000", "1-0", notation.TermTimeForfeit, "timeout"},
		{"illegal move", "", "badat:2:9", "1-0", notation.TermIllegalMove, `"9"`},
		{"unparsable move", "", "bad:zz", "1-0", notation.TermIllegalMove, `"zz"`},
		{"not a bestmove", "", "garbage", "1-0", notation.TermIllegalMove, "hello there"},
		{"no readyok", "ping_timeout_ms: 3000\n", "noreadygame", "1-0", notation.TermStall, "readyok"},
		// The preflight's engine dies, so the game starts another one, which
		// is slow.
		{"slow handshake", "startup_timeout_ms: 3000\n", "slowugionce:60000:FLAG,readyexit", "1-0", notation.TermStall, "ugiok"},
		{"adjudicated draw", "max_plies: 4\n", "first", "1/2-1/2", notation.TermAdjudication, "after 4 plies"},
		{"adjudicated by score", "max_plies: 5\nadjudication: score\n", "first", "1-0", notation.TermAdjudication, "by points"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			// The test process's pid keeps the marker of two test runs on
			// one machine apart.
			marker := fmt.Sprintf("m%d%s", os.Getpid(), strings.ReplaceAll(t.Name(), "/", "_"))
			head := toygames.RaceHead + tc.head
			bad := strings.ReplaceAll(tc.black, "FLAG", filepath.Join(dir, "flag"))
			cfg, db := loadTournament(t, dir, head, "good=first,"+marker, "bad="+bad+","+marker)
			var out strings.Builder
			sum, err := Run(context.Background(), cfg, Options{DB: db, Out: &out})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			checkNoEngines(t, marker)
			if c := enginetest.ChildrenLeft(); len(c) > 0 {
				t.Errorf("children left after the tournament (zombies or running): %v", c)
			}
			rs := rows(t, db)
			if len(rs) != 1 || sum.Played != 1 {
				t.Fatalf("stored %d games, played %d; want 1", len(rs), sum.Played)
			}
			r := rs[0]
			if r.Termination != tc.wantTerm {
				t.Errorf("termination = %q; want %q\n%s", r.Termination, tc.wantTerm, r.Record)
			}
			if tc.wantResult != "" && r.Result != tc.wantResult {
				t.Errorf("result = %q; want %q\n%s", r.Result, tc.wantResult, r.Record)
			}
			if !strings.Contains(r.Record, `[Termination "`+string(tc.wantTerm)+`"]`) ||
				!strings.Contains(r.Record, `[Result "`+r.Result+`"]`) {
				t.Errorf("record lacks its Termination or Result tag:\n%s", r.Record)
			}
			if !strings.Contains(r.Record, tc.wantInRec) {
				t.Errorf("record lacks %q:\n%s", tc.wantInRec, r.Record)
			}
			if r.ScoreWhite == nil {
				t.Errorf("no score stored for a point game")
			}
			if out.String() != r.Record {
				t.Errorf("--out got %q; want the stored record %q", out.String(), r.Record)
			}
			checkValid(t, out.String())
		})
	}
}

// checkValid replays records as arbiter validate does and fails t on any
// invalid game.
func checkValid(t *testing.T, records string) {
	t.Helper()
	err := replay.File(context.Background(), "out.agn", []byte(records), replay.Options{Jobs: 1}, func(r replay.Report) {
		if !r.Valid {
			t.Errorf("record does not validate: %s\n%s", r.Describe(), records)
		}
	})
	if err != nil {
		t.Errorf("replay: %v", err)
	}
}

func TestPreflight(t *testing.T) {
	for _, opt := range []Options{{}, {Concurrency: 3, Workers: workerCmd(t)}} {
		t.Run(fmt.Sprintf("workers=%v", opt.Workers != nil), func(t *testing.T) {
			// 3 s to start: on a loaded machine a process may take more than
			// a second to come up, and b's crash must come before its
			// timeout.
			cfg, db := loadTournament(t, t.TempDir(), toygames.RaceHead+"startup_timeout_ms: 3000\nping_timeout_ms: 3000\n", "a=first", "b=die", "c=noready", "d=slowugi:60000")
			opt.DB = db
			_, err := Run(context.Background(), cfg, opt)
			for _, want := range []string{"engine b: crash", "cannot open its book", "engine c: stall: no readyok", "engine d: stall: no ugiok"} {
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("Run = %v; want an error with %q", err, want)
				}
				if strings.Count(fmt.Sprint(err), want) > 1 {
					t.Errorf("Run = %v; %q more than once", err, want)
				}
			}
			if strings.Contains(fmt.Sprint(err), "engine a") {
				t.Errorf("Run blames the sound engine a: %v", err)
			}
			if n := len(rows(t, db)); n != 0 {
				t.Errorf("%d games stored; want none", n)
			}
			if c := enginetest.ChildrenLeft(); len(c) > 0 {
				t.Errorf("children left: %v", c)
			}
		})
	}
}

func TestResumeAfterKill(t *testing.T) {
	t.Run("in-process", func(t *testing.T) { testResumeAfterKill(t, "") })
	// The kernel ends the worker processes with the runner, and their
	// engines with them.
	t.Run("worker processes", func(t *testing.T) { testResumeAfterKill(t, "FAKE_RUNNER_WORKERS=2") })
}

// killAfterStored runs the fake runner on path and dbPath (env added to
// its environment) until it has stored at least n games, then kills it
// with SIGKILL; it fails t when that takes longer than within. It returns
// the database.
func killAfterStored(t *testing.T, path, dbPath, env string, n int, within time.Duration) *store.DB {
	t.Helper()
	exe, _ := os.Executable()
	cmd := exec.Command(exe, "fake-runner", path, dbPath)
	cmd.Env = append(os.Environ(), env)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	db := openDB(t, dbPath)
	deadline := time.Now().Add(within)
	for {
		var stored int
		db.QueryRow(`SELECT count(*) FROM games`).Scan(&stored)
		if stored >= n {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("only %d games stored after %v", stored, within)
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	return db
}

func testResumeAfterKill(t *testing.T, env string) {
	dir := t.TempDir()
	marker := fmt.Sprintf("kill%d", os.Getpid())
	path := writeConfig(t, dir, toygames.RaceHeadGames(8), "a=first,slow:4,"+marker, "b=last,slow:4,"+marker, "c=first,slow:4,"+marker)
	dbPath := filepath.Join(dir, "t.db")
	const total = 24

	db := killAfterStored(t, path, dbPath, env, 5, enginetest.Guard)
	checkNoEngines(t, marker) // the kernel ends the engines with their runner
	var before int
	db.QueryRow(`SELECT count(*) FROM games`).Scan(&before)
	if before >= total {
		t.Fatalf("the runner finished (%d games) before it was killed", before)
	}

	exe, _ := os.Executable()
	cmd := exec.Command(exe, "fake-runner", path, dbPath)
	cmd.Env = append(os.Environ(), env)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("resumed runner: %v", err)
	}
	var n, slots int
	db.QueryRow(`SELECT count(*), count(DISTINCT slot) FROM games`).Scan(&n, &slots)
	if n != total || slots != total {
		t.Errorf("after resume: %d games in %d slots; want %d (killed after %d)", n, slots, total, before)
	}
	checkNoEngines(t, marker)
}

// workerCmd is the command line of a worker process: the test binary (see
// TestMain).
func workerCmd(t testing.TB) []string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return []string{exe, "tournament-worker"}
}

func TestConcurrencySameResults(t *testing.T) {
	head := toygames.RaceHeadGames(4)
	runs := []struct {
		name    string
		conc    int
		workers []string
	}{
		{"serial", 1, nil},
		{"concurrency 2", 2, nil},
		{"concurrency 3 in worker processes", 3, workerCmd(t)},
	}
	var got [][]row
	for _, r := range runs {
		cfg, db := loadTournament(t, t.TempDir(), head, "a=first", "b=last", "c=first,info")
		sum, err := Run(context.Background(), cfg, Options{DB: db, Concurrency: r.conc, Workers: r.workers})
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		if (r.workers != nil) != (sum.WorkerCPU > 0) {
			t.Errorf("%s: worker CPU %v", r.name, sum.WorkerCPU)
		}
		got = append(got, rows(t, db))
	}
	for i, r := range runs {
		if len(got[i]) != 12 {
			t.Fatalf("%s: stored %d games; want 12", r.name, len(got[i]))
		}
		for k := range got[0] {
			// The times in the move comments are the engines' own.
			if blankTimes(got[0][k].Record) != blankTimes(got[i][k].Record) || got[0][k].Result != got[i][k].Result {
				t.Errorf("slot %d: serial\n%s\n%s\n%s", k, got[0][k].Record, r.name, got[i][k].Record)
			}
		}
	}
}

func TestInterrupt(t *testing.T) {
	for _, workers := range [][]string{nil, workerCmd(t)} {
		t.Run(fmt.Sprintf("workers=%v", workers != nil), func(t *testing.T) {
			marker := fmt.Sprintf("intr%d", os.Getpid())
			marks := t.TempDir()
			cfg, db := loadTournament(t, t.TempDir(), toygames.RaceHeadGames(50), "a=first,slow:5,mark:"+marks+","+marker, "b=first,slow:5,mark:"+marks+","+marker)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			sum, err := Run(ctx, cfg, Options{DB: db, Concurrency: 2, Workers: workers, Progress: func(p Progress) {
				if p.Done == 3 {
					cancelOnNextGo(t, marks, cancel) // mid-game
				}
			}})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("Run = %v; want context.Canceled", err)
			}
			checkNoEngines(t, marker)
			if c := enginetest.ChildrenLeft(); len(c) > 0 {
				t.Errorf("children left after an interrupted tournament: %v", c)
			}
			if n := len(rows(t, db)); n != sum.Played || n < 3 || n >= 50 {
				t.Errorf("stored %d games, played %d of 50", n, sum.Played)
			}
		})
	}
}

// TestWorkerProcessDies checks that a worker process that dies is a clear
// error that stops the tournament, keeping the games stored, and leaves no
// process behind.
func TestWorkerProcessDies(t *testing.T) {
	marker := fmt.Sprintf("wdie%d", os.Getpid())
	cfg, db := loadTournament(t, t.TempDir(), toygames.RaceHeadGames(40), "a=first,slow:2,"+marker, "b=last,slow:2,"+marker)
	exe := workerCmd(t)[0]
	sum, err := Run(context.Background(), cfg, Options{DB: db, Concurrency: 2,
		Workers: []string{exe, "fake-worker-dies", "3"}})
	if err == nil || !strings.Contains(err.Error(), "worker process") || !strings.Contains(err.Error(), "fake worker gives up") {
		t.Fatalf("Run = %v; want the worker process's death and its last words", err)
	}
	if n := len(rows(t, db)); n != sum.Played || n < 2 || n >= 40 {
		t.Errorf("stored %d games, played %d of 40", n, sum.Played)
	}
	checkNoEngines(t, marker)
	if c := enginetest.ChildrenLeft(); len(c) > 0 {
		t.Errorf("children left: %v", c)
	}

	// A worker that panics: its panic line, not the last of the trace.
	cfg, db = loadTournament(t, t.TempDir(), toygames.RaceHeadGames(4), "a=first", "b=last")
	_, err = Run(context.Background(), cfg, Options{DB: db, Concurrency: 2,
		Workers: []string{exe, "fake-worker-dies", "0", "panic"}})
	if err == nil || !strings.Contains(err.Error(), "panic: fake worker bug") {
		t.Errorf("Run with a panicking worker = %v", err)
	}

	// A worker command that cannot start.
	cfg, db = loadTournament(t, t.TempDir(), toygames.RaceHeadGames(4), "a=first", "b=last")
	_, err = Run(context.Background(), cfg, Options{DB: db, Concurrency: 2,
		Workers: []string{filepath.Join(t.TempDir(), "no-such-arbiter"), "tournament-worker"}})
	if err == nil || !strings.Contains(err.Error(), "no-such-arbiter") {
		t.Errorf("Run with a missing worker command = %v", err)
	}
}

func TestChangedConfigRefused(t *testing.T) {
	dir := t.TempDir()
	cfg, db := loadTournament(t, dir, toygames.RaceHead, "a=first", "b=last")
	if _, err := Run(context.Background(), cfg, Options{DB: db}); err != nil {
		t.Fatal(err)
	}
	// The same config again plays nothing.
	sum, err := Run(context.Background(), cfg, Options{DB: db, Concurrency: 3})
	if err != nil || sum.Played != 0 || sum.Resumed != 1 {
		t.Errorf("rerun = %+v, %v; want nothing played", sum, err)
	}
	cfg, err = config.Load(context.Background(), writeConfig(t, dir, strings.Replace(toygames.RaceHead, "seed: 7", "seed: 8", 1), "a=first", "b=last"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), cfg, Options{DB: db})
	if !errors.Is(err, store.ErrConfigChanged) || !strings.Contains(err.Error(), `"t"`) {
		t.Errorf("changed config: %v; want ErrConfigChanged naming the tournament", err)
	}
}

// TestRealGames plays a small tournament of fake engines in every game
// arbiter knows and checks that the records validate.
func TestRealGames(t *testing.T) {
	for _, g := range games.All {
		if g == toygames.Race {
			continue
		}
		t.Run(g.ID(), func(t *testing.T) {
			dir := t.TempDir()
			var b strings.Builder
			fmt.Fprintf(&b, "name: real\ngame: %s\ngames_per_encounter: 2\nseed: 3\ntime_control: {base_ms: 5000, increment_ms: 10}\nmax_plies: 80\n", g.ID())
			b.WriteString("adjudication: draw\nengines:\n")
			a := "a=first"
			if g.ID() == "lines-of-action" {
				a += ",bare" // the separator-less form engines may answer in
			}
			for _, e := range []string{a, "b=last,info", "c=first,badat:6:zz9", "d=last,crash:4"} {
				name, modes, _ := strings.Cut(e, "=")
				fmt.Fprintf(&b, "  - {name: %s, cmd: arbiter, args: [fake-engine, %q, %s]}\n", name, modes, g.ID())
			}
			path := filepath.Join(dir, "real.yaml")
			os.WriteFile(path, []byte(b.String()), 0o644)
			var out strings.Builder
			db := playConfig(t, path, Options{Out: &out, Concurrency: 2})
			rs := rows(t, db)
			if len(rs) != 12 {
				t.Fatalf("stored %d games; want 12", len(rs))
			}
			terms := map[notation.Termination]int{}
			for _, r := range rs {
				terms[r.Termination]++
				if strings.Contains(r.Record, "{a (") {
					t.Errorf("engine a (sound) lost by forfeit:\n%s", r.Record)
				}
			}
			// Both games of a pair start from the same position (Knight
			// Fight's Board tag), with colours swapped.
			boards := map[int]string{}
			prs, err := db.Query(`SELECT pair, white, record FROM games ORDER BY slot`)
			if err != nil {
				t.Fatal(err)
			}
			for prs.Next() {
				var pair int
				var white, rec string
				prs.Scan(&pair, &white, &rec)
				board := regexp.MustCompile(`\[Board "[^"]*"\]`).FindString(rec)
				if prev, ok := boards[pair]; ok && prev != board {
					t.Errorf("pair %d: boards %q and %q differ", pair, prev, board)
				}
				boards[pair] = board
			}
			prs.Close()
			if g.ID() == "knight-fight" && len(boards) > 0 && boards[0] == boards[1] {
				t.Errorf("pairs 0 and 1 share a board %q", boards[0])
			}
			if terms[notation.TermIllegalMove] == 0 || terms[notation.TermDisconnect] == 0 {
				t.Errorf("terminations %v; want illegal moves and disconnects among them", terms)
			}
			checkValid(t, out.String())
		})
	}
}

// TestRestartAfterCrash checks that an engine that crashed gets a fresh
// process for its next game: every game is played up to the crash.
func TestRestartAfterCrash(t *testing.T) {
	cfg, db := loadTournament(t, t.TempDir(), toygames.RaceHeadGames(4), "a=first", "b=first,crash:2")
	if _, err := Run(context.Background(), cfg, Options{DB: db}); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows(t, db) {
		if r.Termination != notation.TermDisconnect || r.Plies < 4 {
			t.Errorf("slot %d: %s after %d plies; want a disconnect after b's second move\n%s", r.Slot, r.Termination, r.Plies, r.Record)
		}
	}
}

// TestIdleDeathRestarts checks that an engine whose kept process died
// between games gets a fresh one rather than losing the next game.
func TestIdleDeathRestarts(t *testing.T) {
	cfg, db := loadTournament(t, t.TempDir(), toygames.RaceHeadGames(4), "a=first,idledeath", "b=last,idledeath")
	if _, err := Run(context.Background(), cfg, Options{DB: db}); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows(t, db) {
		if r.Termination != notation.TermNormal {
			t.Errorf("slot %d ended by %s; want normal\n%s", r.Slot, r.Termination, r.Record)
		}
	}
}

// TestStopDuringStart: a stop (the first Ctrl-C) while the engines are
// checked before the first game, one of them never answering ugi, ends
// the run at once, as a stop after the start does, rather than after the
// check times out: Run returns ErrStopped, having said that no game is in
// play, and stores nothing.
func TestStopDuringStart(t *testing.T) {
	for _, workers := range [][]string{nil, workerCmd(t)} {
		t.Run(fmt.Sprintf("workers=%v", workers != nil), func(t *testing.T) {
			marks := t.TempDir()
			cfg, db := loadTournament(t, t.TempDir(), toygames.RaceHead+"startup_timeout_ms: 60000\n", "a=first", "b=slowugi:60000,mark:"+marks)
			stop := make(chan struct{})
			var said []int
			// The stop comes once b has read ugi: the check is under way.
			cancelOnNext(t, marks, "ugi", func() { close(stop) })
			start := time.Now()
			_, err := Run(context.Background(), cfg, Options{DB: db, Workers: workers, Stop: stop,
				Stopping: func(n int) { said = append(said, n) }})
			if !errors.Is(err, ErrStopped) {
				t.Fatalf("Run stopped during the start = %v; want ErrStopped", err)
			}
			// Not at the end of b's 60 s to start: a loaded machine may
			// take seconds, not tens of them.
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("Run returned %v after it began; want soon after the stop, well before b's startup timeout", d)
			}
			if fmt.Sprint(said) != "[0]" || len(rows(t, db)) != 0 {
				t.Errorf("Stopping told %v, %d games stored; want [0], none", said, len(rows(t, db)))
			}
		})
	}
}
