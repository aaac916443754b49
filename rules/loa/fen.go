package loa

import (
	"strings"

	"github.com/arbiter-games/arbiter/internal/shorten"
	"github.com/arbiter-games/arbiter/rules"
)

// StartFEN is the FEN of the start position.
const StartFEN = "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"

// ParseFEN reads a position: eight ranks from rank 8 down to rank 1
// separated by "/", each written from file a to h with "b" for a black
// piece, "w" for a white one and a digit 1-8 for a run of empty squares;
// then one space and the side to move, "b" or "w". Each side needs at
// least one piece. A position in which a side is already connected is
// read as a finished game (see Position.Outcome). Errors wrap
// rules.ErrBadTag and say what is wrong.
func ParseFEN(s string) (Position, error) {
	var p Position
	board, side, ok := strings.Cut(strings.TrimSpace(s), " ")
	if !ok {
		return p, rules.BadTagf("FEN", "FEN has no side to move: want the board, a space, then \"b\" or \"w\"")
	}
	side = strings.TrimSpace(side)
	if p.turn, ok = rules.ParseTurn(side); !ok {
		return p, rules.BadTagf("FEN", "FEN side to move %q is neither \"b\" nor \"w\"", clip(side))
	}
	if n := strings.Count(board, "/") + 1; n != 8 {
		return p, rules.BadTagf("FEN", "FEN has %d ranks, want 8", n)
	}
	for i := range 8 {
		rankText, rest, _ := strings.Cut(board, "/")
		board = rest
		rank := 7 - i
		file := 0
		for j := 0; j < len(rankText); j++ {
			c := rankText[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			case c == 'b' || c == 'w':
				if file < 8 {
					color := rules.Black
					if c == 'w' {
						color = rules.White
					}
					p.pieces[color] |= SquareAt(file, rank).bit()
				}
				file++
			default:
				return p, rules.BadTagf("FEN", "FEN rank %d %q: %q is not \"b\", \"w\" or a digit 1-8", rank+1, clip(rankText), clip(rankText[j:j+1]))
			}
		}
		if file != 8 {
			return p, rules.BadTagf("FEN", "FEN rank %d %q covers %d squares, want 8", rank+1, clip(rankText), file)
		}
	}
	for _, c := range [2]rules.Color{rules.Black, rules.White} {
		if p.pieces[c] == 0 {
			return p, rules.BadTagf("FEN", "FEN gives %s no pieces", c)
		}
	}
	p.judge()
	return p, nil
}

// clip shortens s for an error message.
func clip(s string) string { return shorten.To(s, 20) }

// FEN returns the position text that ParseFEN (and Start with SetUp "1")
// reads back, such as StartFEN.
func (p *Position) FEN() string {
	buf := make([]byte, 0, 80)
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			c := p.pieceChar(SquareAt(f, r), 0)
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				buf = append(buf, byte('0'+empty))
				empty = 0
			}
			buf = append(buf, c)
		}
		if empty > 0 {
			buf = append(buf, byte('0'+empty))
		}
		if r > 0 {
			buf = append(buf, '/')
		}
	}
	buf = append(buf, ' ', "wb"[p.turn])
	return string(buf)
}

// String draws the board, rank 8 at the top, with rank numbers on the left
// and files below ("b" black, "w" white, "." empty), then the side to move,
// and how the game ended when it has.
func (p *Position) String() string {
	var sb strings.Builder
	sb.Grow(200)
	for r := 7; r >= 0; r-- {
		sb.WriteByte(byte('1' + r))
		for f := range 8 {
			sb.WriteByte(' ')
			sb.WriteByte(p.pieceChar(SquareAt(f, r), '.'))
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  a b c d e f g h\n")
	sb.WriteString(p.turn.String())
	sb.WriteString(" to move\n")
	if o := p.Outcome(); o.Over() {
		sb.WriteString("game over: ")
		sb.WriteString(o.Reason)
		sb.WriteString(" (")
		sb.WriteString(o.Result.String())
		sb.WriteString(")\n")
	}
	return sb.String()
}

// pieceChar returns 'b' or 'w' for the piece on s, or empty when none.
func (p *Position) pieceChar(s Square, empty byte) byte {
	switch {
	case p.pieces[rules.Black]&s.bit() != 0:
		return 'b'
	case p.pieces[rules.White]&s.bit() != 0:
		return 'w'
	}
	return empty
}
