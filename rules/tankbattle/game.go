package tankbattle

import (
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// Game is Tank Battle.
var Game rules.Game = game{}

type game struct{}

func (game) ID() string              { return "tank-battle" }
func (game) Name() string            { return "Tank Battle" }
func (game) FirstMover() rules.Color { return rules.White }

// Tags names the game's own tag, Layout (rules.Tagger).
func (game) Tags() []string { return []string{"Layout"} }

// NewTags returns nil: a new game is played on DefaultLayout.
func (game) NewTags(int64) [][2]string { return nil }

// Start builds the start position of a record: the map from the Layout tag
// (DefaultLayout without one), and the tanks of the FEN tag unless SetUp is
// "0" (else a tank on every base square). Errors wrap rules.ErrBadTag.
func (game) Start(tags rules.Tags) (rules.Position, error) {
	p, err := restart(nil, tags)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Restart is Start writing into pos when it is a *Position
// (rules.Restarter).
func (game) Restart(pos rules.Position, tags rules.Tags) (rules.Position, error) {
	p, _ := pos.(*Position)
	p, err := restart(p, tags)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Start is Game.Start returning the concrete *Position.
func Start(tags rules.Tags) (*Position, error) { return restart(nil, tags) }

// restart is Start writing into p, or into a new Position when p is nil.
func restart(p *Position, tags rules.Tags) (*Position, error) {
	l := defaultLayout
	fixed := false
	if tags != nil {
		if v, ok := tags.Tag("Layout"); ok {
			var err error
			if l, err = lookupLayout(v); err != nil {
				return nil, rules.BadTagf("Layout", "Layout: %v", err)
			}
			fixed = true
		}
		fen, ok := tags.Tag("FEN")
		if setup, _ := tags.Tag("SetUp"); ok && strings.TrimSpace(setup) != "0" {
			q, err := parseFEN(fen, l, fixed)
			if err != nil {
				return nil, rules.BadTagf("FEN", "FEN: %v", err)
			}
			if p == nil {
				return q, nil
			}
			*p = *q
			return p, nil
		}
	}
	if p == nil {
		return newPosition(l), nil
	}
	*p = *l.startPosition()
	return p, nil
}
