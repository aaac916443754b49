package matchline

import (
	"context"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/config"
)

// book is the Lines of Action openings file of the examples, absolute: a
// one-liner's -openings file= is made absolute, and a config's hash holds
// the path as written.
func book(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs("../examples/openings/lines-of-action.agn")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// loadTune reads a tune's command line as arbiter tune does.
func loadTune(args []string) (*Tune, error) {
	opts, err := ParseTune(args)
	if err != nil {
		return nil, err
	}
	return LoadTune(context.Background(), opts)
}

// TestTuneLine: a tune's options make the config that the equivalent
// hand-written YAML is: the same hash (the games, the pairs, the seed, the
// spsa settings, the parameters), name and concurrency.
func TestTuneLine(t *testing.T) {
	loa := []string{"-game", "lines-of-action", "-engine", "cmd=arbiter", "name=search", "args=engine --game lines-of-action --level search"}
	engine := "engine:\n  name: search\n  cmd: arbiter\n  args: [engine, --game, lines-of-action, --level, search]\n"
	for _, tc := range []struct {
		name string
		args []string
		yaml string
	}{
		{"the issue's", append(loa, "-pairs", "1000", "-params", "Group,0,0,400,20,0.002", "-params", "Concentration,0,0,100,5,0.002",
			"-each", "st=0.05", "-openings", "file="+book(t), "order=random", "-concurrency", "2",
			"-spsa", "A=0.1", "alpha=0.602", "gamma=0.101", "-seed", "1", "-name", "loa"),
			"name: loa\ngame: lines-of-action\n" + engine + "pairs: 1000\nseed: 1\nconcurrency: 2\ntime_control: {move_ms: 50}\n" +
				"openings: {file: " + book(t) + ", order: random}\nspsa: {A: 0.1, alpha: 0.602, gamma: 0.101}\n" +
				"params: |\n  Group,0,0,400,20,0.002\n  Concentration,0,0,100,5,0.002\n"},
		{"depth, options, adjudication", append(loa, "-name", "x", "-pairs", "20", "-each", "tc=inf", "plies=2", "option.Hash=8",
			"-params", "Group,int,40,0,400,8,0.002", " Tempo,float,10,0,100,2,0.002 ", "-srand", "7",
			"-resign", "movecount=3", "score=600", "-draw", "movenumber=20", "movecount=8", "score=10", "-maxmoves", "150",
			"-solver", "nodes=5000", "-spsa", "alpha=0.7"),
			"name: x\ngame: lines-of-action\n" + strings.TrimSuffix(engine, "\n") + "\n  options: {Hash: \"8\"}\n  limits: {depth: 2}\n" +
				"pairs: 20\nseed: 7\ntime_control: {infinite: true}\nmax_plies: 300\n" +
				"adjudication: {solver: {nodes: 5000}}\nresign: {moves: 3, score: 600}\ndraw: {after_ply: 40, moves: 8, score: 10}\n" +
				"spsa: {alpha: 0.7}\nparams: |\n  Group,int,40,0,400,8,0.002\n  Tempo,float,10,0,100,2,0.002\n"},
		{"the engine's tc wins", []string{"-game", "lines-of-action", "-each", "st=0.05", "depth=3", "-engine", "cmd=arbiter", "name=search",
			"args=engine --game lines-of-action --level search", "tc=10+0.1", "-name", "x", "-pairs", "3", "-params", "Group,40,0,400,8,0.002"},
			"name: x\ngame: lines-of-action\n" + strings.TrimSuffix(engine, "\n") + "\n  limits: {depth: 3}\n" +
				"pairs: 3\ntime_control: {base_ms: 10000, increment_ms: 100}\nparams: |\n  Group,40,0,400,8,0.002\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := loadTune(tc.args)
			if err != nil {
				t.Fatalf("LoadTune: %v", err)
			}
			want, err := config.ParseTune(context.Background(), "tune.yaml", []byte(tc.yaml), 0)
			if err != nil {
				t.Fatalf("the YAML: %v", err)
			}
			if got.Config.Hash() != want.Hash() || got.Config.Name != want.Name || got.Config.Concurrency != want.Concurrency {
				t.Errorf("LoadTune(%q): the config\n%s\nis not\n%s", tc.args, got.Config.Text, tc.yaml)
			}
			if got.Config.Source != "the command line" || want.Source != "tune.yaml" {
				t.Errorf("sources %q and %q; want the command line and tune.yaml", got.Config.Source, want.Source)
			}
		})
	}
}

// TestTuneLineName: without -name, the run is named after its hash, the
// same for the same command; -config-out's text names it and says how to
// play it.
func TestTuneLineName(t *testing.T) {
	args := []string{"-game", "lines-of-action", "-engine", "cmd=arbiter", "-each", "st=0.05", "-pairs", "10", "-params", "Group,40,0,400,8,0.002",
		"-config-out", "x.yaml"}
	a, err := loadTune(args)
	if err != nil {
		t.Fatal(err)
	}
	b, err := loadTune(args)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(a.Config.Name, "tune-") || a.Config.Name != b.Config.Name || a.Config.Engine.Name != "arbiter" {
		t.Errorf("names %q, %q (engine %q); want tune-HASH twice, the engine named after its command", a.Config.Name, b.Config.Name, a.Config.Engine.Name)
	}
	other, err := loadTune(append([]string{"-seed", "1"}, args...))
	if err != nil || other.Config.Name == a.Config.Name {
		t.Errorf("with another seed: %v, name %q; want another name than %q", err, other.Config.Name, a.Config.Name)
	}
	if a.ConfigOut != "x.yaml" {
		t.Errorf("ConfigOut = %q; want x.yaml", a.ConfigOut)
	}
	got := a.ConfigFile(time.Date(2026, 12, 6, 23, 0, 0, 0, time.FixedZone("", -3600)))
	want := "# The tuning run " + a.Config.Name + " of an arbiter tune command line, written 2026-12-07.\n" +
		"# Play it (or resume it) with: arbiter tune FILE\n" + a.Config.Text
	if got != want {
		t.Errorf("ConfigFile = %q; want %q", got, want)
	}
	if again, err := config.ParseTune(context.Background(), "tune.yaml", []byte(got), 0); err != nil || again.Hash() != a.Config.Hash() {
		t.Errorf("the written config: %v; want the same run", err)
	}
}

// TestTuneLineErrors: each bad option is told by its name as typed (and its
// key or value), whether the line's reading or the config's checks find it.
func TestTuneLineErrors(t *testing.T) {
	good := []string{"-game", "lines-of-action", "-engine", "cmd=arbiter", "name=s", "-each", "st=0.05", "-pairs", "10", "-params", "Group,40,0,400,8,0.002"}
	// with replaces option name's words in good (or adds them).
	with := func(name string, words ...string) []string {
		var out []string
		for i := 0; i < len(good); i++ {
			if good[i] == name {
				for i+1 < len(good) && !isOption(good[i+1]) {
					i++
				}
				continue
			}
			out = append(out, good[i])
		}
		if words == nil {
			return out
		}
		return append(append(out, name), words...)
	}
	tooMany := strconv.Itoa(runtime.NumCPU() + 1)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no game", with("-game"), "-game is missing"},
		{"game", with("-game", "chess"), "-game: "},
		{"no engine", with("-engine"), "-engine is missing"},
		{"two engines", append(with("-engine", "cmd=arbiter"), "-engine", "cmd=arbiter"), "-engine: given twice: a tuning run tunes one engine"},
		{"engine cmd", with("-engine", "cmd=./no-such-engine", "name=s"), "-engine name=s: engine \"s\": command "},
		{"engine key", with("-engine", "cmd=arbiter", "timemargin=5"), `-engine: unknown key "timemargin"`},
		{"no time control", with("-each", "depth=2"), "-engine name=s: no time control"},
		{"tc", with("-each", "tc=fast"), `-each tc=fast: "fast" is not a time control`},
		{"infinite without limits", with("-each", "tc=inf"), "-engine name=s: with time_control infinite the engine needs limits"},
		{"depth", with("-each", "st=0.05", "depth=0"), "-each depth=0: want a whole number from 1"},
		{"no pairs", with("-pairs"), "-pairs is missing"},
		{"pairs", with("-pairs", "ten"), `-pairs "ten": want a whole number from 1`},
		{"too many pairs", with("-pairs", "1000000000"), "-pairs: pairs is 1000000000; it must be from 1 to "},
		{"no params", with("-params"), "-params is missing"},
		{"params fields", with("-params", "Group,40,0,400,8"), "-params Group,40,0,400,8: 5 fields; want 6"},
		{"params min", with("-params", "Group,40,500,400,8,0.002"), "-params Group,40,500,400,8,0.002: min 500 is above max 400"},
		{"params twice", with("-params", "Group,40,0,400,8,0.002", "Group,40,0,400,8,0.002"), "-params Group,40,0,400,8,0.002: "},
		{"params line break", with("-params", "Group,40,0,400,8,0.002\nTempo,1,0,9,1,0.002"), `-params "Group,40,0,400,8,0.002\nTempo`},
		{"spsa value", with("-spsa", "alpha=fast"), "-spsa alpha=fast: want a number"},
		{"spsa range", with("-spsa", "alpha=-1"), "-spsa: spsa alpha is -1; it must be from 0 to 1000"},
		{"spsa key", with("-spsa", "beta=1"), `-spsa: unknown key "beta"`},
		{"seed", with("-seed", "-1"), `-seed "-1": want a whole number from 0`},
		{"seed and srand", append(with("-seed", "1"), "-srand", "2"), "-seed and -srand: give one"},
		{"concurrency", with("-concurrency", "0"), `-concurrency "0": want a whole number from 1`},
		{"concurrency above the processors", with("-concurrency", tooMany), "-concurrency " + tooMany + ": more games at once than the"},
		{"openings", with("-openings", "file=no-such.agn"), "-openings: openings file: read "},
		{"openings format", with("-openings", "file=x.agn", "format=pgn"), "-openings format=pgn: want agn, fen or epd"},
		{"resign", with("-resign", "movecount=3", "score=0"), "-resign: resign score is 0; it must be at least 1"},
		{"draw", with("-draw", "movecount=x"), "-draw movecount=x: want a whole number from 0"},
		{"maxmoves", with("-maxmoves", "0"), `-maxmoves "0": want a whole number from 1`},
		{"solver", with("-solver", "nodes=0"), "-solver nodes=0: want a whole number from 1"},
		{"name", with("-name", "a\tb"), "-name: name \"a\\tb\" holds the control character"},
		{"match's", with("-rounds", "4"), "-rounds: not taken: a tuning run plays -pairs colour-swapped pairs"},
		{"match's other", with("-pgnout", "file=x.agn"), "-pgnout: not taken: it is arbiter match's"},
		{"unknown", with("-bogus", "1"), "-bogus: unknown option"},
		{"a config first", append([]string{"tune.yaml"}, good...), `"tune.yaml": give one CONFIG.yaml or the options`},
		{"a config after", append(good, "tune.yml"), "-params tune.yml: give one CONFIG.yaml or the options, not both"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadTune(tc.args)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%q: %v; want %q", tc.args, err, tc.want)
			}
		})
	}
	if _, err := loadTune(good); err != nil {
		t.Errorf("%q: %v", good, err)
	}
}
