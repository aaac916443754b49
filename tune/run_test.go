package tune

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/store"
)

// TestMain: the fake engines play the toy race; the test binary is one,
// and a runner ("fake-tune CONFIG DB") for the kill and share tests.
func TestMain(m *testing.M) {
	toygames.RegisterRace()
	if len(os.Args) == 4 && os.Args[1] == "fake-tune" {
		os.Exit(fakeTune(os.Args[2], os.Args[3]))
	}
	if code, ok := enginetest.Main(os.Args[1:]); ok {
		os.Exit(code)
	}
	os.Exit(pgtest.Run(m))
}

// fakeTune runs the tuning run of config into database db, as arbiter
// tune would, with a lease of 2s.
func fakeTune(path, dsn string) int {
	ctx := context.Background()
	cfg, err := config.LoadTune(ctx, path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	db, err := store.Open(ctx, dsn)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer db.Close()
	if _, err := Run(ctx, cfg, Options{DB: db, Lease: 2 * time.Second}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

var long = flag.Bool("long", false, "run the convergence tests with more pairs")

// peakConfig writes a run of the peak:70 fake engine (its strength best
// at Skill 70 on 0–100) from start, of pairs pairs, and loads it.
func peakConfig(t testing.TB, dir, name string, start, pairs, conc int) *config.Tune {
	t.Helper()
	cfg, err := config.LoadTune(context.Background(), writePeak(t, dir, name, "peak:70", start, pairs, conc))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// writePeak writes the config of peakConfig with the engine's modes and
// returns its path.
func writePeak(t testing.TB, dir, name, modes string, start, pairs, conc int) string {
	t.Helper()
	text := fmt.Sprintf(`name: %s
game: toy-race
engine: {name: fake, cmd: arbiter, args: [fake-engine, %q, toy-race]}
pairs: %d
seed: 3
concurrency: %d
time_control: {move_ms: 5000}
params: |
  Skill,int,%d,0,100,8,0.02
`, name, modes, pairs, conc, start)
	path := filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
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

// TestConvergence checks that a run of the peak engine from 10 ends near
// its best value, 70, and that one from 70 stays near it.
func TestConvergence(t *testing.T) {
	pairs := 2000
	if *long {
		pairs = 10000
	}
	for _, tc := range []struct {
		start  int
		within float64
	}{{10, 15}, {70, 15}} {
		t.Run(fmt.Sprint(tc.start), func(t *testing.T) {
			dir := t.TempDir()
			cfg := peakConfig(t, dir, "peak", tc.start, pairs, 8)
			db := openDB(t, filepath.Join(dir, "t.db"))
			sum, err := Run(context.Background(), cfg, Options{DB: db})
			if err != nil {
				t.Fatal(err)
			}
			got := sum.Theta[0]
			t.Logf("from %d, %d pairs: θ = %.1f (%.1f from 70); overhead %v a pair",
				tc.start, pairs, got, math.Abs(got-70), sum.Overhead/time.Duration(max(1, sum.Played)))
			if math.Abs(got-70) > tc.within {
				t.Errorf("from %d: θ = %.1f; want within %v of 70", tc.start, got, tc.within)
			}
			stored, err := db.TunePairs(context.Background(), 1)
			if err != nil {
				t.Fatal(err)
			}
			if len(stored) != pairs || sum.Done != pairs || sum.Played != pairs {
				t.Errorf("%d pairs stored, done %d, played %d; want %d", len(stored), sum.Done, sum.Played, pairs)
			}
		})
	}
}

// runners start n fake-tune runners of path on dsn.
func runners(t *testing.T, path, dsn string, n int) []*exec.Cmd {
	t.Helper()
	exe, _ := os.Executable()
	var cmds []*exec.Cmd
	for range n {
		cmd := exec.Command(exe, "fake-tune", path, dsn)
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			cmd.Process.Kill()
			cmd.Wait()
		})
		cmds = append(cmds, cmd)
	}
	return cmds
}

// storedPairs returns how many pairs of run 1 are stored.
func storedPairs(db *store.DB) int {
	var n int
	db.QueryRow(`SELECT count(*) FROM tune_pairs WHERE seq IS NOT NULL`).Scan(&n)
	return n
}

// checkPairs checks that the stored pairs of run 1 are 0..total-1, each
// once, applied in the order 1..total, and that the run's state says
// total pairs done with θ the last pair's.
func checkPairs(t *testing.T, db *store.DB, total int) {
	t.Helper()
	ctx := context.Background()
	ps, err := db.TunePairs(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for i, p := range ps {
		if p.Seq != i+1 || seen[p.Pair] || p.Pair < 0 || p.Pair >= total {
			t.Fatalf("stored pair %d: pair %d, seq %d (pairs seen %d)", i, p.Pair, p.Seq, len(seen))
		}
		seen[p.Pair] = true
	}
	if len(ps) != total {
		t.Fatalf("%d pairs stored; want %d", len(ps), total)
	}
	runs, err := db.TuneRuns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 1 || runs[0].Done != total || !slices.Equal(runs[0].Theta, ps[total-1].Theta) {
		t.Fatalf("runs %+v; want one of %d pairs done, θ %v", runs, total, ps[total-1].Theta)
	}
}

// TestResumeAfterKill kills a runner (SIGKILL) midway and runs the run
// again: every pair is stored once, none lost.
func TestResumeAfterKill(t *testing.T) {
	dir := t.TempDir()
	const total = 300
	path := writePeak(t, dir, "kill", fmt.Sprintf("peak:70,slow:1,kill%d", os.Getpid()), 10, total, 4)
	dbPath := filepath.Join(dir, "t.db")
	cmd := runners(t, path, dbPath, 1)[0]
	db := openDB(t, dbPath)
	enginetest.WaitFor(t, "30 pairs stored", func() bool { return storedPairs(db) >= 30 })
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	before := storedPairs(db)
	if before >= total {
		t.Fatalf("the runner finished (%d pairs) before it was killed", before)
	}
	cfg, err := config.LoadTune(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), cfg, Options{DB: db})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Resumed != before || sum.Played != total-before {
		t.Errorf("resumed %d, played %d; want %d and %d", sum.Resumed, sum.Played, before, total-before)
	}
	checkPairs(t, db, total)
}

// TestSharedPostgres has two runners tune one run on one PostgreSQL
// database, and kills a third midway: every pair is stored once.
func TestSharedPostgres(t *testing.T) {
	dsn := pgtest.URL(t)
	dir := t.TempDir()
	const total = 300
	path := writePeak(t, dir, "shared", fmt.Sprintf("peak:70,slow:1,shared%d", os.Getpid()), 10, total, 2)
	cmds := runners(t, path, dsn, 3)
	db := openDB(t, dsn)
	enginetest.WaitFor(t, "30 pairs stored", func() bool { return storedPairs(db) >= 30 })
	cmds[0].Process.Signal(syscall.SIGKILL)
	for _, c := range cmds[1:] {
		if err := c.Wait(); err != nil {
			t.Fatalf("runner: %v", err)
		}
	}
	checkPairs(t, db, total)
}
