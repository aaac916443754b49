package matchline

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/rules/games"
)

// tuneEngineKeys are the keys of a tuning run's -engine: match's but
// timemargin and restart, which a tuning config does not have.
var tuneEngineKeys = slices.DeleteFunc(slices.Clone(engineKeys), func(k string) bool { return k == "timemargin" || k == "restart" })

// tuneLine is arbiter tune's command line: its own options (the pairs,
// the parameters, the spsa settings, the seed, the engine) and match's
// where a tuning config has the same key, with match's specs.
var tuneLine = language{cmd: "tune", specs: []namedSpec{
	like("game", "the game the engine plays: lines-of-action, tank-battle or knight-fight (required)"),
	{"engine", optionSpec{keys: tuneEngineKeys, twice: "a tuning run tunes one engine (both sides of every pair run it)",
		usage: "the engine tuned: cmd=PATH name=NAME args=\"...\" dir=DIR tc=TC st=SECONDS nodes=N depth=N (or plies=N) option.NAME=VALUE (required)"}},
	{"each", optionSpec{keys: tuneEngineKeys[2:], usage: "KEY=VALUE... as -engine's, for the engine (its own value wins; option.NAME is set on both sides)"}},
	{"pairs", optionSpec{value: "N", usage: "N, the game pairs of the run (required)"}},
	{"params", optionSpec{value: "LINE", many: true, repeat: true,
		usage: "NAME,START,MIN,MAX,C_END,R_END (fishtest's) or NAME,int|float,START,... (OpenBench's): a parameter, one a line (required)"}},
	{"spsa", optionSpec{keys: []string{"A", "alpha", "gamma"}, usage: "A=0.1 alpha=0.602 gamma=0.101: A as a fraction of the pairs, alpha, gamma (fishtest's defaults)"}},
	{"seed", optionSpec{value: "N", usage: "the seed of every pair's flips and rounding, and of the openings' order (default 0; -srand is the same)"}},
	like("srand", "the same as -seed, fastchess's name"),
	like("concurrency", "pairs played at once (default 1), at most the machine's processors"),
	like("force-concurrency", ""),
	like("openings", ""),
	like("resign", ""),
	like("draw", ""),
	like("maxmoves", ""),
	like("solver", ""),
	like("name", "the run's name (default: one made from its settings, so that the same command resumes)"),
	like("config-out", "also write the equivalent tuning config to FILE.yaml (arbiter tune FILE plays the same run)"),
}, refused: map[string]string{
	"rounds":     "a tuning run plays -pairs colour-swapped pairs",
	"games":      "a tuning run plays -pairs colour-swapped pairs",
	"repeat":     "a tuning run plays -pairs colour-swapped pairs",
	"tournament": "a tuning run plays the engine against itself",
	"sprt":       "a tuning run plays all its pairs; check the tuned values with arbiter match -sprt",
}}

// like is match's option name, with usage instead of match's unless it
// is empty.
func like(name, usage string) namedSpec {
	spec, _ := matchLine.specOf(name)
	if usage != "" {
		spec.usage = usage
	}
	return namedSpec{name, spec}
}

// Tune is a tuning run's command line read: the tuning config it plays.
type Tune struct {
	// Config is the checked config; its Text is what -config-out writes.
	Config    *config.Tune
	ConfigOut string // -config-out's file
}

// ParseTune cuts the arguments of arbiter tune into its options, as Parse
// does a match's. A word that is no option's value, such as a CONFIG.yaml
// given with the options, is an error.
func ParseTune(args []string) ([]Option, error) {
	if len(args) > 0 && !isOption(args[0]) {
		return nil, fmt.Errorf("%q: give one CONFIG.yaml or the options (-game, -engine, -pairs, -params, ...), not both", args[0])
	}
	option := ""
	for _, a := range args {
		if isOption(a) {
			option = a
			continue
		}
		if strings.TrimLeft(option, "-") != "config-out" && !strings.Contains(a, "=") && (strings.HasSuffix(a, ".yaml") || strings.HasSuffix(a, ".yml")) {
			return nil, fmt.Errorf("%s %s: give one CONFIG.yaml or the options, not both", option, a)
		}
	}
	return tuneLine.parse(args)
}

// IsTuneOption reports whether name (without its dashes) is an option of
// arbiter tune's command line.
func IsTuneOption(name string) bool {
	_, ok := tuneLine.specOf(name)
	return ok
}

// TuneHelp lists tune's options and what each takes, one a line, for the
// command's help.
func TuneHelp() string { return tuneLine.help() }

// CompleteTune writes the completions of a tune command line, as Complete
// does a match's; without an option typed, none (a CONFIG.yaml's name is
// the shell's to complete).
func CompleteTune(w io.Writer, words []string, last string) { tuneLine.complete(w, words, last) }

// LoadTune makes the tuning config of opts: its text, read by
// config.ParseTune (its problems told in the options' words), named after
// its hash unless -name names it. Relative paths are taken from the
// working directory. Reading the openings file stops when ctx is done.
func LoadTune(ctx context.Context, opts []Option) (*Tune, error) {
	y, err := buildTune(opts)
	if err != nil {
		return nil, err
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	y.file, y.whole = filepath.Join(wd, "tune.yaml"), "the run"
	var run Tune
	if v, ok := lastValue(opts, "config-out"); ok {
		run.ConfigOut = v
	}
	if !hasOption(opts, "name") {
		// The name comes from what makes the pairs (the config's hash):
		// the same command resumes the same run.
		cfg, err := config.ParseTune(ctx, y.file, []byte(y.text()), config.NoOpenings)
		if err != nil {
			return nil, y.explain(err)
		}
		y.lines[0] = "name: tune-" + cfg.Hash()[:12]
	}
	cfg, err := config.ParseTune(ctx, y.file, []byte(y.text()), 0)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, y.explain(err)
	}
	run.Config = cfg
	cfg.Source = "the command line"
	return &run, nil
}

// ConfigFile is the text -config-out writes: the config under a header
// that says where it comes from, the day it is written, and how to play
// it.
func (t *Tune) ConfigFile(written time.Time) string {
	return fmt.Sprintf("# The tuning run %s of an arbiter tune command line, written %s.\n"+
		"# Play it (or resume it) with: arbiter tune FILE\n", t.Config.Name, written.UTC().Format("2006-01-02")) + t.Config.Text
}

// lastValue returns the one value of option name in opts.
func lastValue(opts []Option, name string) (string, bool) {
	for _, o := range opts {
		if o.name == name && len(o.values) == 1 {
			return o.values[0], true
		}
	}
	return "", false
}

// buildTune turns a tune's options into the equivalent tuning config
// text. Errors name the option and key as typed.
func buildTune(opts []Option) (*configText, error) {
	get := map[string][]kv{}
	typed := map[string]string{}
	var params []string
	var paramsTyped string
	for _, o := range opts {
		spec, _ := tuneLine.specOf(o.name)
		kvs, _ := o.kvs(spec)
		if o.name == "params" {
			for _, p := range kvs {
				params = append(params, o.typed+" "+p.value)
			}
			if paramsTyped == "" {
				paramsTyped = o.typed
			}
			continue
		}
		get[o.name], typed[o.name] = kvs, o.typed
	}
	number := func(name string, least int) (int, bool, error) {
		v, ok := get[name]
		if !ok {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v[0].value)
		if err != nil || n < least {
			return 0, false, fmt.Errorf("%s %q: want a whole number from %d", typed[name], v[0].value, least)
		}
		return n, true, nil
	}
	for _, need := range []struct{ name, what string }{
		{"game", "the game the engine plays (" + games.IDs() + ")"},
		{"engine", "the engine tuned: -engine cmd=... name=..."},
		{"pairs", "N, the game pairs of the run"},
	} {
		if _, ok := get[need.name]; !ok {
			return nil, fmt.Errorf("-%s is missing: give %s", need.name, need.what)
		}
	}
	if params == nil {
		return nil, fmt.Errorf("-params is missing: give the parameters, -params NAME,START,MIN,MAX,C_END,R_END each")
	}
	y := &configText{}
	name := "tune"
	if v, ok := get["name"]; ok {
		name = v[0].value
	}
	y.add(typed["name"], "name: %s", q(name))
	y.add(typed["game"], "game: %s", q(get["game"][0].value))
	pairs, _, err := number("pairs", 1)
	if err != nil {
		return nil, err
	}
	y.add(typed["pairs"], "pairs: %d", pairs)
	if _, both := get["srand"]; both && get["seed"] != nil {
		return nil, fmt.Errorf("%s and %s: give one (they are the same)", typed["seed"], typed["srand"])
	}
	for _, s := range []string{"seed", "srand"} {
		if v, ok := get[s]; ok {
			n, err := strconv.ParseUint(v[0].value, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s %q: want a whole number from 0", typed[s], v[0].value)
			}
			y.add(typed[s], "seed: %d", n)
		}
	}
	n, ok, err := number("concurrency", 1)
	if err == nil {
		err = checkConcurrency(get, typed, n, ok)
	}
	if err != nil {
		return nil, err
	}
	if ok {
		y.add(typed["concurrency"], "concurrency: %d", n)
	}
	if err := writeAdjudication(y, get, typed, number); err != nil {
		return nil, err
	}
	if err := writeOpenings(y, get, typed); err != nil {
		return nil, err
	}
	if kvs, ok := get["spsa"]; ok {
		var parts []string
		for _, p := range kvs {
			f, err := strconv.ParseFloat(p.value, 64)
			if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
				return nil, fmt.Errorf("%s %s=%s: want a number", typed["spsa"], p.key, p.value)
			}
			parts = append(parts, p.key+": "+strconv.FormatFloat(f, 'g', -1, 64))
		}
		y.add(typed["spsa"], "spsa: {%s}", strings.Join(parts, ", "))
	}
	keys, from := merge(get["engine"], typed["engine"], get["each"], typed["each"])
	where := typed["engine"]
	if n, ok := keys["name"]; ok {
		where += " name=" + n
	}
	line, tc, err := engineEntry(keys, from, where, "")
	if err != nil {
		return nil, err
	}
	tcFrom := from["tc"]
	if tcFrom == "" {
		tcFrom = from["st"]
	}
	y.add(tcFrom, "time_control: %s", tc)
	y.add(where, "engine: %s", line)
	y.add(paramsTyped, "params: |")
	for _, p := range params {
		option, v, _ := strings.Cut(p, " ")
		v = strings.TrimSpace(v)
		if v == "" || strings.ContainsAny(v, "\r\n") {
			return nil, fmt.Errorf("%s %q: want one parameter line, NAME,START,MIN,MAX,C_END,R_END", option, v)
		}
		y.add(option+" "+v, "  %s", v)
	}
	return y, nil
}
