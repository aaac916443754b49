package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/pgtest"
)

// TestCopyRoundTrip imports games into SQLite, copies them to PostgreSQL
// and back, and checks that export and report give the same output on the
// copy as on the original.
func TestCopyRoundTrip(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	in := filepath.Join(dir, "in.agn")
	if err := os.WriteFile(in, []byte(randomRecords(t, 30, 120, 3)), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCLI(t, "", "import", "--db", a, "--tournament", "t1", in); r.code != 0 {
		t.Fatalf("import: %v", r)
	}
	pg := pgtest.URL(t)
	r := runCLI(t, "", "copy", "--from", a, "--to", pg)
	if r.code != 0 || r.stdout != "" || !strings.Contains(r.stderr, "copied 1 tournaments, 0 engines, 30 games") {
		t.Fatalf("copy to PostgreSQL: %v; want exit 0, a summary on stderr", r)
	}
	if r := runCLI(t, "", "copy", "--from", pg, "--to", b); r.code != 0 {
		t.Fatalf("copy back: %v", r)
	}
	// The same games imported straight into PostgreSQL: as many as
	// analyzeAfter, so the import vacuums and analyzes the tables.
	direct := pgtest.URL(t)
	defer func(n int) { analyzeAfter = n }(analyzeAfter)
	analyzeAfter = 30
	if r := runCLI(t, "", "import", "--db", direct, "--tournament", "t1", in); r.code != 0 {
		t.Fatalf("import into PostgreSQL: %v", r)
	}
	for _, db := range []string{pg, direct} {
		vacuumed(t, db)
	}
	for _, args := range [][]string{{"export"}, {"report", "--format", "json"}, {"report"}} {
		want := runCLI(t, "", append(args, "--db", a)...)
		for _, db := range []string{b, pg, direct} {
			got := runCLI(t, "", append(args, "--db", db)...)
			if want.code != 0 || got.code != 0 || got.stdout != want.stdout || want.stdout == "" {
				t.Errorf("%s of %s: %v\nof the original: %v", strings.Join(args, " "), db, got, want)
			}
		}
	}

	// ARBITER_DB stands for --db.
	t.Setenv("ARBITER_DB", pg)
	if got, want := runCLI(t, "", "export"), runCLI(t, "", "export", "--db", a); got.code != 0 || got.stdout != want.stdout {
		t.Errorf("export with ARBITER_DB=%s: %v; want the games of %s", pg, got, a)
	}

	tests := []struct {
		name     string
		args     []string
		code     int
		inStderr string
	}{
		{"into a database with games", []string{"--from", a, "--to", pg}, 1, "not empty"},
		{"from a missing file", []string{"--from", filepath.Join(dir, "nope.db"), "--to", filepath.Join(dir, "c.db")}, 2, "does not exist (give its path with --from)"},
		{"onto itself", []string{"--from", a, "--to", a}, 2, "the same database"},
		{"no --to", []string{"--from", a}, 2, "to"},
		{"an argument", []string{"--from", a, "--to", filepath.Join(dir, "d.db"), "x"}, 2, "no arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, "", append([]string{"copy"}, tt.args...)...)
			if r.code != tt.code || r.stdout != "" || !strings.Contains(r.stderr, tt.inStderr) {
				t.Errorf("copy %v: %v; want exit %d, %q on stderr", tt.args, r, tt.code, tt.inStderr)
			}
		})
	}
}

// vacuumed checks that the games tables of the PostgreSQL database at url
// were vacuumed and analyzed, as copy and a big import do, so that a
// report right after them is as fast as later ones.
func vacuumed(t *testing.T, url string) {
	t.Helper()
	db := openReader(context.Background(), t, url)
	defer db.Close()
	for _, table := range []string{"games", "game_pairs"} {
		var vacuums, analyzes int
		if err := db.QueryRow(`SELECT vacuum_count, analyze_count FROM pg_stat_user_tables WHERE relname = ?`,
			table).Scan(&vacuums, &analyzes); err != nil {
			t.Fatal(err)
		}
		if vacuums == 0 || analyzes == 0 {
			t.Errorf("%s: %s vacuumed %d times, analyzed %d; want both", url, table, vacuums, analyzes)
		}
	}
}

// TestPasswordHidden: no message of any command that names a database
// shows its password, in any form the --db value gives it (a password
// parameter printed in clear; an @ in the password, not percent-encoded,
// leaked a fragment; a keyword=value string was taken for a SQLite file,
// created under that name, and printed whole).
func TestPasswordHidden(t *testing.T) {
	dir := t.TempDir()
	sqlite := filepath.Join(dir, "a.db")
	in := filepath.Join(dir, "in.agn")
	if err := os.WriteFile(in, []byte(randomRecords(t, 2, 40, 3)), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCLI(t, "", "import", "--db", sqlite, in); r.code != 0 {
		t.Fatalf("import: %v", r)
	}
	cfg, err := filepath.Abs("../../examples/lines-of-action.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const secret = "s3cr3t"
	dsns := []string{
		"postgres://arb@127.0.0.1:1/x?connect_timeout=2&password=" + secret,
		"postgres://arb:" + secret + "@xx:" + secret + "@127.0.0.1:1/x",
		"host=127.0.0.1 port=1 user=arb password=" + secret + " dbname=x",
	}
	// A live database, whose password parameter the server (trust)
	// ignores: the messages of a copy, and of a changed config.
	live := pgtest.URL(t) + "&password=" + secret
	for _, dsn := range append(dsns, live) {
		for _, args := range [][]string{
			{"report", "--db", dsn},
			{"export", "--db", dsn},
			{"import", "--db", dsn, in},
			{"tournament", "--db", dsn, "--concurrency", "1", cfg},
			{"copy", "--from", dsn, "--to", filepath.Join(dir, "b.db")},
			{"copy", "--from", sqlite, "--to", dsn},
			{"copy", "--from", dsn, "--to", dsn},
			{"match", "-db", dsn, "-game", "lines-of-action", "-engine", "cmd=arbiter", "args=engine --game lines-of-action", "name=a",
				"-engine", "cmd=arbiter", "args=engine --game lines-of-action", "name=b", "-each", "st=0.01", "-rounds", "1"},
		} {
			cmd := exec.Command(os.Args[0], args...)
			cmd.Env = append(os.Environ(), mainEnv+"=1")
			cmd.Dir = dir
			out, _ := cmd.CombinedOutput()
			if strings.Contains(string(out), secret) || strings.Contains(string(out), "@xx:") {
				t.Errorf("arbiter %q says the password:\n%s", args, out)
			}
		}
		if dsn == live {
			// The changed config's message names the database.
			other := filepath.Join(dir, "other.yaml")
			text, _ := os.ReadFile(cfg)
			os.WriteFile(other, []byte(strings.Replace(strings.Replace(string(text), "rounds: 1", "rounds: 2", 1),
				"file: openings/", "file: "+filepath.Dir(cfg)+"/openings/", 1)), 0o644)
			r := arbiterMain(t, "", "tournament", "--db", dsn, other)
			if r.code != exitFailure || !strings.Contains(r.stderr, "password=xxxxx") || strings.Contains(r.stderr, secret) {
				t.Errorf("tournament with a changed config: %v; want exit 1, the database named without its password", r)
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "host=*"))
	if len(files) > 0 {
		t.Errorf("a keyword=value string made SQLite files: %v", files)
	}
}
