package input

import (
	"bytes"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
)

// stream follows where the last game of a stream of records starts as it
// is read, in the format replay.FormatOf tells (an .agn file's games or
// SGF game trees).
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
		last, ok = ch.Start, true
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
