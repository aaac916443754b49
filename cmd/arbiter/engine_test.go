package main

import (
	"strings"
	"testing"
)

// TestEngineCommand drives `arbiter engine` in process: flags, a short
// session, and the exit codes of bad flags.
func TestEngineCommand(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		in       string
		code     int
		out, err string // substrings; out "" means stdout must be empty
	}{
		{"session", []string{"--game", "lines-of-action", "--level", "random", "--seed", "4"},
			"ugi\nisready\nposition startpos\ngo depth 1\nquery p1turn\nquit\n", 0,
			"option name Level type combo default random var random var greedy var search\n", ""},
		{"session replies", []string{"--game", "lines-of-action", "--level", "random", "--seed", "4"},
			"ugi\nisready\nposition startpos\nquery p1turn\ngo depth 1\nquit\n", 0,
			"ugiok\nreadyok\nresponse true\nbestmove ", ""},
		{"display name and eof", []string{"--game", "Lines of Action"}, "position startpos moves b1-b3\nquery p1turn\n", 0,
			"response false", ""},
		{"unknown game", []string{"--game", "chess"}, "", 2, "", "unknown game"},
		{"unknown level", []string{"--game", "lines-of-action", "--level", "expert"}, "", 2, "", "unknown level"},
		{"bad hash", []string{"--game", "lines-of-action", "--hash", "0"}, "", 2, "", "--hash"},
		{"no game", nil, "", 2, "", "--game"},
		{"argument", []string{"--game", "lines-of-action", "extra"}, "", 2, "", "unexpected argument"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, tc.in, append([]string{"engine"}, tc.args...)...)
			if r.code != tc.code {
				t.Errorf("exit code %d; want %d (stderr %q)", r.code, tc.code, r.stderr)
			}
			if tc.out == "" && r.stdout != "" {
				t.Errorf("stdout %q; want it empty", r.stdout)
			}
			if !strings.Contains(r.stdout, tc.out) {
				t.Errorf("stdout %q; want it to hold %q", r.stdout, tc.out)
			}
			if !strings.Contains(r.stderr, tc.err) {
				t.Errorf("stderr %q; want it to hold %q", r.stderr, tc.err)
			}
		})
	}
}
