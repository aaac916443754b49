package outfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// maxLinks is the most symbolic links Create follows from a path, as many
// as Linux follows.
const maxLinks = 40

// A File is an output being written to the path given to Create. Its
// errors name that path: "write PATH: why".
type File struct {
	path   string   // the path given to Create
	f      *os.File // the temporary file, or the file itself in place
	target string   // what the temporary file is renamed to; "" in place
	err    error    // the first write error
	done   bool
}

// Create starts the output to path. A directory (or a link to one) is an
// error that wraps syscall.EISDIR. Nothing is written to path before
// Commit, unless path is written in place (see the package doc).
func Create(path string) (*File, error) {
	target, st, err := resolve(path)
	if err != nil {
		return nil, &fs.PathError{Op: "write", Path: path, Err: err}
	}
	switch {
	case st == nil || st.Mode().IsRegular():
		perm := fs.FileMode(0o644)
		if st != nil {
			perm = st.Mode().Perm()
		}
		f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*")
		if err != nil {
			return nil, &fs.PathError{Op: "write", Path: path, Err: unwrapPath(err)}
		}
		if err := f.Chmod(perm); err != nil {
			f.Close()
			os.Remove(f.Name())
			return nil, &fs.PathError{Op: "write", Path: path, Err: unwrapPath(err)}
		}
		return &File{path: path, f: f, target: target}, nil
	case st.IsDir():
		return nil, &fs.PathError{Op: "write", Path: path, Err: syscall.EISDIR}
	}
	// A device, a FIFO: written in place, as it is. Opening a FIFO waits
	// for its reader, as a shell's redirection does.
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "write", Path: path, Err: unwrapPath(err)}
	}
	return &File{path: path, f: f}, nil
}

// resolve follows path's symbolic links to what they name: target, and
// its FileInfo, nil when nothing is there yet (a new path, or a link
// that dangles).
func resolve(path string) (target string, st fs.FileInfo, err error) {
	target = path
	for range maxLinks {
		st, err := os.Lstat(target)
		if errors.Is(err, fs.ErrNotExist) {
			return target, nil, nil
		}
		if err != nil {
			return "", nil, unwrapPath(err)
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return target, st, nil
		}
		link, err := os.Readlink(target)
		if err != nil {
			return "", nil, unwrapPath(err)
		}
		if !filepath.IsAbs(link) {
			// The link's folder with its own links resolved, so that
			// a ".." in link is taken from where the link really is.
			dir, err := filepath.EvalSymlinks(filepath.Dir(target))
			if err != nil {
				return "", nil, unwrapPath(err)
			}
			link = filepath.Join(dir, link)
		}
		target = link
	}
	return "", nil, errors.New("too many levels of symbolic links")
}

// Write writes p to the output. After an error, it writes nothing more
// and returns that error.
func (f *File) Write(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	n, err := f.f.Write(p)
	if err != nil {
		f.err = &fs.PathError{Op: "write", Path: f.path, Err: unwrapPath(err)}
	}
	return n, f.err
}

// Commit ends the output: it closes the file and renames the temporary
// file over the path. After a write error, it discards the output and
// returns that error.
func (f *File) Commit() error {
	if f.done {
		return f.err
	}
	if f.err != nil {
		f.Discard()
		return f.err
	}
	f.done = true
	err := f.f.Close()
	if f.target != "" {
		if err == nil {
			err = os.Rename(f.f.Name(), f.target)
		}
		if err != nil {
			os.Remove(f.f.Name())
		}
	}
	if err != nil {
		f.err = &fs.PathError{Op: "write", Path: f.path, Err: unwrapPath(err)}
	}
	return f.err
}

// Discard ends the output without committing it: the temporary file is
// removed and the path left as it was; what was written in place stays
// written. Discard after Commit does nothing.
func (f *File) Discard() {
	if f.done {
		return
	}
	f.done = true
	f.f.Close()
	if f.target != "" {
		os.Remove(f.f.Name())
	}
}

// WriteFile writes text to path through Create (a regular file replaced
// atomically, a device or a FIFO written in place).
func WriteFile(path, text string) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(f, text); err != nil {
		f.Discard()
		return err
	}
	return f.Commit()
}

// unwrapPath drops the path that os errors repeat.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
