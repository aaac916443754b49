//go:build unix

package replay

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestFileCutShort maps a record file, as validate does, and cuts it to
// nothing while File reads it: File must stop with ErrChanged, not crash
// (reading a mapped page past the end of a file raises SIGBUS).
func TestFileCutShort(t *testing.T) {
	games, err := os.ReadFile("../testdata/loa-real/real_loa.agn")
	if err != nil {
		t.Fatal(err)
	}
	games = firstGames(games, 200)
	for _, jobs := range []int{1, 2, 3} {
		path := filepath.Join(t.TempDir(), "cut.agn")
		if err := os.WriteFile(path, bytes.Repeat(games, 5), 0o644); err != nil {
			t.Fatal(err)
		}
		file, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := file.Stat()
		data, err := syscall.Mmap(int(file.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
		file.Close()
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		err = File(context.Background(), path, data, Options{Jobs: jobs}, func(r Report) {
			n++
			if n == 10 {
				if err := os.Truncate(path, 0); err != nil {
					t.Error(err)
				}
			}
			_ = r.White + r.Black // reads the mapped file
		})
		syscall.Munmap(data)
		if !errors.Is(err, ErrChanged) {
			t.Errorf("jobs %d: File on a file cut short = %v after %d reports; want ErrChanged", jobs, err, n)
		}
		if n < 10 || n >= 1000 {
			t.Errorf("jobs %d: %d reports before the error", jobs, n)
		}
	}
}

// TestFileNilIsNotChanged checks that a nil dereference (a bug) under File
// still panics: it faults at an address too, but not in data, so it must
// not pass for a file cut short.
func TestFileNilIsNotChanged(t *testing.T) {
	data := []byte(loaTags + "\n1. c8-c6 *\n")
	var p *Report
	defer func() {
		if r := recover(); r == nil {
			t.Error("a nil dereference in the callback did not panic")
		}
	}()
	err := File(context.Background(), "t.agn", data, Options{Jobs: 1}, func(r Report) { _ = p.White })
	t.Errorf("File returned %v after a nil dereference; want the panic to go on", err)
}
