package engineproc

import (
	"bytes"
	"io"
	"strings"
)

type line struct {
	text string
	long bool // longer than MaxLine; text is empty
}

// lineReader cuts an engine's stdout into lines. Unlike a bufio.Reader it
// keeps a partial line across a read that fails (a deadline), and it turns a
// line longer than MaxLine into one long line without keeping it: the long
// line is returned as soon as MaxLine bytes without a newline have come, not
// at its end, so that an engine writing without end is caught at once.
type lineReader struct {
	buf  []byte
	r, w int  // buf[r:w] is read and not yet returned
	skip bool // inside a long line already returned: drop bytes up to its newline
}

// next returns the next complete line in the buffer, or a long line once
// MaxLine bytes of it have come.
func (lr *lineReader) next() (line, bool) {
	if lr.skip {
		i := bytes.IndexByte(lr.buf[lr.r:lr.w], '\n')
		if i < 0 {
			lr.r, lr.w = 0, 0
			return line{}, false
		}
		lr.r += i + 1
		lr.skip = false
	}
	i := bytes.IndexByte(lr.buf[lr.r:lr.w], '\n')
	if i < 0 {
		if lr.w-lr.r >= MaxLine {
			lr.skip = true
			lr.r, lr.w = 0, 0
			return line{long: true}, true
		}
		return line{}, false
	}
	b := lr.buf[lr.r : lr.r+i]
	lr.r += i + 1
	return line{text: strings.TrimRight(string(b), "\r")}, true
}

// rest returns what is left at the end of the output: a last line without
// its newline.
func (lr *lineReader) rest() (line, bool) {
	if lr.r < lr.w && !lr.skip {
		b := lr.buf[lr.r:lr.w]
		lr.r, lr.w = 0, 0
		return line{text: strings.TrimRight(string(b), "\r")}, true
	}
	lr.r, lr.w = 0, 0
	return line{}, false
}

// fill reads once from f into the buffer, growing it up to MaxLine bytes.
func (lr *lineReader) fill(f io.Reader) error {
	if lr.r > 0 {
		lr.w = copy(lr.buf, lr.buf[lr.r:lr.w])
		lr.r = 0
	}
	if lr.w == len(lr.buf) {
		lr.buf = append(lr.buf, make([]byte, min(len(lr.buf), MaxLine))...)
	}
	n, err := f.Read(lr.buf[lr.w:])
	lr.w += n
	return err
}
