package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/arbiter-games/arbiter/store"
)

// A SQLite database file replaced under the server (a copy moved over it,
// a backup restored) is not the one the server reads: its connections hold
// the file they opened, and new ones of its pool would open the new file
// with the old one's -wal and -shm. The server says so, on the pages and
// once on stderr, and stops refreshing until the file is the opened one
// again. It does not reopen the file itself: closing the connections of
// the replaced file makes SQLite remove the -wal and -shm files by name,
// which may then be the new database's; a restart is safe where the
// running server cannot be.

// watchedFile returns the file of db to watch: nil on PostgreSQL, or when
// it cannot be looked at.
func watchedFile(db *store.DB) fs.FileInfo {
	if !db.IsFile() {
		return nil
	}
	fi, err := os.Stat(db.Path())
	if err != nil {
		return nil
	}
	return fi
}

// fileNote returns what the pages say of the database file: "" while the
// file at its path is the one the server opened.
func (s *Server) fileNote() string {
	if s.Opened == nil {
		return ""
	}
	path := s.db.Path()
	fi, err := os.Stat(path)
	switch {
	case err == nil && os.SameFile(fi, s.Opened):
		return ""
	case err == nil:
		return fmt.Sprintf("the database file %s was replaced after arbiter serve opened it: the pages show the file it opened, as it was then; restart arbiter serve to see the new one", path)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("the database file %s was removed or moved away after arbiter serve opened it: the pages show the file it opened, as it was then", path)
	}
	return fmt.Sprintf("the database file %s cannot be looked at (%v): the pages show the file arbiter serve opened, as it was then", path, err)
}

// watchFile looks at the database file, says on stderr (Warn) when it
// stops or starts again being the one opened, and reports whether it is.
func (s *Server) watchFile() bool {
	note := s.fileNote()
	s.mu.Lock()
	changed := note != s.note
	s.note = note
	s.mu.Unlock()
	if changed && s.Warn != nil {
		if note == "" {
			s.Warn(fmt.Sprintf("the database file %s is the one arbiter serve opened again", s.db.Path()))
		} else {
			s.Warn(note)
		}
	}
	return note == ""
}
