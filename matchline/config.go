package matchline

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/rules/games"
)

// Match is a match's command line read: the tournament config it plays,
// and where and how to play it.
type Match struct {
	// Config is the checked config; its Text is what -config-out writes.
	Config *config.Tournament
	// DB is -db as given ("" when it is not).
	DB        string
	Out       string   // -pgnout's file, absolute
	ConfigOut string   // -config-out's file
	EPDOut    string   // -epdout's file, absolute
	Truncate  []string // the files to empty before the match: -pgnout, -epdout, -log append=false
	Cutechess bool     // -output format=cutechess
	// ScoreInterval is, with Cutechess, the score line every this many
	// games.
	ScoreInterval  int
	ShowLatency    bool
	RatingInterval int      // the result block every this many games (0: at the end only)
	WDL            bool     // -report penta=false: the block's figures from the games
	Strict         bool     // -strict: a warning ends the match
	Warnings       []string // what the command line leaves to chance, said before the match starts
}

// defaultRounds and defaultRatingInterval are fastchess's defaults of
// -rounds and -ratinginterval (its -games is 2 too: the config's default).
const (
	defaultRounds         = 2
	defaultRatingInterval = 10
)

// configText writes a tournament config line by line, noting for each line
// the option it comes from, so that the config's checks can be told in
// the command line's words.
type configText struct {
	lines  []string
	origin []string // by line: the option as typed, and which engine
	file   string   // the name the config's messages locate its lines with
	whole  string   // what a message of no option's line is about: "the match"
	// book is the openings file as the config names it, and as typed:
	// the messages about its lines name it as typed, under -openings.
	book, bookTyped string
}

func (y *configText) add(origin, format string, args ...any) {
	y.lines = append(y.lines, fmt.Sprintf(format, args...))
	y.origin = append(y.origin, origin)
}

func (y *configText) text() string { return strings.Join(y.lines, "\n") + "\n" }

// locatedRE matches a config message's "FILE:LINE: ". It is compiled when
// a match's config is first found wrong, not as every command starts.
var locatedRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(.*?):(\d+)(:\d+)?: `) })

// explain rewrites the config's messages about y's text as the options
// they come from: "-engine #2 (name=beta): command ./nope not found". A
// message about the openings file keeps its file and line, as typed,
// under -openings: "-openings: book.fen:3: not a Lines of Action position".
func (y *configText) explain(err error) error {
	re := locatedRE()
	lines := strings.Split(err.Error(), "\n")
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, y.book+":"); ok && y.book != "" {
			lines[i] = "-openings: " + y.bookTyped + ":" + rest
			continue
		}
		m := re.FindStringSubmatch(l)
		if m == nil || m[1] != y.file {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		at, rest := y.whole+": ", l[len(m[0]):]
		if y.whole == "" {
			at = "the match: "
		}
		if line >= 1 && line <= len(y.origin) && y.origin[line-1] != "" {
			at = y.origin[line-1] + ": "
			if m[3] != "" {
				// A message within one option's value (a parameter line,
				// "params: ..." at its column): the option and its value
				// say where.
				option, _, _ := strings.Cut(y.origin[line-1], " ")
				rest = strings.TrimPrefix(rest, strings.TrimLeft(option, "-")+": ")
			}
		}
		lines[i] = at + rest
	}
	return errors.New(strings.Join(lines, "\n"))
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

// build turns a match's options into the equivalent tournament
// config text and what else they say. Errors name the option and key as
// typed.
func build(opts []Option) (*configText, Match, error) {
	var run Match
	get := map[string][]kv{}
	typed := map[string]string{}
	var engines [][]kv
	var engineTyped []string
	for _, o := range opts {
		spec, _ := matchLine.specOf(o.name)
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
	y := &configText{}
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
	if err := writeSchedule(y, get, typed, number); err != nil {
		return nil, run, err
	}
	if err := writeAdjudication(y, get, typed, number); err != nil {
		return nil, run, err
	}
	if err := writeOpenings(y, get, typed); err != nil {
		return nil, run, err
	}
	if _, ok := get["openings"]; !ok && g.NewTags(0) == nil {
		// A game whose start is drawn from the seed (Knight Fight's
		// board) varies without a suite.
		run.Warnings = append(run.Warnings, "no opening suite (-openings file=...): every game starts from the start position, "+
			"and engines that play the same moves in the same position play the same games again")
	}
	_, run.Strict = get["strict"]
	if v, ok := one("db"); ok {
		run.DB = v
	}
	if v, ok := one("config-out"); ok {
		run.ConfigOut = v
	}
	if err := readOutputs(y, get, typed, number, &run); err != nil {
		return nil, run, err
	}
	run.RatingInterval = defaultRatingInterval
	if n, ok, err := number("ratinginterval", 0); err != nil {
		return nil, run, err
	} else if ok {
		run.RatingInterval = n
	}
	if kvs, ok := get["report"]; ok {
		if v := kvs[0].value; v != "true" && v != "false" {
			return nil, run, fmt.Errorf("%s penta=%s: want true or false", typed["report"], v)
		}
		run.WDL = kvs[0].value == "false"
	}
	if err := writeEngines(y, engines, engineTyped, get["each"], typed["each"]); err != nil {
		return nil, run, err
	}
	return y, run, nil
}

// writeSchedule writes the schedule's keys: format, seeds, rounds, games,
// concurrency, seed, sprt.
func writeSchedule(y *configText, get map[string][]kv, typed map[string]string, number func(string, int) (int, bool, error)) error {
	format := "round-robin"
	if kvs, ok := get["tournament"]; ok {
		format = map[string]string{"roundrobin": "round-robin", "round-robin": "round-robin", "gauntlet": "gauntlet",
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
		if o.name == "concurrency" {
			if err := checkConcurrency(get, typed, n, ok); err != nil {
				return err
			}
		}
		if !ok && o.name == "rounds" && (format == "round-robin" || format == "gauntlet") {
			// fastchess's default; a knockout's rounds are its bracket's,
			// a Swiss's the config's default.
			n, ok = defaultRounds, true
		}
		if ok {
			y.add(typed[o.name], "%s: %d", o.key, n)
		}
	}
	games := config.DefaultGamesPerEncounter // fastchess's default too
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

// checkConcurrency checks -concurrency's n (given: it is given): at most the
// machine's processors, unless -force-concurrency.
func checkConcurrency(get map[string][]kv, typed map[string]string, n int, given bool) error {
	if _, force := get["force-concurrency"]; given && n > numCPU() && !force {
		return fmt.Errorf("%s %d: more games at once than the %d processors of this machine: engines would wait for a core, "+
			"and lose on time; give -force-concurrency to play them so anyway", typed["concurrency"], n, numCPU())
	}
	return nil
}

// numCPU is the number of processors a -concurrency may use without
// -force-concurrency.
var numCPU = runtime.NumCPU

// readOutputs reads what the match writes and where: -pgnout, -epdout,
// -log, -output, -scoreinterval, -show-latency, -event, -site; and how it
// plays besides the schedule: -wait, -noswap, -reverse, -use-affinity.
func readOutputs(y *configText, get map[string][]kv, typed map[string]string, number func(string, int) (int, bool, error), run *Match) error {
	boolKey := func(name string, p kv) (bool, error) {
		b, err := strconv.ParseBool(p.value)
		if err != nil {
			return false, fmt.Errorf("%s %s=%s: want true or false", typed[name], p.key, p.value)
		}
		return b, nil
	}
	var moveFields []string
	for _, name := range []string{"pgnout", "epdout", "log"} {
		kvs, ok := get[name]
		if !ok {
			continue
		}
		var path string
		appendTo := true
		var fields []string
		engines, warnings := true, true
		for _, p := range kvs {
			var b bool
			var err error
			switch p.key {
			case "file", "notation", "level", "match_line":
			default:
				if b, err = boolKey(name, p); err != nil {
					return err
				}
			}
			switch p.key {
			case "file":
				if path, err = filepath.Abs(p.value); err != nil || p.value == "" {
					return fmt.Errorf("%s file=%s: want a file name", typed[name], p.value)
				}
			case "append":
				appendTo = b
			case "notation":
				// These games have one notation, arbiter's; san, lan and
				// uci name chess's.
				if !slices.Contains([]string{"san", "lan", "uci"}, p.value) {
					return fmt.Errorf("%s notation=%s: want san, lan or uci (records are in the game's notation whichever)", typed[name], p.value)
				}
			case "min":
				if b {
					y.add(typed[name], "move_comments: false")
				}
			case "match_line":
				return fmt.Errorf("%s match_line=: not taken: records keep no engine output besides each move's comment", typed[name])
			case "tbhits":
				if b {
					return fmt.Errorf("%s tbhits=true: not taken: there are no tablebases for these games", typed[name])
				}
			case "level":
				// arbiter's own lines in the log are warnings about the
				// engines: kept at trace, info and warn, left out at err
				// and fatal, as fastchess does with its warnings.
				if !slices.Contains([]string{"trace", "info", "warn", "err", "fatal"}, p.value) {
					return fmt.Errorf("%s level=%s: want trace, info, warn, err or fatal", typed[name], p.value)
				}
				warnings = p.value != "err" && p.value != "fatal"
			case "engine":
				engines = b
			case "compress":
				if b {
					return fmt.Errorf("%s compress=true: not taken: the log is written as text (compress it afterwards)", typed[name])
				}
			case "realtime":
				// The log is written as it goes, every 100 ms at the
				// latest, either way.
			default: // the move comment's fields
				if b {
					fields = append(fields, p.key)
				}
			}
		}
		if path == "" {
			return fmt.Errorf("%s: file= is missing", typed[name])
		}
		if !appendTo {
			run.Truncate = append(run.Truncate, path)
		}
		switch name {
		case "pgnout":
			run.Out = path
			moveFields = fields
		case "epdout":
			run.EPDOut = path
		case "log":
			y.add(typed[name], "log: %s", q(path))
			if !engines {
				y.add(typed[name], "log_engines: false")
			}
			if !warnings {
				y.add(typed[name], "log_warnings: false")
			}
		}
	}
	origin := typed["pgnout"]
	if _, ok := get["show-latency"]; ok {
		run.ShowLatency = true
		if !slices.Contains(moveFields, "latency") {
			// The latency of each move is in its comment, where the
			// figures at the end come from.
			moveFields, origin = append(moveFields, "latency"), typed["show-latency"]
		}
	}
	if len(moveFields) > 0 {
		slices.SortFunc(moveFields, func(a, b string) int { return slices.Index(pgnoutFields, a) - slices.Index(pgnoutFields, b) })
		y.add(origin, "move_fields: [%s]", strings.Join(moveFields, ", "))
	}
	if kvs, ok := get["output"]; ok {
		switch kvs[0].value {
		case "fastchess":
		case "cutechess":
			run.Cutechess = true
		default:
			return fmt.Errorf("%s format=%s: want fastchess or cutechess", typed["output"], kvs[0].value)
		}
	}
	run.ScoreInterval = 1
	if n, ok, err := number("scoreinterval", 1); err != nil {
		return err
	} else if ok {
		run.ScoreInterval = n
	}
	if _, _, err := number("autosaveinterval", 0); err != nil {
		return err
	}
	for _, name := range []string{"event", "site"} {
		if v, ok := get[name]; ok {
			y.add(typed[name], "%s: %s", name, q(v[0].value))
		}
	}
	if n, ok, err := number("wait", 0); err != nil {
		return err
	} else if ok {
		y.add(typed["wait"], "wait_ms: %d", n)
	}
	if _, ok := get["noswap"]; ok {
		y.add(typed["noswap"], "no_swap: true")
	}
	if _, ok := get["reverse"]; ok {
		y.add(typed["reverse"], "reverse_colours: true")
	}
	if kvs, ok := get["use-affinity"]; ok {
		if runtime.GOOS != "linux" {
			return fmt.Errorf("%s: not taken: binding engines to CPUs is for Linux, not %s", typed["use-affinity"], runtime.GOOS)
		}
		cpus, err := affinityCPUs(kvs)
		if err != nil {
			return fmt.Errorf("%s: %v", typed["use-affinity"], err)
		}
		words := make([]string, len(cpus))
		for i, c := range cpus {
			words[i] = strconv.Itoa(c)
		}
		y.add(typed["use-affinity"], "affinity: [%s]", strings.Join(words, ", "))
	}
	return nil
}

// affinityCPUs reads -use-affinity's CPUs, "0,2,4-7", or all of this
// machine's without a value.
func affinityCPUs(kvs []kv) ([]int, error) {
	if len(kvs) == 0 {
		all := make([]int, numCPU())
		for i := range all {
			all[i] = i
		}
		return all, nil
	}
	var cpus []int
	for _, part := range strings.Split(kvs[0].value, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		b := a
		if err == nil && isRange {
			b, err = strconv.Atoi(hi)
		}
		if err != nil || a < 0 || b < a || b >= 1024 {
			return nil, fmt.Errorf("%q is not a list of CPUs (0,2,4-7)", kvs[0].value)
		}
		for c := a; c <= b; c++ {
			if !slices.Contains(cpus, c) {
				cpus = append(cpus, c)
			}
		}
	}
	return cpus, nil
}

// maxMoves is the most -maxmoves takes: far more moves than any game
// plays, and twice it (the plies) is far from the end of an int.
const maxMoves = 1_000_000

// writeAdjudication writes max_plies, resign, draw and the solver's
// adjudication.
func writeAdjudication(y *configText, get map[string][]kv, typed map[string]string, number func(string, int) (int, bool, error)) error {
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
	if kvs, ok := get["solver"]; ok {
		nodes := ""
		for _, p := range kvs {
			n, err := strconv.ParseInt(p.value, 10, 64)
			if err != nil || n < 1 {
				return fmt.Errorf("%s nodes=%s: want a whole number from 1", typed["solver"], p.value)
			}
			nodes = strconv.FormatInt(n, 10)
		}
		if nodes == "" {
			return fmt.Errorf("%s: give nodes=N, the solver's budget for each question", typed["solver"])
		}
		y.add(typed["solver"], "adjudication: {solver: {nodes: %s}}", nodes)
	}
	return nil
}

// writeOpenings writes the openings key.
func writeOpenings(y *configText, get map[string][]kv, typed map[string]string) error {
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
			y.book, y.bookTyped = path, p.value
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

// writeEngines writes time_control and the engines: each engine's keys,
// and -each's for the keys it does not give.
func writeEngines(y *configText, engines [][]kv, typed []string, each []kv, eachTyped string) error {
	if len(engines) < 2 {
		return fmt.Errorf("-engine: a match needs at least two engines; found %d", len(engines))
	}
	var lines, tcs, wheres []string
	restarts := map[string]string{} // restart's value → where it is given
	for i, keys := range engines {
		merged, from := merge(keys, typed[i], each, eachTyped)
		where := fmt.Sprintf("%s (%s)", typed[i], ordinal(i+1))
		if n, ok := merged["name"]; ok {
			where = fmt.Sprintf("%s name=%s", typed[i], n)
		}
		r := merged["restart"]
		switch r {
		case "", "off":
			r = "off"
		case "on":
		default:
			return fmt.Errorf("%s restart=%s: want on or off", from["restart"], r)
		}
		restarts[r] = where
		line, tc, err := engineEntry(merged, from, where, eachTyped)
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
	if len(restarts) > 1 {
		return fmt.Errorf("%s restart=on but not %s: engines are restarted between games all or none; give restart= to -each", restarts["on"], restarts["off"])
	}
	if _, ok := restarts["on"]; ok {
		y.add(origin, "restart_engines: true")
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

// merge returns an engine's keys (typed: its -engine as typed) with
// -each's where it does not give them (its own tc or st replaces -each's
// time control), and the option each key comes from.
func merge(keys []kv, typed string, each []kv, eachTyped string) (merged, from map[string]string) {
	merged, from = map[string]string{}, map[string]string{}
	own := slices.ContainsFunc(keys, func(p kv) bool { return p.key == "tc" || p.key == "st" })
	for _, p := range each {
		if own && (p.key == "tc" || p.key == "st") {
			continue // the engine's own time control replaces -each's
		}
		merged[p.key], from[p.key] = p.value, eachTyped
	}
	for _, p := range keys {
		merged[p.key], from[p.key] = p.value, typed
	}
	return merged, from
}

// engineEntry writes one engine's entry (without its time control) and
// its time control, from its keys. The options that come from -each (each)
// are the engine's options_if_declared: as fastchess, an engine that does
// not declare one is warned about, not failed.
func engineEntry(keys, from map[string]string, where, each string) (line, tc string, err error) {
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
	if v, ok := keys["plies"]; ok {
		// fastchess's plies= is a depth limit, as its alias depth= is.
		if _, both := keys["depth"]; both {
			return "", "", bad("plies", "give plies or depth, not both (plies is fastchess's name of depth)")
		}
		keys["depth"], from["depth"] = v, from["plies"]
		delete(keys, "plies")
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
	var options, ifDeclared []string
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if n, ok := strings.CutPrefix(k, "option."); ok {
			if each != "" && from[k] == each {
				ifDeclared = append(ifDeclared, q(n)+": "+q(keys[k]))
			} else {
				options = append(options, q(n)+": "+q(keys[k]))
			}
		}
	}
	if len(options) > 0 {
		parts = append(parts, "options: {"+strings.Join(options, ", ")+"}")
	}
	if len(ifDeclared) > 0 {
		parts = append(parts, "options_if_declared: {"+strings.Join(ifDeclared, ", ")+"}")
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

// Load makes the match's tournament config: the text of opts, checked
// by the config's own checks (told in the options' words), named after its
// identity unless -name names it. Relative paths are taken from the
// working directory. Reading the openings file stops when ctx is done.
func Load(ctx context.Context, opts []Option) (*Match, error) {
	y, run, err := build(opts)
	if err != nil {
		return nil, err
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	file := filepath.Join(wd, "match.yaml")
	y.file = file
	cfg, err := config.Parse(ctx, file, []byte(y.text()), 0)
	if err != nil {
		return nil, y.explain(err)
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
			return nil, fmt.Errorf("the match's identity: %w", err)
		}
		y.lines[0] = "name: match-" + id[:12]
		cfg.Name, cfg.Text = "match-"+id[:12], y.text()
	}
	run.Config = cfg
	return &run, nil
}

// ConfigFile is the text -config-out writes: the config under a header
// that says where it comes from, the day it is written, and how to play
// it.
func (m *Match) ConfigFile(written time.Time) string {
	header := fmt.Sprintf("# The tournament %s of an arbiter match command line, written %s.\n"+
		"# Play it (or resume it) with: arbiter tournament FILE", m.Config.Name, written.UTC().Format("2006-01-02"))
	if m.Out != "" {
		header += " --out " + m.Out
	}
	return header + "\n" + m.Config.Text
}

// hasOption reports whether opts has option name.
func hasOption(opts []Option, name string) bool {
	return slices.ContainsFunc(opts, func(o Option) bool { return o.name == name })
}
