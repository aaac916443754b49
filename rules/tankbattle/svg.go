package tankbattle

import (
	"strconv"
	"strings"
	"sync"

	"github.com/arbiter-games/arbiter/rules"
)

// The look of the board map: each legend cell its colour (BrainKing's blue
// and green bases, red contaminated ground, dark mines), the commanders'
// start squares a deeper shade of their base. An array rather than a map:
// it is data in the binary, with nothing to make as arbiter starts.
var cellFill = [256]string{
	'.': "#f2efe6",
	'#': "#4a4a4a",
	'~': "#e7a3a0",
	'W': "#b7d0ee",
	'w': "#8fb3e3",
	'B': "#b5dcae",
	'b': "#8cc682",
}

// The tanks: a hull, a turret and a gun in the side's colour; a commander
// flies a red pennant from its gun.
const (
	tankArt = `<rect x="7" y="16" width="26" height="16" rx="3" fill="FILL" stroke="LINE" stroke-width="1.5"/>` +
		`<circle cx="20" cy="22" r="6" fill="FILL" stroke="LINE" stroke-width="1.5"/><rect x="19" y="5" width="2.5" height="12" fill="LINE"/>`
	pennant = `<path d="M21.5 5h9l-3 3 3 3h-9z" fill="#d42020" stroke="#7a0000" stroke-width="0.8"/>`
)

var (
	files = []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"}
	ranks = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}

	// pieces is the art of the four kinds of tank, painted when the first
	// board is drawn rather than as every arbiter command starts.
	pieces = sync.OnceValue(func() []rules.Piece {
		whiteTank, blackTank := tank("#fbfbf8", "#222"), tank("#262626", "#000")
		return []rules.Piece{
			{Name: "white-tank", Art: whiteTank},
			{Name: "white-commander", Art: whiteTank + pennant},
			{Name: "black-tank", Art: blackTank},
			{Name: "black-commander", Art: blackTank + pennant},
		}
	})
	pieceName = [2][2]string{{"white-tank", "white-commander"}, {"black-tank", "black-commander"}}
	points    = [4]string{"", "1", "2", "3"}
)

// tank is the art of a tank painted fill and outlined line.
func tank(fill, line string) string {
	return strings.NewReplacer("FILL", fill, "LINE", line).Replace(tankArt)
}

var _ rules.Drawer = (*Position)(nil)

// Draw describes the board for a picture: the map's terrain, the tanks by
// kind with the points each scores where it stands in its corner, the
// squares of the last move, and the points of both sides below.
func (p *Position) Draw(pic *rules.Picture, last rules.Move) {
	pic.Files, pic.Ranks, pic.Pieces = files, ranks, pieces()
	if cap(pic.Squares) < Squares {
		pic.Squares = make([]rules.Cell, Squares)
	}
	pic.Squares = pic.Squares[:Squares]
	for sq := range Squares {
		ch := p.lay.cell[sq]
		c := rules.Cell{Fill: cellFill[ch]}
		if ch == '#' {
			c.Label, c.Ink = "×", "#f2efe6"
		}
		if side, commander, ok := p.Tank(sq); ok {
			k := 0
			if commander {
				k = 1
			}
			c.Piece = pieceName[side][k]
			c.Label, c.Ink = points[p.value(sq, side, commander)], ""
		}
		pic.Squares[sq] = c
	}
	pic.Marks = pic.Marks[:0]
	if last != rules.NoMove && last != rules.Pass {
		pic.Marks = append(pic.Marks, From(last), To(last))
	}
	pic.Caption = "points now: white " + strconv.Itoa(int(p.points[rules.White])) + ", black " + strconv.Itoa(int(p.points[rules.Black]))
}
