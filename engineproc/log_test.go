package engineproc

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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

// TestLogName checks the log's ENGINE column: plain names as they are,
// others quoted so that the columns stay apart.
func TestLogName(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"alpha", "alpha"},
		{"alpha-1.2_b", "alpha-1.2_b"},
		{"Šachy", "Šachy"},
		{`in"side`, `in"side`},
		{"my engine", `"my engine"`},
		{"a\tb", `"a\tb"`},
		{"a\u00a0b", `"a\u00a0b"`},
		{`"quoted"`, `"\"quoted\""`},
		{"", `""`},
		{"bad\xffutf8", `"bad\xffutf8"`},
	} {
		if got := logName(tc.name); got != tc.want {
			t.Errorf("logName(%q) = %s; want %s", tc.name, got, tc.want)
		}
	}
}

// TestLogWhole writes lines of many lengths from several Logs on one file
// at once, as worker processes do (each Log has its own descriptor and
// buffer), and checks that every line comes out whole.
func TestLogWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.log")
	start := time.Now()
	const writers, lines = 4, 5000
	done := make(chan error, writers)
	for w := range writers {
		go func() {
			l, err := OpenLog(path, start, false, LogKeep{})
			if err != nil {
				done <- err
				return
			}
			who := fmt.Sprintf("%d/0 e%d", w+1, w)
			for i := range lines {
				// Lengths up to 3000 bytes, so that buffers fill mid-run.
				l.line(who, '<', fmt.Sprintf("%d %s.", i, strings.Repeat(string(rune('a'+w)), i*7%3000)))
			}
			done <- l.Close()
		}()
	}
	for range writers {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`^\d+ (\d)/0 e(\d) < (\d+) ([a-d]*)\.$`)
	next := make([]int, writers)
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil || m[1][0]-'1' != m[2][0]-'0' {
			t.Fatalf("broken line %.100q", l)
		}
		w := int(m[2][0] - '0')
		if m[3] != fmt.Sprint(next[w]) || len(m[4]) != next[w]*7%3000 || strings.Trim(m[4], string(rune('a'+w))) != "" {
			t.Fatalf("writer %d: line %.100q; want its line %d whole", w, l, next[w])
		}
		next[w]++
	}
	for w, n := range next {
		if n != lines {
			t.Errorf("writer %d: %d lines; want %d", w, n, lines)
		}
	}
}

// TestLogText checks the log's TEXT column: a line as it is, or quoted
// when it would disturb a terminal or a reader (it was written raw: an
// engine's ESC cleared the screen of whoever read the log, and a CR
// forged a line of its own).
func TestLogText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.log")
	l, err := OpenLog(path, time.Now(), false, LogKeep{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ line, want string }{
		{"bestmove c1-c3", "bestmove c1-c3"},
		{"info string Šachy\tok", "info string Šachy\tok"},
		{"info string \x1b[2J", `"info string \x1b[2J"`},
		{"bestmove a1\r0 1/3 alpha < bestmove h8", `"bestmove a1\r0 1/3 alpha < bestmove h8"`},
		{"nul\x00 bel\a", `"nul\x00 bel\a"`},
		{"bad \xff utf8", `"bad \xff utf8"`},
		{"del\x7f", `"del\x7f"`},
		{"line\u2028separator", `"line\u2028separator"`},
		{`"quoted" text`, `"\"quoted\" text"`},
	}
	for _, tt := range tests {
		l.line("1/0 e", '<', tt.line)
		l.lines("1/0 e", '>', []byte(tt.line+"\n"))
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(got) != 2*len(tests) {
		t.Fatalf("%d lines; want %d:\n%s", len(got), 2*len(tests), data)
	}
	for i, tt := range tests {
		for k, dir := range []string{"<", ">"} {
			_, text, _ := strings.Cut(got[2*i+k], " 1/0 e "+dir+" ")
			if text != tt.want {
				t.Errorf("line %q logged as %q; want %q", tt.line, text, tt.want)
			}
		}
	}
}

// BenchmarkLogLine measures what a line of the engine log costs the
// runner: the lock, the formatting and its share of the buffered writes.
func BenchmarkLogLine(b *testing.B) {
	l, err := OpenLog(filepath.Join(b.TempDir(), "engines.log"), time.Now(), true, LogKeep{})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	b.ReportAllocs()
	for b.Loop() {
		l.line("1/17 alpha", '<', "info depth 2 score cp 12 nodes 5000 nps 100000 pv c1-c3")
	}
}
