//go:build unix

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// device returns a character device that acts as the system's device at
// sys (/dev/null, /dev/full): as root, a node of that device made in a
// temporary folder, so that a command that renamed a file over its path
// would replace that node and not the system's device; else sys itself,
// which only root could replace.
func device(t *testing.T, sys string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		return sys
	}
	st, err := os.Stat(sys)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), filepath.Base(sys))
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, int(st.Sys().(*syscall.Stat_t).Rdev)); err != nil {
		t.Fatalf("make a device like %s: %v", sys, err)
	}
	return path
}

// isCharDevice reports whether path is a character device, not a link.
func isCharDevice(path string) bool {
	st, err := os.Lstat(path)
	return err == nil && st.Mode()&fs.ModeCharDevice != 0
}

// TestOutputKinds runs every command that writes a file a flag names with
// that file a link to a regular file (the link stays, its target is
// written), a device like /dev/null (written in place, still a device), a
// directory (a usage error) and a device like /dev/full (a located write
// error, exit 1).
func TestOutputKinds(t *testing.T) {
	db := importedDB(t, 2)
	records := filepath.Join(t.TempDir(), "games.agn")
	if err := os.WriteFile(records, []byte(randomRecords(t, 2, 40, 5)), 0o644); err != nil {
		t.Fatal(err)
	}
	match := append([]string{"match", "-game", "lines-of-action"}, builtin("a", "random", "1")...)
	match = append(match, builtin("b", "random", "2")...)
	match = append(match, "-each", "tc=60+1", "-rounds", "1", "-maxmoves", "10")
	commands := []struct {
		name string
		flag string // as the messages name it
		args func(out string) []string
		// main runs the command as the real main, in a process of its
		// own (a match's engines are that binary).
		main bool
	}{
		{name: "convert -o", flag: "--output", args: func(out string) []string { return []string{"convert", records, "-o", out} }},
		{name: "view -o", flag: "--output", args: func(out string) []string { return []string{"view", records, "-o", out} }},
		{name: "export -o", flag: "--output", args: func(out string) []string { return []string{"export", "--db", db, "-o", out} }},
		{name: "report -o", flag: "--output", args: func(out string) []string { return []string{"report", "--db", db, "-o", out} }},
		{name: "report --games", flag: "--games", args: func(out string) []string {
			return []string{"report", "--db", db, "--format", "html", "--games", out}
		}},
		{name: "match -config-out", flag: "-config-out", main: true, args: func(out string) []string {
			return append(match, "-db", filepath.Join(t.TempDir(), "m.db"), "-config-out", out)
		}},
	}
	for _, c := range commands {
		runIt := func(t *testing.T, out string) result {
			if c.main {
				return arbiterMain(t, "", c.args(out)...)
			}
			return runCLI(t, "", c.args(out)...)
		}
		t.Run(c.name+" link", func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, "target")
			if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(dir, "link")
			if err := os.Symlink("target", link); err != nil {
				t.Fatal(err)
			}
			if r := runIt(t, link); r.code != 0 {
				t.Fatalf("%s LINK: %v; want exit 0", c.name, r)
			}
			if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
				t.Errorf("%s LINK: the link is no more a link (%v)", c.name, err)
			}
			if b, err := os.ReadFile(target); err != nil || len(b) <= len("old") {
				t.Errorf("%s LINK: the link's target holds %q, %v; want the output", c.name, clip(string(b)), err)
			}
		})
		t.Run(c.name+" null device", func(t *testing.T) {
			null := device(t, "/dev/null")
			if r := runIt(t, null); r.code != 0 {
				t.Fatalf("%s %s: %v; want exit 0", c.name, null, r)
			}
			if !isCharDevice(null) {
				t.Errorf("%s %s: it is no more a character device", c.name, null)
			}
		})
		t.Run(c.name+" directory", func(t *testing.T) {
			dir := t.TempDir()
			r := runIt(t, dir)
			if want := c.flag + " " + dir + " is a directory"; r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, want) {
				t.Errorf("%s DIR: %v; want exit 2 and %q", c.name, r, want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("%s DIR left %d files in it", c.name, len(entries))
			}
		})
		t.Run(c.name+" full device", func(t *testing.T) {
			full := device(t, "/dev/full")
			r := runIt(t, full)
			if want := "write " + full + ": no space left on device"; r.code != exitFailure || !strings.Contains(r.stderr, want) {
				t.Errorf("%s %s: %v; want exit 1 and %q", c.name, full, r, want)
			}
			if !isCharDevice(full) {
				t.Errorf("%s %s: it is no more a character device", c.name, full)
			}
		})
	}
}

// TestLogFull runs a match and a tournament whose engine log cannot be
// written (a device like /dev/full): every game is played and stored, and
// the run fails (exit 1) naming the log, stdout empty.
func TestLogFull(t *testing.T) {
	full := device(t, "/dev/full")
	dir := t.TempDir()
	match := append([]string{"match", "-game", "lines-of-action"}, builtin("a", "random", "1")...)
	match = append(match, builtin("b", "random", "2")...)
	match = append(match, "-each", "tc=60+1", "-rounds", "2", "-maxmoves", "10")
	config := filepath.Join(dir, "t.yaml")
	yaml := "name: t\ngame: lines-of-action\ntime_control: {move_ms: 20}\nmax_plies: 10\nrounds: 1\nengines:\n" +
		"  - {name: a, cmd: arbiter, args: [engine, --game, lines-of-action, --level, random, --seed, \"1\"]}\n" +
		"  - {name: b, cmd: arbiter, args: [engine, --game, lines-of-action, --level, random, --seed, \"2\"]}\n"
	if err := os.WriteFile(config, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	configLog := filepath.Join(dir, "log.yaml")
	if err := os.WriteFile(configLog, []byte(yaml+"log: "+full+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args func(db string) []string
	}{
		{"match -log", func(db string) []string { return append(match, "-db", db, "-log", "file="+full) }},
		{"tournament --log", func(db string) []string { return []string{"tournament", "--db", db, "--log", full, config} }},
		{"tournament, log in the config", func(db string) []string { return []string{"tournament", "--db", db, configLog} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "t.db")
			r := arbiterMain(t, "", tt.args(db)...)
			want := "engine log: write " + full + ": no space left on device"
			if r.code != exitFailure || r.stdout != "" || !strings.Contains(r.stderr, want) {
				t.Errorf("%s %s: %v; want exit 1, stdout empty and %q", tt.name, full, r, want)
			}
			if n := countGames(t, db); n != 2 {
				t.Errorf("%s %s: the database holds %d games; want 2", tt.name, full, n)
			}
		})
	}
}
