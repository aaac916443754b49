package tournament

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/notation"
)

// buildArbiter builds the arbiter binary into a temp dir and returns its
// path; it skips t when the build fails or the binary has no built-in
// engines yet.
func buildArbiter(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "arbiter")
	if out, err := exec.Command("go", "build", "-o", exe, "../cmd/arbiter").CombinedOutput(); err != nil {
		t.Skipf("cannot build arbiter: %v\n%s", err, out)
	}
	cmd := exec.Command(exe, "engine", "--game", "lines-of-action", "--level", "random")
	cmd.Stdin = strings.NewReader("ugi\nquit\n")
	out, _ := cmd.Output()
	if !strings.Contains(string(out), "ugiok") {
		t.Skip("arbiter has no built-in engines yet")
	}
	return exe
}

// TestExamplesWithBuiltinEngines plays every example with arbiter's own
// engines (shortened games) and checks that every game is stored and every
// record validates.
func TestExamplesWithBuiltinEngines(t *testing.T) {
	exe := buildArbiter(t)
	files, _ := filepath.Glob("../examples/*.yaml")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			cfg, err := config.Load(context.Background(), f)
			if err != nil {
				t.Fatal(err)
			}
			for i := range cfg.Specs() {
				cfg.Specs()[i].Path = exe // "arbiter" is the test binary here
			}
			short, roomy := 60, 2000 // no time forfeit on a loaded machine
			cfg.MaxPlies, cfg.TimeMarginMS = &short, &roomy
			db := openDB(t, filepath.Join(t.TempDir(), "t.db"))
			var out strings.Builder
			sum, err := Run(context.Background(), cfg, Options{DB: db, Out: &out})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Played != sum.Total {
				t.Errorf("played %d of %d games", sum.Played, sum.Total)
			}
			for _, r := range rows(t, db) {
				if r.Termination != notation.TermNormal && r.Termination != notation.TermAdjudication {
					t.Errorf("slot %d: %s vs %s ended by %s\n%s", r.Slot, r.White, r.Black, r.Termination, r.Record)
				}
			}
			checkValid(t, out.String())
		})
	}
}
