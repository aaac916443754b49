package matchline

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/config"
)

// Option is one option of a match's command line, as typed.
type Option struct {
	name   string   // without its dashes: "engine"
	typed  string   // as typed: "-engine"
	values []string // the words that follow it
}

// kv is one key=value word of an option.
type kv struct{ key, value string }

// optionSpec says what an option takes.
type optionSpec struct {
	keys   []string // its keys, for key=value options; a key ending in "." takes any name after it
	value  string   // the kind of its one value ("N", "FILE", ...), for the others
	flag   bool     // no value at all (-recover, -repeat without a number)
	opt    bool     // with value: the value may be left out (-use-affinity)
	many   bool     // with value: one value or more (-params)
	repeat bool     // may be given more than once (-engine)
	twice  string   // why an option that is not repeat is given once, when it says more than "given twice"
	usage  string
}

// namedSpec is an option's name and spec.
type namedSpec struct {
	name string
	spec optionSpec
}

// language is a command line's options: arbiter match's or arbiter tune's.
type language struct {
	cmd     string      // the command, for messages: "match"
	specs   []namedSpec // in the order the help shows them
	refused map[string]string
}

// engineKeys are the keys of -engine and -each.
var engineKeys = []string{"cmd", "name", "args", "dir", "tc", "st", "nodes", "depth", "plies", "timemargin", "proto", "restart", "option."}

// pgnoutFields are -pgnout's keys that add a field to each engine move's
// comment, in the order the comment has them.
var pgnoutFields = []string{"timeleft", "latency", "nodes", "seldepth", "nps", "hashfull", "tbhits", "pv"}

// specs lists the options of arbiter match, in the order the help
// shows them.
var specs = []namedSpec{
	{"game", optionSpec{value: "GAME", usage: "the game the engines play: " + "lines-of-action, tank-battle or knight-fight (required)"}},
	{"engine", optionSpec{keys: engineKeys, repeat: true, usage: "an engine: cmd=PATH name=NAME args=\"...\" dir=DIR tc=TC st=SECONDS nodes=N depth=N (or plies=N) timemargin=MS restart=on|off option.NAME=VALUE (at least two)"}},
	{"each", optionSpec{keys: engineKeys[2:], usage: "KEY=VALUE... for every engine (an engine's own value wins; an option.NAME an engine does not declare is a warning)"}},
	{"tournament", optionSpec{value: "FORMAT", usage: "roundrobin (default), gauntlet, knockout or swiss"}},
	{"seeds", optionSpec{value: "N", usage: "a gauntlet's seeds: the first N engines each play every other"}},
	{"rounds", optionSpec{value: "N", usage: "rounds (default 2, as fastchess): every encounter plays this many times; a swiss's rounds"}},
	{"games", optionSpec{value: "N", usage: "games an encounter plays each round: 2 (default, as fastchess: a colour-swapped pair on one opening) or 1"}},
	{"repeat", optionSpec{flag: true, usage: "the same as -games 2 (the default)"}},
	{"noswap", optionSpec{flag: true, usage: "no colour swap: an encounter's first engine is White in all its games"}},
	{"reverse", optionSpec{flag: true, usage: "reversed colours: an encounter's second engine is White in its first game"}},
	{"wait", optionSpec{value: "MS", usage: "milliseconds each game at a time waits after a game before the next (default 0)"}},
	{"concurrency", optionSpec{value: "N", usage: "games played at once (default 1), at most the machine's processors"}},
	{"force-concurrency", optionSpec{flag: true, usage: "take a -concurrency above the machine's processors"}},
	{"openings", optionSpec{keys: []string{"file", "format", "order", "plies", "start"}, usage: "file=FILE format=agn|fen|epd order=sequential|random plies=N start=N"}},
	{"srand", optionSpec{value: "N", usage: "the seed of the openings' order and of random starts (default 0)"}},
	{"sprt", optionSpec{keys: []string{"elo0", "elo1", "alpha", "beta", "model"}, usage: "elo0=E elo1=E alpha=A beta=B model=normalized|logistic|bayesian: stop as soon as the test answers"}},
	{"resign", optionSpec{keys: []string{"movecount", "score", "twosided"}, usage: "movecount=N score=CP twosided=true|false: adjudicate a loss on the engines' scores"}},
	{"draw", optionSpec{keys: []string{"movenumber", "movecount", "score"}, usage: "movenumber=N movecount=N score=CP: adjudicate a draw on the engines' scores"}},
	{"maxmoves", optionSpec{value: "N", usage: "adjudicate a draw after N moves (2N plies), N at most 1000000"}},
	{"solver", optionSpec{keys: []string{"nodes"}, usage: "nodes=N: adjudicate by the game's solver, N nodes a question, asked after the moves (a proven result ends the game)"}},
	{"pgnout", optionSpec{keys: append([]string{"file", "notation", "append", "min", "match_line"}, pgnoutFields...),
		usage: "file=FILE [append=true|false] [min=true] [nodes= seldepth= nps= hashfull= pv= timeleft= latency=true]: also write each game's record (arbiter's notation) to FILE, the fields in each engine move's comment"}},
	{"epdout", optionSpec{keys: []string{"file", "append"}, usage: "file=FILE [append=true|false]: also write each game's final position (its FEN) to FILE, one a line"}},
	{"event", optionSpec{value: "NAME", usage: "the records' Event tag (default: the tournament's name)"}},
	{"site", optionSpec{value: "NAME", usage: "the records' Site tag"}},
	{"log", optionSpec{keys: []string{"file", "level", "engine", "append", "compress", "realtime"}, usage: "file=FILE [append=true|false]: write every line exchanged with every engine to FILE (level=, engine=, realtime=: see docs/match.md)"}},
	{"output", optionSpec{keys: []string{"format"}, usage: "format=fastchess|cutechess: fastchess's result block (default), or cutechess-cli's score lines and Elo line"}},
	{"ratinginterval", optionSpec{value: "N", usage: "print the result block every N games (default 10, as fastchess; 0: at the end only)"}},
	{"scoreinterval", optionSpec{value: "N", usage: "with -output format=cutechess, print the score line every N games (default 1)"}},
	{"autosaveinterval", optionSpec{value: "N", usage: "accepted: every game is stored as it ends"}},
	{"show-latency", optionSpec{flag: true, usage: "print each engine's latency (the time measured less the time it reports) at the end"}},
	{"use-affinity", optionSpec{value: "CPUS", opt: true, usage: "[CPUS]: bind each game at a time's engines to a CPU of their own (Linux; CPUS as 0,2,4-7, default all)"}},
	{"report", optionSpec{keys: []string{"penta"}, usage: "penta=true|false: the result block's figures from the colour-swapped pairs' pentanomial counts (default true, as fastchess) or from the games"}},
	{"recover", optionSpec{flag: true, usage: "accepted: arbiter always recovers (an engine that fails loses its game; the next game starts it anew)"}},
	{"strict", optionSpec{flag: true, usage: "any warning ends the match with exit status 1 (no opening suite is one)"}},
	{"db", optionSpec{value: "DB", usage: "the database: a SQLite FILE or a postgres:// URL (default arbiter.db, or ARBITER_DB)"}},
	{"name", optionSpec{value: "NAME", usage: "the tournament's name (default: one made from the settings, so that the same command resumes)"}},
	{"config-out", optionSpec{value: "FILE", usage: "also write the equivalent tournament config to FILE.yaml (arbiter tournament FILE plays the same games)"}},
}

// refused are fastchess's and cutechess-cli's options that have no
// meaning for these games, and why.
var refused = map[string]string{
	"variant":        "these games have no variants: the game is -game",
	"tb":             "there are no tablebases for these games",
	"tbpieces":       "there are no tablebases for these games",
	"tbignore50":     "there are no tablebases for these games",
	"tbadjudicate":   "there are no tablebases for these games",
	"quick":          "it plays from a chess opening book: give -engine, -each and -openings",
	"config":         "a match resumes from its database (the same command again); -config-out writes its config, which arbiter tournament plays",
	"compliance":     "it checks a UCI engine; arbiter engine speaks UGI (see docs/protocol.md)",
	"crc32":          "it is a checksum of a PGN file; records are stored in the database",
	"check-mate-pvs": "it checks chess mates in PVs",
	"testEnv":        "it is for chess's test frameworks (OpenBench, fishtest)",
	"startup-ms":     "the start-up timeout is the config's startup_timeout_ms (arbiter tournament)",
	"ucinewgame-ms":  "the new game's timeout is the config's ping_timeout_ms (arbiter tournament)",
	"ping-ms":        "the ping timeout is the config's ping_timeout_ms (arbiter tournament)",
	"version":        "arbiter's version is arbiter --version",
	"debug":          "-log file=FILE writes every line exchanged with the engines",
	"bookmode":       "openings are read whole: -openings",
	"pgnin":          "-openings file=FILE format=agn reads records",
	"epdin":          "-openings file=FILE format=epd reads positions",
}

// matchLine is arbiter match's command line.
var matchLine = language{cmd: "match", specs: specs, refused: refused}

// specOf returns the spec of option name.
func (l language) specOf(name string) (optionSpec, bool) {
	for _, s := range l.specs {
		if s.name == name {
			return s.spec, true
		}
	}
	return optionSpec{}, false
}

// isOption reports whether word is an option: "-x..." or "--x..." with a
// letter after the dashes ("-5" is a value).
func isOption(word string) bool {
	name := strings.TrimPrefix(strings.TrimPrefix(word, "-"), "-")
	return strings.HasPrefix(word, "-") && name != "" && (name[0] >= 'a' && name[0] <= 'z' || name[0] >= 'A' && name[0] <= 'Z')
}

// Parse cuts args into options and checks each against its spec:
// a known option, a known key, the right number of values. Errors name
// the option (and key) as typed.
func Parse(args []string) ([]Option, error) { return matchLine.parse(args) }

// parse cuts args into options of l (see Parse).
func (l language) parse(args []string) ([]Option, error) {
	var opts []Option
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !isOption(a) {
			if len(opts) == 0 {
				return nil, fmt.Errorf("%q: an option comes first (%s); see arbiter %s --help", a, "-engine, -each, -game, ...", l.cmd)
			}
			last := &opts[len(opts)-1]
			last.values = append(last.values, a)
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		opts = append(opts, Option{name: name, typed: a})
	}
	seen := map[string]bool{}
	for _, o := range opts {
		spec, ok := l.specOf(o.name)
		if why, refused := l.refused[o.name]; !ok && refused {
			return nil, fmt.Errorf("%s: not taken: %s", o.typed, why)
		}
		if _, isMatch := matchLine.specOf(o.name); !ok && isMatch {
			return nil, fmt.Errorf("%s: not taken: it is arbiter match's (see arbiter %s --help)", o.typed, l.cmd)
		}
		if !ok {
			return nil, fmt.Errorf("%s: unknown option (options: %s)", o.typed, l.optionNames())
		}
		if seen[o.name] && !spec.repeat {
			if spec.twice != "" {
				return nil, fmt.Errorf("%s: given twice: %s", o.typed, spec.twice)
			}
			return nil, fmt.Errorf("%s: given twice", o.typed)
		}
		seen[o.name] = true
		if _, err := o.kvs(spec); err != nil {
			return nil, err
		}
	}
	return opts, nil
}

// Help lists the options and what each takes, one a line, for the
// command's help.
func Help() string { return matchLine.help() }

// help lists l's options (see Help).
func (l language) help() string {
	var b strings.Builder
	for _, s := range l.specs {
		fmt.Fprintf(&b, "  -%-17s %s\n", s.name, s.spec.usage)
	}
	return b.String()
}

// optionNames lists the options, for messages.
func (l language) optionNames() string {
	names := make([]string, len(l.specs))
	for i, s := range l.specs {
		names[i] = "-" + s.name
	}
	return strings.Join(names, ", ")
}

// kvs checks o's values against spec and returns them as key=value pairs
// (a value option's one value has the key "").
func (o Option) kvs(spec optionSpec) ([]kv, error) {
	switch {
	case spec.flag:
		if o.name == "repeat" && len(o.values) == 1 && o.values[0] == "2" {
			return nil, nil // fastchess's -repeat 2
		}
		if len(o.values) > 0 {
			return nil, fmt.Errorf("%s takes no value (got %q)", o.typed, o.values[0])
		}
		return nil, nil
	case spec.keys == nil && spec.opt && len(o.values) == 0:
		return nil, nil
	case spec.keys == nil && spec.many:
		if len(o.values) == 0 {
			return nil, fmt.Errorf("%s takes one %s or more", o.typed, spec.value)
		}
		out := make([]kv, len(o.values))
		for i, v := range o.values {
			out[i] = kv{"", v}
		}
		return out, nil
	case spec.keys == nil:
		if len(o.values) != 1 {
			return nil, fmt.Errorf("%s takes one value, %s (got %d)", o.typed, spec.value, len(o.values))
		}
		return []kv{{"", o.values[0]}}, nil
	}
	if len(o.values) == 0 {
		return nil, fmt.Errorf("%s needs key=value words (keys: %s)", o.typed, keyList(spec.keys))
	}
	var out []kv
	seen := map[string]bool{}
	for _, w := range o.values {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			return nil, fmt.Errorf("%s: %q is not key=value (keys: %s)", o.typed, w, keyList(spec.keys))
		}
		if !slices.ContainsFunc(spec.keys, func(s string) bool {
			return s == k || strings.HasSuffix(s, ".") && strings.HasPrefix(k, s) && len(k) > len(s)
		}) {
			return nil, fmt.Errorf("%s: unknown key %q (keys: %s)", o.typed, k, keyList(spec.keys))
		}
		if seen[k] {
			return nil, fmt.Errorf("%s: key %q given twice", o.typed, k)
		}
		seen[k] = true
		out = append(out, kv{k, v})
	}
	return out, nil
}

// keyList writes keys for a message: "cmd, name, option.NAME".
func keyList(keys []string) string {
	out := make([]string, len(keys))
	for i, k := range keys {
		if strings.HasSuffix(k, ".") {
			k += "NAME"
		}
		out[i] = k
	}
	return strings.Join(out, ", ")
}

// splitArgs splits an engine's args="..." value into words as a shell
// would: at spaces, with '...' and "..." quoting and \ escaping.
func splitArgs(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inWord := false
	var quote rune
	esc := false
	for _, r := range s {
		switch {
		case esc:
			cur.WriteRune(r)
			esc = false
		case r == '\\' && quote != '\'':
			esc, inWord = true, true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 || esc {
		return nil, fmt.Errorf("unclosed quote or escape in %q", s)
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out, nil
}

// maxSeconds is the most seconds a time of the command line may be: a
// year, as a config's (config.MaxTimeMS).
const maxSeconds = config.MaxTimeMS / 1000

// errTooLong is the error of a time above maxSeconds.
var errTooLong = fmt.Errorf("a time is at most a year (%d seconds)", maxSeconds)

// parseSeconds reads a number of seconds ("0.05", "10") as milliseconds,
// at most maxSeconds of them (errTooLong).
func parseSeconds(s string) (int, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || !(f >= 0) { // NaN too
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	if f > float64(maxSeconds) {
		return 0, errTooLong
	}
	return int(f*1000 + 0.5), nil
}

// timeControl is a time control as fastchess and cutechess-cli write it.
type timeControl struct {
	baseMS, incMS, movesToGo int
	infinite                 bool
}

// parseTC reads a time control: "10+0.1" (seconds, increment), "40/60+0.6"
// (moves per period), "1:30+1" (minutes:seconds), "60", "inf".
func parseTC(s string) (timeControl, error) {
	var tc timeControl
	if s == "inf" || s == "infinite" {
		tc.infinite = true
		return tc, nil
	}
	bad := fmt.Errorf("%q is not a time control (10+0.1, 40/60+0.6, 1:30+1, inf)", s)
	rest := s
	if m, r, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n < 1 {
			return tc, bad
		}
		tc.movesToGo, rest = n, r
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	// tooLong tells a time above a year from a time that is no time.
	tooLong := func(err error) error {
		if errors.Is(err, errTooLong) {
			return fmt.Errorf("%q: the base and the increment are each at most a year (%d seconds)", s, maxSeconds)
		}
		return bad
	}
	if min, sec, ok := strings.Cut(base, ":"); ok {
		m, err := strconv.Atoi(min)
		s2, err2 := parseSeconds(sec)
		switch {
		case err != nil || m < 0:
			return tc, bad
		case err2 != nil:
			return tc, tooLong(err2)
		case int64(m) > maxSeconds/60: // m*60000 would wrap
			return tc, tooLong(errTooLong)
		}
		tc.baseMS = m*60000 + s2
	} else {
		ms, err := parseSeconds(base)
		if err != nil {
			return tc, tooLong(err)
		}
		tc.baseMS = ms
	}
	if hasInc {
		ms, err := parseSeconds(inc)
		if err != nil {
			return tc, tooLong(err)
		}
		tc.incMS = ms
	}
	if int64(tc.baseMS) > config.MaxTimeMS {
		return tc, tooLong(errTooLong)
	}
	if tc.baseMS < 1 {
		return tc, fmt.Errorf("%q gives no time: the base must be above 0", s)
	}
	return tc, nil
}
