package tictactoe

import (
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// FEN writes the ranks from the top and the side to move: "x../.o./... w".
func (p *Position) FEN() string {
	var b strings.Builder
	for r := 2; r >= 0; r-- {
		for f := range 3 {
			b.WriteByte(".xo"[p.cells[r*3+f]])
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([]string{" w", " b"}[p.turn])
	return b.String()
}

// String draws the board: the FEN's ranks, one a line.
func (p *Position) String() string {
	f, _, _ := strings.Cut(p.FEN(), " ")
	return strings.ReplaceAll(f, "/", "\n") + "\n"
}

// ParseFEN reads what FEN writes. Errors wrap rules.ErrBadTag.
func ParseFEN(s string) (*Position, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return nil, rules.BadTagf("FEN", "FEN %q: want the ranks and the side to move", s)
	}
	turn, ok := rules.ParseTurn(f[1])
	if !ok {
		return nil, rules.BadTagf("FEN", "FEN %q: side to move %q is not w or b", s, f[1])
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 3 {
		return nil, rules.BadTagf("FEN", "FEN %q: want 3 ranks", s)
	}
	p := &Position{turn: turn}
	for i, rank := range ranks {
		if len(rank) != 3 {
			return nil, rules.BadTagf("FEN", "FEN %q: rank %d has %d squares, not 3", s, 3-i, len(rank))
		}
		for f := range 3 {
			c := strings.IndexByte(".xo", rank[f])
			if c < 0 {
				return nil, rules.BadTagf("FEN", "FEN %q: %q is not x, o or .", s, rank[f])
			}
			p.cells[(2-i)*3+f] = byte(c)
		}
	}
	return p, nil
}
