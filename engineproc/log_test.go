package engineproc

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
	l, err := OpenLog(path, time.Now(), true, LogKeep{})
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

// TestLogKeep checks that a Log leaves out the engines' lines or the
// warnings when told, and always writes a run's note.
func TestLogKeep(t *testing.T) {
	for _, tc := range []struct {
		keep LogKeep
		want string
	}{
		{LogKeep{}, "> go\n< bestmove a1\n! warning: slow\n! run started\n"},
		{LogKeep{NoEngines: true}, "! warning: slow\n! run started\n"},
		{LogKeep{NoWarnings: true}, "> go\n< bestmove a1\n! run started\n"},
		{LogKeep{NoEngines: true, NoWarnings: true}, "! run started\n"},
	} {
		path := filepath.Join(t.TempDir(), "engines.log")
		l, err := OpenLog(path, time.Now(), true, tc.keep)
		if err != nil {
			t.Fatal(err)
		}
		l.line("1/1 a", '>', "go")
		l.lines("1/1 a", '<', []byte("bestmove a1\n"))
		l.warning("1/1 a", "slow")
		l.Note("run started")
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(path)
		var got strings.Builder
		for _, line := range strings.SplitAfter(string(data), "\n") {
			if f := strings.SplitN(line, " ", 4); len(f) == 4 {
				got.WriteString(f[3])
			}
		}
		if got.String() != tc.want {
			t.Errorf("log with %+v = %q; want %q", tc.keep, got.String(), tc.want)
		}
	}
}
