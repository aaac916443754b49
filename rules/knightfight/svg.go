package knightfight

import (
	"strconv"
	"strings"
	"sync"

	"github.com/arbiter-games/arbiter/rules"
)

// The look of the numbered board: squares in two light shades with their
// numbers, erased squares dark and blank, a knight's head in each side's
// colour.
const (
	lightSquare  = "#f5ecd7"
	darkSquare   = "#e3d3ad"
	erasedSquare = "#55514a"
	knightArt    = `<path d="M11 35h19c0-7-2-11-5-15 2 1 5 2 7 0l-3-8c-2-3-6-5-10-4l-2-3-1 4c-3 2-5 5-5 9 0 3 2 3 4 2l4-2c-3 5-7 9-8 17z" fill="FILL" stroke="LINE" stroke-width="1.5" stroke-linejoin="round"/>`
)

var (
	files     = []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	ranks     = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}
	pieceName = [2]string{"white-knight", "black-knight"}
)

// pieces and numbers are made on first use, as Draw is: every arbiter
// process links this package, and few draw a board.
var pieces = sync.OnceValue(func() []rules.Piece {
	return []rules.Piece{
		{Name: "white-knight", Art: knight("#fbfbf8", "#222")},
		{Name: "black-knight", Art: knight("#262626", "#000")},
	}
})

// numbers[n] is n written with two digits.
var numbers = sync.OnceValue(func() (n *[Size]string) {
	n = new([Size]string)
	for i := range n {
		n[i] = string([]byte{'0' + byte(i/10), '0' + byte(i%10)})
	}
	return n
})

// knight is the art of a knight painted fill and outlined line.
func knight(fill, line string) string {
	return strings.NewReplacer("FILL", fill, "LINE", line).Replace(knightArt)
}

var _ rules.Drawer = (*Position)(nil)

// Draw describes the board for a picture: every square with its number,
// the erased ones blank, the knights, the squares of the last move (the
// square left and the square landed on), and the points below.
func (p *Position) Draw(pic *rules.Picture, last rules.Move) {
	pic.Files, pic.Ranks, pic.Pieces = files, ranks, pieces()
	nums := numbers()
	if cap(pic.Squares) < Size {
		pic.Squares = make([]rules.Cell, Size)
	}
	pic.Squares = pic.Squares[:Size]
	for sq := range Square(Size) {
		c := rules.Cell{Fill: lightSquare}
		if (sq.File()+sq.Rank()-1)%2 == 0 { // a1 dark
			c.Fill = darkSquare
		}
		switch {
		case p.erased.has(sq):
			c.Fill = erasedSquare
		case p.num[sq] >= 0:
			c.Label = nums[p.num[sq]]
		}
		for side, k := range p.knight {
			if k == sq {
				c.Piece = pieceName[side]
			}
		}
		pic.Squares[sq] = c
	}
	pic.Marks = pic.Marks[:0]
	if last != rules.NoMove && last != rules.Pass {
		from, to, _ := Decode(last)
		if from != NoSquare {
			pic.Marks = append(pic.Marks, int(from))
		}
		pic.Marks = append(pic.Marks, int(to))
	}
	pic.Caption = "points now: white " + strconv.Itoa(int(p.score[0])) + ", black " + strconv.Itoa(int(p.score[1]))
}
