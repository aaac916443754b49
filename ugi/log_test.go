package ugi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLogNoteWrittenThrough checks that a note is in the file as soon as
// Note returns, with the lines logged before it, while later lines wait in
// the buffer: another process appending to the file after a note (a worker
// of the run) writes after it.
func TestLogNoteWrittenThrough(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.log")
	l, err := OpenLog(path, time.Now(), true)
	if err != nil {
		t.Fatal(err)
	}
	l.line("1/1 a", '>', "ugi")
	l.Note("run of tournament t started")
	l.line("1/1 a", '<', "ugiok")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	if !strings.Contains(got, "1/1 a > ugi\n") || !strings.HasSuffix(got, "-/- - ! run of tournament t started\n") {
		t.Errorf("file after Note = %q; want the line before it and the note, last", got)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(path)
	if !strings.HasSuffix(string(data), "1/1 a < ugiok\n") {
		t.Errorf("file after Close = %q; want the last line too", data)
	}
}
