package tictactoe

import (
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// Game is tic-tac-toe: id "tic-tac-toe", White (X) moves first.
var Game rules.Game = game{}

type game struct{}

func (game) ID() string              { return "tic-tac-toe" }
func (game) Name() string            { return "Tic-tac-toe" }
func (game) FirstMover() rules.Color { return rules.White }

// NewTags returns nil: every game starts on the empty board.
func (game) NewTags(int64) [][2]string { return nil }

// Start builds the empty board, or the FEN tag's position when SetUp is
// "1". Errors wrap rules.ErrBadTag.
func (game) Start(tags rules.Tags) (rules.Position, error) {
	fen, ok := tags.Tag("FEN")
	if setUp, _ := tags.Tag("SetUp"); !ok || strings.TrimSpace(setUp) != "1" {
		return &Position{}, nil
	}
	p, err := ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	return p, nil
}
