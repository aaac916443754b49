package engineproc

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/ugi"
)

func TestReplyInfo(t *testing.T) {
	tests := []struct {
		lines []string
		want  Reply
	}{
		{[]string{"info depth 12 seldepth 20 score cp 35 nodes 5000 nps 100000 time 50 pv a b"},
			Reply{Search: ugi.Info{Depth: 12, Eval: ugi.Eval{OK: true, Value: 35}, Nodes: 5000, NPS: 100000}}},
		{[]string{"info depth 9 score mate 5"}, Reply{Search: ugi.Info{Depth: 9, Eval: ugi.Eval{OK: true, Mate: true, Value: 5}}}},
		{[]string{"info depth 9 score mate -3 lowerbound"}, Reply{Search: ugi.Info{Depth: 9, Eval: ugi.Eval{OK: true, Mate: true, Value: -3}}}},
		// Later lines update what they say, and keep the rest.
		{[]string{"info depth 3 score cp -20 nodes 10", "info depth 4 currmove x", "info string depth 99 score cp 1"},
			Reply{Search: ugi.Info{Depth: 4, Eval: ugi.Eval{OK: true, Value: -20}, Nodes: 10}}},
		// The pv is not read, nor are bad numbers.
		{[]string{"info pv depth 5", "info depth x score cp y nodes -4 nps 1e3"}, Reply{}},
		{[]string{"info", "info   depth\t7   score  cp 0"}, Reply{Search: ugi.Info{Depth: 7, Eval: ugi.Eval{OK: true}}}},
		{[]string{"info score cp"}, Reply{}},
		{[]string{"info score wdl 1 2 3"}, Reply{}},
	}
	for _, tc := range tests {
		var r Reply
		for _, l := range tc.lines {
			r.addInfo(l)
		}
		if r.Search.Depth != tc.want.Search.Depth || r.Search.Eval != tc.want.Search.Eval || r.Search.Nodes != tc.want.Search.Nodes || r.Search.NPS != tc.want.Search.NPS {
			t.Errorf("addInfo(%q) = %+v; want %+v", tc.lines, r, tc.want)
		}
	}
}

func TestReplyInfoAllocs(t *testing.T) {
	var r Reply
	n := testing.AllocsPerRun(100, func() {
		r.addInfo("info depth 12 seldepth 20 score cp 35 nodes 5000 nps 100000 time 50 pv a b")
	})
	if n != 0 {
		t.Errorf("addInfo allocates %v times; want 0", n)
	}
}

// FuzzReplyInfo checks that no info line panics the client and that what
// it takes is in range.
func FuzzReplyInfo(f *testing.F) {
	for _, s := range []string{"info depth 12 score cp 35 nodes 5000 nps 100000 pv a b",
		"info score mate -3", "info depth", "info depth 12345678901 score cp 1", "info score cp 99999999999999999999", "info string x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var r Reply
		r.addInfo(s)
		in := r.Search
		if in.Depth < 0 || in.Nodes < 0 || in.NPS < 0 || in.Eval.Value > ugi.MateCP || in.Eval.Value < -ugi.MateCP {
			t.Errorf("addInfo(%q) = %+v", s, in)
		}
	})
}

// TestGoLimits checks that an engine's nodes and depth limits reach it in
// the go command.
func TestGoLimits(t *testing.T) {
	e, err := Start(context.Background(), fakeSpec(t, "x", "first,echogo", "toy-race"), quick)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if err := e.Position("startpos", nil); err != nil {
		t.Fatal(err)
	}
	r, err := e.Go(context.Background(), ugi.Limits{MoveTime: 50 * time.Millisecond, Nodes: 1000, Depth: 8}, answerWait)
	if err != nil {
		t.Fatal(err)
	}
	if want := "info string go movetime 50 nodes 1000 depth 8"; r.LastInfo != want {
		t.Errorf("the engine read %q; want %q", r.LastInfo, want)
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
