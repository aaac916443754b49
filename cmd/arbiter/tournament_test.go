package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTournamentCommandErrors(t *testing.T) {
	dir := t.TempDir()
	good := "name: t\ngame: lines-of-action\ntime_control: {move_ms: 20}\nengines:\n" +
		"  - {name: a, cmd: /bin/true}\n  - {name: b, cmd: /bin/true}\n"
	tests := []struct {
		name     string
		config   string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"unknown key", strings.Replace(good, "game:", "gmae: x\ngame:", 1), nil, exitUsage, `t.yaml:2: unknown key "gmae"`},
		{"missing binary", strings.Replace(good, "/bin/true}\n  - {name: b", "./nobot}\n  - {name: b", 1), nil, exitUsage, "command ./nobot not found"},
		{"bad time control", strings.Replace(good, "{move_ms: 20}", "{move_ms: 20, base_ms: 5}", 1), nil, exitUsage, "either {base_ms, increment_ms} or {move_ms}"},
		{"no config", "", []string{}, exitUsage, "exactly one CONFIG.yaml"},
		{"bad concurrency", good, []string{"--concurrency", "-1", "CONFIG"}, exitUsage, "--concurrency must be at least 1"},
		{"zero concurrency", good, []string{"-j", "0", "CONFIG"}, exitUsage, "--concurrency must be at least 1, not 0"},
		{"engine cannot play", good, nil, exitFailure, "engine a: crash"},
		{"bad opening", good + "openings: {file: bad.agn}\n", nil, exitUsage, `bad.agn:7:10: opening 2: ply 2 "a2-a4"`},
		{"opening of another game", good + "openings: {file: kf.agn}\n", nil, exitUsage, "kf.agn:1:1: opening 1 is a Knight Fight game; the tournament plays Lines of Action"},
	}
	os.WriteFile(filepath.Join(dir, "bad.agn"), []byte("[Game \"Lines of Action\"]\n\n1. c8-c6 *\n\n[Game \"Lines of Action\"]\n\n1. c8-c6 a2-a4 *\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "kf.agn"), []byte("[Game \"Knight Fight\"]\n[Board \"x\"]\n\n*\n"), 0o644)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "t.yaml")
			os.WriteFile(path, []byte(tc.config), 0o644)
			args := []string{"tournament", "--db", filepath.Join(dir, "t.db")}
			for _, a := range tc.args {
				if a == "CONFIG" {
					a = path
				}
				args = append(args, a)
			}
			if tc.args == nil {
				args = append(args, path)
			}
			r := runCLI(t, "", args...)
			if r.code != tc.wantCode {
				t.Errorf("exit %d; want %d (stderr %q)", r.code, tc.wantCode, r.stderr)
			}
			if !strings.Contains(r.stderr, tc.wantErr) {
				t.Errorf("stderr = %q; want it to contain %q", r.stderr, tc.wantErr)
			}
			if r.stdout != "" {
				t.Errorf("stdout = %q; want it empty on failure", r.stdout)
			}
		})
	}
}

// TestTournamentCommandRuns plays a small tournament of built-in engines
// (this test binary, which is arbiter's main with mainEnv set), two games at
// a time in worker processes (the test binary again, see TestMain), checks
// the standings on stdout, that the --out file validates, and that a second
// run resumes with nothing to play.
func TestTournamentCommandRuns(t *testing.T) {
	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(mainEnv, "1") // for the engines, which inherit it
	config := "name: cli\ngame: knight-fight\ngames_per_encounter: 4\nseed: 5\n" +
		"time_control: {move_ms: 20}\ntime_margin_ms: 200\nmax_plies: 60\nadjudication: score\nengines:\n" +
		"  - {name: r, cmd: " + exe + ", args: [engine, --game, knight-fight, --level, random]}\n" +
		"  - {name: g, cmd: " + exe + ", args: [engine, --game, knight-fight, --level, greedy]}\n"
	path := filepath.Join(dir, "cli.yaml")
	os.WriteFile(path, []byte(config), 0o644)
	db, out := filepath.Join(dir, "cli.db"), filepath.Join(dir, "cli.agn")
	for i, want := range []string{"(4 played now, 0 before)", "(0 played now, 4 before)"} {
		r := runCLI(t, "", "tournament", "--db", db, "--out", out, "-j", "2", path)
		if r.code != exitOK {
			t.Fatalf("run %d: exit %d; stderr %s", i+1, r.code, r.stderr)
		}
		for _, s := range []string{want, "rank  engine", "terminations: "} {
			if !strings.Contains(r.stdout, s) {
				t.Errorf("run %d: stdout lacks %q:\n%s", i+1, s, r.stdout)
			}
		}
		if i == 0 && !strings.Contains(r.stderr, "game 4/4 (slot") {
			t.Errorf("stderr lacks the per-game lines:\n%s", r.stderr)
		}
	}
	if r := runCLI(t, "", "validate", out); r.code != exitOK {
		t.Errorf("validate --out file: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
