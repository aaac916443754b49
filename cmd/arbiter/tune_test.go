package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const tuneConfig = `name: loa-eval
game: lines-of-action
engine:
  name: arbiter-search
  cmd: arbiter
  args: [engine, --game, lines-of-action]
pairs: 40
time_control: {move_ms: 20}
spsa: {A: 0.1, alpha: 0.602, gamma: 0.101}
params: |
  Group,40,0,400,8,0.002
  Tempo,int,10,0,100,2,0.002
`

// TestTune: the dry run's schedule in text and JSON lines, and the exit
// codes of the rest (the full run is not available yet).
func TestTune(t *testing.T) {
	cfg := write(t, "tune.yaml", tuneConfig)
	bad := write(t, "bad.yaml", strings.Replace(tuneConfig, "Tempo,int,10,0,100,2", "Tempo,int,10,0,100,0", 1))

	r := runCLI(t, "", "tune", "--dry-run", cfg)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("tune --dry-run: %v", r)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if !strings.HasPrefix(lines[0], "40 pairs, A 4, alpha 0.602, gamma 0.101") || !strings.HasPrefix(lines[len(lines)-1], "40 ") {
		t.Errorf("tune --dry-run wrote\n%s", r.stdout)
	}

	r = runCLI(t, "", "tune", "--dry-run", "--json", cfg)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("tune --dry-run --json: %v", r)
	}
	lines = strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 40 {
		t.Fatalf("%d lines; want 40, one a pair", len(lines))
	}
	for i, l := range lines {
		var it struct {
			K      int `json:"k"`
			Params []struct {
				Name string  `json:"name"`
				C    float64 `json:"c"`
				R    float64 `json:"R"`
			} `json:"params"`
		}
		if err := json.Unmarshal([]byte(l), &it); err != nil {
			t.Fatalf("line %d %q: %v", i+1, l, err)
		}
		if it.K != i+1 || len(it.Params) != 2 || it.Params[0].Name != "Group" || it.Params[1].Name != "Tempo" || it.Params[0].C <= 0 || it.Params[0].R <= 0 {
			t.Errorf("line %d = %s", i+1, l)
		}
		if i == 39 && (it.Params[0].C != 8 || it.Params[0].R != 0.002) {
			t.Errorf("at k = N: %s; want c_end and r_end", l)
		}
	}

	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"tune", cfg}, "playing the pairs is not available yet"},
		{[]string{"tune", "--json", cfg}, "--json goes with --dry-run"},
		{[]string{"tune", "--dry-run"}, "give exactly one CONFIG.yaml"},
		{[]string{"tune", "--dry-run", bad}, "bad.yaml:12:22: params: c_end 0 must be above 0"},
	} {
		r := runCLI(t, "", tc.args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, tc.err) {
			t.Errorf("arbiter %q: %v; want exit 2, stdout empty, stderr holding %q", tc.args, r, tc.err)
		}
	}
}
