package input

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// Options say how Read reads a file.
type Options struct {
	// Map maps a regular file into memory, read only, rather than reading
	// it, where the system can: nothing is copied, and the pages come in
	// as they are first read. File.Release unmaps it. Data then changes if
	// the file does: the caller must cope with a file cut short while it
	// reads (replay.File stops with replay.ErrChanged).
	Map bool
	// Stdin is what the name "-" reads.
	Stdin io.Reader
	// Records, when set, bounds a stream (standard input, a pipe, a FIFO,
	// a device) of game records: it gives each stream read a Bound, which
	// sees the data read so far after each read, and whose error ends the
	// read and is Read's, as it is. replay.NewStreamBound reads no further
	// than notation.MaxGame bytes past the start of the last game, so that
	// the memory a stream takes is what its games take plus at most that.
	// Without it a stream is read to its end. A regular file is read whole
	// either way: replay.File checks the size of its games.
	Records func() Bound
	// Limit, when above 0, is the most bytes Read takes from any file,
	// regular or a stream: a longer one is a *LimitError, found before
	// more than Limit bytes are held (a regular file by its size).
	Limit int64
}

// A Bound checks a stream as it is read (see Options.Records): data is what
// came in so far, eof is set at its end, and an error ends the read.
type Bound interface {
	Check(name string, data []byte, eof bool) error
}

// boundError carries a Bound's error through the read, to be returned as
// it is.
type boundError struct{ err error }

func (e *boundError) Error() string { return e.err.Error() }

// LimitError is Read's error for a file longer than Options.Limit.
type LimitError struct {
	Name  string
	Limit int64
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("read %s: larger than %s", e.Name, Size(e.Limit))
}

// Size writes a number of bytes for people: "64 MiB", "1 KiB", "100 bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// A File is what Read read or mapped.
type File struct {
	Name    string // the name given to Read; "<stdin>" for "-"
	Data    []byte // what the file holds
	release func() // unmaps Data; nil when Data was read
}

// Release unmaps the file's Data when Read mapped it, and sets Data to
// nil; nothing may use Data (or the strings made from it in place) after.
// It does nothing for a file read, or a second time.
func (f *File) Release() {
	if f.release != nil {
		f.release()
		f.release, f.Data = nil, nil
	}
}

// Read reads (or maps) the file name, "-" for opts.Stdin. Other than ctx's,
// a *notation.TooLongError and a *LimitError, its errors say what it could
// not read: "read NAME: why".
//
// Opening and reading stop when ctx is done, with ctx.Err(), even while
// the system call waits (a FIFO with no writer, a terminal): the call is
// left waiting on a goroutine of its own, which releases what it may still
// return, and Read returns.
func Read(ctx context.Context, name string, opts Options) (*File, error) {
	type result struct {
		f   *File
		err error
	}
	done := make(chan result, 1)
	go func() {
		f, err := read(ctx, name, opts)
		done <- result{f, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, r.err
		}
		return r.f, nil
	case <-ctx.Done():
		go func() {
			if r := <-done; r.f != nil {
				r.f.Release()
			}
		}()
		return nil, ctx.Err()
	}
}

// ReadAll reads (or maps) every named file as Read does, before any work
// starts, so that an unreadable file fails a command with nothing done:
// at the first error, the files read so far are released.
func ReadAll(ctx context.Context, names []string, opts Options) ([]*File, error) {
	files := make([]*File, 0, len(names))
	for _, name := range names {
		f, err := Read(ctx, name, opts)
		if err != nil {
			ReleaseAll(files)
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// ReleaseAll releases files (see File.Release).
func ReleaseAll(files []*File) {
	for _, f := range files {
		f.Release()
	}
}

// read is Read on the calling goroutine.
func read(ctx context.Context, name string, opts Options) (*File, error) {
	f := &File{Name: name}
	var err error
	if name == "-" {
		f.Name = "<stdin>"
		f.Data, err = readStream(ctx, f.Name, opts.Stdin, 0, opts)
	} else {
		f.Data, f.release, err = readFile(ctx, name, opts)
	}
	if err != nil {
		var be *boundError
		if errors.As(err, &be) {
			return nil, be.err
		}
		var le *LimitError
		if errors.As(err, &le) || errors.Is(err, ctx.Err()) && ctx.Err() != nil {
			return nil, err
		}
		return nil, fmt.Errorf("read %s: %w", f.Name, UnwrapPath(err))
	}
	return f, nil
}

// readFile reads the file name: a regular file whole, or with opts.Map
// mapped when it can be (release then unmaps it); anything else (a pipe, a
// FIFO, a device) as readStream does. It opens name once: a FIFO opened
// twice could lose what a writer wrote in between.
func readFile(ctx context.Context, name string, opts Options) (data []byte, release func(), err error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer fh.Close() // a mapping stays valid without the descriptor
	st, err := fh.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		data, err = readStream(ctx, name, fh, 0, opts)
		return data, nil, err
	}
	if opts.Limit > 0 && st.Size() > opts.Limit {
		return nil, nil, &LimitError{Name: name, Limit: opts.Limit}
	}
	if opts.Map {
		if data, release, ok := mapFile(fh, st.Size()); ok {
			return data, release, nil
		}
	}
	// A file that grows while it is read is still bounded.
	opts.Records = nil
	data, err = readStream(ctx, name, fh, st.Size(), opts)
	return data, nil, err
}

// readStream reads r to its end, checking ctx between reads. With
// opts.Records, it stops where the stream's Bound fails; with opts.Limit, no
// further than that many bytes, failing with a *LimitError. size is a
// hint of the length.
func readStream(ctx context.Context, name string, r io.Reader, size int64, opts Options) ([]byte, error) {
	const chunk = 1 << 20
	hint := min(size+1, 1<<30)
	if opts.Limit > 0 {
		hint = min(hint, opts.Limit+1)
	}
	buf := make([]byte, 0, max(hint, 512))
	var bound Bound
	if opts.Records != nil {
		bound = opts.Records()
	}
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(buf) == cap(buf) {
			// Doubled (append grows large slices by a quarter, copying
			// a stream of unknown length some twenty times over), and
			// never past what the limit lets it hold.
			n := 2 * cap(buf)
			if opts.Limit > 0 {
				n = int(min(int64(n), opts.Limit+1))
			}
			buf = append(make([]byte, 0, n), buf...)
		}
		n, err := r.Read(buf[len(buf):min(cap(buf), len(buf)+chunk)])
		buf = buf[:len(buf)+n]
		if opts.Limit > 0 && int64(len(buf)) > opts.Limit {
			return nil, &LimitError{Name: name, Limit: opts.Limit}
		}
		if bound != nil {
			if berr := bound.Check(name, buf, err == io.EOF); berr != nil {
				return nil, &boundError{berr}
			}
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// UnwrapPath drops the path that os errors repeat, for a message that
// names the file already.
func UnwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
