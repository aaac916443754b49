package tune

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/store"
)

// TestMain: the fake engines play the toy race; the test binary is one.
func TestMain(m *testing.M) { toygames.Main(m) }

var long = flag.Bool("long", false, "run the convergence tests with more pairs")

// peakConfig writes a run of the peak:70 fake engine (its strength best
// at Skill 70 on 0–100) from start, of pairs pairs, and loads it.
func peakConfig(t testing.TB, dir, name string, start, pairs, conc int) *config.Tune {
	t.Helper()
	text := fmt.Sprintf(`name: %s
game: toy-race
engine: {name: fake, cmd: arbiter, args: [fake-engine, "peak:70", toy-race]}
pairs: %d
seed: 3
concurrency: %d
time_control: {move_ms: 5000}
params: |
  Skill,int,%d,0,100,8,0.02
`, name, pairs, conc, start)
	path := filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.LoadTune(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
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
