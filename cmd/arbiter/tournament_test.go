package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
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
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "t.yaml")
			os.WriteFile(path, []byte(tc.config), 0o644)
			args := []string{"arbiter", "tournament", "--db", filepath.Join(dir, "t.db")}
			for _, a := range tc.args {
				if a == "CONFIG" {
					a = path
				}
				args = append(args, a)
			}
			if tc.args == nil {
				args = append(args, path)
			}
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
			if code != tc.wantCode {
				t.Errorf("exit %d; want %d (stderr %q)", code, tc.wantCode, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.wantErr) {
				t.Errorf("stderr = %q; want it to contain %q", stderr.String(), tc.wantErr)
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout = %q; want it empty on failure", stdout.String())
			}
		})
	}
}

// TestTournamentCommandRuns plays a small tournament of built-in engines
// (from an arbiter binary built for the test), two games at a time in
// worker processes (this test binary, see TestMain), checks the standings
// on stdout, that the --out file validates, and that a second run resumes
// with nothing to play.
func TestTournamentCommandRuns(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "arbiter")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Skipf("cannot build arbiter: %v\n%s", err, out)
	}
	config := "name: cli\ngame: knight-fight\ngames_per_encounter: 4\nseed: 5\n" +
		"time_control: {move_ms: 20}\ntime_margin_ms: 200\nmax_plies: 60\nadjudication: score\nengines:\n" +
		"  - {name: r, cmd: " + exe + ", args: [engine, --game, knight-fight, --level, random]}\n" +
		"  - {name: g, cmd: " + exe + ", args: [engine, --game, knight-fight, --level, greedy]}\n"
	path := filepath.Join(dir, "cli.yaml")
	os.WriteFile(path, []byte(config), 0o644)
	db, out := filepath.Join(dir, "cli.db"), filepath.Join(dir, "cli.agn")
	for i, want := range []string{"(4 played now, 0 before)", "(0 played now, 4 before)"} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"arbiter", "tournament", "--db", db, "--out", out, "-j", "2", path},
			strings.NewReader(""), &stdout, &stderr)
		if code != exitOK {
			t.Fatalf("run %d: exit %d; stderr %s", i+1, code, stderr.String())
		}
		for _, s := range []string{want, "rank  engine", "terminations: "} {
			if !strings.Contains(stdout.String(), s) {
				t.Errorf("run %d: stdout lacks %q:\n%s", i+1, s, stdout.String())
			}
		}
		if i == 0 && !strings.Contains(stderr.String(), "game 4/4 (slot") {
			t.Errorf("stderr lacks the per-game lines:\n%s", stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"arbiter", "validate", out}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("validate --out file: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}
