package loa

import (
	"sync"

	"github.com/arbiter-games/arbiter/rules"
)

// The look of a Lines of Action board: a checkered 8x8 board of wood
// colours, black and white discs.
var (
	files  = []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	ranks  = []string{"1", "2", "3", "4", "5", "6", "7", "8"}
	pieces = []rules.Piece{
		{Name: "black", Art: `<circle cx="20" cy="20" r="15" fill="#1c1c1c" stroke="#000" stroke-width="1.5"/>`},
		{Name: "white", Art: `<circle cx="20" cy="20" r="15" fill="#fbfbf8" stroke="#333" stroke-width="1.5"/>`},
	}
)

const (
	lightSquare = "#f0d9b5"
	darkSquare  = "#b58863"
)

// cells holds every square's cell empty, with a black and with a white
// disc. It is made on first use, as Draw is: every arbiter process links
// this package, and few draw a board.
var cells = sync.OnceValue(func() (t *[3][64]rules.Cell) {
	t = new([3][64]rules.Cell)
	for s := range Square(64) {
		fill := lightSquare
		if (s.File()+s.Rank())%2 == 0 {
			fill = darkSquare // a1 is dark
		}
		t[0][s] = rules.Cell{Fill: fill}
		t[1][s] = rules.Cell{Fill: fill, Piece: pieces[0].Name}
		t[2][s] = rules.Cell{Fill: fill, Piece: pieces[1].Name}
	}
	return t
})

var _ rules.Drawer = (*Position)(nil)

// Draw describes the board for a picture: a1 dark, the discs, and the two
// squares of the last move.
func (p *Position) Draw(pic *rules.Picture, last rules.Move) {
	pic.Files, pic.Ranks, pic.Pieces, pic.Caption = files, ranks, pieces, ""
	if cap(pic.Squares) < 64 {
		pic.Squares = make([]rules.Cell, 64)
	}
	sq := pic.Squares[:64]
	black, white := p.pieces[rules.Black], p.pieces[rules.White]
	cells := cells()
	for s := range sq {
		k := black>>s&1 | white>>s&1<<1
		sq[s] = cells[k][s]
	}
	pic.Squares = sq
	pic.Marks = pic.Marks[:0]
	if last != rules.NoMove && last != rules.Pass {
		pic.Marks = append(pic.Marks, int(From(last)), int(To(last)))
	}
}
