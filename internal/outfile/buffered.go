package outfile

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// Buffered returns a buffered writer to stdout (path "" or "-") or to
// path through Create (a regular file replaced atomically, a device or a
// FIFO written in place, a link's target written), and finish, which
// flushes and, when err is nil, commits the output (else discards it);
// finish returns the first error, located at path. A directory is Create's
// error, which wraps syscall.EISDIR.
func Buffered(stdout io.Writer, path string) (w io.Writer, finish func(err error) error, err error) {
	if path == "" || path == "-" {
		bw := bufio.NewWriterSize(stdout, 64<<10)
		return bw, func(err error) error {
			if ferr := bw.Flush(); err == nil {
				err = ferr
			}
			return err
		}, nil
	}
	f, err := Create(path)
	if err != nil {
		return nil, nil, err
	}
	bw := bufio.NewWriterSize(f, 64<<10)
	return bw, func(err error) error {
		if err == nil {
			err = bw.Flush()
		}
		if err == nil {
			return f.Commit()
		}
		f.Discard()
		// A write error of the output names it already.
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) && pe.Path == path {
			return err
		}
		return fmt.Errorf("write %s: %w", path, err)
	}, nil
}

// Interruptible returns a writer that writes to w until ctx ends, then
// fails with ctx's error: writing a big output (a report of a million
// head-to-head lines) then stops at its next write.
func Interruptible(ctx context.Context, w io.Writer) io.Writer {
	return &ctxWriter{done: ctx.Done(), ctx: ctx, w: w}
}

type ctxWriter struct {
	done <-chan struct{}
	ctx  context.Context
	w    io.Writer
}

func (c *ctxWriter) Write(p []byte) (int, error) {
	select {
	case <-c.done:
		return 0, c.ctx.Err()
	default:
	}
	return c.w.Write(p)
}
