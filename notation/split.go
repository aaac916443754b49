package notation

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
)

// Chunk is the text of one game within a file: data[Start:End], starting
// at line Line, column Col.
type Chunk struct {
	Start, End int
	Line, Col  int
}

// A Splitter cuts a record file into the text of its games without
// parsing them, one chunk per call to Next, so that the games can be
// parsed and replayed as they are found, in parallel when the caller takes
// the chunks from several goroutines in turn (under a lock). A game ends
// where a tag begins after movetext. Comments are skipped as a whole,
// except that an unterminated brace comment ends at a blank line followed
// by a line that starts with a tag, so that one bad game does not swallow
// the rest of the file. A Splitter looks at each byte once and never
// fails: what is wrong inside a chunk is for Game.Parse to say.
type Splitter struct {
	data                       []byte
	i, line, lineStart         int
	start, startLine, startCol int  // where the current chunk begins
	content                    bool // the current chunk has something besides space
	moves                      bool // the current chunk has something besides tags
	done                       bool
}

// NewSplitter returns a Splitter at the start of data.
func NewSplitter(data []byte) *Splitter {
	i := 0
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		i = 3 // UTF-8 byte order mark
	}
	return &Splitter{data: data, i: i, line: 1, start: i, startLine: 1, startCol: i + 1}
}

// Next returns the next chunk, or false after the last one.
func (s *Splitter) Next() (Chunk, bool) {
	if s.done {
		return Chunk{}, false
	}
	// The state lives in locals while the loop runs (kept in registers),
	// and goes back into s when a chunk is returned.
	data := s.data
	n := len(data)
	i, line, lineStart := s.i, s.line, s.lineStart
	start, startLine, startCol := s.start, s.startLine, s.startCol
	content, moves := s.content, s.moves
	for i < n {
		c := data[i]
		switch c {
		case '\n':
			line++
			lineStart = i + 1
			i++
		case ' ', '\t', '\r':
			i++
		case '[':
			var ch Chunk
			ended := moves // the tag starts the next game
			if ended {
				ch = Chunk{Start: start, End: i, Line: startLine, Col: startCol}
				start, startLine, startCol = i, line, i-lineStart+1
				moves = false
			}
			if !content {
				start, startLine, startCol = i, line, i-lineStart+1
			}
			content = true
			i = skipTag(data, i+1)
			if ended {
				s.i, s.line, s.lineStart = i, line, lineStart
				s.start, s.startLine, s.startCol = start, startLine, startCol
				s.content, s.moves = content, moves
				return ch, true
			}
		case '{':
			if !content {
				start, startLine, startCol = i, line, i-lineStart+1
			}
			content = true
			var cut bool
			i, line, lineStart, cut = skipComment(data, i+1, line, lineStart)
			if cut {
				moves = true // the unterminated comment's game ends here
			}
		case ';':
			if !content {
				start, startLine, startCol = i, line, i-lineStart+1
			}
			content = true
			for i < n && data[i] != '\n' {
				i++
			}
		case '%':
			if i == lineStart { // escape line: ignored to its end
				for i < n && data[i] != '\n' {
					i++
				}
				continue
			}
			fallthrough
		default:
			if !content {
				start, startLine, startCol = i, line, i-lineStart+1
			}
			content, moves = true, true
			i = skipPlain(data, i+1)
		}
	}
	s.i, s.line, s.lineStart, s.done = i, line, lineStart, true
	if content {
		return Chunk{Start: start, End: n, Line: startLine, Col: startCol}, true
	}
	return Chunk{}, false
}

// skipTag returns the index after the tag that starts before i: after its
// closing bracket, or at the end of its line when it has none. It looks at
// each byte of a long line of tags a bounded number of times.
func skipTag(data []byte, i int) int {
	// The common case, [Name "value"] with no escapes: the name by a byte
	// loop that stops where the loop below would, the value by a byte
	// search.
	k := i
	for k < len(data) && data[k] != '"' && data[k] != ']' && data[k] != '\n' {
		k++
	}
	if k < len(data) && data[k] == '"' {
		v := k + 1
		if e := bytes.IndexByte(data[v:], '"'); e >= 0 {
			val := data[v : v+e]
			if bytes.IndexByte(val, '\\') < 0 && bytes.IndexByte(val, '\n') < 0 {
				j := v + e + 1
				for j < len(data) && (data[j] == ' ' || data[j] == '\t') {
					j++
				}
				if j < len(data) && data[j] == ']' {
					return j + 1
				}
			}
		}
	}
	return skipTagSlow(data, i)
}

// skipTagSlow is skipTag byte by byte, what its fast path must agree with.
func skipTagSlow(data []byte, i int) int {
	inString := false
	for i < len(data) {
		switch c := data[i]; {
		case c == '\n':
			return i
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && c == ']':
			return i + 1
		}
		i++
	}
	return i
}

// skipComment returns the index after the brace comment whose body starts
// at i, with the line count brought up to date. An unterminated comment
// ends before a blank line followed by a tag line (cut is then true), or at
// the end of data.
func skipComment(data []byte, i, line, lineStart int) (next, nextLine, nextLineStart int, cut bool) {
	for i < len(data) {
		switch data[i] {
		case '}':
			return i + 1, line, lineStart, false
		case '\n':
			line++
			lineStart = i + 1
			if tagAfterBlankLine(data, i+1) >= 0 {
				// leave the blank line and the tag to the main loop
				return i + 1, line, lineStart, true
			}
		}
		i++
	}
	return i, line, lineStart, false
}

// tagAfterBlankLine reports where a line that starts a tag ([Name ") begins,
// if the line starting at i is blank and the next one starts a tag; else -1.
func tagAfterBlankLine(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r') {
		i++
	}
	if i >= len(data) || data[i] != '\n' {
		return -1
	}
	i++
	if i >= len(data) || data[i] != '[' {
		return -1
	}
	j := i + 1
	for j < len(data) && isNameByte(data[j]) {
		j++
	}
	if j == i+1 {
		return -1
	}
	for j < len(data) && (data[j] == ' ' || data[j] == '\t') {
		j++
	}
	if j < len(data) && data[j] == '"' {
		return i
	}
	return -1
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// skipPlain returns the index of the first byte at or after i that a
// Splitter must look at (splitStop), or len(data). Movetext is most of a
// record file, and a line of it holds none of them before its line break:
// it is read eight bytes at a time while no byte can be one (plainStops).
// skipPlain is called in the middle of a line (the Splitter's default
// case), where a '%' means nothing: only a line's first byte can start an
// escape line, and the Splitter reads that byte itself after the '\n'.
func skipPlain(data []byte, i int) int {
	for ; i+8 <= len(data); i += 8 {
		if m := plainStops(binary.LittleEndian.Uint64(data[i:])); m != 0 {
			i += bits.TrailingZeros64(m) >> 3
			break
		}
	}
	for i < len(data) && !splitStop[data[i]] {
		i++
	}
	return i
}

// plainStops marks (bit 7 of its byte) each byte of the eight of w that
// may be one of splitStop, and none before the first that is: a byte is
// '\n' when it equals it, and '[', '{' or ';' when with bits 0x60 set it
// is 0x7b ('{'), as it also is for 0x1b (escape), which the byte loop
// then passes over.
func plainStops(w uint64) uint64 {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	nl := w ^ ('\n' * ones)
	br := (w | 0x60*ones) ^ ('{' * ones)
	return ((nl-ones)&^nl | (br-ones)&^br) & highs
}

// splitStop marks the bytes a Splitter must look at within a line; it
// skips the others in a tight loop.
var splitStop = func() (t [256]bool) {
	for _, c := range "\n[{;" {
		t[c] = true
	}
	return t
}()

// MaxGame is the size of the largest game arbiter reads, 64 MiB (a long
// game with comments is a few kilobytes): past it, the text is not a
// record file, and readers stop with a *TooLongError rather than hold it
// all (replay.File for a file, internal/input for a stream).
const MaxGame = 64 << 20

// TooLongError is the error of a game longer than MaxGame.
type TooLongError struct {
	File      string
	Line, Col int // where the game starts
	Index     int // 1-based
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("%s:%d:%d: game %d is longer than %d MiB, the most arbiter reads as one game (is this a record file?)",
		e.File, e.Line, e.Col, e.Index, MaxGame>>20)
}
