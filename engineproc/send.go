package engineproc

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/arbiter-games/arbiter/internal/shorten"
)

// send writes the queued commands (e.wbuf) in one write; an engine that
// does not read them within the ping timeout stalls, one that has gone
// crashes.
func (e *Client) send() error {
	b := e.wbuf
	e.wbuf = e.wbuf[:0]
	if e.failed != nil {
		return e.failed
	}
	if e.closed {
		return e.fail(&Error{Kind: Crash, Detail: "used after close"})
	}
	select {
	case <-e.exited:
		return e.crashed("before reading its input")
	default:
	}
	if e.log != nil {
		e.log.lines(e.logWho, '>', b)
	}
	if err := writeWithin(e.inW, b, e.t.Ping); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return e.fail(&Error{Kind: Stall, Detail: "does not read its input"})
		}
		return e.crashed("while reading its input")
	}
	return nil
}

// sendString writes the queued commands and s, which must be one line.
func (e *Client) sendString(s string) error {
	if controlAt(s) >= 0 {
		e.wbuf = e.wbuf[:0]
		return e.refuse(s)
	}
	e.wbuf = append(e.wbuf, s...)
	e.wbuf = append(e.wbuf, '\n')
	return e.send()
}

// controlAt returns the index of the first control character of s (a
// newline included), or -1.
func controlAt[T string | []byte](s T) int {
	// The position command grows with the game and is checked at every
	// move: eight bytes at a time, a word is passed over when none of its
	// bytes is below 0x20 or is 0x7f (x-0x20 borrows into the top bit of
	// a byte below 0x20 that has it clear; x^0x7f is zero for 0x7f).
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		y := x ^ 0x7f*ones
		if ((x-0x20*ones)&^x|(y-ones)&^y)&highs != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			return i
		}
	}
	return -1
}

// refuse fails the engine for a command that holds a control character:
// written, it would be two commands (a config's check refuses such option
// names and values before; this is the last guard).
func (e *Client) refuse(cmd string) error {
	return e.fail(&Error{Kind: Refused, Text: cmd,
		Detail: fmt.Sprintf("the command %q holds a control character; it was not sent", shorten.To(cmd, 200))})
}

// deadlineWriter is a writer with a write deadline.
type deadlineWriter interface {
	io.Writer
	SetWriteDeadline(t time.Time) error
}

// tryWriter is a writer that can write without waiting: TryWrite writes
// what the pipe takes at once (a rawPipe).
type tryWriter interface {
	TryWrite(p []byte) (int, error)
}

// writeWithin writes all of b to w, failing with os.ErrDeadlineExceeded
// when w takes none of it for d. The deadline is set only when the pipe is
// full: a command mostly goes in one write, which then costs no clock
// reading and no timer.
func writeWithin(w deadlineWriter, b []byte, d time.Duration) error {
	if t, ok := w.(tryWriter); ok {
		n, err := t.TryWrite(b)
		if err != nil || n == len(b) {
			return err
		}
		b = b[n:]
	}
	w.SetWriteDeadline(time.Now().Add(d))
	_, err := w.Write(b)
	// The deadline goes with this write: left set, it would fail a later
	// TryWrite once it has passed, however ready the pipe.
	w.SetWriteDeadline(time.Time{})
	return err
}
