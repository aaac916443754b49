package config

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/engine"
	"github.com/arbiter-games/arbiter/spsa"
)

const tuneYAML = `name: loa-eval
game: lines-of-action
engine:
  name: arbiter-search
  cmd: arbiter
  args: [engine, --game, lines-of-action]
  options: {Hash: "8"}
pairs: 1000
seed: 7
time_control: {move_ms: 20}
spsa:
  A: 0.2
params: |
  Group,40,0,400,8,0.002
  Tempo,int,10,0,100,2,0.002
`

func TestParseTune(t *testing.T) {
	c, err := ParseTune(t.Context(), "tune.yaml", []byte(tuneYAML), NoOpenings)
	if err != nil {
		t.Fatal(err)
	}
	s := c.Schedule()
	if s.Pairs != 1000 || s.A != 200 || s.Alpha != spsa.DefaultAlpha || s.Gamma != spsa.DefaultGamma || s.Seed != 7 || len(s.Params) != 2 {
		t.Errorf("schedule %+v", s)
	}
	if c.GameRules() == nil || c.GameRules().ID() != "lines-of-action" || c.Spec().Name != "arbiter-search" || c.Spec().Path == "" {
		t.Errorf("game %v, spec %+v", c.GameRules(), c.Spec())
	}
	if *c.MaxPlies != DefaultMaxPlies {
		t.Errorf("max_plies %d; want the default", *c.MaxPlies)
	}
}

// TestParseTuneErrors: every problem is told with its file and line, and
// a parameter line's with its column in the file.
func TestParseTuneErrors(t *testing.T) {
	for _, tc := range []struct{ name, from, to, want string }{
		{"unknown key", "seed: 7", "sed: 7", `tune.yaml:9: unknown key "sed" at the top level`},
		{"unknown engine key", "  cmd: arbiter", "  cmd: arbiter\n  rating: 3", `tune.yaml:6: unknown key "rating" in engine`},
		{"unknown spsa key", "  A: 0.2", "  B: 0.2", `tune.yaml:12: unknown key "B" in spsa`},
		{"min above max", "  Group,40,0,400,8,0.002", "  Group,40,500,400,8,0.002", "tune.yaml:14:12: params: min 500 is above max 400"},
		{"start outside", "  Tempo,int,10,0,100,2,0.002", "  Tempo,int,101,0,100,2,0.002", "tune.yaml:15:13: params: start 101 is outside [min, max] = [0, 100]"},
		{"c_end", "  Tempo,int,10,0,100,2,0.002", "  Tempo,int,10,0,100,0,0.002", "tune.yaml:15:22: params: c_end 0 must be above 0"},
		{"quoted params", "params: |\n  Group,40,0,400,8,0.002\n  Tempo,int,10,0,100,2,0.002\n", "params: \"Group,40,0,400,8\"\n",
			"tune.yaml:13: params line 1, column 17: 5 fields; want 6 (name,start,min,max,c_end,r_end) or 7 (name,int|float,start,min,max,c_end,r_end)"},
		{"no params", "params: |\n  Group,40,0,400,8,0.002\n  Tempo,int,10,0,100,2,0.002\n", "", "tune.yaml:1: params: no parameters: give one a line, name,start,min,max,c_end,r_end"},
		{"pairs", "pairs: 1000", "pairs: 0", "tune.yaml:8: pairs is 0; it must be from 1 to 100000000"},
		{"alpha", "  A: 0.2", "  alpha: -1", "tune.yaml:12: spsa alpha is -1; it must be from 0 to 1000"},
		{"gamma nan", "  A: 0.2", "  gamma: .nan", "tune.yaml:12: spsa gamma is NaN; it must be from 0 to 1000"},
		{"game", "game: lines-of-action", "game: chess", "tune.yaml:2: "},
		{"time control", "time_control: {move_ms: 20}", "time_control: {move_ms: 0}", "tune.yaml:10: move_ms is 0; it must be at least 1"},
		{"no engine name", "  name: arbiter-search\n", "", "tune.yaml:3: the engine has no name"},
		{"cmd", "  cmd: arbiter", "  cmd: ./no-such-engine", "tune.yaml:5: engine \"arbiter-search\": command ./no-such-engine not found"},
		// The games' checks, told at the tuning config's lines.
		{"resign", "seed: 7", "seed: 7\nresign:\n  moves: 3\n  score: 0", "tune.yaml:12: resign score is 0; it must be at least 1"},
		{"draw", "seed: 7", "seed: 7\ndraw: {score: -1, moves: 0}", "tune.yaml:10: draw score is -1; it must not be negative\ntune.yaml:10: draw moves is 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(tuneYAML, tc.from, tc.to, 1)
			if text == tuneYAML {
				t.Fatalf("%q is not in the config", tc.from)
			}
			_, err := ParseTune(t.Context(), "tune.yaml", []byte(text), NoOpenings)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseTune = %v; want %q", err, tc.want)
			}
		})
	}
}

func TestLoadTune(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tune.yaml")
	writeFile(t, path, tuneYAML)
	c, err := LoadTune(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	if c.File != path || c.Text != tuneYAML {
		t.Errorf("File %q, Text %q", c.File, c.Text)
	}
	if _, err := ParseTune(t.Context(), "empty.yaml", nil, NoOpenings); err == nil || err.Error() != "empty.yaml: empty config" {
		t.Errorf("ParseTune of nothing = %v", err)
	}
}

// TestTuneExamples: every tuning config in examples/tune is valid, and
// tunes options the built-in engine declares within their bounds, from
// their defaults (but for a *-bad-start.yaml, which starts away from them
// on purpose).
func TestTuneExamples(t *testing.T) {
	files, _ := filepath.Glob("../examples/tune/*.yaml")
	if len(files) == 0 {
		t.Fatal("no examples/tune/*.yaml")
	}
	for _, f := range files {
		c, err := LoadTune(t.Context(), f)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		ws := engine.Weights(c.GameRules())
		for _, p := range c.Schedule().Params {
			i := slices.IndexFunc(ws, func(w engine.Weight) bool { return strings.EqualFold(w.Name, p.Name) })
			if i < 0 {
				t.Errorf("%s: %s is not a weight of the built-in engine", f, p.Name)
				continue
			}
			bad := strings.HasSuffix(f, "-bad-start.yaml")
			if w := ws[i]; p.Start != float64(w.Default) && !bad || p.Min < float64(w.Min) || p.Max > float64(w.Max) {
				t.Errorf("%s: %s: %v; want the engine's default %d within [%d, %d]", f, p.Name, p, w.Default, w.Min, w.Max)
			}
		}
	}
}

// TestTuneAdjudication: a tuning run's adjudication, resign and draw keys
// end its games as a tournament's, and a bad one is refused.
func TestTuneAdjudication(t *testing.T) {
	c, err := ParseTune(t.Context(), "tune.yaml", []byte(tuneYAML+"adjudication: {max_plies: draw, solver: {nodes: 5000}}\nresign: {score: 600, moves: 3}\n"), NoOpenings)
	if err != nil {
		t.Fatal(err)
	}
	g := c.Games()
	if a := g.Adjudication; a.MaxPlies != AdjudicateDraw || a.Solver == nil || *a.Solver.Nodes != 5000 {
		t.Errorf("adjudication %+v; want draw at max_plies and the solver at 5000 nodes", a)
	}
	if r := g.Resign; r == nil || *r.Score != 600 || *r.Moves != 3 {
		t.Errorf("resign %+v; want 600 for 3 moves", r)
	}
	plain, err := ParseTune(t.Context(), "tune.yaml", []byte(tuneYAML), NoOpenings)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Games().Adjudication.Solver != nil || plain.Games().Resign != nil || plain.Hash() == c.Hash() {
		t.Errorf("without the keys: %+v, resign %v, same hash %v", plain.Games().Adjudication, plain.Games().Resign, plain.Hash() == c.Hash())
	}
	if _, err := ParseTune(t.Context(), "tune.yaml", []byte(tuneYAML+"resign: {score: 0, moves: 3}\n"), NoOpenings); err == nil || !strings.Contains(err.Error(), "resign score is 0") {
		t.Errorf("resign score 0: %v; want it refused", err)
	}
}
