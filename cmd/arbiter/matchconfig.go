package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/rules/games"
)

// matchRun is what a match's command line says besides its config: where
// and how to play it.
type matchRun struct {
	db, out, configOut string
	ratingInterval     int
	wdl                bool // -report penta=false
}

// matchYAML writes a tournament config line by line, noting for each line
// the option it comes from, so that the config's checks can be told in
// the command line's words.
type matchYAML struct {
	lines  []string
	origin []string // by line: the option as typed, and which engine
}

func (y *matchYAML) add(origin, format string, args ...any) {
	y.lines = append(y.lines, fmt.Sprintf(format, args...))
	y.origin = append(y.origin, origin)
}

func (y *matchYAML) text() string { return strings.Join(y.lines, "\n") + "\n" }

// locatedRE matches a config message's "FILE:LINE: ". It is compiled when
// a match's config is first found wrong, not as every command starts.
var locatedRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^.*?:(\d+): `) })

// explain rewrites the config's messages about y's text as the options
// they come from: "-engine #2 (name=beta): command ./nope not found".
func (y *matchYAML) explain(err error) error {
	re := locatedRE()
	msg := re.ReplaceAllStringFunc(err.Error(), func(m string) string {
		line, _ := strconv.Atoi(re.FindStringSubmatch(m)[1])
		if line >= 1 && line <= len(y.origin) && y.origin[line-1] != "" {
			return y.origin[line-1] + ": "
		}
		return "the match: "
	})
	return errors.New(msg)
}

// q writes s as a YAML scalar, quoted where it must be.
func q(s string) string {
	b, _ := yaml.Marshal(s)
	return strings.TrimSuffix(string(b), "\n")
}

// ordinal writes n as "1st", "2nd", ...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// matchConfig turns a match's options into the equivalent tournament
// config text and what else they say. Errors name the option and key as
// typed.
func matchConfig(opts []matchOption) (*matchYAML, matchRun, error) {
	var run matchRun
	get := map[string][]kv{}
	typed := map[string]string{}
	var engines [][]kv
	var engineTyped []string
	for _, o := range opts {
		spec, _ := matchSpec(o.name)
		kvs, _ := o.kvs(spec)
		if o.name == "engine" {
			engines = append(engines, kvs)
			engineTyped = append(engineTyped, o.typed)
			continue
		}
		get[o.name], typed[o.name] = kvs, o.typed
	}
	one := func(name string) (string, bool) {
		if v, ok := get[name]; ok && len(v) == 1 {
			return v[0].value, true
		}
		return "", false
	}
	number := func(name string, least int) (int, bool, error) {
		v, ok := one(name)
		if !ok {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < least {
			return 0, false, fmt.Errorf("%s %q: want a whole number from %d", typed[name], v, least)
		}
		return n, true, nil
	}
	y := &matchYAML{}
	game, ok := one("game")
	if !ok {
		return nil, run, fmt.Errorf("-game is missing: give the game the engines play (%s)", games.IDs())
	}
	g, err := games.Lookup(game)
	if err != nil {
		return nil, run, fmt.Errorf("%s: %v", typed["game"], err)
	}
	name, named := one("name")
	if !named {
		name = "match"
	}
	y.add(typed["name"], "name: %s", q(name))
	y.add(typed["game"], "game: %s", g.ID())
	if err := matchFormat(y, get, typed, number); err != nil {
		return nil, run, err
	}
	if err := matchAdjudication(y, get, typed, number); err != nil {
		return nil, run, err
	}
	if err := matchOpenings(y, get, typed); err != nil {
		return nil, run, err
	}
	if v, ok := one("db"); ok {
		run.db = v
	}
	if v, ok := one("config-out"); ok {
		run.configOut = v
	}
	for _, o := range []struct {
		name string
		to   *string
	}{{"pgnout", &run.out}, {"log", nil}} {
		if kvs, ok := get[o.name]; ok {
			path, err := filepath.Abs(kvs[0].value)
			if err != nil {
				return nil, run, fmt.Errorf("%s file=%s: %v", typed[o.name], kvs[0].value, err)
			}
			if o.to != nil {
				*o.to = path
			} else {
				y.add(typed[o.name], "log: %s", q(path))
			}
		}
	}
	if n, ok, err := number("ratinginterval", 0); err != nil {
		return nil, run, err
	} else if ok {
		run.ratingInterval = n
	}
	if kvs, ok := get["report"]; ok {
		if v := kvs[0].value; v != "true" && v != "false" {
			return nil, run, fmt.Errorf("%s penta=%s: want true or false", typed["report"], v)
		}
		run.wdl = kvs[0].value == "false"
	}
	if err := matchEngines(y, engines, engineTyped, get["each"], typed["each"]); err != nil {
		return nil, run, err
	}
	return y, run, nil
}

// matchFormat writes the schedule's keys: format, seeds, rounds, games,
// concurrency, seed, sprt.
func matchFormat(y *matchYAML, get map[string][]kv, typed map[string]string, number func(string, int) (int, bool, error)) error {
	if kvs, ok := get["tournament"]; ok {
		format := map[string]string{"roundrobin": "round-robin", "round-robin": "round-robin", "gauntlet": "gauntlet",
			"knockout": "knockout", "swiss": "swiss"}[kvs[0].value]
		if format == "" {
			return fmt.Errorf("%s %q: want roundrobin, gauntlet, knockout or swiss", typed["tournament"], kvs[0].value)
		}
		y.add(typed["tournament"], "format: %s", format)
	}
	for _, o := range []struct {
		name, key string
		least     int
	}{{"seeds", "seeds", 1}, {"rounds", "rounds", 1}, {"concurrency", "concurrency", 1}} {
		n, ok, err := number(o.name, o.least)
		if err != nil {
			return err
		}
		if ok {
			y.add(typed[o.name], "%s: %d", o.key, n)
		}
	}
	games := 1
	if n, ok, err := number("games", 1); err != nil {
		return err
	} else if ok {
		if n > 2 {
			return fmt.Errorf("%s %d: an encounter plays 1 or 2 games a round (2: a colour-swapped pair on one opening)", typed["games"], n)
		}
		games = n
	}
	if _, ok := get["repeat"]; ok {
		games = 2
	}
	origin := typed["games"]
	if origin == "" {
		origin = typed["repeat"]
	}
	y.add(origin, "games_per_encounter: %d", games)
	seed := int64(0)
	if v, ok := get["srand"]; ok {
		n, err := strconv.ParseInt(v[0].value, 10, 64)
		if err != nil {
			return fmt.Errorf("%s %q: want a whole number", typed["srand"], v[0].value)
		}
		seed = n
	}
	y.add(typed["srand"], "seed: %d", seed)
	if kvs, ok := get["sprt"]; ok {
		parts := make([]string, 0, len(kvs))
		for _, p := range kvs {
			if p.key == "model" {
				parts = append(parts, "model: "+q(p.value))
				continue
			}
			f, err := strconv.ParseFloat(p.value, 64)
			if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
				return fmt.Errorf("%s %s=%s: want a number", typed["sprt"], p.key, p.value)
			}
			// The number as read, not as typed: YAML reads 010 as 8.
			parts = append(parts, p.key+": "+strconv.FormatFloat(f, 'g', -1, 64))
		}
		y.add(typed["sprt"], "sprt: {%s}", strings.Join(parts, ", "))
	}
	return nil
}

// maxMoves is the most -maxmoves takes: far more moves than any game
// plays, and twice it (the plies) is far from the end of an int.
const maxMoves = 1_000_000

// matchAdjudication writes max_plies, resign and draw.
func matchAdjudication(y *matchYAML, get map[string][]kv, typed map[string]string, number func(string, int) (int, bool, error)) error {
	if n, ok, err := number("maxmoves", 1); err != nil {
		return err
	} else if ok {
		if n > maxMoves {
			return fmt.Errorf("%s %d: want a whole number from 1 to %d", typed["maxmoves"], n, maxMoves)
		}
		y.add(typed["maxmoves"], "max_plies: %d", 2*n)
	}
	for _, o := range []struct {
		name string
		keys map[string]string // option key → config key
	}{
		{"resign", map[string]string{"movecount": "moves", "score": "score", "twosided": "two_sided"}},
		{"draw", map[string]string{"movenumber": "after_ply", "movecount": "moves", "score": "score"}},
	} {
		kvs, ok := get[o.name]
		if !ok {
			continue
		}
		var parts []string
		for _, p := range kvs {
			v := p.value
			switch p.key {
			case "twosided":
				b, err := strconv.ParseBool(v)
				if err != nil {
					return fmt.Errorf("%s twosided=%s: want true or false", typed[o.name], v)
				}
				v = strconv.FormatBool(b)
			default:
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 {
					return fmt.Errorf("%s %s=%s: want a whole number from 0", typed[o.name], p.key, v)
				}
				if p.key == "movenumber" {
					n *= 2 // moves to plies
				}
				v = strconv.Itoa(n)
			}
			parts = append(parts, o.keys[p.key]+": "+v)
		}
		y.add(typed[o.name], "%s: {%s}", o.name, strings.Join(parts, ", "))
	}
	return nil
}

// matchOpenings writes the openings key.
func matchOpenings(y *matchYAML, get map[string][]kv, typed map[string]string) error {
	kvs, ok := get["openings"]
	if !ok {
		return nil
	}
	var parts []string
	for _, p := range kvs {
		switch p.key {
		case "file":
			path, err := filepath.Abs(p.value)
			if err != nil {
				return fmt.Errorf("%s file=%s: %v", typed["openings"], p.value, err)
			}
			parts = append(parts, "file: "+q(path))
		case "format":
			if !slices.Contains([]string{"agn", "fen", "epd"}, p.value) {
				return fmt.Errorf("%s format=%s: want agn, fen or epd", typed["openings"], p.value)
			}
			parts = append(parts, "format: "+p.value)
		case "order":
			parts = append(parts, "order: "+q(p.value))
		default: // plies, start
			n, err := strconv.Atoi(p.value)
			if err != nil {
				return fmt.Errorf("%s %s=%s: want a whole number", typed["openings"], p.key, p.value)
			}
			parts = append(parts, p.key+": "+strconv.Itoa(n)) // as read: YAML reads 010 as 8
		}
	}
	y.add(typed["openings"], "openings: {%s}", strings.Join(parts, ", "))
	return nil
}

// matchEngines writes time_control and the engines: each engine's keys,
// and -each's for the keys it does not give.
func matchEngines(y *matchYAML, engines [][]kv, typed []string, each []kv, eachTyped string) error {
	if len(engines) < 2 {
		return fmt.Errorf("-engine: a match needs at least two engines; found %d", len(engines))
	}
	var lines, tcs, wheres []string
	for i, keys := range engines {
		merged := map[string]string{}
		from := map[string]string{}
		own := slices.ContainsFunc(keys, func(p kv) bool { return p.key == "tc" || p.key == "st" })
		for _, p := range each {
			if own && (p.key == "tc" || p.key == "st") {
				continue // the engine's own time control replaces -each's
			}
			merged[p.key], from[p.key] = p.value, eachTyped
		}
		for _, p := range keys {
			merged[p.key], from[p.key] = p.value, typed[i]
		}
		where := fmt.Sprintf("%s (%s)", typed[i], ordinal(i+1))
		if n, ok := merged["name"]; ok {
			where = fmt.Sprintf("%s name=%s", typed[i], n)
		}
		line, tc, err := matchEngine(merged, from, where)
		if err != nil {
			return err
		}
		lines, tcs, wheres = append(lines, line), append(tcs, tc), append(wheres, where)
	}
	// The tournament's time control is the first engine's; an engine with
	// another has its own.
	origin := eachTyped
	if origin == "" {
		origin = typed[0]
	}
	y.add(origin, "time_control: %s", tcs[0])
	y.add("", "engines:")
	for i, line := range lines {
		if tcs[i] != tcs[0] {
			line = strings.TrimSuffix(line, "}") + ", time_control: " + tcs[i] + "}"
		}
		y.add(wheres[i], "  - %s", line)
	}
	return nil
}

// matchEngine writes one engine's entry (without its time control) and
// its time control, from its keys.
func matchEngine(keys, from map[string]string, where string) (line, tc string, err error) {
	bad := func(k, format string, args ...any) error {
		return fmt.Errorf("%s %s=%s: %s", from[k], k, keys[k], fmt.Sprintf(format, args...))
	}
	cmd, ok := keys["cmd"]
	if !ok || cmd == "" {
		return "", "", fmt.Errorf("%s: cmd is missing (the engine's executable)", where)
	}
	if p, ok := keys["proto"]; ok && p != "ugi" {
		return "", "", bad("proto", "arbiter speaks UGI: proto=ugi, or leave it out")
	}
	if strings.ContainsRune(cmd, '/') {
		abs, err := filepath.Abs(cmd)
		if err != nil {
			return "", "", bad("cmd", "%v", err)
		}
		cmd = abs
	}
	name := keys["name"]
	if name == "" {
		name = filepath.Base(cmd)
	}
	parts := []string{"name: " + q(name), "cmd: " + q(cmd)}
	if a, ok := keys["args"]; ok {
		words, err := splitArgs(a)
		if err != nil {
			return "", "", bad("args", "%v", err)
		}
		quoted := make([]string, len(words))
		for i, w := range words {
			quoted[i] = q(w)
		}
		parts = append(parts, "args: ["+strings.Join(quoted, ", ")+"]")
	}
	if d, ok := keys["dir"]; ok {
		abs, err := filepath.Abs(d)
		if err != nil {
			return "", "", bad("dir", "%v", err)
		}
		parts = append(parts, "dir: "+q(abs))
	}
	if m, ok := keys["timemargin"]; ok {
		n, err := strconv.Atoi(m)
		if err != nil || n < 0 || int64(n) > config.MaxTimeMS {
			return "", "", bad("timemargin", "want milliseconds, a whole number from 0 to %d (a year)", config.MaxTimeMS)
		}
		parts = append(parts, "time_margin_ms: "+strconv.Itoa(n)) // as read: YAML reads 010 as 8
	}
	var limits []string
	for _, k := range []string{"nodes", "depth"} {
		if v, ok := keys[k]; ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 {
				return "", "", bad(k, "want a whole number from 1")
			}
			limits = append(limits, k+": "+strconv.FormatInt(n, 10)) // as read: YAML reads 010 as 8
		}
	}
	if len(limits) > 0 {
		parts = append(parts, "limits: {"+strings.Join(limits, ", ")+"}")
	}
	var options []string
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if n, ok := strings.CutPrefix(k, "option."); ok {
			options = append(options, q(n)+": "+q(keys[k]))
		}
	}
	if len(options) > 0 {
		parts = append(parts, "options: {"+strings.Join(options, ", ")+"}")
	}
	tc, err = engineTC(keys, bad)
	if err != nil {
		return "", "", err
	}
	if tc == "" {
		return "", "", fmt.Errorf("%s: no time control: give tc=10+0.1 (or 40/60+0.6, inf) or st=SECONDS, to the engine or to -each", where)
	}
	return "{" + strings.Join(parts, ", ") + "}", tc, nil
}

// engineTC writes an engine's time control as the config's: tc or st.
func engineTC(keys map[string]string, bad func(k, format string, args ...any) error) (string, error) {
	_, hasTC := keys["tc"]
	_, hasST := keys["st"]
	switch {
	case hasTC && hasST:
		return "", bad("st", "give tc or st, not both")
	case hasST:
		ms, err := parseSeconds(keys["st"])
		if errors.Is(err, errTooLong) {
			return "", bad("st", "%v", err)
		}
		if err != nil || ms < 1 {
			return "", bad("st", "want the seconds a move may take, above 0 (st=0.05)")
		}
		return fmt.Sprintf("{move_ms: %d}", ms), nil
	case hasTC:
		tc, err := parseTC(keys["tc"])
		if err != nil {
			return "", bad("tc", "%v", err)
		}
		if tc.infinite {
			return "{infinite: true}", nil
		}
		s := fmt.Sprintf("{base_ms: %d, increment_ms: %d", tc.baseMS, tc.incMS)
		if tc.movesToGo > 0 {
			s += fmt.Sprintf(", moves_to_go: %d", tc.movesToGo)
		}
		return s + "}", nil
	}
	return "", nil
}

// loadMatch makes the match's tournament config: the text of opts, checked
// by the config's own checks (told in the options' words), named after its
// identity unless -name names it. base is the directory relative paths
// are taken from. Reading the openings file stops when ctx is done.
func loadMatch(ctx context.Context, opts []matchOption) (*config.Tournament, *matchYAML, matchRun, error) {
	y, run, err := matchConfig(opts)
	if err != nil {
		return nil, nil, run, err
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, nil, run, err
	}
	file := filepath.Join(wd, "match.yaml")
	cfg, err := config.Parse(ctx, file, []byte(y.text()), 0)
	if err != nil {
		return nil, nil, run, y.explain(err)
	}
	if !hasOption(opts, "name") {
		// The name comes from the settings that make the games and from
		// the engines' files (the config's identity): the same command
		// with the same engines plays the same tournament, and with a
		// rebuilt engine a new one. The name is the only change to the
		// checked config: it is set, not parsed again, which would read
		// every engine's file again.
		id, err := cfg.Identity()
		if err != nil {
			return nil, nil, run, fmt.Errorf("the match's identity: %w", err)
		}
		y.lines[0] = "name: match-" + id[:12]
		cfg.Name, cfg.Text = "match-"+id[:12], y.text()
	}
	return cfg, y, run, nil
}

// hasOption reports whether opts has option name.
func hasOption(opts []matchOption, name string) bool {
	return slices.ContainsFunc(opts, func(o matchOption) bool { return o.name == name })
}
