package store

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// These tests tell a skipped check from one that ran by damage: a page of
// the database overwritten with junk, which the check finds and nothing
// else in the tests reads. A stamp forged for the damaged file stands for
// a check that passed; an open that succeeds then did not check.

// stampedDB returns a database of n games in a folder of its own, closed
// after writing, so stamped by Close.
func stampedDB(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	b := db.NewBatch(n)
	for i := range n {
		if err := b.Insert(context.Background(), testGame(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if !stampFresh(path) {
		t.Fatalf("no fresh stamp after a writer closed %s", path)
	}
	db1, err1 := os.Stat(path)
	st, err2 := os.Stat(path + checkedSuffix)
	if err1 != nil || err2 != nil || st.Mode() != db1.Mode() {
		t.Fatalf("the stamp's mode is %v; want the database's, %v (%v, %v)", st.Mode(), db1.Mode(), err1, err2)
	}
	return path
}

// insertGames stores games from, …, from+n-1 of testGame in db, one per
// transaction.
func insertGames(t *testing.T, db *DB, from, n int) {
	t.Helper()
	in := db.NewInserter()
	defer in.Close()
	for i := from; i < from+n; i++ {
		if err := in.Insert(context.Background(), testGame(i)); err != nil {
			t.Fatal(err)
		}
	}
}

// stampFresh reports whether the stamp of the database at path holds its
// files' state.
func stampFresh(path string) bool {
	s, err := stateOf(path)
	return err == nil && newStamp(path).fresh(s, time.Now())
}

// damagePage overwrites the page in the middle of the database at path
// with junk, as another program writing into it would.
func damagePage(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() < 8*pageSize {
		t.Fatalf("%s has %d pages; the test wants 8 or more", path, st.Size()/pageSize)
	}
	junk := bytes.Repeat([]byte("damaged!"), pageSize/8)
	if _, err := f.WriteAt(junk, st.Size()/pageSize/2*pageSize); err != nil {
		t.Fatal(err)
	}
}

// forgeStamp stamps the database at path as checked in its present state,
// checked or not, and waits a clock step, so that the next change of its
// files shows in their times.
func forgeStamp(t *testing.T, path string, at time.Time) {
	t.Helper()
	s, err := stateOf(path)
	if err != nil {
		t.Fatal(err)
	}
	newStamp(path).write(s, at)
	pastStep(t, path)
}

// pastStep waits until the files of the database at path last changed two
// clock steps of the file system ago, so that the next change shows in
// their times.
func pastStep(t *testing.T, path string) {
	t.Helper()
	s, err := stateOf(path)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Until(s.latest().Add(2 * s.step())))
}

// openErr opens the database at path for reading and closes it.
func openErr(path string) error {
	db, err := OpenReader(context.Background(), path)
	if err == nil {
		db.Close()
	}
	return err
}

// TestCheckSkippedWhenStamped: an open of a database whose files are as
// the stamp says does not check it (a forged stamp hides damage), and one
// without the stamp does.
func TestCheckSkippedWhenStamped(t *testing.T) {
	path := stampedDB(t, 200)
	if err := openErr(path); err != nil {
		t.Fatal(err)
	}
	damagePage(t, path)
	forgeStamp(t, path, time.Now())
	if err := openErr(path); err != nil {
		t.Fatalf("OpenReader with a fresh stamp: %v; want no check, so no error", err)
	}
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open with a fresh stamp: %v; want no check, so no error", err)
	}
	db.Close()
	if err := os.Remove(path + checkedSuffix); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := openErr(path); !errors.Is(err, ErrDamaged) {
			t.Fatalf("OpenReader without a stamp: %v; want ErrDamaged", err)
		}
	}
	if _, err := os.Stat(path + checkedSuffix); err == nil {
		t.Errorf("a failed check wrote a stamp")
	}
}

// TestCheckStale: whatever changes the files since the stamp (or its age)
// makes the next open check them.
func TestCheckStale(t *testing.T) {
	tests := []struct {
		name   string
		at     time.Duration // the forged stamp's time, from now
		change func(t *testing.T, path string)
	}{
		{"written", 0, func(t *testing.T, path string) { damagePage(t, path) }},
		{"times set back", 0, func(t *testing.T, path string) {
			// The modification time as it was: the change time still moves.
			st, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(path, st.ModTime(), st.ModTime()); err != nil {
				t.Fatal(err)
			}
		}},
		{"restored in its place", 0, func(t *testing.T, path string) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			st, _ := os.Stat(path)
			tmp := path + ".restored"
			if err := os.WriteFile(tmp, b, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(tmp, st.ModTime(), st.ModTime()); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, path); err != nil {
				t.Fatal(err)
			}
		}},
		{"log appears", 0, func(t *testing.T, path string) {
			if err := os.WriteFile(path+"-wal", []byte("not a log"), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"stamp garbled", 0, func(t *testing.T, path string) {
			if err := os.WriteFile(path+checkedSuffix, []byte("arbiter checked 1\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"stamp too old", -stampMaxAge - time.Minute, nil},
		{"stamp in the future", time.Hour, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := stampedDB(t, 200)
			damagePage(t, path)
			forgeStamp(t, path, time.Now().Add(tt.at))
			if tt.change == nil {
				if err := openErr(path); !errors.Is(err, ErrDamaged) {
					t.Fatalf("OpenReader: %v; want ErrDamaged", err)
				}
				return
			}
			if err := openErr(path); err != nil {
				t.Fatalf("OpenReader before the change: %v; want no check, so no error", err)
			}
			tt.change(t, path)
			if err := openErr(path); !errors.Is(err, ErrDamaged) {
				t.Fatalf("OpenReader after the change: %v; want ErrDamaged", err)
			}
		})
	}
}

// TestCheckReadOnlyFolder: where the stamp cannot be written, every open
// checks; a stamp written before the folder became read only still counts.
func TestCheckReadOnlyFolder(t *testing.T) {
	path := stampedDB(t, 200)
	if err := os.Remove(path + checkedSuffix); err != nil {
		t.Fatal(err)
	}
	readOnlyFolder(t, filepath.Dir(path))
	for range 2 {
		if err := openErr(path); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(path + checkedSuffix); err == nil {
		t.Errorf("a stamp was written in a read-only folder")
	}

	path = stampedDB(t, 200)
	damagePage(t, path)
	forgeStamp(t, path, time.Now())
	readOnlyFolder(t, filepath.Dir(path))
	if err := openErr(path); err != nil {
		t.Errorf("OpenReader with a fresh stamp in a read-only folder: %v; want no check, so no error", err)
	}
	os.Chmod(path, 0o444) // the file read only too: its change time moves
	if err := openErr(path); !errors.Is(err, ErrDamaged) {
		t.Errorf("OpenReader after the file changed, in a read-only folder: %v; want ErrDamaged", err)
	}
}

// readOnlyFolder makes dir unwritable for this process until the test
// ends: by its permission bits, or as root with chattr +i.
func readOnlyFolder(t *testing.T, dir string) {
	t.Helper()
	if os.Geteuid() != 0 {
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
		return
	}
	chattr, err := exec.LookPath("chattr")
	if err != nil {
		t.Skip("running as root, and chattr (to make a folder immutable) is not installed")
	}
	if out, err := exec.Command(chattr, "+i", dir).CombinedOutput(); err != nil {
		t.Skipf("chattr +i %s: %v: %s", dir, err, out)
	}
	t.Cleanup(func() { exec.Command(chattr, "-i", dir).Run() })
}

// TestCheckConcurrentWriters: readers open the database while two writers
// store games in it; none fails, and once the writers have closed it the
// stamp holds its last state, so that damage done afterwards is found.
func TestCheckConcurrentWriters(t *testing.T) {
	path := stampedDB(t, 200)
	ctx := context.Background()
	var wg sync.WaitGroup
	stop := make(chan struct{})
	var writers []*DB
	for w := range 2 {
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		writers = append(writers, db)
		wg.Go(func() {
			in := db.NewInserter()
			defer in.Close()
			for i := range 50 {
				if err := in.Insert(ctx, testGame(1000*(w+1)+i)); err != nil {
					t.Error(err)
					return
				}
				time.Sleep(time.Millisecond)
			}
		})
	}
	var readers sync.WaitGroup
	readers.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if err := openErr(path); err != nil {
				t.Errorf("OpenReader while the writers write: %v", err)
				return
			}
		}
	})
	wg.Wait()
	close(stop)
	readers.Wait()
	// The writers close last, as a tournament ends after the reports made
	// while it ran.
	for _, db := range writers {
		db.Close()
	}
	if !stampFresh(path) {
		t.Fatalf("no fresh stamp after the writers closed")
	}
	pastStep(t, path)
	damagePage(t, path)
	if err := openErr(path); !errors.Is(err, ErrDamaged) {
		t.Errorf("OpenReader after damage: %v; want ErrDamaged", err)
	}
}

// TestCheckWriterClose: a writer that opened a checked database and
// closes it after another program damaged it does not stamp the damage.
func TestCheckWriterClose(t *testing.T) {
	path := stampedDB(t, 200)
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	insertGames(t, db, 200, 3)
	pastStep(t, path)
	damagePage(t, path)
	db.Close()
	if stampFresh(path) {
		t.Errorf("the writer's Close stamped a damaged database")
	}
	if err := openErr(path); !errors.Is(err, ErrDamaged) {
		t.Errorf("OpenReader: %v; want ErrDamaged", err)
	}
}

// TestQueryFindsDamage: damage that leaves the files' state alone (bit
// rot) is found in the pages a query reads, as ErrDamaged, and the stamp
// goes, so that the next open checks the whole database.
func TestQueryFindsDamage(t *testing.T) {
	path := stampedDB(t, 200)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	junk := bytes.Repeat([]byte("damaged!"), len(b)/8)
	copy(b[pageSize:], junk) // every page but the first, which holds the schema
	if err := os.WriteFile(path, b, 0); err != nil {
		t.Fatal(err)
	}
	forgeStamp(t, path, time.Now())
	db, err := OpenReader(context.Background(), path)
	if err != nil {
		t.Fatalf("OpenReader with a fresh stamp: %v; want no check, so no error", err)
	}
	defer db.Close()
	err = db.Tallies(context.Background(), Filter{}, func(*Tally) {})
	if !errors.Is(err, ErrDamaged) {
		t.Errorf("Tallies: %v; want ErrDamaged", err)
	}
	if _, err := os.Stat(path + checkedSuffix); err == nil {
		t.Errorf("the stamp is left after a query found damage")
	}
}
