package config

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/rules"
)

// Defaults of the optional settings.
const (
	DefaultGamesPerEncounter = 2
	DefaultTimeMargin        = 50 * time.Millisecond
	DefaultMaxPlies          = 500
	DefaultStartupTimeout    = 10 * time.Second
	DefaultPingTimeout       = 5 * time.Second
)

// Tournament is a tournament's configuration, as read from YAML. See
// docs/tournament.md for every key. Its JSON (without the keys marked "-")
// is its identity: Hash.
type Tournament struct {
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
	Adjudication      Adjudication   `yaml:"adjudication" json:"adjudication"`
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
	// TiebreakPairs (knockout) is the most colour-swapped pairs an
	// encounter that ends level plays on; Seeding (knockout, Swiss) orders
	// the players: by config order or by their rating. See format.go.
	TiebreakPairs *int   `yaml:"tiebreak_pairs" json:"tiebreak_pairs,omitempty"`
	Seeding       string `yaml:"seeding" json:"seeding,omitempty"`
	// Seeds (gauntlet) is how many engines, the first ones, play every
	// other engine (default 1).
	Seeds *int `yaml:"seeds" json:"seeds,omitempty"`
	// NoSwap keeps each encounter's colours in all its games; Reverse
	// gives each game the other colours (round robin and gauntlet; see
	// pairing.Options).
	NoSwap  bool `yaml:"no_swap" json:"no_swap,omitempty"`
	Reverse bool `yaml:"reverse_colours" json:"reverse_colours,omitempty"`
	// Event and Site are the records' Event tag (default: the name) and
	// Site tag (default: none); not part of the identity.
	Event string `yaml:"event" json:"-"`
	Site  string `yaml:"site" json:"-"`
	// WaitMS is how long each game at a time waits after a game before
	// its next; RestartEngines starts each game's engines anew rather than
	// keeping them from the game before. Not part of the identity.
	WaitMS         int  `yaml:"wait_ms" json:"-"`
	RestartEngines bool `yaml:"restart_engines" json:"-"`
	// Affinity binds the k-th game at a time (worker process), and its
	// engines, to the CPU Affinity[k mod len] (Linux); not part of the
	// identity.
	Affinity []int `yaml:"affinity" json:"-"`
	// MoveComments (default true) writes each engine move's evaluation,
	// depth and time in the record; not part of the identity.
	MoveComments *bool `yaml:"move_comments" json:"-"`
	// MoveFields adds fields to each engine move's comment, fastchess's
	// -pgnout fields (see MoveFieldNames); not part of the identity.
	MoveFields []string `yaml:"move_fields" json:"-"`
	// Log is the engine communication log's file, relative to the config
	// file's directory; not part of the identity.
	Log string `yaml:"log" json:"-"`
	// LogEngines (default true) writes the lines exchanged with the
	// engines to the log; LogWarnings (default true) the warnings about
	// them. Not part of the identity.
	LogEngines  *bool `yaml:"log_engines" json:"-"`
	LogWarnings *bool `yaml:"log_warnings" json:"-"`

	// File is where the config was read from; relative engine commands and
	// directories are relative to its directory.
	File string `yaml:"-" json:"-"`
	// Text is the config as given.
	Text string `yaml:"-" json:"-"`

	game  rules.Game
	specs []engineproc.Spec
	seeds []int       // the players by seed, strongest first (knockout, Swiss)
	suite *book.Suite // the openings file's
	order []int       // the order the pairs take them in: indexes of suite; nil for the file's
	// digests are the engines' files, read at the first EngineFiles.
	digests digests
}

// Mode says what Parse reads besides the config itself.
type Mode uint

// The modes of Parse.
const (
	// NoOpenings leaves the openings file unread: a worker process gets
	// each opening with its game, so that a file changed meanwhile does
	// not matter.
	NoOpenings Mode = 1 << iota
)

// MaxFile is the size of the largest config file Load reads, 1 MiB (a
// config of a hundred engines is a few KiB).
const MaxFile = 1 << 20

// Load reads and checks the config file at path (see Parse). A FIFO or a
// device is read as a file is, no further than MaxFile bytes, and the
// reading, as the openings file's, stops with ctx.Err() when ctx is done.
func Load(ctx context.Context, path string) (*Tournament, error) {
	data, err := readFile(ctx, path)
	if err != nil {
		return nil, err
	}
	return Parse(ctx, path, data, 0)
}

// readFile reads a config file of at most MaxFile bytes.
func readFile(ctx context.Context, path string) ([]byte, error) {
	f, err := input.Read(ctx, path, input.Options{Limit: MaxFile})
	if err != nil {
		var le *input.LimitError
		if errors.As(err, &le) {
			return nil, fmt.Errorf("%w: the most a config file may hold", err)
		}
		return nil, err
	}
	return f.Data, nil
}

// decode decodes the YAML data of file into v, an unknown key being an
// error, after a UTF-8 byte order mark; it returns the text decoded and
// its node tree, where problems are located.
func decode(file string, data []byte, v any) (string, *yaml.Node, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return "", nil, fmt.Errorf("%s: empty config", file)
		}
		return "", nil, yamlError(file, err)
	}
	var root yaml.Node
	yaml.Unmarshal(data, &root)
	return string(data), &root, nil
}

// Parse decodes a config (file names it in messages and anchors relative
// paths) and checks all of it, section by section: the game is known, the
// format and the numbers are in range, the engines are at least two with
// unique names and commands that exist and are executable, the time
// control is one of the two kinds, the openings file replays. Every
// problem found is in the error, each with its file and line. A UTF-8
// byte order mark at the start of data is skipped. Reading and replaying
// the openings file stops with ctx.Err() when ctx is done.
func Parse(ctx context.Context, file string, data []byte, mode Mode) (*Tournament, error) {
	var c Tournament
	text, root, err := decode(file, data, &c)
	if err != nil {
		return nil, err
	}
	c.File, c.Text = file, text
	p := &problems{file: file, root: root}
	c.checkIdentity(p)
	c.checkFormat(p)
	c.checkLimits(p)
	c.checkAdjudication(p)
	c.checkSPRT(p)
	c.checkEngines(p)
	if err := c.checkOpenings(ctx, p, mode&NoOpenings == 0); err != nil {
		return nil, err
	}
	if p.none() {
		c.checkSize(p)
	}
	if err := p.err(); err != nil {
		return nil, err
	}
	return &c, nil
}

// checkIdentity checks the name and the game.
func (c *Tournament) checkIdentity(p *problems) {
	if strings.TrimSpace(c.Name) == "" {
		p.add(nil, "name is missing: every tournament needs a name (its identity in the database)")
	}
	if r, ok := control(c.Name); ok {
		p.add(key("name"), "name %q holds the control character %U: it is printed in progress lines and records", c.Name, r)
	}
	for _, t := range []struct{ key, value string }{{"event", c.Event}, {"site", c.Site}} {
		if r, ok := control(t.value); ok {
			p.add(key(t.key), "%s %q holds the control character %U: it is a tag of every record", t.key, t.value, r)
		}
	}
	c.checkGame(p)
	for _, cpu := range c.Affinity {
		if cpu < 0 || cpu >= 1024 {
			p.add(key("affinity"), "affinity: CPU %d is not from 0 to 1023", cpu)
		}
	}
	for _, f := range c.MoveFields {
		if !slices.Contains(MoveFieldNames, f) {
			p.add(key("move_fields"), "move_fields: %q is not one of %s", f, strings.Join(MoveFieldNames, ", "))
		}
	}
}

// MoveFieldNames are the fields move_fields may add to each engine move's
// comment, in the order the comment has them.
var MoveFieldNames = []string{"timeleft", "latency", "nodes", "seldepth", "nps", "hashfull", "tbhits", "pv"}

// GameRules returns the game the tournament plays.
func (c *Tournament) GameRules() rules.Game { return c.game }

// Specs returns how to start each engine, in config order.
func (c *Tournament) Specs() []engineproc.Spec { return c.specs }

// Hash is the sha256 of the normalised config: the decoded settings with
// defaults applied, as JSON, without concurrency, timeouts and the other
// keys that do not change the games.
func (c *Tournament) Hash() string {
	b, _ := json.Marshal(c)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Timeouts returns the client timeouts of the config.
func (c *Tournament) Timeouts() engineproc.Timeouts {
	return engineproc.Timeouts{
		Startup: time.Duration(*c.StartupTimeoutMS) * time.Millisecond,
		Ping:    time.Duration(*c.PingTimeoutMS) * time.Millisecond,
	}
}

// Margin is the time an engine may overrun its clock before it forfeits.
func (c *Tournament) Margin() time.Duration { return time.Duration(*c.TimeMarginMS) * time.Millisecond }

// Comments reports whether records get per-move engine comments.
func (c *Tournament) Comments() bool { return c.MoveComments == nil || *c.MoveComments }

// LogPath is the config's engine log file, resolved against the config
// file's directory, or "".
func (c *Tournament) LogPath() string {
	if c.Log == "" || filepath.IsAbs(c.Log) {
		return c.Log
	}
	return filepath.Join(filepath.Dir(c.File), c.Log)
}

// LogKeep says which lines the engine log leaves out (log_engines,
// log_warnings).
func (c *Tournament) LogKeep() engineproc.LogKeep {
	return engineproc.LogKeep{
		NoEngines:  c.LogEngines != nil && !*c.LogEngines,
		NoWarnings: c.LogWarnings != nil && !*c.LogWarnings,
	}
}
