package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/store"
)

// importedDB returns a database holding n random games, in a folder of its
// own.
func importedDB(t *testing.T, n int) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "a.db")
	if code, _, errs := runCLI(t, randomRecords(t, n, 200, 4), "import", "--db", db, "-").parts(); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	return db
}

// countGames is the number of games stored in the database at path.
func countGames(t *testing.T, path string) int {
	t.Helper()
	db := openReader(context.Background(), t, path)
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM games").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func fileSum(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// TestOutputIsDatabase: report and export refuse an --output (tournament
// an --out) that is the database, its log files or the database under
// another name, and leave the database as it was: "report --db a.db
// --output a.db" must not replace the database with the report.
func TestOutputIsDatabase(t *testing.T) {
	db := importedDB(t, 6)
	dir := filepath.Dir(db)
	hard := filepath.Join(dir, "hard.db")
	if err := os.Link(db, hard); err != nil {
		t.Fatal(err)
	}
	soft := filepath.Join(t.TempDir(), "soft.db")
	if err := os.Symlink(db, soft); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	outputs := []string{db, "a.db", "./a.db", "../" + filepath.Base(dir) + "/a.db", db + "-wal", db + "-shm", "a.db-journal", hard, soft}
	before := fileSum(t, db)
	for _, cmd := range []string{"report", "export"} {
		for _, out := range outputs {
			code, stdout, errs := runCLI(t, "", cmd, "--db", db, "--output", out).parts()
			if code != exitUsage || stdout != "" || !strings.Contains(errs, "would destroy it") {
				t.Errorf("%s --output %s: exit %d, stdout %.100q, stderr %q; want exit 2 and \"would destroy it\"", cmd, out, code, stdout, errs)
			}
		}
	}
	// tournament --out appends records to its file.
	t.Setenv(mainEnv, "1") // for the tournament's engines, were it to start them
	config := write(t, "t.yaml", "name: t\ngame: knight-fight\ntime_control: {move_ms: 20}\nengines:\n"+
		"  - {name: r, cmd: arbiter, args: [engine, --game, knight-fight, --level, random]}\n"+
		"  - {name: g, cmd: arbiter, args: [engine, --game, knight-fight, --level, greedy]}\n")
	for _, out := range outputs {
		code, stdout, errs := runCLI(t, "", "tournament", "--db", db, "--out", out, config).parts()
		if code != exitUsage || stdout != "" || !strings.Contains(errs, "would destroy it") {
			t.Errorf("tournament --out %s: exit %d, stdout %.100q, stderr %q; want exit 2 and \"would destroy it\"", out, code, stdout, errs)
		}
	}
	if fileSum(t, db) != before {
		t.Fatalf("the database changed")
	}
	if n := countGames(t, db); n != 6 {
		t.Errorf("the database holds %d games; want 6", n)
	}
	// Another file of the folder is fine.
	if code, _, errs := runCLI(t, "", "export", "--db", db, "--output", "b.agn").parts(); code != 0 {
		t.Errorf("export --output b.agn: exit %d: %s", code, errs)
	}
}

// TestOutputDirectory: --output naming a directory says so, not what a
// rename onto it answers.
func TestOutputDirectory(t *testing.T) {
	db := importedDB(t, 2)
	out := t.TempDir()
	for _, cmd := range []string{"report", "export"} {
		code, stdout, errs := runCLI(t, "", cmd, "--db", db, "--output", out).parts()
		if code != exitUsage || stdout != "" || !strings.Contains(errs, out+" is a directory") {
			t.Errorf("%s --output DIR: exit %d, stdout %.100q, stderr %q; want exit 2, %q", cmd, code, stdout, errs, out+" is a directory")
		}
		if entries, _ := os.ReadDir(out); len(entries) != 0 {
			t.Errorf("%s --output DIR left %d files in it", cmd, len(entries))
		}
	}
}

// damage overwrites 8 KB in the middle of the file at path.
func damage(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	junk := bytes.Repeat([]byte("damaged!"), 1024)
	if _, err := f.WriteAt(junk, st.Size()/2/4096*4096); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedDatabase: every command that opens a damaged database fails
// with "the database is damaged", naming it, and writes nothing: not into
// the database, not to stdout, not to --output; report and import fail,
// and export fails before any output.
func TestDamagedDatabase(t *testing.T) {
	db := importedDB(t, 400)
	// Fold the log into the database, so that the damage hits its pages.
	if out, err := exec.Command("sqlite3", db, "PRAGMA wal_checkpoint(TRUNCATE)").CombinedOutput(); err != nil {
		t.Logf("sqlite3: %v %s (checkpointing through arbiter instead)", err, out)
		execSQL(t, db, "PRAGMA wal_checkpoint(TRUNCATE)")
	}
	damage(t, db)
	before := fileSum(t, db)
	records := write(t, "more.agn", randomRecords(t, 5, 100, 77))
	outFile := filepath.Join(t.TempDir(), "out.agn")
	t.Setenv(mainEnv, "1") // for the tournament's engines, were it to start them
	config := write(t, "t.yaml", "name: t\ngame: knight-fight\ntime_control: {move_ms: 20}\nengines:\n"+
		"  - {name: r, cmd: arbiter, args: [engine, --game, knight-fight, --level, random]}\n"+
		"  - {name: g, cmd: arbiter, args: [engine, --game, knight-fight, --level, greedy]}\n")
	for _, args := range [][]string{
		{"tournament", "--db", db, config},
		{"import", "--db", db, records},
		{"report", "--db", db},
		{"export", "--db", db},
		{"export", "--db", db, "--output", outFile},
	} {
		code, stdout, errs := runCLI(t, "", args...).parts()
		if code != exitFailure || stdout != "" || !strings.Contains(errs, db+": the database is damaged") {
			t.Errorf("arbiter %v: exit %d, stdout %.100q, stderr %q; want exit 1, stdout empty, %q", args, code, stdout, errs, db+": the database is damaged")
		}
	}
	if _, err := os.Stat(outFile); err == nil {
		t.Errorf("export wrote %s", outFile)
	}
	if fileSum(t, db) != before {
		t.Errorf("the damaged database was written to")
	}
}

// execSQL runs the SQL statement query on the database path, failing t if
// it cannot.
func execSQL(t *testing.T, path, query string) {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(query); err != nil {
		t.Fatal(err)
	}
}

// readOnly makes path unwritable for this process: by its permission bits,
// or as root (whom they do not stop) with chattr +i, which needs the
// chattr binary.
func readOnly(t *testing.T, path string) {
	t.Helper()
	if os.Geteuid() != 0 {
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, st.Mode().Perm()&^0o222); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(path, st.Mode().Perm()) })
		return
	}
	chattr, err := exec.LookPath("chattr")
	if err != nil {
		t.Skip("running as root, and chattr (to make a file immutable) is not installed")
	}
	if out, err := exec.Command(chattr, "+i", path).CombinedOutput(); err != nil {
		t.Fatalf("chattr +i %s: %v: %s", path, err, out)
	}
	t.Cleanup(func() { exec.Command(chattr, "-i", path).Run() })
}

// TestImportReadOnly: importing into a database arbiter cannot write fails
// with the reason, storing nothing, rather than counting 0 games stored.
func TestImportReadOnly(t *testing.T) {
	db := importedDB(t, 3)
	records := write(t, "more.agn", randomRecords(t, 12, 100, 78))
	readOnly(t, db)
	code, stdout, errs := runCLI(t, "", "import", "--db", db, records).parts()
	if code != exitFailure || stdout != "" || !strings.Contains(errs, "database "+db+" is read only") || strings.Contains(errs, "12 games") {
		t.Errorf("import into a read-only database: exit %d, stdout %q, stderr %q; want exit 1 and %q",
			code, stdout, errs, "database "+db+" is read only")
	}
	if n := countGames(t, db); n != 3 {
		t.Errorf("the database holds %d games; want 3", n)
	}
}

// TestReportReadOnlyFolder: report and export read a database in a folder
// arbiter cannot write to, where SQLite cannot create its log files
// (SQLite alone says "unable to open database file (14)"); import says why
// it cannot write there.
func TestReportReadOnlyFolder(t *testing.T) {
	db := importedDB(t, 5)
	_, want, _ := runCLI(t, "", "report", "--db", db, "--format", "json").parts()
	_, wantExport, _ := runCLI(t, "", "export", "--db", db).parts()
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(db + suffix); err == nil {
			t.Fatalf("%s%s is left after the import", db, suffix)
		}
	}
	dir := filepath.Dir(db)
	readOnly(t, dir)
	code, stdout, errs := runCLI(t, "", "report", "--db", db, "--format", "json").parts()
	if code != 0 || stdout != want {
		t.Errorf("report in a read-only folder: exit %d, stderr %q, stdout %.300q; want %.300q", code, errs, stdout, want)
	}
	code, stdout, errs = runCLI(t, "", "export", "--db", db).parts()
	if code != 0 || stdout != wantExport {
		t.Errorf("export in a read-only folder: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCLI(t, "", "import", "--db", db, write(t, "x.agn", validLOA)).parts()
	if code != exitFailure || !strings.Contains(errs, "no permission to create files in the folder "+dir) {
		t.Errorf("import in a read-only folder: exit %d, stderr %q; want exit 1, %q", code, errs, "no permission to create files in the folder "+dir)
	}
}

// TestDatabasePathErrors: a --db that cannot be opened says which path and
// why, not SQLite's "unable to open database file (14)" alone.
func TestDatabasePathErrors(t *testing.T) {
	dir := t.TempDir()
	records := write(t, "x.agn", validLOA)
	missing := filepath.Join(dir, "nope", "x.db")
	file := write(t, "plain", "x")
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"import", "--db", dir, records}, "database " + dir + " is a directory"},
		{[]string{"report", "--db", dir}, "database " + dir + " is a directory"},
		{[]string{"export", "--db", dir}, "database " + dir + " is a directory"},
		{[]string{"import", "--db", missing, records}, "the folder " + filepath.Dir(missing) + " does not exist"},
		{[]string{"import", "--db", filepath.Join(file, "x.db"), records}, file + " is not a folder"},
	}
	for _, tt := range tests {
		code, stdout, errs := runCLI(t, "", tt.args...).parts()
		if code == 0 || stdout != "" || !strings.Contains(errs, tt.err) {
			t.Errorf("arbiter %v: exit %d, stdout %q, stderr %q; want a failure with %q", tt.args, code, stdout, errs, tt.err)
		}
	}
}

// TestJobsCapped: a huge --jobs is cut to 4 per CPU, with a message, so
// that it neither exhausts memory nor overflows an allocation.
func TestJobsCapped(t *testing.T) {
	file := write(t, "v.agn", validLOA+validLOA)
	most := strconv.Itoa(replay.MaxJobs())
	for _, jobs := range []string{"100000000", "9223372036854775807"} {
		for _, args := range [][]string{
			{"validate", "--jobs", jobs, file},
			{"import", "--db", filepath.Join(t.TempDir(), "a.db"), "--jobs", jobs, file},
		} {
			code, _, errs := runCLI(t, "", args...).parts()
			want := "--jobs " + jobs + " is more than " + most + " (4 per CPU): using " + most
			if code != 0 || !strings.Contains(errs, want) {
				t.Errorf("arbiter %v: exit %d, stderr %q; want exit 0, %q", args, code, errs, want)
			}
		}
	}
}

// TestImportBadNames: a player name with a control character, or a tag
// with invalid UTF-8, is a bad-tag error at its line and column, and the
// game is not stored: stored raw, it would be exported renamed.
func TestImportBadNames(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	bad := strings.Replace(validLOA, `"alice"`, "\"new\rline\"", 1) +
		strings.Replace(validLOA, `"bob"`, "\"b\xffb\"", 1)
	file := write(t, "bad.agn", validLOA+bad)
	code, _, errs := runCLI(t, "", "import", "--db", db, file).parts()
	for _, want := range []string{
		file + ":8:12: game 2 (", "tag White: control character U+000D",
		file + ":15:10: game 3 (", "tag Black: invalid UTF-8 (byte 0xff)",
		"3 games: 1 stored, 0 already stored, 2 invalid",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("import: stderr %q; want %q", errs, want)
		}
	}
	if code != exitFailure {
		t.Errorf("import: exit %d; want 1", code)
	}
	if n := countGames(t, db); n != 1 {
		t.Errorf("%d games stored; want 1", n)
	}
}

// TestExportControlName: a name with a control character (stored by a
// tournament of an older arbiter) makes export fail before it writes,
// rather than write a record that renames the player ("new\nline" as
// "new line").
func TestExportControlName(t *testing.T) {
	path := importedDB(t, 3)
	execSQL(t, path, "UPDATE games SET black = 'new' || char(10) || 'line' WHERE id = 2")
	out := filepath.Join(t.TempDir(), "out.agn")
	for _, args := range [][]string{{"export", "--db", path}, {"export", "--db", path, "--output", out}} {
		code, stdout, errs := runCLI(t, "", args...).parts()
		want := `game 2: the player name "new\nline" holds a control character`
		if code != exitFailure || stdout != "" || !strings.Contains(errs, want) {
			t.Errorf("arbiter %v: exit %d, stdout %.100q, stderr %q; want exit 1, %q", args, code, stdout, errs, want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("export wrote %s", out)
	}

}

// TestReportReadOnlyFolderWithLog: a database whose log was left beside it
// (a killed tournament) in a folder arbiter cannot write to is read with
// its log when the -shm file is there too, and otherwise the message says
// what is missing.
func TestReportReadOnlyFolderWithLog(t *testing.T) {
	src := importedDB(t, 4)
	_, want, _ := runCLI(t, "", "report", "--db", src, "--format", "json").parts()
	// Copy the three files while a connection holds the log open.
	db, err := store.Open(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("UPDATE games SET plies = plies WHERE id = 1"); err != nil {
		t.Fatal(err)
	}
	for _, withShm := range []bool{true, false} {
		dir := t.TempDir()
		path := filepath.Join(dir, "a.db")
		for _, suffix := range []string{"", "-wal", "-shm"} {
			if suffix == "-shm" && !withShm {
				continue
			}
			b, err := os.ReadFile(src + suffix)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path+suffix, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		readOnly(t, dir)
		code, stdout, errs := runCLI(t, "", "report", "--db", path, "--format", "json").parts()
		if withShm && (code != 0 || stdout != want) {
			t.Errorf("report with -wal and -shm in a read-only folder: exit %d, stderr %q", code, errs)
		}
		if !withShm && (code != exitFailure || !strings.Contains(errs, path+"-shm file, which cannot be created there")) {
			t.Errorf("report with -wal but no -shm in a read-only folder: exit %d, stderr %q; want exit 1 and the -shm explained", code, errs)
		}
	}
}

// TestLongStream: a stream of many games, longer than the reader's scan
// interval, is read whole and validated as the same file is.
func TestLongStream(t *testing.T) {
	games := 9<<20/len(validLOA) + 1000 // past the first look at 8 MiB
	data := strings.Repeat(validLOA, games)
	want := strconv.Itoa(games) + " games, " + strconv.Itoa(games) + " valid, 0 invalid\n"
	if code, stdout, errs := runCLI(t, data, "validate", "-").parts(); code != 0 || stdout != want {
		t.Errorf("validate - (%d MB of games): exit %d, stdout %q, stderr %q; want %q", len(data)>>20, code, stdout, errs, want)
	}
}

// TestConcurrencyCapped: a huge tournament concurrency, from the flag or the
// config, is cut to 4 per CPU with a message, as --jobs is: a million-game
// tournament at -j 100000000 would start a worker process and two engines
// for each game at once.
func TestConcurrencyCapped(t *testing.T) {
	dir := t.TempDir()
	most := strconv.Itoa(replay.MaxJobs())
	engines := []string{"r args: [engine, --game, knight-fight, --level, random]",
		"g args: [engine, --game, knight-fight, --level, greedy]"}
	head := "game: knight-fight\ngames_per_encounter: 2\nseed: 5\ntime_control: {move_ms: 20}\ntime_margin_ms: 30000\nmax_plies: 20\nadjudication: score\n"
	flag := selfEngines(t, dir, "flag.yaml", "name: flag\n"+head, engines...)
	cfg := selfEngines(t, dir, "cfg.yaml", "name: cfg\nconcurrency: 99999\n"+head, engines...)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-j", "100000000", flag}, "--concurrency 100000000 is more than " + most + " (4 per CPU): playing " + most + " games at once"},
		{[]string{cfg}, "concurrency 99999 (in " + cfg + ") is more than " + most + " (4 per CPU): playing " + most + " games at once"},
	} {
		args := append([]string{"tournament", "--db", filepath.Join(dir, "c.db")}, tt.args...)
		code, _, errs := runCLI(t, "", args...).parts()
		if code != exitOK || !strings.Contains(errs, tt.want) {
			t.Errorf("arbiter %v: exit %d, stderr %q; want exit 0, %q", args, code, errs, tt.want)
		}
	}
}
