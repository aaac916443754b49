package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
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
// codes of the command's usage errors.
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
		{[]string{"tune", "--lease", "10ms", cfg}, "--lease must be at least 1s"},
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

// TestTunePlays runs a small tuning of the built-in engine through the
// real main: the progress lines and the speed on stderr, the tuned values
// as setoption and parameter lines on stdout; run again, it finds every
// pair stored; report shows the run; a changed config under its name is
// refused.
func TestTunePlays(t *testing.T) {
	const play = `name: loa-small
game: lines-of-action
engine:
  name: search
  cmd: arbiter
  args: [engine, --game, lines-of-action]
  limits: {depth: 1}
pairs: 12
seed: 5
concurrency: 2
time_control: {infinite: true}
random_openings: {plies: 4}
params: |
  Group,0,0,400,40,0.05
  Tempo,float,10,0,100,10,0.05
`
	cfg := write(t, "tune.yaml", play)
	db := filepath.Join(t.TempDir(), "t.db")
	r := arbiterMain(t, "", "tune", "--db", db, cfg)
	if r.code != 0 {
		t.Fatalf("tune: %v", r)
	}
	for _, want := range []string{"pair 0/12: Group 0 (c_k ", "pair 12/12 (", "12 pairs played in ", "tuning overhead "} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("tune: stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	out := strings.Split(r.stdout, "\n")
	if len(out) != 8 || out[0] != "# loa-small: the values after 12 of 12 pairs" ||
		!regexp.MustCompile(`^setoption name Group value \d+$`).MatchString(out[1]) ||
		!regexp.MustCompile(`^setoption name Tempo value [\d.]+$`).MatchString(out[2]) ||
		!regexp.MustCompile(`^Group,int,\d+,0,400,40,0\.05$`).MatchString(out[5]) ||
		!regexp.MustCompile(`^Tempo,float,[\d.]+,0,100,10,0\.05$`).MatchString(out[6]) {
		t.Errorf("tune: stdout\n%s", r.stdout)
	}

	again := arbiterMain(t, "", "tune", "--db", db, cfg)
	if again.code != 0 || again.stdout != r.stdout || !strings.Contains(again.stderr, "resuming loa-small: 12 of 12 pairs stored") {
		t.Errorf("tune again: %v; want the same values, found stored", again)
	}
	rep := runCLI(t, "", "report", "--db", db)
	if rep.code != 0 || !strings.Contains(rep.stdout, "Tuning run loa-small (search, lines-of-action): 12 of 12 pairs") {
		t.Errorf("report: %v", rep)
	}
	changed := write(t, "tune.yaml", strings.Replace(play, "pairs: 12", "pairs: 13", 1))
	if r := arbiterMain(t, "", "tune", "--db", db, changed); r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "with another config") {
		t.Errorf("tune with a changed config: %v; want exit 1 and the reason", r)
	}
}

// tuneLine is tuneConfig's run as arbiter tune's options.
var tuneLine = []string{"-name", "loa-eval", "-game", "lines-of-action",
	"-engine", "cmd=arbiter", "name=arbiter-search", "args=engine --game lines-of-action",
	"-pairs", "40", "-each", "st=0.02", "-spsa", "A=0.1", "alpha=0.602", "gamma=0.101",
	"-params", "Group,40,0,400,8,0.002", "-params", "Tempo,int,10,0,100,2,0.002"}

// TestTuneLine: the run given as options is the run of its YAML: the same
// dry run (with the flags among the options or before them), and the
// config -config-out writes; a CONFIG.yaml with options is a usage error.
func TestTuneLine(t *testing.T) {
	cfg := write(t, "tune.yaml", tuneConfig)
	want := runCLI(t, "", "tune", "--dry-run", "--json", cfg)
	if want.code != 0 || want.stdout == "" {
		t.Fatalf("tune --dry-run --json CONFIG.yaml: %v", want)
	}
	out := filepath.Join(t.TempDir(), "out.yaml")
	for _, args := range [][]string{
		append([]string{"tune", "--dry-run", "--json"}, tuneLine...),
		append(append([]string{"tune"}, tuneLine...), "--json", "-j", "3", "--db", "x.db", "-config-out", out, "--dry-run"),
	} {
		if got := runCLI(t, "", args...); got != want {
			t.Errorf("arbiter %q: %v; want %v", args, got, want)
		}
	}
	if got := runCLI(t, "", "tune", "--dry-run", "--json", out); got != want {
		t.Errorf("tune --dry-run --json of -config-out's file: %v; want %v", got, want)
	}
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{append([]string{"tune", cfg}, tuneLine...), "give one CONFIG.yaml or the options (-game, -engine, -pairs, -params, ...), not both"},
		{append(append([]string{"tune"}, tuneLine...), cfg), "give one CONFIG.yaml or the options, not both"},
		{append([]string{"tune", "--dry-run"}, append(tuneLine, "-pairs", "0")...), "-pairs: given twice"},
		{append(append([]string{"tune", "--dry-run", "-spsa", "alpha=-1"}, tuneLine[:12]...), tuneLine[16:]...), "-spsa: spsa alpha is -1; it must be from 0 to 1000"},
		{append([]string{"tune", "--json"}, tuneLine...), "--json goes with --dry-run"},
	} {
		r := runCLI(t, "", tc.args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, tc.err) {
			t.Errorf("arbiter %q: %v; want exit 2, stdout empty, stderr holding %q", tc.args, r, tc.err)
		}
	}
}

// TestTuneLinePlays runs a small tuning given as options through the real
// main: its pairs stored (found again by the same command), the tuned
// values as setoption lines.
func TestTuneLinePlays(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	args := []string{"tune", "--db", db, "-game", "lines-of-action", "-engine", "cmd=arbiter", "name=search",
		"args=engine --game lines-of-action", "-each", "tc=inf", "depth=1", "-pairs", "6", "-seed", "3", "-concurrency", "2",
		"-openings", "file=../../examples/openings/lines-of-action.agn", "order=random",
		"-params", "Group,0,0,400,40,0.05", "Tempo,float,10,0,100,10,0.05", "-name", "loa-line"}
	r := arbiterMain(t, "", args...)
	if r.code != 0 {
		t.Fatalf("tune: %v", r)
	}
	out := strings.Split(r.stdout, "\n")
	if len(out) != 8 || out[0] != "# loa-line: the values after 6 of 6 pairs" ||
		!regexp.MustCompile(`^setoption name Group value \d+$`).MatchString(out[1]) ||
		!regexp.MustCompile(`^setoption name Tempo value [\d.]+$`).MatchString(out[2]) {
		t.Errorf("tune: stdout\n%s", r.stdout)
	}
	again := arbiterMain(t, "", args...)
	if again.code != 0 || again.stdout != r.stdout || !strings.Contains(again.stderr, "resuming loa-line: 6 of 6 pairs stored") {
		t.Errorf("tune again: %v; want the same values, found stored", again)
	}
	rep := runCLI(t, "", "report", "--db", db)
	if rep.code != 0 || !strings.Contains(rep.stdout, "Tuning run loa-line (search, lines-of-action): 6 of 6 pairs") {
		t.Errorf("report: %v", rep)
	}
}
