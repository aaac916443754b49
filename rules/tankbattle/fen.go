package tankbattle

import (
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// FEN writes the position text: the 11 ranks from rank 11 down, separated by
// "/", tanks as T (white tank), C (white commander), t and c (black), runs of
// empty squares as a number from 1 to 11; a space and the side to move, w or
// b; and, only when the map is not DefaultLayout, a space and the map in the
// text of the Layout tag. Example, the default start:
//
//	ctttt6/tttt7/ttt8/tt9/11/11/11/9TT/8TTT/7TTTT/6TTTTC w
func (p *Position) FEN() string {
	var b strings.Builder
	b.Grow(64 + len(p.lay.text))
	for r := Size - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < Size; f++ {
			t := p.board[f+Size*r]
			if t == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte(tankLetter(t))
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.turn == rules.White {
		b.WriteString(" w")
	} else {
		b.WriteString(" b")
	}
	if p.lay.text != DefaultLayout {
		b.WriteByte(' ')
		b.WriteString(p.lay.text)
	}
	return b.String()
}

func tankLetter(t uint8) byte {
	switch t {
	case tWhite:
		return 'T'
	case tWhite | tCommander:
		return 'C'
	case tBlack:
		return 't'
	case tBlack | tCommander:
		return 'c'
	}
	return '?'
}

// ParseFEN reads a position text as FEN writes it. Without a third field the
// map is DefaultLayout. Errors wrap rules.ErrBadTag.
func ParseFEN(s string) (*Position, error) {
	p, err := parseFEN(s, defaultLayout, false)
	if err != nil {
		return nil, rules.BadTagf("FEN", "FEN: %v", err)
	}
	return p, nil
}

// parseFEN reads a position text on the map l. When the text carries its own
// map, that map is used, unless fixed (the record has a Layout tag) and the
// two differ. Tank counts are not checked, but no tank may stand on a mine
// and no normal tank on contaminated ground.
func parseFEN(s string, l *layout, fixed bool) (*Position, error) {
	fields := strings.Fields(s)
	if len(fields) < 2 || len(fields) > 3 {
		return nil, fmt.Errorf("%d fields, want the board, the side to move (w or b) and optionally the map", len(fields))
	}
	if len(fields) == 3 {
		own, err := lookupLayout(fields[2])
		if err != nil {
			return nil, fmt.Errorf("map: %v", err)
		}
		if fixed && own.text != l.text {
			return nil, fmt.Errorf("its map differs from the Layout tag")
		}
		l = own
	}
	buildTables()
	p := &Position{lay: l}
	turn, ok := rules.ParseTurn(fields[1])
	if !ok {
		return nil, fmt.Errorf("side to move %q, want w or b", fields[1])
	}
	p.turn = turn
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != Size {
		return nil, fmt.Errorf("%d rank(s), want %d separated by \"/\"", len(ranks), Size)
	}
	for i, text := range ranks {
		r := Size - 1 - i
		f := 0
		for j := 0; j < len(text); j++ {
			ch := text[j]
			if ch >= '0' && ch <= '9' {
				n := 0
				for ; j < len(text) && text[j] >= '0' && text[j] <= '9'; j++ {
					n = n*10 + int(text[j]-'0')
					if n > Size {
						break
					}
				}
				j--
				if n == 0 || f+n > Size {
					return nil, fmt.Errorf("rank %d has more than %d squares", r+1, Size)
				}
				f += n
				continue
			}
			var t uint8
			switch ch {
			case 'T':
				t = tWhite
			case 'C':
				t = tWhite | tCommander
			case 't':
				t = tBlack
			case 'c':
				t = tBlack | tCommander
			default:
				return nil, fmt.Errorf("unknown tank %q in rank %d (want T, C, t, c or a number)", rune(ch), r+1)
			}
			if f >= Size {
				return nil, fmt.Errorf("rank %d has more than %d squares", r+1, Size)
			}
			sq := f + Size*r
			switch {
			case l.flag[sq]&fMine != 0:
				return nil, fmt.Errorf("tank on the mine on %s", SquareName(sq))
			case l.flag[sq]&fToxic != 0 && t&tCommander == 0:
				return nil, fmt.Errorf("normal tank on contaminated ground on %s", SquareName(sq))
			}
			p.board[sq] = t
			f++
		}
		if f != Size {
			return nil, fmt.Errorf("rank %d has %d squares, want %d", r+1, f, Size)
		}
	}
	p.recount()
	return p, nil
}

// String draws the board from rank 11 down: tanks as T C t c, free squares
// as their map cell (. # ~ W w B b), then the files and the side to move.
func (p *Position) String() string {
	var b strings.Builder
	for r := Size - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%2d ", r+1)
		for f := 0; f < Size; f++ {
			sq := f + Size*r
			ch := p.lay.cell[sq]
			if t := p.board[sq]; t != 0 {
				ch = tankLetter(t)
			}
			b.WriteByte(' ')
			b.WriteByte(ch)
		}
		b.WriteByte('\n')
	}
	b.WriteString("    a b c d e f g h i j k\n")
	fmt.Fprintf(&b, "%s to move\n", p.turn)
	return b.String()
}
