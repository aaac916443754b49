package loa

import "github.com/arbiter-games/arbiter/rules"

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

var _ rules.Drawer = (*Position)(nil)

// Draw describes the board for a picture: a1 dark, the discs, and the two
// squares of the last move.
func (p *Position) Draw(pic *rules.Picture, last rules.Move) {
	pic.Files, pic.Ranks, pic.Pieces, pic.Caption = files, ranks, pieces, ""
	if cap(pic.Squares) < 64 {
		pic.Squares = make([]rules.Cell, 64)
	}
	pic.Squares = pic.Squares[:64]
	for s := range Square(64) {
		c := rules.Cell{Fill: lightSquare}
		if (s.File()+s.Rank())%2 == 0 {
			c.Fill = darkSquare
		}
		switch {
		case p.pieces[rules.Black]&s.bit() != 0:
			c.Piece = "black"
		case p.pieces[rules.White]&s.bit() != 0:
			c.Piece = "white"
		}
		pic.Squares[s] = c
	}
	pic.Marks = pic.Marks[:0]
	if last != rules.NoMove && last != rules.Pass {
		pic.Marks = append(pic.Marks, int(From(last)), int(To(last.Plain())))
	}
}
