package loa

import "github.com/arbiter-games/arbiter/rules"

// Game is Lines of Action, as listed in rules/games.
var Game rules.Game = game{}

type game struct{}

// ID returns "lines-of-action".
func (game) ID() string { return "lines-of-action" }

// Name returns "Lines of Action".
func (game) Name() string { return "Lines of Action" }

// FirstMover returns Black, who moves first.
func (game) FirstMover() rules.Color { return rules.Black }

// NewTags returns nil: a record needs no tags to start a game.
func (game) NewTags(int64) [][2]string { return nil }

// Start returns the start position, or the FEN tag's position when SetUp
// is "1" or absent (a FEN with no SetUp is used too); SetUp "0" ignores
// the FEN tag. SetUp "1" without a FEN, another SetUp value, or a FEN that
// cannot be read give an error wrapping rules.ErrBadTag.
func (g game) Start(tags rules.Tags) (rules.Position, error) { return g.Restart(nil, tags) }

// Restart is Start writing into pos when it is a *Position
// (rules.Restarter).
func (game) Restart(pos rules.Position, tags rules.Tags) (rules.Position, error) {
	p, ok := pos.(*Position)
	if !ok || p == nil {
		p = new(Position)
	}
	*p = StartPosition()
	if tags == nil {
		return p, nil
	}
	setup, hasSetup := tags.Tag("SetUp")
	fen, hasFEN := tags.Tag("FEN")
	switch {
	case hasSetup && setup == "0":
		return p, nil
	case hasSetup && setup != "1":
		return nil, rules.BadTagf("SetUp", "SetUp %q is neither \"0\" nor \"1\"", clip(setup))
	case !hasFEN && hasSetup:
		return nil, rules.BadTagf("SetUp", "SetUp \"1\" but no FEN tag")
	case !hasFEN:
		return p, nil
	}
	q, err := ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	*p = q
	return p, nil
}
