package config

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"strings"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/internal/input"
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
	File string `yaml:"file" json:"-"`
	// Format is the file's format (book.FormatAGN, FEN, EPD); "" takes
	// it from the file's extension.
	Format string `yaml:"format" json:"format,omitempty"`
	Order  string `yaml:"order" json:"order"`
	Plies  *int   `yaml:"plies" json:"plies"` // at most this many plies of each opening; nil: all; 0: only its start
	Start  *int   `yaml:"start" json:"start"` // 1-based index of the first opening
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
// load is set, reads and replays the openings file: no further than
// book.MaxSuite bytes, and only while ctx lives (its error is ctx.Err()).
func (c *Tournament) checkOpenings(ctx context.Context, p *problems, load bool) error {
	before := len(p.list)
	bad := p.add
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
		return nil
	}
	at := func(k string) []string { return []string{"openings", k} }
	switch o.Format {
	case "", book.FormatAGN, book.FormatFEN, book.FormatEPD:
	default:
		bad(at("format"), "openings format %q is not agn, fen or epd", o.Format)
	}
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
		return nil
	}
	if !load || c.game == nil || len(p.list) > before {
		return nil
	}
	path := o.File
	if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(c.File), path)
	}
	f, err := input.Read(ctx, path, input.Options{Limit: book.MaxSuite})
	var le *input.LimitError
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &le):
		bad(at("file"), "openings file: %v, the most an openings file may hold", err)
		return nil
	case err != nil:
		bad(at("file"), "openings file: %v", err)
		return nil
	}
	sum := sha256.Sum256(f.Data)
	o.SHA256 = hex.EncodeToString(sum[:])
	plies := -1
	if o.Plies != nil {
		plies = *o.Plies
	}
	suite, err := book.Read(ctx, c.game, path, o.Format, f.Data, plies)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		p.addErr(err)
		return nil
	}
	if *o.Start > suite.Len() {
		bad(at("start"), "openings start is %d, but %s has %d openings", *o.Start, o.File, suite.Len())
		return nil
	}
	c.suite = suite
	if o.Order == OrderRandom {
		c.order = rand.New(rand.NewPCG(uint64(c.Seed), 0x6f72646572)).Perm(suite.Len())
	}
	return nil
}

// Opening returns the opening of pair number pair (Slot.Pair): the
// suite's openings one after another from the start-th, in the file's order
// or the seed's permutation, and from the first again when they run out;
// or a random opening drawn from the seed and the pair. It is nil when the
// config has neither openings nor random_openings (or when it was read
// without its openings file, as a worker process does).
func (c *Tournament) Opening(pair int) (*book.Opening, error) {
	switch {
	case c.RandomOpenings != nil:
		o, err := book.Random(c.game, c.PairSeed(pair), c.RandomOpenings.Plies)
		if err != nil {
			return nil, err
		}
		return &o, nil
	case c.suite != nil:
		k := (*c.Openings.Start - 1 + pair) % c.suite.Len()
		if c.order != nil {
			k = c.order[k]
		}
		o := c.suite.Opening(k)
		return &o, nil
	}
	return nil, nil
}

// PairSeed derives the seed of a pair's start (Knight Fight's board, a
// random opening) from the tournament seed (splitmix64), so that starts
// differ from pair to pair but not from run to run.
func (c *Tournament) PairSeed(pair int) int64 {
	z := uint64(c.Seed) + uint64(pair+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int64(z >> 1)
}
