package store

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// checkWritable says why the database at path cannot be opened for
// writing, before SQLite says only "unable to open database file": path is
// a directory, its folder does not exist or is not a folder, or arbiter may
// not write the file or create files in its folder (SQLite keeps its log
// and shared-memory files beside the database).
func checkWritable(path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return fmt.Errorf("database %s is a directory, not a file", path)
	case err == nil:
		if !writable(path) {
			return fmt.Errorf("database %s is read only: no permission to write it", path)
		}
		if err := checkFileHeader(path, st); err != nil {
			return err
		}
	case errors.Is(err, fs.ErrNotExist):
		if err := checkFolder(path, dir); err != nil {
			return err
		}
	default:
		if err := checkFolder(path, dir); err != nil {
			return err
		}
		return fmt.Errorf("database %s: %w", path, unwrapPath(err))
	}
	if !writable(dir) {
		return fmt.Errorf("database %s: no permission to create files in the folder %s (SQLite keeps its log beside the database)", path, dir)
	}
	return nil
}

// checkReadable says why the database at path cannot be opened for
// reading.
func checkReadable(path string) error {
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return fmt.Errorf("database %s is a directory, not a file", path)
	case errors.Is(err, fs.ErrNotExist):
		if err := checkFolder(path, filepath.Dir(path)); err != nil {
			return err
		}
		return fmt.Errorf("database %s does not exist", path)
	case err != nil:
		if err := checkFolder(path, filepath.Dir(path)); err != nil {
			return err
		}
		return fmt.Errorf("database %s: %w", path, unwrapPath(err))
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("database %s: %w", path, unwrapPath(err))
	}
	f.Close()
	return checkFileHeader(path, st)
}

// sqliteHeader is how every SQLite database file begins.
const sqliteHeader = "SQLite format 3\x00"

// checkFileHeader says that the file at path (st its Stat) is not a SQLite
// database when it does not begin with sqliteHeader: SQLite answers "file
// is not a database" for it as for a damaged database, which it is not (a
// script given to --db, say). An empty file is a new database; a file that
// cannot be read is left to SQLite to tell, and so is anything but a
// regular file (opening a FIFO to read it waits for a writer).
func checkFileHeader(path string, st fs.FileInfo) error {
	if !st.Mode().IsRegular() {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	b := make([]byte, len(sqliteHeader))
	n, err := io.ReadFull(f, b)
	if n == 0 || string(b) == sqliteHeader || err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil
	}
	return fmt.Errorf("database %s is not a SQLite database (a SQLite database begins with %q): "+
		"give a database's file, or the name of a new one", path, sqliteHeader[:len(sqliteHeader)-1])
}

// checkFolder checks that dir, the folder of the database path, exists.
func checkFolder(path, dir string) error {
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("database %s: the folder %s does not exist", path, dir)
	}
	if err != nil {
		return fmt.Errorf("database %s: folder %s: %w", path, dir, unwrapPath(err))
	}
	if !st.IsDir() {
		return fmt.Errorf("database %s: %s is not a folder", path, dir)
	}
	return nil
}

// unwrapPath drops the path that os errors repeat.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
