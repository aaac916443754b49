package notation

import (
	"io"
	"strconv"
	"strings"
)

// rosterOrder is the order in which the printer writes the tags it knows;
// other tags follow in the order of the record.
var rosterOrder = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Game"}

// lineWidth is where the printer wraps movetext.
const lineWidth = 80

// String returns the canonical text of the game: its tags (the seven-tag
// roster and Game first, then the rest in record order), a blank line, the
// movetext with move numbers (counting the moves of the player who makes the
// record's first move) wrapped at 80 columns, the result, and a blank line.
func (g *Game) String() string {
	var b strings.Builder
	g.write(&b)
	return b.String()
}

// WriteTo writes the canonical text of the game to w.
func (g *Game) WriteTo(w io.Writer) (int64, error) {
	n, err := io.WriteString(w, g.String())
	return int64(n), err
}

func (g *Game) write(b *strings.Builder) {
	size := 16 + 10*len(g.Moves)
	for _, t := range g.Tags {
		size += len(t.Name) + len(t.Value) + 6
	}
	b.Grow(size)
	done := make([]bool, len(g.Tags))
	for _, name := range rosterOrder {
		for i, t := range g.Tags {
			if !done[i] && t.Name == name {
				writeTag(b, t)
				done[i] = true
			}
		}
	}
	for i, t := range g.Tags {
		if !done[i] {
			writeTag(b, t)
		}
	}
	b.WriteByte('\n')

	lw := lineWriter{b: b}
	if c := cleanComment(g.Comment); c != "" {
		lw.word("{", c, "}")
	}
	afterComment := g.Comment != ""
	var num [24]byte
	for i, m := range g.Moves {
		var pre []byte
		if i%2 == 0 {
			pre = append(strconv.AppendInt(num[:0], int64(i/2+1), 10), ". "...)
		} else if afterComment {
			pre = append(strconv.AppendInt(num[:0], int64(i/2+1), 10), "... "...)
		}
		lw.wordBytes(pre, m.Text)
		afterComment = false
		if c := cleanComment(m.Comment); c != "" {
			lw.word("{", c, "}")
			afterComment = true
		}
	}
	result := g.Result
	if result == "" {
		result = "*"
	}
	lw.word("", result, "")
	b.WriteString("\n\n")
}

func writeTag(b *strings.Builder, t Tag) {
	b.WriteByte('[')
	b.WriteString(t.Name)
	b.WriteString(` "`)
	for i := 0; i < len(t.Value); i++ {
		switch c := t.Value[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < ' ' || c == 0x7f:
			b.WriteByte(' ') // a tag value stays on one line
		default:
			b.WriteByte(c)
		}
	}
	b.WriteString("\"]\n")
}

// cleanComment makes text safe inside braces: no closing brace, no line
// breaks, no surrounding space.
func cleanComment(s string) string {
	if s == "" {
		return ""
	}
	s = strings.Map(func(r rune) rune {
		switch r {
		case '}':
			return ')'
		case '\n', '\r', '\t':
			return ' '
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// lineWriter writes words separated by spaces, wrapping at lineWidth.
type lineWriter struct {
	b   *strings.Builder
	col int
}

func (lw *lineWriter) word(pre, w, post string) {
	lw.space(len(pre)+len(w)+len(post), firstByte(pre, w))
	lw.b.WriteString(pre)
	lw.b.WriteString(w)
	lw.b.WriteString(post)
}

// wordBytes writes pre and w as one word (a move number and its move).
func (lw *lineWriter) wordBytes(pre []byte, w string) {
	lw.space(len(pre)+len(w), firstByte(string(pre), w))
	lw.b.Write(pre)
	lw.b.WriteString(w)
}

// space starts a word of size bytes beginning with first: a space before
// it, or a new line when it would pass lineWidth. A word starting with '%'
// never starts a line, where it would read as an escape line.
func (lw *lineWriter) space(size int, first byte) {
	if lw.col > 0 {
		if lw.col+1+size > lineWidth && first != '%' {
			lw.b.WriteByte('\n')
			lw.col = 0
		} else {
			lw.b.WriteByte(' ')
			lw.col++
		}
	}
	lw.col += size
}

func firstByte(a, b string) byte {
	if a != "" {
		return a[0]
	}
	if b != "" {
		return b[0]
	}
	return 0
}
