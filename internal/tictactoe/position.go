package tictactoe

import "github.com/arbiter-games/arbiter/rules"

// Position is a board and the side to move. A plain copy is an
// independent position (rules.Unchecked).
type Position struct {
	cells [9]byte // 0 empty, 1 X (White), 2 O (Black); index rank*3+file
	turn  rules.Color
}

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

// Turn is the side to move.
func (p *Position) Turn() rules.Color { return p.turn }

// Moves appends the empty squares, none once the game is over.
func (p *Position) Moves(dst []rules.Move) []rules.Move {
	if p.Outcome().Over() {
		return dst
	}
	for i, c := range p.cells {
		if c == 0 {
			dst = append(dst, rules.Move(i))
		}
	}
	return dst
}

// Play puts the mover's mark on an empty square of a game not over.
func (p *Position) Play(m rules.Move) error {
	if o := p.Outcome(); o.Over() {
		return rules.Illegalf("the game is over: %s", o.Reason)
	}
	if m == rules.Pass {
		return rules.Illegalf("tic-tac-toe has no pass")
	}
	m = m.Plain()
	if m > 8 {
		return rules.Illegalf("no such square")
	}
	if p.cells[m] != 0 {
		return rules.Illegalf("%s is taken", p.FormatMove(m))
	}
	p.PlayUnchecked(m)
	return nil
}

// PlayUnchecked plays m, a move from Moves, without checking it.
func (p *Position) PlayUnchecked(m rules.Move) {
	p.cells[m.Plain()] = byte(p.turn) + 1
	p.turn = p.turn.Other()
}

// Perft counts the leaves of the legal-move tree (rules.Perfter).
func (p *Position) Perft(depth int) uint64 { return rules.PerftUnchecked(*p, depth) }

// Outcome: three in a row wins, a full board draws.
func (p *Position) Outcome() rules.Outcome {
	for _, l := range lines {
		if c := p.cells[l[0]]; c != 0 && c == p.cells[l[1]] && c == p.cells[l[2]] {
			return rules.Outcome{Result: rules.Win(rules.Color(c - 1)), Reason: "three in a row"}
		}
	}
	for _, c := range p.cells {
		if c == 0 {
			return rules.Outcome{}
		}
	}
	return rules.Outcome{Result: rules.Draw, Reason: "the board is full"}
}

// Score returns false: tic-tac-toe scores no points.
func (p *Position) Score() (rules.Score, bool) { return rules.Score{}, false }

// Clone returns an independent copy.
func (p *Position) Clone() rules.Position { q := *p; return &q }
