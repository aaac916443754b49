package rules

import (
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/internal/xmltext"
)

// NoMove stands for the move that led to a start position: there is none,
// so a picture of it marks no square. It is no game's move (games encode
// theirs in bits 0..27).
const NoMove Move = 0xFFFFFFFE

// A Drawer is a position that can be drawn as a picture of its board, for
// arbiter show --format svg and the game viewer. A game whose position is
// not a Drawer is shown as the text of Position.String.
type Drawer interface {
	// Draw describes the position in p, reusing p's slices: the names
	// of the files and ranks, every square's colour, label and piece, the
	// pieces' art, and in Marks the squares of last, the move that led to
	// the position (none for NoMove or Pass).
	Draw(p *Picture, last Move)
}

// Picture is a board as a grid of squares, which one writer turns into SVG
// (Picture.SVG here, and its twin in the viewer's script) whatever the
// game: the game decides how it looks, the writer only lays it out.
type Picture struct {
	Files []string // the names of the files, from White's left: "a", "b", …
	Ranks []string // the names of the ranks, from White's side: "1", "2", …
	// Squares holds one cell per square, file + len(Files)*rank, both
	// counted from 0 (a1 is 0, b1 is 1).
	Squares []Cell
	Pieces  []Piece // every piece a cell can hold, with its art
	Marks   []int   // the squares of the last move, marked on the board
	// Caption is a line under the board, such as the points so far; ""
	// for none.
	Caption string
}

// Cell is one square of a Picture.
type Cell struct {
	Fill  string // the square's colour, an SVG colour such as "#f0d9b5"
	Label string // a text on the square (Knight Fight's number); "" for none
	Ink   string // the label's colour; "" for the default, dark grey
	Piece string // the name of the piece on it (see Piece.Name); "" when empty
}

// Piece is a kind of piece: its name, which the board writes as the
// data-piece attribute of the squares it stands on ("black",
// "white-commander"), and its art: SVG elements drawn in a Size×Size box
// whose origin is the square's top left corner.
type Piece struct {
	Name string
	Art  string
}

// The layout of a Picture's SVG, in its user units: Size is a square's
// side; the rank names stand in a Margin wide column on the left, the
// file names in a Margin high row below, and a Pad of space closes the
// other two sides.
const (
	Size   = 40
	Margin = 20
	Pad    = 4
)

// SVGOptions say how Picture.SVG writes a picture.
type SVGOptions struct {
	Title string // the <title>, read by screen readers
	Desc  string // the start of the <desc>, which then lists the pieces
	Flip  bool   // draw the board from Black's side
}

// SVG writes p as a standalone SVG picture: every square a group with a
// data-square attribute ("c3"), and data-piece ("black") when a piece
// stands on it; the marked squares framed; the names of the files and
// ranks on the edges; the caption below. Colours are presentation
// attributes, so that no style sheet is needed (a page's
// Content-Security-Policy may forbid one). The viewer's script writes the
// same text from the same picture.
func (p *Picture) SVG(o SVGOptions) string {
	nf, nr := len(p.Files), len(p.Ranks)
	w, h := Margin+nf*Size+Pad, Pad+nr*Size+Margin
	if p.Caption != "" {
		h += Margin
	}
	var b strings.Builder
	b.Grow(120*len(p.Squares) + 1024)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	b.WriteString(strconv.Itoa(w))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(h))
	b.WriteString(`" role="img" font-family="sans-serif" text-anchor="middle"><title>`)
	b.WriteString(escape(o.Title))
	b.WriteString("</title><desc>")
	b.WriteString(escape(p.describe(o.Desc)))
	b.WriteString("</desc>\n")
	at := func(sq int) (x, y int) {
		f, r := sq%nf, sq/nf
		if o.Flip {
			f, r = nf-1-f, nr-1-r
		}
		return Margin + f*Size, Pad + (nr-1-r)*Size
	}
	for sq, c := range p.Squares {
		if sq >= nf*nr {
			break
		}
		x, y := at(sq)
		xs, ys := strconv.Itoa(x), strconv.Itoa(y)
		b.WriteString(`<g data-square="`)
		b.WriteString(escape(p.Files[sq%nf] + p.Ranks[sq/nf]))
		if c.Piece != "" {
			b.WriteString(`" data-piece="`)
			b.WriteString(escape(c.Piece))
		}
		b.WriteString(`"><rect x="`)
		b.WriteString(xs)
		b.WriteString(`" y="`)
		b.WriteString(ys)
		b.WriteString(`" width="40" height="40" fill="`)
		b.WriteString(escape(c.Fill))
		b.WriteString(`"/>`)
		if c.Label != "" {
			ink := c.Ink
			if ink == "" {
				ink = "#333"
			}
			if c.Piece == "" {
				b.WriteString(`<text x="` + strconv.Itoa(x+Size/2) + `" y="` + strconv.Itoa(y+Size/2+5) + `" font-size="14" fill="`)
			} else {
				b.WriteString(`<text x="` + strconv.Itoa(x+2) + `" y="` + strconv.Itoa(y+10) + `" font-size="10" text-anchor="start" fill="`)
			}
			b.WriteString(escape(ink))
			b.WriteString(`">`)
			b.WriteString(escape(c.Label))
			b.WriteString("</text>")
		}
		if c.Piece != "" {
			b.WriteString(`<g transform="translate(` + xs + " " + ys + `)">`)
			b.WriteString(p.art(c.Piece))
			b.WriteString("</g>")
		}
		b.WriteString("</g>\n")
	}
	for _, sq := range p.Marks {
		if sq < 0 || sq >= nf*nr {
			continue
		}
		x, y := at(sq)
		b.WriteString(`<rect x="` + strconv.Itoa(x+2) + `" y="` + strconv.Itoa(y+2) + `" width="36" height="36" fill="none" stroke="#e8a000" stroke-width="4"/>` + "\n")
	}
	for i := range nf {
		f := i
		if o.Flip {
			f = nf - 1 - i
		}
		b.WriteString(`<text x="` + strconv.Itoa(Margin+i*Size+Size/2) + `" y="` + strconv.Itoa(Pad+nr*Size+15) + `" font-size="12" fill="#444">` + escape(p.Files[f]) + "</text>")
	}
	for i := range nr {
		r := nr - 1 - i
		if o.Flip {
			r = i
		}
		b.WriteString(`<text x="` + strconv.Itoa(Margin/2) + `" y="` + strconv.Itoa(Pad+i*Size+Size/2+4) + `" font-size="12" fill="#444">` + escape(p.Ranks[r]) + "</text>")
	}
	b.WriteByte('\n')
	if p.Caption != "" {
		b.WriteString(`<text x="` + strconv.Itoa(w/2) + `" y="` + strconv.Itoa(h-6) + `" font-size="13" fill="#222">` + escape(p.Caption) + "</text>\n")
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// art returns the art of the piece called name ("" for an unknown one).
func (p *Picture) art(name string) string {
	for _, pc := range p.Pieces {
		if pc.Name == name {
			return pc.Art
		}
	}
	return ""
}

// describe is the <desc> of p: lead, then the caption, then the squares
// of each piece in the order of p.Pieces, as "black: b1, c1".
func (p *Picture) describe(lead string) string {
	parts := make([]string, 0, len(p.Pieces)+2)
	if lead != "" {
		parts = append(parts, lead)
	}
	if p.Caption != "" {
		parts = append(parts, p.Caption)
	}
	nf := len(p.Files)
	for _, pc := range p.Pieces {
		var sqs []string
		for sq, c := range p.Squares {
			if c.Piece == pc.Name && sq < nf*len(p.Ranks) {
				sqs = append(sqs, p.Files[sq%nf]+p.Ranks[sq/nf])
			}
		}
		if len(sqs) > 0 {
			parts = append(parts, pc.Name+": "+strings.Join(sqs, ", "))
		}
	}
	return strings.Join(parts, ". ")
}

// TextSVG writes text (a Position.String board) as an SVG picture of
// monospace lines, for the games that are no Drawer.
func TextSVG(text string, o SVGOptions) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	width := 0
	for _, l := range lines {
		width = max(width, len([]rune(l)))
	}
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ` + strconv.Itoa(16+width*9) + " " + strconv.Itoa(16+len(lines)*18) + `" role="img" font-family="monospace" font-size="15"><title>`)
	b.WriteString(escape(o.Title))
	b.WriteString("</title><desc>")
	b.WriteString(escape(o.Desc))
	b.WriteString("</desc>\n")
	for i, l := range lines {
		b.WriteString(`<text x="8" y="` + strconv.Itoa(22+i*18) + `" xml:space="preserve">` + escape(l) + "</text>\n")
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// escape makes s safe as SVG text and as an attribute value in double
// quotes, as html.EscapeString does (and the viewer's script likewise), and
// replaces the characters XML forbids with U+FFFD: a player's name may hold
// one, and a browser draws nothing of an SVG that does.
func escape(s string) string {
	s = xmltext.Clean(s)
	if !strings.ContainsAny(s, `&<>"'`) {
		return s
	}
	return escaper.Replace(s)
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")
