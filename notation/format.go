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
		lw.word("{" + c + "}")
	}
	afterComment := g.Comment != ""
	for i, m := range g.Moves {
		num := strconv.Itoa(i/2 + 1)
		if i%2 == 0 {
			lw.word(num + ". " + m.Text)
		} else if afterComment {
			lw.word(num + "... " + m.Text)
		} else {
			lw.word(m.Text)
		}
		afterComment = false
		if c := cleanComment(m.Comment); c != "" {
			lw.word("{" + c + "}")
			afterComment = true
		}
	}
	result := g.Result
	if result == "" {
		result = "*"
	}
	lw.word(result)
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

func (lw *lineWriter) word(w string) {
	if lw.col > 0 {
		// A line that starts with '%' would read as an escape line.
		if lw.col+1+len(w) > lineWidth && w[0] != '%' {
			lw.b.WriteByte('\n')
			lw.col = 0
		} else {
			lw.b.WriteByte(' ')
			lw.col++
		}
	}
	lw.b.WriteString(w)
	lw.col += len(w)
}
