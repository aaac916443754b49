package engineproc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// deadlineReader is a reader with read deadlines (*os.File, net.Conn).
type deadlineReader interface {
	io.Reader
	SetReadDeadline(t time.Time) error
}

// longAgo is a read deadline that has passed: it interrupts a read.
var longAgo = time.Unix(1, 0)

// watch arranges for ctx's end to interrupt the reads of stdout.
func (e *Client) watch(ctx context.Context) {
	if ctx == e.watched {
		return
	}
	if e.unwatch != nil {
		e.unwatch()
	}
	e.watched = ctx
	e.unwatch = context.AfterFunc(ctx, func() { e.outR.SetReadDeadline(longAgo) })
}

// errTimeout is recv's error when the deadline passes first.
var errTimeout = errors.New("deadline passed")

// drainWait is how long the output of an engine that has exited is still
// read: what it wrote before it exited is in the pipe already, but a process
// it left behind may hold the pipe open without end.
const drainWait = 100 * time.Millisecond

// readDeadline sets the read deadline of stdout: deadline, or once the
// process has exited, the end of the drain. The Wait goroutine expires the
// deadline after it closes e.exited, so that a read that started before the
// exit ends too; the deadline is set before e.exited is checked, so that an
// exit between the two is not missed.
func (e *Client) readDeadline(deadline time.Time) {
	e.outR.SetReadDeadline(deadline)
	select {
	case <-e.exited:
		if e.drain.IsZero() {
			e.drain = time.Now().Add(drainWait)
		}
		d := e.drain
		if deadline.Before(d) {
			d = deadline
		}
		e.outR.SetReadDeadline(d)
	default:
	}
}

// recv returns the next line of stdout, or errTimeout when deadline passes
// first, or io.EOF when the output ended or the process exited, or ctx's
// error. The line goes to the log, if any.
func (e *Client) recv(ctx context.Context, deadline time.Time) (line, error) {
	l, err := e.recvLine(ctx, deadline)
	if e.log != nil && err == nil {
		if l.long {
			e.log.line(e.logWho, '<', fmt.Sprintf("(a line longer than %d bytes, not kept)", MaxLine))
		} else {
			e.log.line(e.logWho, '<', l.text)
		}
	}
	return l, err
}

func (e *Client) recvLine(ctx context.Context, deadline time.Time) (line, error) {
	if l, ok := e.out.next(); ok {
		return l, nil
	}
	e.watch(ctx)
	// The deadline is set before ctx is checked: a ctx that ends after the
	// check expires it through watch's AfterFunc.
	e.readDeadline(deadline)
	if err := ctx.Err(); err != nil {
		return line{}, err
	}
	for {
		err := e.out.fill(e.outR)
		if l, ok := e.out.next(); ok {
			return l, nil
		}
		switch {
		case err == nil:
		case errors.Is(err, os.ErrDeadlineExceeded):
			if err := ctx.Err(); err != nil {
				return line{}, err
			}
			if !e.drain.IsZero() && !time.Now().Before(e.drain) {
				// Exited, and what it wrote has been read: the end of
				// its output, whoever still holds the pipe.
				if l, ok := e.out.rest(); ok {
					return l, nil
				}
				return line{}, io.EOF
			}
			if !time.Now().Before(deadline) {
				return line{}, errTimeout
			}
			// Expired by the AfterFunc of a context watched before, or
			// by the process's exit.
			e.readDeadline(deadline)
		default:
			if err := ctx.Err(); err != nil {
				return line{}, err // the output ended because ctx killed the engine
			}
			if l, ok := e.out.rest(); ok {
				return l, nil
			}
			return line{}, io.EOF
		}
	}
}
