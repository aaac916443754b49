package main

import (
	"bytes"
	"context"
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
