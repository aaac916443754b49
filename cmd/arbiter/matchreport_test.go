package main

import (
	"context"
	"strings"
	"testing"
)

// TestMatchReport checks -report: penta=true (the default, as fastchess)
// keeps the result block's figures on the pairs, penta=false puts them on
// the games, and any other value or key is a usage error that names it.
func TestMatchReport(t *testing.T) {
	two := append(append([]string{"-game", "lines-of-action"}, builtin("a", "random", "1")...), builtin("b", "greedy", "2")...)
	two = append(two, "-each", "st=0.05", "-repeat")
	for _, tc := range []struct {
		name    string
		args    []string
		wantWDL bool
		wantErr string
	}{
		{"default", nil, false, ""},
		{"penta", []string{"-report", "penta=true"}, false, ""},
		{"games", []string{"-report", "penta=false"}, true, ""},
		{"bad value", []string{"-report", "penta=yes"}, false, "-report penta=yes: want true or false"},
		{"bad key", []string{"-report", "pairs=true"}, false, `-report: unknown key "pairs" (keys: penta)`},
		{"no key", []string{"-report"}, false, "-report needs key=value words (keys: penta)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts, err := readMatchLine(append(append([]string{}, two...), tc.args...))
			if err == nil {
				_, _, run, lerr := loadMatch(context.Background(), opts)
				err = lerr
				if err == nil && run.wdl != tc.wantWDL {
					t.Errorf("%v: wdl %v; want %v", tc.args, run.wdl, tc.wantWDL)
				}
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("%v: %v", tc.args, err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("%v: error %v; want %q", tc.args, err, tc.wantErr)
			}
		})
	}
}
