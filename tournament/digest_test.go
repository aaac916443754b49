package tournament

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/store"
)

// engineDir makes dir/eng, a copy of the test binary (a fake engine), with
// extra appended (another build of it when not empty), and dir/t.yaml,
// a toy tournament of engine a (./eng) and b (the test binary itself).
func engineDir(t *testing.T, dir, extra string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(filepath.Join(dir, "eng"), os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	dst.WriteString(extra)
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "t.yaml")
	writeFile(t, path, withTimeDefaults(toygames.RaceHeadGames(2))+"engines:\n"+
		"  - {name: a, cmd: ./eng, args: [fake-engine, first, toy-race]}\n"+
		"  - {name: b, cmd: arbiter, args: [fake-engine, last, toy-race]}\n")
	return path
}

// appendByte changes the file at path: one byte more.
func appendByte(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("x")
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// runConfig loads the config at path and runs it on db with opt.
func runConfig(t *testing.T, path string, db *store.DB, opt Options) (*Summary, error) {
	t.Helper()
	cfg, err := config.Load(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	opt.DB = db
	return Run(context.Background(), cfg, opt)
}

// TestChangedEngine: a tournament whose engine's file changed is refused,
// naming the engine and its file, and goes on with SameEngines, which
// records the new file: the next run resumes without it.
func TestChangedEngine(t *testing.T) {
	dir := t.TempDir()
	path := engineDir(t, dir, "")
	db := openDB(t, filepath.Join(dir, "t.db"))
	if _, err := runConfig(t, path, db, Options{}); err != nil {
		t.Fatalf("first run: %v", err)
	}
	if sum, err := runConfig(t, path, db, Options{}); err != nil || sum.Resumed != 2 {
		t.Fatalf("the same engines again: %v; want the tournament resumed", err)
	}
	appendByte(t, filepath.Join(dir, "eng"))
	_, err := runConfig(t, path, db, Options{})
	if !errors.Is(err, store.ErrEngineChanged) {
		t.Fatalf("run with a's file changed = %v; want ErrEngineChanged", err)
	}
	if msg := err.Error(); !strings.Contains(msg, `engine "a"`) || !strings.Contains(msg, filepath.Join(dir, "eng")) || strings.Contains(msg, `engine "b"`) {
		t.Errorf("refusal %q; want it to name engine a and its file alone", msg)
	}
	var (
		mu    sync.Mutex
		warns []string
	)
	warn := func(msg string) { mu.Lock(); warns = append(warns, msg); mu.Unlock() }
	if _, err := runConfig(t, path, db, Options{SameEngines: true, Warn: warn}); err != nil {
		t.Fatalf("run with SameEngines: %v", err)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], `engine "a"`) {
		t.Errorf("warnings %q; want one, of engine a recorded as the same", warns)
	}
	if _, err := runConfig(t, path, db, Options{}); err != nil {
		t.Errorf("run after SameEngines recorded the file: %v; want it resumed", err)
	}
}

// TestSharedChangedEngine: on a shared tournament (PostgreSQL), a second
// runner, as of another machine, whose engine is another build of the
// same command is refused; one with the same build joins.
func TestSharedChangedEngine(t *testing.T) {
	url := pgtest.URL(t)
	first := engineDir(t, t.TempDir(), "")
	if _, err := runConfig(t, first, openDB(t, url), Options{}); err != nil {
		t.Fatalf("first runner: %v", err)
	}
	if _, err := runConfig(t, engineDir(t, t.TempDir(), ""), openDB(t, url), Options{}); err != nil {
		t.Errorf("a runner with the same build elsewhere: %v; want it to join", err)
	}
	other := engineDir(t, t.TempDir(), "rebuilt")
	_, err := runConfig(t, other, openDB(t, url), Options{})
	if !errors.Is(err, store.ErrEngineChanged) || !strings.Contains(err.Error(), `engine "a"`) {
		t.Errorf("a runner with another build of a: %v; want it refused, naming engine a", err)
	}
}
