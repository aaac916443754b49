package sgf

import "github.com/arbiter-games/arbiter/notation"

// A Splitter cuts an SGF file into the text of its game trees without
// parsing them, one chunk per call to Next, as notation.Splitter cuts an
// .agn file: a chunk runs from the first byte that is not white space to
// the parenthesis that closes the game tree opened by its first "(",
// property values skipped as a whole. A tree that is never closed, or a
// value, runs to the end of the file (the parser says so). A Splitter looks
// at each byte once and never fails.
type Splitter struct {
	data         []byte
	i, line, bol int // bol: index of the first byte of the current line
	done         bool
}

// NewSplitter returns a Splitter at the start of data, after a UTF-8 byte
// order mark.
func NewSplitter(data []byte) *Splitter {
	i := 0
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		i = 3
	}
	return &Splitter{data: data, i: i, line: 1}
}

// Next returns the next chunk, or false after the last one.
func (s *Splitter) Next() (notation.Chunk, bool) {
	if s.done {
		return notation.Chunk{}, false
	}
	data := s.data
	n := len(data)
	i, line, bol := s.i, s.line, s.bol
	for i < n && isSpace(data[i]) {
		if data[i] == '\n' {
			line++
			bol = i + 1
		}
		i++
	}
	if i >= n {
		s.i, s.line, s.bol, s.done = i, line, bol, true
		return notation.Chunk{}, false
	}
	ch := notation.Chunk{Start: i, Line: line, Col: i - bol + 1}
	depth := 0
scan:
	for i < n {
		switch data[i] {
		case '\n':
			line++
			bol = i + 1
		case '[':
			i++
			for i < n && data[i] != ']' {
				switch data[i] {
				case '\\':
					if i+1 < n && data[i+1] == '\n' {
						line++
						bol = i + 2
					}
					i++
				case '\n':
					line++
					bol = i + 1
				}
				i++
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth <= 0 {
				i++
				break scan
			}
		}
		i++
	}
	if i > n {
		i = n
	}
	ch.End = i
	s.i, s.line, s.bol = i, line, bol
	return ch, true
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f'
}
