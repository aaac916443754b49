package main

import (
	"bytes"
	"context"
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
			var out, errb bytes.Buffer
			code := run(context.Background(), append([]string{"arbiter", "engine"}, tc.args...), strings.NewReader(tc.in), &out, &errb)
			if code != tc.code {
				t.Errorf("exit code %d; want %d (stderr %q)", code, tc.code, errb.String())
			}
			if tc.out == "" && out.Len() > 0 {
				t.Errorf("stdout %q; want it empty", out.String())
			}
			if !strings.Contains(out.String(), tc.out) {
				t.Errorf("stdout %q; want it to hold %q", out.String(), tc.out)
			}
			if !strings.Contains(errb.String(), tc.err) {
				t.Errorf("stderr %q; want it to hold %q", errb.String(), tc.err)
			}
		})
	}
}
