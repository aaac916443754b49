package tournament

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"gopkg.in/yaml.v3"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
	"github.com/arbiter-games/arbiter/stats"
)

// Formats of a tournament.
const (
	RoundRobin = "round-robin" // every engine against every other
	Gauntlet   = "gauntlet"    // the first engine against each other
)

// Adjudications of a game that reaches max_plies.
const (
	AdjudicateDraw  = "draw"  // a draw
	AdjudicateScore = "score" // the points as if the game ended now
)

// Defaults of the optional settings.
const (
	DefaultGamesPerEncounter = 2
	DefaultTimeMargin        = 50 * time.Millisecond
	DefaultMaxPlies          = 500
	DefaultStartupTimeout    = 10 * time.Second
	DefaultPingTimeout       = 5 * time.Second
)

// Config is a tournament configuration, as read from YAML. See
// docs/tournament.md for every key.
type Config struct {
	Name              string         `yaml:"name" json:"name"`
	Game              string         `yaml:"game" json:"game"`
	Format            string         `yaml:"format" json:"format"`
	Rounds            *int           `yaml:"rounds" json:"rounds"`
	GamesPerEncounter *int           `yaml:"games_per_encounter" json:"games_per_encounter"`
	Concurrency       int            `yaml:"concurrency" json:"-"` // not part of the identity
	Seed              int64          `yaml:"seed" json:"seed"`
	TimeControl       TimeControl    `yaml:"time_control" json:"time_control"`
	TimeMarginMS      *int           `yaml:"time_margin_ms" json:"time_margin_ms"`
	MaxPlies          *int           `yaml:"max_plies" json:"max_plies"`
	Adjudication      string         `yaml:"adjudication" json:"adjudication"`
	Resign            *ResignRule    `yaml:"resign" json:"resign,omitempty"`
	Draw              *DrawRule      `yaml:"draw" json:"draw,omitempty"`
	StartupTimeoutMS  *int           `yaml:"startup_timeout_ms" json:"-"`
	PingTimeoutMS     *int           `yaml:"ping_timeout_ms" json:"-"`
	Engines           []EngineConfig `yaml:"engines" json:"engines"`
	// Openings and RandomOpenings (at most one) give each pair its
	// opening; see openings.go.
	Openings       *OpeningsConfig `yaml:"openings" json:"openings,omitempty"`
	RandomOpenings *RandomOpenings `yaml:"random_openings" json:"random_openings,omitempty"`
	// SPRT, when set, stops the match as soon as a sequential probability
	// ratio test answers (see docs/tournament.md).
	SPRT *SPRTConfig `yaml:"sprt" json:"sprt,omitempty"`
	// MoveComments (default true) writes each engine move's evaluation,
	// depth and time in the record; not part of the identity.
	MoveComments *bool `yaml:"move_comments" json:"-"`
	// Log is the engine communication log's file, relative to the config
	// file's directory; not part of the identity.
	Log string `yaml:"log" json:"-"`

	// File is where the config was read from; relative engine commands and
	// directories are relative to its directory.
	File string `yaml:"-" json:"-"`
	// Text is the config as given.
	Text string `yaml:"-" json:"-"`

	game  rules.Game
	specs []Spec
	suite []book.Opening // the openings file's, in file order
	order []int          // the order the pairs take them in: indexes of suite
}

// TimeControl is either a clock (base_ms, optionally increment_ms) or a
// fixed time per move (move_ms).
type TimeControl struct {
	BaseMS      *int `yaml:"base_ms" json:"base_ms,omitempty"`
	IncrementMS *int `yaml:"increment_ms" json:"increment_ms,omitempty"`
	MoveMS      *int `yaml:"move_ms" json:"move_ms,omitempty"`
}

// SPRTConfig is the sprt key: a sequential probability ratio test of H0:
// the first engine is elo0 stronger than the second, against H1: it is elo1
// stronger. alpha and beta default to 0.05, the model to normalized.
type SPRTConfig struct {
	Elo0  *float64 `yaml:"elo0" json:"elo0"`
	Elo1  *float64 `yaml:"elo1" json:"elo1"`
	Alpha *float64 `yaml:"alpha" json:"alpha"`
	Beta  *float64 `yaml:"beta" json:"beta"`
	Model string   `yaml:"model" json:"model"`
}

// Test returns the test of a checked config.
func (s *SPRTConfig) Test() stats.SPRT {
	return stats.SPRT{Elo0: *s.Elo0, Elo1: *s.Elo1, Alpha: *s.Alpha, Beta: *s.Beta, Model: s.Model}
}

// ResignRule adjudicates a game lost for a side when, for Moves
// consecutive moves of each side, both engines agree that side is behind
// by at least Score centipawns, each from its own side.
type ResignRule struct {
	Score *int `yaml:"score" json:"score"`
	Moves *int `yaml:"moves" json:"moves"`
}

// DrawRule adjudicates a game drawn when both engines report |score| <=
// Score for Moves consecutive moves each, once AfterPly plies are played.
// In a game that scores points the points decide instead (see
// docs/tournament.md).
type DrawRule struct {
	Score    *int `yaml:"score" json:"score"`
	Moves    *int `yaml:"moves" json:"moves"`
	AfterPly *int `yaml:"after_ply" json:"after_ply"`
}

// EngineLimits are per-engine search limits, sent with every go.
type EngineLimits struct {
	Nodes *int64 `yaml:"nodes" json:"nodes,omitempty"`
	Depth *int   `yaml:"depth" json:"depth,omitempty"`
}

// EngineConfig is one engine of a tournament.
type EngineConfig struct {
	Name    string            `yaml:"name" json:"name"`
	Cmd     string            `yaml:"cmd" json:"cmd"`
	Args    []string          `yaml:"args" json:"args"`
	Dir     string            `yaml:"dir" json:"dir"`
	Options map[string]string `yaml:"options" json:"options"`
	// TimeControl, when set, replaces the tournament's for this engine
	// (handicap and time-odds matches).
	TimeControl *TimeControl  `yaml:"time_control" json:"time_control,omitempty"`
	Limits      *EngineLimits `yaml:"limits" json:"limits,omitempty"`
}

// LoadConfig reads and checks the config file at path.
func LoadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseConfig(path, data)
}

var (
	unknownKeyRE = regexp.MustCompile(`^line (\d+): field (.+) not found in type (\S+)$`)
	badValueRE   = regexp.MustCompile("^line (\\d+): cannot unmarshal !!(\\w+) `(.*)` into (.+)$")
)

// ParseConfig decodes a config (file names it in messages and anchors
// relative paths) and checks all of it: the game is known, the engines are at
// least two with unique names and commands that exist and are executable,
// the time control is one of the two kinds, the numbers are in range.
func ParseConfig(file string, data []byte) (*Config, error) {
	return parseConfig(file, data, true)
}

// parseConfig is ParseConfig; without openings it does not read the
// openings file (a worker process gets each opening with its slot, so that
// a file changed meanwhile does not matter).
func parseConfig(file string, data []byte, openings bool) (*Config, error) {
	var c Config
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: empty config", file)
		}
		return nil, yamlError(file, err)
	}
	var root yaml.Node
	yaml.Unmarshal(data, &root)
	c.File, c.Text = file, string(data)
	if err := c.check(&root, openings); err != nil {
		return nil, err
	}
	return &c, nil
}

// yamlError rewrites yaml.v3's messages as file:line: messages.
func yamlError(file string, err error) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if rest, ok := strings.CutPrefix(msg, "line "); ok {
			return fmt.Errorf("%s:%s", file, rest)
		}
		return fmt.Errorf("%s: %s", file, msg)
	}
	var msgs []string
	for _, e := range te.Errors {
		if m := unknownKeyRE.FindStringSubmatch(e); m != nil {
			where := "at the top level"
			switch {
			case strings.HasSuffix(m[3], "EngineConfig"):
				where = "in an engine"
			case strings.HasSuffix(m[3], "TimeControl"):
				where = "in time_control"
			case strings.HasSuffix(m[3], "OpeningsConfig"):
				where = "in openings"
			case strings.HasSuffix(m[3], "RandomOpenings"):
				where = "in random_openings"
			case strings.HasSuffix(m[3], "SPRTConfig"):
				where = "in sprt"
			case strings.HasSuffix(m[3], "ResignRule"):
				where = "in resign"
			case strings.HasSuffix(m[3], "DrawRule"):
				where = "in draw"
			case strings.HasSuffix(m[3], "EngineLimits"):
				where = "in limits"
			}
			msgs = append(msgs, fmt.Sprintf("%s:%s: unknown key %q %s", file, m[1], m[2], where))
			continue
		}
		if m := badValueRE.FindStringSubmatch(e); m != nil {
			msgs = append(msgs, fmt.Sprintf("%s:%s: cannot read %q as %s", file, m[1], m[3], m[4]))
			continue
		}
		msgs = append(msgs, file+": "+e)
	}
	return errors.New(strings.Join(msgs, "\n"))
}

// lineOf returns the line of the value at path (mapping keys, or "#n" for
// the n-th item of a sequence) in the document root, or 0.
func lineOf(root *yaml.Node, path ...string) int {
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	line := n.Line
	for _, p := range path {
		var next *yaml.Node
		switch {
		case n.Kind == yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == p {
					next = n.Content[i+1]
					line = n.Content[i].Line
				}
			}
		case n.Kind == yaml.SequenceNode && strings.HasPrefix(p, "#"):
			var k int
			fmt.Sscanf(p, "#%d", &k)
			if k < len(n.Content) {
				next = n.Content[k]
				line = next.Line
			}
		}
		if next == nil {
			return line
		}
		n = next
	}
	return line
}

func (c *Config) check(root *yaml.Node, openings bool) error {
	var errs []string
	bad := func(path []string, format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s:%d: %s", c.File, lineOf(root, path...), fmt.Sprintf(format, args...)))
	}
	key := func(p ...string) []string { return p }

	if strings.TrimSpace(c.Name) == "" {
		bad(nil, "name is missing: every tournament needs a name (its identity in the database)")
	}
	if r, ok := control(c.Name); ok {
		bad(key("name"), "name %q holds the control character %U: it is printed in progress lines and records", c.Name, r)
	}
	if c.Game == "" {
		bad(nil, "game is missing (known: %s)", games.IDs())
	} else if g, err := games.Lookup(c.Game); err != nil {
		bad(key("game"), "%v", err)
	} else {
		c.game = g
		c.Game = g.ID()
	}
	switch c.Format {
	case "":
		c.Format = RoundRobin
	case RoundRobin, Gauntlet:
	default:
		bad(key("format"), "format %q is neither %s nor %s", c.Format, RoundRobin, Gauntlet)
	}
	positive := func(p **int, name string, def, min int) {
		if *p == nil {
			v := def
			*p = &v
			return
		}
		if **p < min {
			bad(key(name), "%s is %d; it must be at least %d", name, **p, min)
		}
	}
	if c.SPRT != nil && c.Rounds == nil {
		bad(key("sprt"), "sprt needs rounds: the most rounds the match may play before the test answers")
	}
	positive(&c.Rounds, "rounds", 1, 1)
	positive(&c.GamesPerEncounter, "games_per_encounter", DefaultGamesPerEncounter, 1)
	positive(&c.TimeMarginMS, "time_margin_ms", int(DefaultTimeMargin/time.Millisecond), 0)
	positive(&c.MaxPlies, "max_plies", DefaultMaxPlies, 1)
	positive(&c.StartupTimeoutMS, "startup_timeout_ms", int(DefaultStartupTimeout/time.Millisecond), 1)
	positive(&c.PingTimeoutMS, "ping_timeout_ms", int(DefaultPingTimeout/time.Millisecond), 1)
	if c.Concurrency < 0 {
		bad(key("concurrency"), "concurrency is %d; it must be at least 1", c.Concurrency)
	}

	c.checkTimeControl(c.TimeControl, bad, "time_control")
	switch c.Adjudication {
	case "":
		c.Adjudication = AdjudicateDraw
	case AdjudicateDraw:
	case AdjudicateScore:
		if c.game != nil && !scores(c.game) {
			bad(key("adjudication"), "adjudication score needs a game that scores points; %s does not (use draw)", c.game.Name())
		}
	default:
		bad(key("adjudication"), "adjudication %q is neither %s nor %s", c.Adjudication, AdjudicateDraw, AdjudicateScore)
	}

	if r := c.Resign; r != nil {
		if r.Score == nil || r.Moves == nil {
			bad(key("resign"), "resign needs score and moves: {score: CENTIPAWNS, moves: N}")
		} else {
			if *r.Score < 1 {
				bad(key("resign", "score"), "resign score is %d; it must be at least 1", *r.Score)
			}
			if *r.Moves < 1 {
				bad(key("resign", "moves"), "resign moves is %d; it must be at least 1", *r.Moves)
			}
		}
	}
	if d := c.Draw; d != nil {
		if d.Score == nil || d.Moves == nil {
			bad(key("draw"), "draw needs score and moves: {score: CENTIPAWNS, moves: N, after_ply: N}")
		} else {
			if *d.Score < 0 {
				bad(key("draw", "score"), "draw score is %d; it must not be negative", *d.Score)
			}
			if *d.Moves < 1 {
				bad(key("draw", "moves"), "draw moves is %d; it must be at least 1", *d.Moves)
			}
		}
		if d.AfterPly == nil {
			d.AfterPly = new(int)
		} else if *d.AfterPly < 0 {
			bad(key("draw", "after_ply"), "draw after_ply is %d; it must not be negative", *d.AfterPly)
		}
		if c.game != nil && scores(c.game) && c.Adjudication != AdjudicateScore {
			bad(key("draw"), "draw adjudication in %s, which scores points, needs adjudication: score "+
				"(the points as if the game ended then decide it)", c.game.Name())
		}
	}

	if len(c.Engines) < 2 {
		bad(key("engines"), "a tournament needs at least two engines; found %d", len(c.Engines))
	}
	if s := c.SPRT; s != nil {
		if len(c.Engines) > 2 {
			bad(key("engines"), "sprt needs exactly two engines (the first is tested against the second); found %d", len(c.Engines))
		}
		for _, f := range []struct {
			name string
			p    **float64
			def  float64
		}{{"alpha", &s.Alpha, stats.DefaultSPRTAlpha}, {"beta", &s.Beta, stats.DefaultSPRTBeta}} {
			if *f.p == nil {
				v := f.def
				*f.p = &v
			}
		}
		if s.Model == "" {
			s.Model = stats.ModelNormalized
		}
		test := stats.SPRT{Elo0: 0, Elo1: 1, Alpha: *s.Alpha, Beta: *s.Beta, Model: s.Model}
		if s.Elo0 == nil {
			bad(key("sprt"), "sprt elo0 is missing: the Elo difference of H0")
		}
		if s.Elo1 == nil {
			bad(key("sprt"), "sprt elo1 is missing: the Elo difference of H1")
		}
		if s.Elo0 != nil && s.Elo1 != nil {
			test = s.Test()
		}
		for _, e := range test.Check() {
			bad(key("sprt", e.Param), "%s", e.Msg)
		}
	}
	seen := map[string]int{}
	base := filepath.Dir(c.File)
	for i, ec := range c.Engines {
		at := func(k string) []string { return key("engines", fmt.Sprintf("#%d", i), k) }
		name := strings.TrimSpace(ec.Name)
		if name == "" {
			bad(at("name"), "engine %d has no name", i+1)
			name = fmt.Sprintf("#%d", i+1)
		} else if j, ok := seen[name]; ok {
			bad(at("name"), "engine name %q is used twice (engines %d and %d)", name, j+1, i+1)
		} else if r, ok := control(name); ok {
			bad(at("name"), "engine name %q holds the control character %U: names are printed in standings and records", name, r)
		}
		seen[name] = i
		if ec.TimeControl != nil {
			c.checkTimeControl(*ec.TimeControl, bad, "engines", fmt.Sprintf("#%d", i), "time_control")
			if (ec.TimeControl.MoveMS != nil) != (c.TimeControl.MoveMS != nil) {
				bad(at("time_control"), "engine %q: time_control is of another kind than the tournament's "+
					"(a clock against a time per move): give both {base_ms, increment_ms} or both {move_ms}", name)
			}
		}
		if l := ec.Limits; l != nil {
			if l.Nodes != nil && *l.Nodes < 1 {
				bad(append(at("limits"), "nodes"), "engine %q: limits nodes is %d; it must be at least 1", name, *l.Nodes)
			}
			if l.Depth != nil && *l.Depth < 1 {
				bad(append(at("limits"), "depth"), "engine %q: limits depth is %d; it must be at least 1", name, *l.Depth)
			}
		}
		// An option is sent as one line: a newline in it would make more
		// commands of it.
		for _, n := range slices.Sorted(maps.Keys(ec.Options)) {
			if r, ok := control(n); ok {
				bad(key("engines", fmt.Sprintf("#%d", i), "options", n), "engine %q: option name %q holds the control character %U", name, n, r)
			}
			if r, ok := control(ec.Options[n]); ok {
				bad(key("engines", fmt.Sprintf("#%d", i), "options", n), "engine %q: option %q: the value %q holds the control character %U", name, n, ec.Options[n], r)
			}
		}
		spec := Spec{Name: name, Args: ec.Args, Options: ec.Options}
		path, err := resolveCmd(base, ec.Cmd)
		if err != nil {
			bad(at("cmd"), "engine %q: %v", name, err)
		}
		spec.Path = path
		if ec.Dir != "" {
			dir := ec.Dir
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(base, dir)
			}
			if st, err := os.Stat(dir); err != nil || !st.IsDir() {
				bad(at("dir"), "engine %q: dir %s is not a directory", name, ec.Dir)
			}
			spec.Dir = dir
		}
		c.specs = append(c.specs, spec)
	}
	errs = append(errs, c.checkOpenings(root, openings)...)
	if len(errs) == 0 {
		if n := c.totalGames(); n > MaxGames {
			count := strconv.FormatInt(n, 10)
			if n == math.MaxInt64 {
				count = "more than " + count
			}
			bad(key("rounds"), "the schedule has %s games; at most %d are allowed (fewer rounds or games per encounter)", count, MaxGames)
		}
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	return nil
}

// checkTimeControl checks a time control found at path.
func (c *Config) checkTimeControl(tc TimeControl, bad func([]string, string, ...any), path ...string) {
	at := func(k ...string) []string { return append(append([]string{}, path...), k...) }
	switch {
	case tc.MoveMS != nil && (tc.BaseMS != nil || tc.IncrementMS != nil):
		bad(at(), "time_control has move_ms and base_ms/increment_ms: give either {base_ms, increment_ms} or {move_ms}")
	case tc.MoveMS != nil:
		if *tc.MoveMS < 1 {
			bad(at("move_ms"), "move_ms is %d; it must be at least 1", *tc.MoveMS)
		}
	case tc.BaseMS != nil:
		if *tc.BaseMS < 1 {
			bad(at("base_ms"), "base_ms is %d; it must be at least 1", *tc.BaseMS)
		}
		if tc.IncrementMS != nil && *tc.IncrementMS < 0 {
			bad(at("increment_ms"), "increment_ms is %d; it must not be negative", *tc.IncrementMS)
		}
	case tc.IncrementMS != nil:
		bad(at(), "time_control has increment_ms without base_ms")
	default:
		bad(at(), "time_control is missing: give {base_ms: N, increment_ms: N} or {move_ms: N}")
	}
}

// EngineTimeControl returns engine i's time control: its own, or the
// tournament's.
func (c *Config) EngineTimeControl(i int) TimeControl {
	if tc := c.Engines[i].TimeControl; tc != nil {
		return *tc
	}
	return c.TimeControl
}

// engineLimits returns the go limits of engine i other than the clock.
func (c *Config) engineLimits(i int) (nodes int64, depth int) {
	if l := c.Engines[i].Limits; l != nil {
		if l.Nodes != nil {
			nodes = *l.Nodes
		}
		if l.Depth != nil {
			depth = *l.Depth
		}
	}
	return nodes, depth
}

// tcTag writes engine i's time control as a TimeControl tag, cutechess
// style in seconds: "60+0.5" (base+increment), "60", "0.1/move"; its
// limits follow, as in "0.1/move nodes=1000 depth=8".
func (c *Config) tcTag(i int) string {
	tc := c.EngineTimeControl(i)
	sec := func(ms int) string { return strconv.FormatFloat(float64(ms)/1000, 'f', -1, 64) }
	var s string
	switch {
	case tc.MoveMS != nil:
		s = sec(*tc.MoveMS) + "/move"
	case tc.BaseMS != nil:
		s = sec(*tc.BaseMS)
		if tc.IncrementMS != nil && *tc.IncrementMS > 0 {
			s += "+" + sec(*tc.IncrementMS)
		}
	}
	nodes, depth := c.engineLimits(i)
	if nodes > 0 {
		s += " nodes=" + strconv.FormatInt(nodes, 10)
	}
	if depth > 0 {
		s += " depth=" + strconv.Itoa(depth)
	}
	return s
}

// Comments reports whether records get per-move engine comments.
func (c *Config) Comments() bool { return c.MoveComments == nil || *c.MoveComments }

// LogPath is the config's engine log file, resolved against the config
// file's directory, or "".
func (c *Config) LogPath() string {
	if c.Log == "" || filepath.IsAbs(c.Log) {
		return c.Log
	}
	return filepath.Join(filepath.Dir(c.File), c.Log)
}

// control returns the first control character of s (a newline, a tab, an
// escape: what would split or disturb a line of the engine protocol or of a
// terminal).
func control(s string) (rune, bool) {
	for _, r := range s {
		if unicode.IsControl(r) {
			return r, true
		}
	}
	return 0, false
}

// MaxGames bounds the size of a schedule.
const MaxGames = 10_000_000

// totalGames is the schedule's length, computed without building it; it
// is math.MaxInt64 when the count is that or more (issue 17: it stopped at
// MaxGames+1, and the error message printed that as the count).
func (c *Config) totalGames() int64 {
	n := int64(len(c.Engines))
	enc := n * (n - 1) / 2
	if c.Format == Gauntlet {
		enc = n - 1
	}
	total := enc
	for _, f := range []int64{int64(*c.Rounds), int64(*c.GamesPerEncounter)} {
		if total > 0 && f > 0 && total > math.MaxInt64/f {
			return math.MaxInt64
		}
		total *= f
	}
	return total
}

// scores reports whether g scores points.
func scores(g rules.Game) bool {
	pos, err := book.Opening{Tags: g.NewTags(0)}.Start(g)
	if err != nil {
		return false
	}
	_, ok := pos.Score()
	return ok
}

// resolveCmd finds an engine's executable: "arbiter" is this very binary, a
// name with a slash is relative to base, a bare name is looked up in PATH.
func resolveCmd(base, cmd string) (string, error) {
	switch {
	case cmd == "":
		return "", errors.New("cmd is missing")
	case cmd == "arbiter":
		exe, err := os.Executable()
		if err != nil {
			return "", fmt.Errorf("cannot find this arbiter binary: %w", err)
		}
		return exe, nil
	case strings.ContainsRune(cmd, filepath.Separator) || strings.ContainsRune(cmd, '/'):
		path := cmd
		if !filepath.IsAbs(path) {
			path = filepath.Join(base, path)
		}
		st, err := os.Stat(path)
		if err != nil {
			return "", fmt.Errorf("command %s not found (looked for %s: a command with a / is relative to the config file's directory)", cmd, path)
		}
		if st.IsDir() || st.Mode()&0o111 == 0 {
			return "", fmt.Errorf("command %s is not executable", cmd)
		}
		return filepath.Abs(path)
	}
	path, err := exec.LookPath(cmd)
	if err != nil {
		return "", fmt.Errorf("command %s not found in PATH", cmd)
	}
	return path, nil
}

// GameRules returns the game the tournament plays.
func (c *Config) GameRules() rules.Game { return c.game }

// Specs returns how to start each engine, in config order.
func (c *Config) Specs() []Spec { return c.specs }

// Hash is the sha256 of the normalised config: the decoded settings with
// defaults applied, as JSON, without concurrency and timeouts (which do not
// change the games).
func (c *Config) Hash() string {
	b, _ := json.Marshal(c)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Timeouts returns the client timeouts of the config.
func (c *Config) Timeouts() Timeouts {
	return Timeouts{
		Startup: time.Duration(*c.StartupTimeoutMS) * time.Millisecond,
		Ping:    time.Duration(*c.PingTimeoutMS) * time.Millisecond,
	}
}

// Margin is the time an engine may overrun its clock before it forfeits.
func (c *Config) Margin() time.Duration { return time.Duration(*c.TimeMarginMS) * time.Millisecond }
