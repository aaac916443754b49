package knightfight

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// maxPoints is the most a side can score: every number once.
const maxPoints = 99 * 100 / 2

// FEN returns the position text: the 10 ranks separated by "/", rank 10
// first, 10 cells each from file a to j; a cell is the square's two-digit
// number, "--" for an erased square, or "W"/"B" before the number of the
// square a knight stands on. Then, after a space each, the side to move
// ("w" or "b") and the points "W-B". The start position of a game is its
// Board text followed by " w 0-0".
func (p *Position) FEN() string {
	buf := make([]byte, 0, 224)
	for rank := 10; rank >= 1; rank-- {
		if rank != 10 {
			buf = append(buf, '/')
		}
		for f := 0; f < 10; f++ {
			s := Square((rank-1)*10 + f)
			switch {
			case s == p.knight[0]:
				buf = append(buf, 'W')
			case s == p.knight[1]:
				buf = append(buf, 'B')
			case p.erased.has(s) || p.num[s] < 0:
				buf = append(buf, '-', '-')
				continue
			}
			n := p.num[s]
			buf = append(buf, '0'+byte(n/10), '0'+byte(n%10))
		}
	}
	if p.turn == rules.White {
		buf = append(buf, " w "...)
	} else {
		buf = append(buf, " b "...)
	}
	buf = strconv.AppendInt(buf, int64(p.score[0]), 10)
	buf = append(buf, '-')
	buf = strconv.AppendInt(buf, int64(p.score[1]), 10)
	return string(buf)
}

// ParseFEN reads a position text written by FEN. When board is not nil, the
// FEN must agree with it on the number of every square it does not show
// erased, and the numbers of the erased squares are taken from it (see
// Position.Number). Knight and side letters may be in any case. Errors wrap
// rules.ErrBadTag.
func ParseFEN(text string, board *Board) (*Position, error) {
	fields := strings.Fields(text)
	if len(fields) != 3 {
		return nil, badTagf("FEN", "%d fields, want 3: the ranks, the side to move and the points", len(fields))
	}
	p := &Position{knight: [2]Square{NoSquare, NoSquare}}
	for i := range p.sqOf {
		p.sqOf[i] = NoSquare
	}
	if err := p.parseRanks(fields[0]); err != nil {
		return nil, err
	}
	turn, ok := rules.ParseTurn(fields[1])
	if !ok {
		return nil, badTagf("FEN", "side to move is %q, want w or b", fields[1])
	}
	p.turn = turn
	ws, bs, ok := strings.Cut(fields[2], "-")
	w, errW := strconv.Atoi(ws)
	b, errB := strconv.Atoi(bs)
	if !ok || errW != nil || errB != nil || w < 0 || b < 0 || ws[0] == '+' || bs[0] == '+' {
		return nil, badTagf("FEN", "points %q, want white's and black's points as W-B, such as 12-7", fields[2])
	}
	if w > maxPoints || b > maxPoints {
		return nil, badTagf("FEN", "points %q, but a side scores at most %d", fields[2], maxPoints)
	}
	p.score = [2]int32{int32(w), int32(b)}
	wk, bk := p.knight[0], p.knight[1]
	switch {
	case wk == NoSquare && bk != NoSquare:
		return nil, badTagf("FEN", "the black knight is on %s but the white knight is not placed, and white places first", bk)
	case wk == NoSquare && p.turn == rules.Black:
		return nil, badTagf("FEN", "black to move, but white has not placed its knight")
	case wk != NoSquare && bk == NoSquare && p.turn == rules.White:
		return nil, badTagf("FEN", "white to move, but black has not placed its knight")
	}
	if board != nil {
		for s := Square(0); s < Size; s++ {
			n := board[s]
			if p.num[s] >= 0 && int(p.num[s]) != int(n) {
				return nil, badTagf("FEN", "the FEN and the Board disagree on %s: %02d against %02d", s, p.num[s], n)
			}
			p.num[s] = int8(n)
			p.sqOf[n] = s
		}
	}
	p.update()
	return p, nil
}

// parseRanks reads the ranks of a FEN into p: the numbers, the erased
// squares and the knights.
func (p *Position) parseRanks(text string) error {
	ranks := strings.Split(text, "/")
	if len(ranks) != 10 {
		return badTagf("FEN", "%d ranks, want 10 separated by \"/\"", len(ranks))
	}
	for row, r := range ranks {
		rank := 10 - row
		f := 0
		for i := 0; i < len(r); f++ {
			if f == 10 {
				return badTagf("FEN", "rank %d has more than 10 squares", rank)
			}
			s := Square((rank-1)*10 + f)
			knight := -1
			switch r[i] {
			case 'W', 'w':
				knight = 0
				i++
			case 'B', 'b':
				knight = 1
				i++
			}
			if i+2 > len(r) {
				return badTagf("FEN", "rank %d ends inside the cell of %s", rank, s)
			}
			a, b := r[i], r[i+1]
			i += 2
			switch {
			case a == '-' && b == '-':
				if knight >= 0 {
					return badTagf("FEN", "the %s knight on %s stands on an erased square; write the square's number", rules.Color(knight), s)
				}
				p.num[s] = -1
				p.erased.add(s)
				continue
			case isDigit(a) && isDigit(b):
			default:
				return badTagf("FEN", "rank %d: cell %s is %q, want two digits, \"--\", or W or B before two digits", rank, s, string([]byte{a, b}))
			}
			n := (a-'0')*10 + b - '0'
			if prev := p.sqOf[n]; prev != NoSquare {
				return badTagf("FEN", "number %02d appears twice (%s and %s)", n, min(prev, s), max(prev, s))
			}
			p.num[s] = int8(n)
			p.sqOf[n] = s
			if knight >= 0 {
				if prev := p.knight[knight]; prev != NoSquare {
					return badTagf("FEN", "two %s knights (%s and %s)", rules.Color(knight), min(prev, s), max(prev, s))
				}
				p.knight[knight] = s
			}
		}
		if f != 10 {
			return badTagf("FEN", "rank %d has %d squares, want 10", rank, f)
		}
	}
	return nil
}

// String draws the board, rank 10 at the top: the number of each square,
// "--" for an erased square, "WN" and "BN" for the knights; then the side
// to move (or the outcome) and the points.
func (p *Position) String() string {
	var b strings.Builder
	b.WriteString("    a  b  c  d  e  f  g  h  i  j\n")
	for rank := 10; rank >= 1; rank-- {
		fmt.Fprintf(&b, "%2d", rank)
		for f := 0; f < 10; f++ {
			s := Square((rank-1)*10 + f)
			b.WriteByte(' ')
			switch {
			case s == p.knight[0]:
				b.WriteString("WN")
			case s == p.knight[1]:
				b.WriteString("BN")
			case p.erased.has(s):
				b.WriteString("--")
			case p.num[s] < 0:
				b.WriteString("??")
			default:
				fmt.Fprintf(&b, "%02d", p.num[s])
			}
		}
		fmt.Fprintf(&b, " %d\n", rank)
	}
	b.WriteString("    a  b  c  d  e  f  g  h  i  j\n")
	for c := rules.White; c <= rules.Black; c++ {
		fmt.Fprintf(&b, "%s knight: ", c)
		if k := p.knight[c]; k != NoSquare {
			fmt.Fprintf(&b, "%s (%02d)", k, p.num[k])
		} else {
			b.WriteString("not placed")
		}
		fmt.Fprintf(&b, ", %d points\n", p.score[c])
	}
	if o := p.Outcome(); o.Over() {
		fmt.Fprintf(&b, "game over: %s\n", o.Reason)
	} else {
		fmt.Fprintf(&b, "%s to move\n", p.turn)
	}
	return b.String()
}
