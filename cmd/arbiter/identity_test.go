package main

import (
	"context"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// copyEngine copies this test binary, which is arbiter's main with mainEnv
// set, to dir/eng: a built-in engine in a file of its own, which a test
// can change.
func copyEngine(t *testing.T, dir string) string {
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
	path := filepath.Join(dir, "eng")
	dst, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// rebuild changes the engine file at path as a rebuild would: its
// content.
func rebuild(t *testing.T, path string) {
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

// firstLine is the first line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

var newMatchRE = regexp.MustCompile(`^new match (match-[0-9a-f]{12})$`)

// TestMatchEngineIdentity: the same match command with the same engine
// resumes its match; with the engine's file changed (rebuilt) it plays a
// new match in the same database, and the old match's games stay. A match
// named by -name whose engine changed is refused, as a tournament is.
func TestMatchEngineIdentity(t *testing.T) {
	dir := t.TempDir()
	eng := copyEngine(t, dir)
	t.Setenv(mainEnv, "1")
	db := filepath.Join(dir, "m.db")
	args := []string{"match", "-game", "lines-of-action",
		"-engine", "cmd=" + eng, "name=mine", "args=engine --game lines-of-action --level random --seed 1",
		"-engine", "cmd=arbiter", "name=base", "args=engine --game lines-of-action --level random --seed 2",
		"-each", "tc=60+1", "-rounds", "1", "-repeat", "-maxmoves", "20", "-db", db}
	r := runCLI(t, "", args...)
	m := newMatchRE.FindStringSubmatch(firstLine(r.stderr))
	if r.code != exitOK || m == nil {
		t.Fatalf("first match: %v; want it played, its first line \"new match NAME\"", r)
	}
	name := m[1]
	r = runCLI(t, "", args...)
	if want := "resuming match " + name + ": 2 of 2 games stored"; r.code != exitOK || firstLine(r.stderr) != want {
		t.Errorf("the same match again: %v; want its first line %q", r, want)
	}
	named := slices.Concat(args, []string{"-name", "named"})
	if r := runCLI(t, "", named...); r.code != exitOK || firstLine(r.stderr) != "new match named" {
		t.Fatalf("the match named: %v; want it played as a new match", r)
	}

	rebuild(t, eng)
	r = runCLI(t, "", args...)
	m = newMatchRE.FindStringSubmatch(firstLine(r.stderr))
	if r.code != exitOK || m == nil || m[1] == name {
		t.Fatalf("the match with the engine rebuilt: %v; want a new match, not %s", r, name)
	}
	d := openReader(context.Background(), t, db)
	defer d.Close()
	got := map[string]int{}
	var tname string
	var n int
	eachRow(context.Background(), t, d, `SELECT t.name, count(g.id) FROM tournaments t LEFT JOIN games g ON g.tournament_id = t.id GROUP BY t.name`,
		[]any{&tname, &n}, func() { got[tname] = n })
	if want := map[string]int{name: 2, m[1]: 2, "named": 2}; !maps.Equal(got, want) {
		t.Errorf("games by match %v; want %v (the old match's games stay)", got, want)
	}

	r = runCLI(t, "", named...)
	if r.code != exitFailure || !strings.Contains(r.stderr, `engine "mine"`) || !strings.Contains(r.stderr, eng) ||
		!strings.Contains(r.stderr, "-name") || r.stdout != "" {
		t.Errorf("the named match with the engine rebuilt: %v; want it refused, naming engine mine, its file and -name", r)
	}
}

// TestTournamentChangedEngine: a tournament whose engine's file changed
// since it started is refused, naming the engine and its file and
// --same-engines; with --same-engines it goes on, and the next run
// resumes without it.
func TestTournamentChangedEngine(t *testing.T) {
	dir := t.TempDir()
	eng := copyEngine(t, dir)
	t.Setenv(mainEnv, "1")
	path := filepath.Join(dir, "t.yaml")
	config := "name: te\ngame: knight-fight\ngames_per_encounter: 2\nseed: 5\ntime_control: {move_ms: 20}\n" +
		"time_margin_ms: 200\nmax_plies: 40\nadjudication: score\nengines:\n" +
		"  - {name: a, cmd: ./eng, args: [engine, --game, knight-fight, --level, random]}\n" +
		"  - {name: b, cmd: arbiter, args: [engine, --game, knight-fight, --level, greedy]}\n"
	if err := os.WriteFile(path, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "t.db")
	if r := runCLI(t, "", "tournament", "--db", db, path); r.code != exitOK {
		t.Fatalf("first run: %v", r)
	}
	rebuild(t, eng)
	r := runCLI(t, "", "tournament", "--db", db, path)
	for _, want := range []string{`engine "a"`, eng, "changed since the tournament was started", "--same-engines"} {
		if r.code != exitFailure || r.stdout != "" || !strings.Contains(r.stderr, want) {
			t.Errorf("run with engine a rebuilt: %v; want it refused, with %q", r, want)
		}
	}
	if strings.Contains(r.stderr, `engine "b"`) {
		t.Errorf("refusal %q names engine b, which did not change", r.stderr)
	}
	r = runCLI(t, "", "tournament", "--db", db, "--same-engines", path)
	if r.code != exitOK || !strings.Contains(r.stderr, `engine "a"`) || !strings.Contains(r.stderr, "recorded as the same engine") {
		t.Errorf("run with --same-engines: %v; want it to go on, saying engine a's file was recorded", r)
	}
	if r := runCLI(t, "", "tournament", "--db", db, path); r.code != exitOK || strings.Contains(r.stderr, "changed") {
		t.Errorf("run after --same-engines: %v; want a plain resume", r)
	}
}
