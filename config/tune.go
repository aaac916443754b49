package config

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/spsa"
)

// Tune is an SPSA tuning run's YAML (arbiter tune): one engine whose
// parameters (its UGI options) are tuned by game pairs against itself.
// docs/tune.md describes every key.
type Tune struct {
	Name   string     `yaml:"name"`
	Game   string     `yaml:"game"`
	Engine TuneEngine `yaml:"engine"`
	// Pairs is N, the game pairs the run plays.
	Pairs       int          `yaml:"pairs"`
	Seed        uint64       `yaml:"seed"`
	Concurrency int          `yaml:"concurrency"`
	TimeControl TimeControl  `yaml:"time_control"`
	MaxPlies    *int         `yaml:"max_plies"`
	SPSA        SPSASettings `yaml:"spsa"`
	// Params is the block of parameter lines (see spsa.Parse).
	Params string `yaml:"params"`
	// Openings and RandomOpenings (at most one) give each pair its
	// opening, as a tournament's keys do.
	Openings       *OpeningsConfig `yaml:"openings"`
	RandomOpenings *RandomOpenings `yaml:"random_openings"`
	// Adjudication, Resign and Draw end a pair's games as they end a
	// tournament's (the solver's, the engines' scores, max_plies).
	Adjudication *Adjudication `yaml:"adjudication"`
	Resign       *ResignRule   `yaml:"resign"`
	Draw         *DrawRule     `yaml:"draw"`

	// File is where the config was read from; Text is the config as given.
	File string `yaml:"-"`
	Text string `yaml:"-"`
	// Source names where the run was given in the messages of its play:
	// File, or "the command line" for a run given as options.
	Source string `yaml:"-"`

	game     rules.Game
	spec     engineproc.Spec
	schedule *spsa.Schedule
	// games is the match of the engine against itself that the pairs
	// play: its engines, clock, openings, checked as a tournament's.
	games *Tournament
}

// TuneEngine is the engine a tuning run tunes: both sides of every pair
// run it, each with its side's values of the parameters.
type TuneEngine struct {
	Name string   `yaml:"name"`
	Cmd  string   `yaml:"cmd"`
	Args []string `yaml:"args"`
	Dir  string   `yaml:"dir"`
	// Options are set on both sides as they are: the options not tuned.
	Options map[string]string `yaml:"options"`
	Limits  *EngineLimits     `yaml:"limits"`
}

// SPSASettings are the spsa key: A as a fraction of the pairs, alpha and
// gamma; fishtest's defaults (spsa.DefaultARatio, DefaultAlpha,
// DefaultGamma) where a key is absent.
type SPSASettings struct {
	A     *float64 `yaml:"A"`
	Alpha *float64 `yaml:"alpha"`
	Gamma *float64 `yaml:"gamma"`
}

// LoadTune reads and checks the tuning config at path (see ParseTune), no
// further than MaxFile bytes, stopping with ctx.Err() when ctx is done.
func LoadTune(ctx context.Context, path string) (*Tune, error) {
	data, err := readFile(ctx, path)
	if err != nil {
		return nil, err
	}
	return ParseTune(ctx, path, data, 0)
}

// ParseTune decodes a tuning config (file names it in messages and
// anchors a relative engine command) and checks all of it: the name, the
// game, the engine, the pairs, the time control, the spsa settings and
// every parameter line, each problem with its file and line (and, in
// params, its column); then the run's games as a tournament's, their
// problems told at the lines of the keys they come from. The openings
// file is read (stopping when ctx is done) unless mode is NoOpenings.
func ParseTune(ctx context.Context, file string, data []byte, mode Mode) (*Tune, error) {
	var c Tune
	text, root, err := decode(file, data, &c)
	if err != nil {
		return nil, err
	}
	c.File, c.Text, c.Source = file, text, file
	p := &problems{file: file, root: root}
	if strings.TrimSpace(c.Name) == "" {
		p.add(nil, "name is missing: every tuning run needs a name")
	} else if r, ok := control(c.Name); ok {
		p.add(key("name"), "name %q holds the control character %U", c.Name, r)
	}
	t := &Tournament{Game: c.Game}
	t.checkGame(p)
	c.game, c.Game = t.game, t.Game
	c.checkEngine(p)
	if c.Concurrency < 0 {
		p.add(key("concurrency"), "concurrency is %d; it must be at least 1", c.Concurrency)
	}
	p.positive(&c.MaxPlies, "max_plies", DefaultMaxPlies, 1)
	checkTimeControl(p, c.TimeControl, "time_control")
	if tc := c.TimeControl; tc.Infinite {
		if l := c.Engine.Limits; l == nil || l.Nodes == nil && l.Depth == nil {
			p.add(key("engine"), "with time_control infinite the engine needs limits (nodes or depth), or its search has no end")
		}
	}
	c.checkSPSA(p, []byte(text), root)
	if err := p.err(); err != nil {
		return nil, err
	}
	if c.games, err = c.match(ctx, mode, root); err != nil {
		return nil, err
	}
	return &c, nil
}

// Sides are the names of a pair's two sides, the engine's name with "+"
// (θ + c_k·flip) and "-" (θ − c_k·flip): the records' White and Black.
func (c *Tune) Sides() [2]string {
	n := strings.TrimSpace(c.Engine.Name)
	return [2]string{n + "+", n + "-"}
}

// match builds the run's games as a tournament config of the engine
// against itself (the two sides, each the engine with the options not
// tuned) and checks it as a tournament's, the openings file read unless
// mode says not to. Its problems are told at the lines of root, the
// tuning config, that their keys come from.
func (c *Tune) match(ctx context.Context, mode Mode, root *yaml.Node) (*Tournament, error) {
	type engine struct {
		Name    string            `yaml:"name"`
		Cmd     string            `yaml:"cmd"`
		Args    []string          `yaml:"args,omitempty"`
		Dir     string            `yaml:"dir,omitempty"`
		Options map[string]string `yaml:"options,omitempty"`
		Limits  *EngineLimits     `yaml:"limits,omitempty"`
	}
	e := c.Engine
	sides := c.Sides()
	m := map[string]any{
		"name": c.Name, "game": c.Game, "seed": int64(c.Seed), "concurrency": c.Concurrency,
		"time_control": c.TimeControl, "max_plies": *c.MaxPlies, "games_per_encounter": 2,
		"engines": []engine{
			{Name: sides[0], Cmd: e.Cmd, Args: e.Args, Dir: e.Dir, Options: e.Options, Limits: e.Limits},
			{Name: sides[1], Cmd: e.Cmd, Args: e.Args, Dir: e.Dir, Options: e.Options, Limits: e.Limits},
		},
	}
	if c.Openings != nil {
		m["openings"] = c.Openings
	}
	if c.RandomOpenings != nil {
		m["random_openings"] = c.RandomOpenings
	}
	if a := c.Adjudication; a != nil {
		adj := map[string]any{}
		if a.MaxPlies != "" {
			adj["max_plies"] = a.MaxPlies
		}
		if a.Solver != nil {
			adj["solver"] = a.Solver
		}
		m["adjudication"] = adj
	}
	if c.Resign != nil {
		m["resign"] = c.Resign
	}
	if c.Draw != nil {
		m["draw"] = c.Draw
	}
	data, err := yaml.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.File, err)
	}
	t, err := Parse(ctx, c.File, data, mode)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, relocate(err, c.File, data, root)
	}
	return t, nil
}

// relocate tells the problems of the games' config (data), each
// "file:N: ...", at the line of the tuning config (root) that their key
// comes from: engines' keys are the engine's, both sides being it. Other
// lines (the openings file's) are kept as they are.
func relocate(err error, file string, data []byte, root *yaml.Node) error {
	var games yaml.Node
	if yaml.Unmarshal(data, &games) != nil {
		return err
	}
	p := &problems{file: file, root: root}
	for _, l := range strings.Split(err.Error(), "\n") {
		n, msg, ok := strings.Cut(strings.TrimPrefix(l, file+":"), ": ")
		line, convErr := strconv.Atoi(n)
		if !strings.HasPrefix(l, file+":") || !ok || convErr != nil {
			p.addErr(errors.New(l))
			continue
		}
		path := pathAt(&games, line)
		if len(path) > 0 && path[0] == "engines" {
			path = append([]string{"engine"}, path[min(2, len(path)):]...)
		}
		p.add(path, "%s", msg)
	}
	return p.err()
}

// pathAt returns the keys (and "#n" items) that lead to line in the
// document n: at each level the last key or item that starts at or before
// it.
func pathAt(n *yaml.Node, line int) []string {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	var path []string
	for {
		var next *yaml.Node
		var step string
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Line <= line {
					step, next = n.Content[i].Value, n.Content[i+1]
				}
			}
		case yaml.SequenceNode:
			for i, item := range n.Content {
				if item.Line <= line {
					step, next = "#"+strconv.Itoa(i), item
				}
			}
		}
		if next == nil {
			return path
		}
		path, n = append(path, step), next
	}
}

// Games returns the run's games as a tournament of the engine against
// itself (Sides), for the players' settings, the openings and the starts.
func (c *Tune) Games() *Tournament { return c.games }

// Hash is the sha256 of what makes the run's pairs: its games (as
// Tournament.Hash), the pairs, the seed and the schedule's settings and
// parameters, so that a run resumed under its name with another config is
// refused. The concurrency is not part of it.
func (c *Tune) Hash() string {
	s := c.schedule
	b, _ := json.Marshal(struct {
		Games        string
		Pairs, A     int
		Alpha, Gamma float64
		Seed         uint64
		Params       []spsa.Param
	}{c.games.Hash(), s.Pairs, s.A, s.Alpha, s.Gamma, s.Seed, paramsOnly(s.Params)})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// paramsOnly returns ps without their lines in the text, which do not
// change the run.
func paramsOnly(ps []spsa.Param) []spsa.Param {
	ps = slices.Clone(ps)
	for i := range ps {
		ps[i].Line = 0
	}
	return ps
}

// checkEngine checks the engine and makes its Spec.
func (c *Tune) checkEngine(p *problems) {
	ec := c.Engine
	at := func(k ...string) []string { return append(key("engine"), k...) }
	name := strings.TrimSpace(ec.Name)
	if name == "" {
		p.add(at("name"), "the engine has no name")
	} else if r, ok := control(name); ok {
		p.add(at("name"), "engine name %q holds the control character %U", name, r)
	}
	for _, n := range slices.Sorted(maps.Keys(ec.Options)) {
		v := ec.Options[n]
		if r, ok := control(n); ok {
			p.add(at("options", n), "engine option name %q holds the control character %U", n, r)
		}
		if r, ok := control(v); ok {
			p.add(at("options", n), "engine option %q: the value %q holds the control character %U", n, v, r)
		}
	}
	if l := ec.Limits; l != nil {
		if l.Nodes != nil && *l.Nodes < 1 {
			p.add(at("limits", "nodes"), "limits nodes is %d; it must be at least 1", *l.Nodes)
		}
		if l.Depth != nil && *l.Depth < 1 {
			p.add(at("limits", "depth"), "limits depth is %d; it must be at least 1", *l.Depth)
		}
	}
	spec := engineproc.Spec{Name: name, Args: ec.Args, Options: ec.Options}
	spec.Path, spec.Dir = locate(p, at, filepath.Dir(c.File), name, ec.Cmd, ec.Dir)
	c.spec = spec
}

// checkSPSA checks the pairs, the spsa settings and the parameter lines,
// and works out the schedule.
func (c *Tune) checkSPSA(p *problems, data []byte, root *yaml.Node) {
	set := spsa.Settings{Pairs: c.Pairs, ARatio: spsa.DefaultARatio, Alpha: spsa.DefaultAlpha, Gamma: spsa.DefaultGamma, Seed: c.Seed}
	ok := true
	if c.Pairs < 1 || c.Pairs > spsa.MaxPairs {
		p.add(key("pairs"), "pairs is %d; it must be from 1 to %d", c.Pairs, spsa.MaxPairs)
		ok = false
	}
	for _, x := range []struct {
		key string
		v   *float64
		dst *float64
	}{{"A", c.SPSA.A, &set.ARatio}, {"alpha", c.SPSA.Alpha, &set.Alpha}, {"gamma", c.SPSA.Gamma, &set.Gamma}} {
		if x.v == nil {
			continue
		}
		// NaN fails every comparison: !(v >= 0) refuses it.
		if !(*x.v >= 0) || *x.v > 1000 {
			p.add(key("spsa", x.key), "spsa %s is %v; it must be from 0 to 1000", x.key, *x.v)
			ok = false
			continue
		}
		*x.dst = *x.v
	}
	params, err := spsa.Parse(c.Params)
	if err != nil {
		ok = false
		node := valueAt(root, "params")
		var es spsa.Errors
		if !errors.As(err, &es) || node == nil {
			p.add(key("params"), "params: %v", err)
			return
		}
		for _, e := range es {
			p.addErr(paramsError(p.file, data, node, e))
		}
	}
	if !ok {
		return
	}
	s, err := spsa.New(params, set)
	if err != nil {
		p.add(key("spsa"), "%v", err)
		return
	}
	c.schedule = s
}

// paramsError places an error of the params block in the file: a literal
// block (params: |) keeps its lines as the file has them, less their
// indentation; any other form is told by its line in the block.
func paramsError(file string, data []byte, node *yaml.Node, e *spsa.Error) error {
	if node.Style&yaml.LiteralStyle != 0 {
		lines := strings.Split(string(data), "\n")
		indent := -1
		for i := node.Line; i < len(lines); i++ {
			if t := strings.TrimLeft(lines[i], " "); strings.TrimSpace(t) != "" {
				indent = len(lines[i]) - len(t)
				break
			}
		}
		if indent >= 0 {
			return fmt.Errorf("%s:%d:%d: params: %s", file, node.Line+e.Line, indent+e.Col, e.Msg)
		}
	}
	return fmt.Errorf("%s:%d: params line %d, column %d: %s", file, node.Line, e.Line, e.Col, e.Msg)
}

// GameRules returns the game the run plays.
func (c *Tune) GameRules() rules.Game { return c.game }

// Spec returns how to start the engine.
func (c *Tune) Spec() engineproc.Spec { return c.spec }

// Schedule returns the run's SPSA schedule.
func (c *Tune) Schedule() *spsa.Schedule { return c.schedule }
