package knightfight

import "github.com/arbiter-games/arbiter/rules"

// Game is Knight Fight: id "knight-fight", White moves first.
var Game rules.Game = game{}

type game struct{}

func (game) ID() string              { return "knight-fight" }
func (game) Name() string            { return "Knight Fight" }
func (game) FirstMover() rules.Color { return rules.White }

// Tags names the game's own tag, Board (rules.Tagger).
func (game) Tags() []string { return []string{"Board"} }

// Start builds the start position from the Board tag and, unless SetUp is
// "0", the FEN tag. With a FEN the Board is optional; when both are given
// they must agree. SetUp "1" without a FEN tag, and a SetUp other than "0"
// or "1", are errors.
func (g game) Start(tags rules.Tags) (rules.Position, error) { return g.Restart(nil, tags) }

// Restart is Start writing into pos when it is a *Position
// (rules.Restarter).
func (game) Restart(pos rules.Position, tags rules.Tags) (rules.Position, error) {
	boardText, hasBoard := tags.Tag("Board")
	fen, useFEN := tags.Tag("FEN")
	if setUp, ok := tags.Tag("SetUp"); ok {
		switch setUp {
		case "0":
			useFEN = false
		case "1":
			if !useFEN {
				return nil, badTagf("SetUp", "\"1\" but there is no FEN tag")
			}
		default:
			return nil, badTagf("SetUp", "%q, want \"0\" or \"1\"", setUp)
		}
	}
	var board *Board
	if hasBoard {
		b, err := ParseBoard(boardText)
		if err != nil {
			return nil, err
		}
		board = &b
	}
	p, ok := pos.(*Position)
	if !ok || p == nil {
		p = new(Position)
	}
	if useFEN {
		q, err := ParseFEN(fen, board)
		if err != nil {
			return nil, err
		}
		*p = *q
		return p, nil
	}
	if board == nil {
		return nil, badTagf("Board", "missing: a Knight Fight record needs the numbering of its squares (or a FEN)")
	}
	p.reset(board)
	return p, nil
}

// NewTags returns the Board tag of a new game, a random numbering made from
// seed by RandomBoard.
func (game) NewTags(seed int64) [][2]string {
	return [][2]string{{"Board", RandomBoard(seed)}}
}
