package tournament

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/rules"
)

// Orders of an opening suite.
const (
	OrderSequential = "sequential" // the file's order
	OrderRandom     = "random"     // a permutation drawn from the tournament seed
)

// OpeningsConfig is the openings key: the suite of openings the pairs
// play, from a file.
type OpeningsConfig struct {
	// File is relative to the config file's directory. It is not part of
	// the config's identity: its content is (SHA256).
	File  string `yaml:"file" json:"-"`
	Order string `yaml:"order" json:"order"`
	Plies *int   `yaml:"plies" json:"plies"` // at most this many plies of each opening; nil: all; 0: only its start
	Start *int   `yaml:"start" json:"start"` // 1-based index of the first opening
	// SHA256 is the hash of the file's content, so that the config hash
	// covers it.
	SHA256 string `yaml:"-" json:"sha256"`
}

// RandomOpenings is the random_openings key: each pair starts after
// Plies random legal plies.
type RandomOpenings struct {
	Plies int `yaml:"plies" json:"plies"`
}

// checkOpenings checks the openings and random_openings keys and, when
// load is set, reads and replays the openings file. It returns the
// problems, each located.
func (c *Config) checkOpenings(root *yaml.Node, load bool) []string {
	var errs []string
	bad := func(path []string, format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s:%d: %s", c.File, lineOf(root, path...), fmt.Sprintf(format, args...)))
	}
	if c.Openings != nil && c.RandomOpenings != nil {
		bad([]string{"random_openings"}, "openings and random_openings are both given: choose one")
	}
	// An opening of max_plies plies or more leaves the engines no move:
	// max_plies counts the opening's plies.
	maxPlies := 0
	if c.MaxPlies != nil && *c.MaxPlies >= 1 {
		maxPlies = *c.MaxPlies
	}
	if r := c.RandomOpenings; r != nil {
		switch {
		case r.Plies < 1:
			bad([]string{"random_openings", "plies"}, "random_openings plies is %d; it must be at least 1", r.Plies)
		case maxPlies > 0 && r.Plies >= maxPlies:
			bad([]string{"random_openings", "plies"}, "random_openings plies is %d; it must be less than max_plies (%d), which counts the opening's plies, or the engines play no move", r.Plies, maxPlies)
		}
	}
	o := c.Openings
	if o == nil {
		return errs
	}
	at := func(k string) []string { return []string{"openings", k} }
	switch o.Order {
	case "":
		o.Order = OrderSequential
	case OrderSequential, OrderRandom:
	default:
		bad(at("order"), "openings order %q is neither %s nor %s", o.Order, OrderSequential, OrderRandom)
	}
	switch {
	case o.Plies == nil:
	case *o.Plies < 0:
		bad(at("plies"), "openings plies is %d; it must not be negative", *o.Plies)
	case maxPlies > 0 && *o.Plies >= maxPlies:
		bad(at("plies"), "openings plies is %d; it must be less than max_plies (%d), which counts the opening's plies, or the engines play no move", *o.Plies, maxPlies)
	}
	if o.Start == nil {
		one := 1
		o.Start = &one
	} else if *o.Start < 1 {
		bad(at("start"), "openings start is %d; it must be at least 1", *o.Start)
	}
	if strings.TrimSpace(o.File) == "" {
		bad(at("file"), "openings file is missing")
		return errs
	}
	if !load || c.game == nil || len(errs) > 0 {
		return errs
	}
	path := o.File
	if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(c.File), path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		bad(at("file"), "openings file: %v", err)
		return errs
	}
	sum := sha256.Sum256(data)
	o.SHA256 = hex.EncodeToString(sum[:])
	plies := -1
	if o.Plies != nil {
		plies = *o.Plies
	}
	suite, err := book.Read(c.game, path, data, plies)
	if err != nil {
		return append(errs, err.Error())
	}
	if *o.Start > len(suite) {
		bad(at("start"), "openings start is %d, but %s has %d openings", *o.Start, o.File, len(suite))
		return errs
	}
	c.suite = suite
	c.order = make([]int, len(suite))
	for i := range c.order {
		c.order[i] = i
	}
	if o.Order == OrderRandom {
		c.order = rand.New(rand.NewPCG(uint64(c.Seed), 0x6f72646572)).Perm(len(suite))
	}
	return errs
}

// Opening returns the opening of pair number pair (Slot.Pair): the
// suite's openings one after another from the start-th, in the file's order
// or the seed's permutation, and from the first again when they run out;
// or a random opening drawn from the seed and the pair. It is nil when the
// config has neither openings nor random_openings (or when it was read
// without its openings file, as a worker process does).
func (c *Config) Opening(pair int) (*book.Opening, error) {
	switch {
	case c.RandomOpenings != nil:
		o, err := book.Random(c.game, pairSeed(c.Seed, pair), c.RandomOpenings.Plies)
		if err != nil {
			return nil, err
		}
		return &o, nil
	case len(c.suite) > 0:
		k := (*c.Openings.Start - 1 + pair) % len(c.suite)
		return &c.suite[c.order[k]], nil
	}
	return nil, nil
}

// withOpening returns s with its opening filled in.
func (c *Config) withOpening(s Slot) (Slot, error) {
	o, err := c.Opening(s.Pair)
	if err != nil {
		return s, fmt.Errorf("slot %d: opening: %w", s.Index, err)
	}
	s.Opening = o
	return s, nil
}

// startOf returns the start of the game of slot s: its start tags, the
// position before the opening's moves, the position command's start
// ("startpos" or "fen F"), and the opening's moves played on the position.
func startOf(g rules.Game, s Slot) (tags [][2]string, pos rules.Position, startCmd string, bookMoves []string, err error) {
	o := book.Opening{Tags: g.NewTags(s.Seed)}
	if s.Opening != nil {
		o = *s.Opening
	}
	pos, err = o.Start(g)
	if err != nil {
		return nil, nil, "", nil, fmt.Errorf("slot %d: start position: %w", s.Index, err)
	}
	startCmd = "startpos"
	if len(o.Tags) > 0 {
		startCmd = "fen " + pos.FEN()
	}
	if err := o.Play(pos); err != nil {
		return nil, nil, "", nil, fmt.Errorf("slot %d: opening %w", s.Index, err)
	}
	return o.Tags, pos, startCmd, o.Moves, nil
}
