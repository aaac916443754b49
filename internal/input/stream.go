package input

import (
	"bytes"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
)

// stream follows where the last game of a stream of records starts as it
// is read, in the format replay.FormatOf tells (an .agn file's games or
// SGF game trees). A game starts where the format's splitter cuts, when
// the text there opens a game as a record's does (see opens): the
// splitter also cuts text that is no record (a stream of random bytes,
// /dev/urandom) into short chunks, and counting those as games would let
// such a stream grow without a bound.
type stream struct {
	start   int // where the last game begins (the earlier ones are whole)
	scanned int // bytes read when it was last looked for
}

// check looks for the start of the last game of data when 8 MiB came in
// since it last looked (so that the text is scanned about twice at most),
// and returns a *notation.TooLongError when that game is longer than
// notation.MaxGame.
func (s *stream) check(name string, data []byte, eof bool) *notation.TooLongError {
	if len(data)-s.scanned < 8<<20 && !eof {
		return nil
	}
	s.scanned = len(data)
	format := replay.FormatOf(name, data)
	last, ok := -1, false
	sp := format.Splitter(data[s.start:])
	for ch, more := sp.Next(); more; ch, more = sp.Next() {
		if !ok || opens(format, data[s.start+ch.Start:]) {
			last, ok = ch.Start, true
		}
	}
	if ok {
		s.start += last
	}
	if len(data)-s.start <= notation.MaxGame {
		return nil
	}
	// Locate the game as replay does (the first game is the whole
	// input when no chunk was found).
	games := 0
	sp = format.Splitter(data[:s.start])
	for _, more := sp.Next(); more; _, more = sp.Next() {
		games++
	}
	line := 1 + bytes.Count(data[:s.start], []byte("\n"))
	col := s.start - bytes.LastIndexByte(data[:s.start], '\n')
	return &notation.TooLongError{File: name, Line: line, Col: col, Index: games + 1}
}

// opens reports whether data begins as a game of format does: an .agn
// game with a whole tag pair on one line, [Name "value"], its value text
// as the parser takes it (UTF-8, no control character); an SGF game tree
// with "(;", a property's name and its "[", as "(;GM[9]", white space
// allowed between them as each format allows it.
func opens(format replay.Format, data []byte) bool {
	if format == replay.SGF {
		if !at(data, 0, '(') {
			return false
		}
		i := skip(data, 1, isSGFSpace)
		if !at(data, i, ';') {
			return false
		}
		// A property's name: upper-case letters, and lower-case ones
		// as FF[3] writes them ("GaMe").
		upper := false
		for i = skip(data, i+1, isSGFSpace); i < len(data); i++ {
			c := data[i]
			if 'A' <= c && c <= 'Z' {
				upper = true
			} else if c < 'a' || c > 'z' {
				break
			}
		}
		return upper && at(data, skip(data, i, isSGFSpace), '[')
	}
	if !at(data, 0, '[') {
		return false
	}
	i := skip(data, 1, isTagSpace)
	n := i
	i = skip(data, i, isNameByte)
	if i == n {
		return false
	}
	i = skip(data, i, isTagSpace)
	if !at(data, i, '"') {
		return false
	}
	v := i + 1
	for i++; i < len(data) && data[i] != '"'; i++ {
		switch c := data[i]; {
		case c == '\\':
			i++ // an escaped quote does not end the value
		case c < ' ' || c == 0x7f:
			return false // a line's end, or what no value may hold
		}
	}
	return i < len(data) && utf8.Valid(data[v:i]) && at(data, skip(data, i+1, isTagSpace), ']')
}

// at reports whether data[i] is c.
func at(data []byte, i int, c byte) bool { return i < len(data) && data[i] == c }

// skip returns the index of the first byte from i on that is not in.
func skip(data []byte, i int, in func(byte) bool) int {
	for i < len(data) && in(data[i]) {
		i++
	}
	return i
}

func isTagSpace(c byte) bool { return c == ' ' || c == '\t' }

func isSGFSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f'
}

// isNameByte reports whether c can be in a tag's name.
func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
