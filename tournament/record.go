package tournament

import "strings"

// buildRecord writes a finished game as a record in arbiter's notation:
// tags, a blank line, numbered movetext (numbers count the first mover's
// moves), the comment before the result, and a blank line.
//
// It stands in for notation.Game.String until that lands.
func buildRecord(tags [][2]string, moves []string, comment, result string) string {
	var b strings.Builder
	for _, t := range tags {
		b.WriteString("[")
		b.WriteString(t[0])
		b.WriteString(` "`)
		b.WriteString(strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(t[1]))
		b.WriteString("\"]\n")
	}
	b.WriteString("\n")
	col := 0
	word := func(w string) {
		if col > 0 && col+1+len(w) > 79 {
			b.WriteString("\n")
			col = 0
		} else if col > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	for i, m := range moves {
		if i%2 == 0 {
			word(itoa(i/2+1) + ".")
		}
		word(m)
	}
	if comment != "" {
		for _, w := range strings.Fields("{" + comment + "}") {
			word(w)
		}
	}
	word(result)
	b.WriteString("\n\n")
	return b.String()
}

func itoa(n int) string {
	var buf [20]byte
	i := len(buf)
	for {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return string(buf[i:])
}

// commentText makes s safe inside a {comment}: one line, no braces.
func commentText(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '{':
			return '('
		case '}':
			return ')'
		case '\n', '\r', '\t':
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}
