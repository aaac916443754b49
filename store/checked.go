package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// A full check (QuickCheck) reads every page of the database. Its passing
// is remembered beside the database, in the stamp file FILE-checked, by the
// state of the database's files when it passed: the file's device, inode,
// size, modification and change times, and the same of its log (-wal)
// when that holds anything. Any write into the files changes that state,
// whoever makes it (SQLite, another program, a copy over the file, a file
// restored in its place: the change time cannot be set back), so an open
// that finds the files in the stamp's state skips the check, and any other
// open runs it. A stamp is written only for a state that a check has just
// passed, with the files the same after the check as before it:
//
//   - Open and OpenReader check unless the stamp is fresh, and write one
//     when the check passes (best effort: where the folder cannot be
//     written, every open checks).
//   - Close of a database opened with Open (a tournament, an import, a
//     copy's destination) checks the files again when they changed while
//     it was open, once its connections are closed and SQLite has folded
//     the log into the file, and stamps them: the report after a
//     tournament or an import finds them checked. Damage found then is
//     left to the next open to report (no stamp is written).
//   - A stamp older than stampMaxAge is stale, so that damage that leaves
//     the files' state alone (bit rot) is found within that time.
//   - A query that meets a malformed page fails with ErrDamaged and
//     removes the stamp (see damaged).
//
// The stamp is a cache of a check's result, not a seal: removing it forces
// the check. A state whose last change is within the file system's clock
// step of the moment it is read is not stamped (see racy): another change
// within the same step would leave the times as they are.

// checkedSuffix names the stamp beside the database.
const checkedSuffix = "-checked"

// stampMaxAge is how long a passed check is trusted for a database whose
// files do not change.
const stampMaxAge = 24 * time.Hour

// fileState is what a write changes of a file. The zero fileState stands
// for a log that is missing or empty.
type fileState struct {
	dev, ino     uint64
	size         int64
	mtime, ctime int64 // nanoseconds since 1970
}

// dbState is the state of a database's file and its log.
type dbState struct {
	db, wal fileState
}

// errNoState is statFile's error where the system gives no inode and
// change time: every open checks there.
var errNoState = errors.New("no file state on this system")

// stateOf returns the state of the database file path and its log.
func stateOf(path string) (dbState, error) {
	var s dbState
	var err error
	if s.db, err = statFile(path); err != nil {
		return s, err
	}
	wal, err := statFile(path + "-wal")
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return s, err
	case wal.size > 0:
		s.wal = wal
	}
	return s, nil
}

// latest is the time of the last change of s.
func (s dbState) latest() time.Time {
	return time.Unix(0, max(s.db.mtime, s.db.ctime, s.wal.mtime, s.wal.ctime))
}

// step is the resolution to assume of the file system's times: a kernel
// clock tick where they have nanoseconds, else (times in whole seconds, as
// on older file systems) two seconds.
func (s dbState) step() time.Duration {
	for _, t := range []int64{s.db.mtime, s.db.ctime, s.wal.mtime, s.wal.ctime} {
		if t%int64(time.Second) != 0 {
			return 20 * time.Millisecond
		}
	}
	return 2 * time.Second
}

// racy reports whether s, read at now, changed too recently to be stamped:
// a later change within the same step of the file system's clock would
// leave its times, and so s, as they are.
func (s dbState) racy(now time.Time) bool {
	return now.Sub(s.latest()) < s.step()
}

// stamp is the file that remembers a passed check of a database.
type stamp struct {
	db   string // the database file, symbolic links resolved
	name string // the stamp file
}

// newStamp returns the stamp of the database file path.
func newStamp(path string) stamp {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	return stamp{db: path, name: path + checkedSuffix}
}

// stampVersion heads the stamp's text; a stamp without it is stale.
const stampVersion = "arbiter checked 1"

// fresh reports whether the stamp holds s, checked less than stampMaxAge
// before now.
func (st stamp) fresh(s dbState, now time.Time) bool {
	b, err := os.ReadFile(st.name)
	if err != nil {
		return false
	}
	got, at, ok := parseStamp(string(b))
	age := now.Sub(at)
	return ok && got == s && age < stampMaxAge && age > -time.Minute
}

// write records that s passed a check at now. A stamp that cannot be
// written (a read-only folder) only means that the next open checks. It
// gets the database's permissions, as SQLite gives its log, so that
// whoever may read the database may read the stamp.
func (st stamp) write(s dbState, now time.Time) {
	text := fmt.Sprintf("%s\ndb %d %d %d %d %d\nwal %d %d %d %d %d\nat %d\n", stampVersion,
		s.db.dev, s.db.ino, s.db.size, s.db.mtime, s.db.ctime,
		s.wal.dev, s.wal.ino, s.wal.size, s.wal.mtime, s.wal.ctime, now.UnixNano())
	fi, err := os.Stat(st.db)
	if err != nil {
		return
	}
	f, err := os.CreateTemp(filepath.Dir(st.name), filepath.Base(st.name)+".*")
	if err != nil {
		return
	}
	err = f.Chmod(fi.Mode().Perm())
	if err == nil {
		_, err = f.WriteString(text)
	}
	if e := f.Close(); err == nil {
		err = e
	}
	if err == nil {
		err = os.Rename(f.Name(), st.name)
	}
	if err != nil {
		os.Remove(f.Name())
	}
}

// parseStamp reads the text st.write writes.
func parseStamp(text string) (s dbState, at time.Time, ok bool) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 4 || lines[0] != stampVersion {
		return s, at, false
	}
	file := func(line, key string, f *fileState) bool {
		v := strings.Fields(line)
		if len(v) != 6 || v[0] != key {
			return false
		}
		var n [5]int64
		for i := range n {
			var err error
			if n[i], err = strconv.ParseInt(v[i+1], 10, 64); err != nil {
				return false
			}
		}
		*f = fileState{dev: uint64(n[0]), ino: uint64(n[1]), size: n[2], mtime: n[3], ctime: n[4]}
		return true
	}
	v := strings.Fields(lines[3])
	if !file(lines[1], "db", &s.db) || !file(lines[2], "wal", &s.wal) || len(v) != 2 || v[0] != "at" {
		return s, at, false
	}
	ns, err := strconv.ParseInt(v[1], 10, 64)
	if err != nil {
		return s, at, false
	}
	return s, time.Unix(0, ns), true
}

// check runs QuickCheck on db unless its stamp is fresh, and stamps the
// database when the check passes and its files did not change meanwhile.
func (db *DB) check(ctx context.Context) error {
	now := time.Now()
	before, stateErr := stateOf(db.stamp.db)
	if stateErr == nil && db.stamp.fresh(before, now) {
		return nil
	}
	if err := whileBusy(ctx, func() error { return db.QuickCheck(ctx) }); err != nil {
		return err
	}
	if stateErr == nil {
		db.stamp.record(before, now)
	}
	return nil
}

// record writes the stamp for before, read at now and just checked, when
// the files are still in that state and it is not racy.
func (st stamp) record(before dbState, now time.Time) {
	if after, err := stateOf(st.db); err == nil && after == before && !before.racy(now) {
		st.write(before, time.Now())
	}
}

// recheckWait bounds how long Close waits for the files' last change to
// be a clock step old before it checks them.
const recheckWait = 50 * time.Millisecond

// recheck is Close's check of a database opened for writing (dsn: how it
// was opened): when its files are no longer in the state of a fresh stamp,
// it checks them and stamps them if the check passes. It does nothing once
// ctx, the context the database was opened with, is done (an interrupted
// command): the next open checks.
func (st stamp) recheck(ctx context.Context, dsn string) {
	now := time.Now()
	s, err := stateOf(st.db)
	if err != nil || ctx.Err() != nil || st.fresh(s, now) {
		return
	}
	if s.racy(now) {
		wait := s.step() - now.Sub(s.latest())
		if wait > recheckWait {
			return
		}
		time.Sleep(wait)
		now = time.Now()
		if s, err = stateOf(st.db); err != nil || s.racy(now) {
			return
		}
	}
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return
	}
	db := &DB{DB: sdb, path: st.db, dialect: sqliteDialect}
	err = whileBusy(ctx, func() error { return db.QuickCheck(ctx) })
	sdb.Close()
	if err == nil {
		st.record(s, now)
	}
}

// damaged returns err, a query's error, as ErrDamaged when SQLite found
// the pages it read malformed, and removes the stamp, so that the next
// open checks the whole database: damage that leaves the files' state
// alone (bit rot) shows so in the pages a command reads.
func (db *DB) damaged(err error) error {
	if !db.dialect.file || !isCorrupt(err) {
		return err
	}
	os.Remove(db.stamp.name)
	return fmt.Errorf("%s: %w: %v (restore it from a backup)", db.path, ErrDamaged, err)
}
