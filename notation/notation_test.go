package notation

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func parseOne(t *testing.T, src string) *Game {
	t.Helper()
	gs, _ := Parse("t.agn", []byte(src))
	if len(gs) != 1 {
		t.Fatalf("Parse(%q) gave %d games; want 1", src, len(gs))
	}
	return gs[0]
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		code      string
		line, col int
		msg       string // a part of the message
	}{
		{"clean", "[Game \"x\"]\n\n1. a-b c-d *", "", 0, 0, ""},
		{"duplicate tag", "[White \"a\"]\n[White \"b\"]\n\n*", CodeBadTag, 2, 1, "duplicate tag White"},
		// Control characters and invalid UTF-8 are refused: stored raw, a
		// printed record would turn them into spaces, renaming the player.
		{"control character", "[Game \"x\"]\n[White \"new\rline\"]\n\n*", CodeBadTag, 2, 12, "tag White: control character U+000D"},
		{"tab", "[Black \"a\tb\"]\n\n*", CodeBadTag, 1, 10, "control character U+0009"},
		{"escape character", "[White \"\x1b[31mred\"]\n\n*", CodeBadTag, 1, 9, "control character U+001B"},
		{"delete", "[White \"a\x7f\"]\n\n*", CodeBadTag, 1, 10, "control character U+007F"},
		{"C1 control", "[White \"a\u0085\"]\n\n*", CodeBadTag, 1, 10, "control character U+0085"},
		{"invalid UTF-8", "[Event \"caf\xe9\"]\n\n*", CodeBadTag, 1, 12, "tag Event: invalid UTF-8 (byte 0xe9)"},
		{"invalid UTF-8 after an escape", "[Event \"a\\\"b\xff\"]\n\n*", CodeBadTag, 1, 13, "invalid UTF-8 (byte 0xff)"},
		{"valid UTF-8", "[White \"Ondřej Čapek 名人\"]\n\n*", "", 0, 0, ""},
		{"unterminated value", "[White \"a]\n\n*", CodeSyntax, 1, 1, "unterminated value"},
		{"value not quoted", "[White a]\n\n*", CodeSyntax, 1, 8, "quoted string"},
		{"no closing bracket", "[White \"a\" x\n\n*", CodeSyntax, 1, 12, "closing bracket"},
		{"no name", "[ \"a\"]\n\n*", CodeSyntax, 1, 1, "without a name"},
		{"missing result", "[White \"a\"]\n\n1. a-b c-d", CodeSyntax, 3, 11, "missing result"},
		{"result differs from tag", "[Result \"1-0\"]\n\n1. a-b 0-1", CodeResultMismatch, 3, 8, "Result tag"},
		{"wrong move number", "[Game \"x\"]\n\n1. a-b c-d 3. e-f *", CodeMoveNumber, 3, 12, "should be 2"},
		{"wrong black number", "[Game \"x\"]\n\n1. a-b 2... c-d *", CodeMoveNumber, 3, 8, "should be 1"},
		{"unterminated comment", "[Game \"x\"]\n\n1. a-b {oops c-d *", CodeSyntax, 3, 8, "unterminated comment"},
		{"stray closing brace", "[Game \"x\"]\n\n1. a-b } *", CodeSyntax, 3, 8, "'}' without '{'"},
		{"variation", "[Game \"x\"]\n\n1. a-b (1. c-d) *", CodeSyntax, 3, 8, "variations"},
		{"text after result", "[Game \"x\"]\n\n1. a-b * c-d", CodeSyntax, 3, 10, "after the result"},
		{"bare dollar", "[Game \"x\"]\n\n1. a-b $ *", CodeSyntax, 3, 8, "NAG"},
		{"stray bracket", "[Game \"x\"]\n\n1. a-b ] *", CodeSyntax, 3, 8, "']'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := parseOne(t, tt.src)
			if tt.code == "" {
				if g.Err != nil {
					t.Fatalf("Parse(%q).Err = %v; want nil", tt.src, g.Err)
				}
				return
			}
			if g.Err == nil {
				t.Fatalf("Parse(%q).Err = nil; want %s", tt.src, tt.code)
			}
			e := g.Err
			if e.Code != tt.code || e.Line != tt.line || e.Col != tt.col || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("Parse(%q).Err = %s %d:%d %q; want %s %d:%d containing %q", tt.src, e.Code, e.Line, e.Col, e.Msg, tt.code, tt.line, tt.col, tt.msg)
			}
			if !strings.HasPrefix(e.Error(), "t.agn:") {
				t.Errorf("Error() = %q; want it to start with the file name", e.Error())
			}
		})
	}
}

func TestParseContent(t *testing.T) {
	g := parseOne(t, "{before tags}\n[Event \"a \\\"b\\\" \\\\c\"]\n[Game \"x\"]\n\n{intro} 1.c8-c6 {one} {two} 1... a2-c2 $3 2. b1-b3 ; rest of line\n 1/2-1/2\n")
	if g.Err != nil {
		t.Fatal(g.Err)
	}
	if v, _ := g.Tag("Event"); v != `a "b" \c` {
		t.Errorf("Event = %q; want %q", v, `a "b" \c`)
	}
	if g.Comment != "intro" {
		t.Errorf("Comment = %q; want intro", g.Comment)
	}
	want := []Move{{Text: "c8-c6", Comment: "one two", Line: 5, Col: 11}, {Text: "a2-c2", Line: 5, Col: 34}, {Text: "b1-b3", Comment: "rest of line", Line: 5, Col: 46}}
	if len(g.Moves) != len(want) {
		t.Fatalf("Moves = %v; want %v", g.Moves, want)
	}
	for i := range want {
		if g.Moves[i] != want[i] {
			t.Errorf("Moves[%d] = %+v; want %+v", i, g.Moves[i], want[i])
		}
	}
	if g.Result != "1/2-1/2" || g.ResultLine != 6 || g.ResultCol != 2 {
		t.Errorf("Result = %q at %d:%d; want 1/2-1/2 at 6:2", g.Result, g.ResultLine, g.ResultCol)
	}
	if g.Line != 2 || g.Index != 1 {
		t.Errorf("Line, Index = %d, %d; want 2, 1", g.Line, g.Index)
	}
}

func TestCommentsAroundTags(t *testing.T) {
	g := parseOne(t, "{x} ; y\n{z}\n[Game \"g\"]\n{between}\n[White \"w\"]\n\n{a} {b} 1. c8-c6 9. *")
	if g.Comment != "a b" || len(g.Tags) != 2 {
		t.Errorf("Comment = %q, %d tags; want \"a b\", 2 tags", g.Comment, len(g.Tags))
	}
	if g.Err == nil || g.Err.Code != CodeMoveNumber {
		t.Errorf("Err = %v; want a move-number error for the trailing 9.", g.Err)
	}
}

func TestSplitRecovers(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		games int
		ok    []bool // which games read cleanly
	}{
		{"two games", "[A \"1\"]\n\n*\n\n[A \"2\"]\n\n*\n", 2, []bool{true, true}},
		{"missing result ends at next tag", "[A \"1\"]\n\n1. a-b\n\n[A \"2\"]\n\n*\n", 2, []bool{false, true}},
		{"unterminated comment stops at blank line and tag", "[A \"1\"]\n\n1. a-b {oops\n\n[A \"2\"]\n\n*\n", 2, []bool{false, true}},
		{"comment may hold a tag-like line", "[A \"1\"]\n\n1. a-b {see\n[A \"x\"]} *\n\n[A \"2\"]\n\n*\n", 2, []bool{true, true}},
		{"truncated tags", "[A \"1\"]\n\n*\n\n[A \"2", 2, []bool{true, false}},
		{"byte order mark", "\xEF\xBB\xBF[A \"1\"]\n\n*\n", 1, []bool{true}},
		{"empty", "  \n\n", 0, nil},
		{"comment only", "{nothing}\n", 1, []bool{false}},
		{"escape line", "% a note\n[A \"1\"]\n\n*\n", 1, []bool{true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gs, err := Parse("t.agn", []byte(tt.src))
			if len(gs) != tt.games {
				t.Fatalf("Parse gave %d games; want %d (err %v)", len(gs), tt.games, err)
			}
			for i, g := range gs {
				if (g.Err == nil) != tt.ok[i] {
					t.Errorf("game %d: Err = %v; want clean %v", i+1, g.Err, tt.ok[i])
				}
				if g.Index != i+1 {
					t.Errorf("game %d: Index = %d", i+1, g.Index)
				}
			}
			if (err == nil) != allTrue(tt.ok) {
				t.Errorf("Parse error = %v", err)
			}
		})
	}
}

func allTrue(b []bool) bool {
	for _, v := range b {
		if !v {
			return false
		}
	}
	return true
}

func TestHostileInput(t *testing.T) {
	long := bytes.Repeat([]byte("x"), 10<<20)
	inputs := map[string][]byte{
		"10 MB line":     append([]byte("[Game \"x\"]\n\n1. "), append(long, " *\n"...)...),
		"10 MB tag":      append(append([]byte("[White \""), long...), "\"]\n\n*"...),
		"binary garbage": {0, 1, 2, 0xff, '[', '{', 0x80, '"', '\\', ']', '}', '\n', 0},
		"many braces":    bytes.Repeat([]byte("{"), 100000),
		"many brackets":  bytes.Repeat([]byte("[A \"b\"]\n"), 1000),
		// Quadratic once: each tag searched the rest of the file for a
		// quote (about a minute for these 4 MB).
		"many tags without values": bytes.Repeat([]byte("[A]\n"), 1<<20),
		"one line of tags":         bytes.Repeat([]byte("[A] "), 1<<20),
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			gs, _ := Parse("t.agn", in)
			// Milliseconds when linear, a minute when quadratic: the
			// bound is far from both, with room for a machine loaded far
			// beyond its cores under the race detector.
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("Parse took %v; want it linear in the input", d)
			}
			for _, g := range gs {
				if g.Err != nil && len(g.Err.Msg) > 200 {
					t.Errorf("error message is %d bytes long; want a short one", len(g.Err.Msg))
				}
			}
		})
	}
}

func TestSkipTag(t *testing.T) {
	tests := []struct {
		src  string // the tag, from its '['
		want int    // where skipTag ends it
	}{
		{`[A "b"] 1.`, 7},
		{`[A  "b" ] 1.`, 9},
		{`[A "b\"c"] 1.`, 10},
		{`[A "b]"] 1.`, 8},
		{"[A \"b\n\"] 1.", 5},
		{"[A b\n\"] 1.", 4},
		{`[A] "b"] 1.`, 3},
		{`[A "b" c] "d"]`, 9},
		{`[A "b`, 5},
	}
	for _, tt := range tests {
		if got := skipTag([]byte(tt.src), 1); got != tt.want {
			t.Errorf("skipTag(%q, 1) = %d; want %d", tt.src, got, tt.want)
		}
	}
}

func TestBuiltGame(t *testing.T) {
	g := &Game{Result: "1-0"}
	g.SetTag("Game", "Lines of Action")
	g.SetTag("White", "new\nline \"quoted\"")
	g.SetTag("Game", "Tank Battle")
	g.Moves = []Move{{Text: "c1-c3", Comment: "a } brace"}, {Text: "pass"}}
	got := g.String()
	want := "[White \"new line \\\"quoted\\\"\"]\n[Game \"Tank Battle\"]\n\n1. c1-c3 {a ) brace} 1... pass 1-0\n\n"
	if got != want {
		t.Errorf("String() = %q; want %q", got, want)
	}
	g.DeleteTag("White")
	if _, ok := g.Tag("White"); ok {
		t.Error("DeleteTag left the tag")
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.agn")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("[A \"1\"]\n\n1. a-b {c\n\n[B \"2\"]\n\n*"))
	f.Fuzz(func(t *testing.T, data []byte) {
		gs, _ := Parse("fuzz", data)
		for _, g := range gs {
			if g.Err != nil {
				continue
			}
			// A game that reads cleanly prints to text that reads back to itself.
			s := g.String()
			back, err := Parse("printed", []byte(s))
			if err != nil || len(back) != 1 {
				t.Fatalf("printed game does not read back (%v):\n%s", err, s)
			}
			if s2 := back[0].String(); s2 != s {
				t.Fatalf("not a fixed point:\n%s\n----\n%s", s, s2)
			}
		}
	})
}

// realLOA returns the records of real Lines of Action games that the
// benchmarks read.
func realLOA(b *testing.B) []byte {
	b.Helper()
	data, err := os.ReadFile("../testdata/loa-real/real_loa.agn")
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func BenchmarkParse(b *testing.B) {
	data := realLOA(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		Parse("real_loa.agn", data)
	}
}

func BenchmarkSplit(b *testing.B) {
	data := realLOA(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		s := NewSplitter(data)
		for _, ok := s.Next(); ok; _, ok = s.Next() {
		}
	}
}

func BenchmarkString(b *testing.B) {
	data := realLOA(b)
	gs, _ := Parse("real_loa.agn", data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range gs {
			_ = g.String()
		}
	}
}

// TestParseReuse checks that Game.Parse into one Game, game after game,
// gives each game as a fresh Game does: nothing of the game before stays.
func TestParseReuse(t *testing.T) {
	src := "[A \"1\"]\n[B \"2\"]\n\n{intro} 1. a-b {one} b-c 2. c-d 1-0\n\n" + // tags, comments, moves
		"[A \"3\"]\n\n1. e-f\n\n" + // no result: an error
		"[A \"4\"]\n\n*\n\n" + // no moves
		"[A \"5\"]\n\n1. g-h {x} 1/2-1/2\n"
	fresh, _ := Parse("t.agn", []byte(src))
	if len(fresh) != 4 {
		t.Fatalf("Parse gave %d games; want 4", len(fresh))
	}
	var g Game
	s := NewSplitter([]byte(src))
	for i := 1; ; i++ {
		ch, ok := s.Next()
		if !ok {
			if i != 5 {
				t.Errorf("the Splitter gave %d chunks; want 4", i-1)
			}
			break
		}
		g.Parse("t.agn", src, ch, i)
		want := fresh[i-1]
		if got := fmt.Sprintf("%+v %v %v", g.Tags, g.Moves, g.Err); got != fmt.Sprintf("%+v %v %v", want.Tags, want.Moves, want.Err) {
			t.Errorf("game %d parsed into a used Game = %s; want %s", i, got, fmt.Sprintf("%+v %v %v", want.Tags, want.Moves, want.Err))
		}
		if g.Result != want.Result || g.Comment != want.Comment || g.Index != want.Index || g.Line != want.Line || g.Col != want.Col ||
			g.ResultLine != want.ResultLine || g.ResultCol != want.ResultCol {
			t.Errorf("game %d parsed into a used Game = %+v; want %+v", i, g, *want)
		}
	}
}

// TestSplitterEnd checks that a Splitter says it is done, and keeps saying
// so, after the last chunk, and that an input of blank lines has none.
func TestSplitterEnd(t *testing.T) {
	s := NewSplitter([]byte("[Game \"Lines of Action\"]\n\n1. c8-c6 *\n"))
	if ch, ok := s.Next(); !ok || ch.Line != 1 || ch.Col != 1 {
		t.Fatalf("first Next = %+v, %v; want the game at 1:1", ch, ok)
	}
	for i := 0; i < 2; i++ {
		if ch, ok := s.Next(); ok {
			t.Errorf("Next after the last chunk = %+v, true", ch)
		}
	}
	if ch, ok := NewSplitter([]byte("\n \n\t\n")).Next(); ok {
		t.Errorf("Next on blank lines = %+v, true", ch)
	}
}

func TestShorten(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"short", "short"},
		{strings.Repeat("a", 24), strings.Repeat("a", 24)},
		{strings.Repeat("a", 30), strings.Repeat("a", 24) + "…"},
		// 23 bytes, then a 3-byte character across the cut: it goes whole.
		{strings.Repeat("a", 23) + "€€", strings.Repeat("a", 23) + "…"},
	} {
		got := Shorten(tc.in)
		if got != tc.want || !utf8.ValidString(got) {
			t.Errorf("Shorten(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

// TestBadTextWords checks BadText, which reads eight bytes at a time, on
// every byte value at every place of texts around a word long, and on
// UTF-8 text, against its own reading byte by byte from the start
// (badTextFrom, whose messages the table of parse errors pins down).
func TestBadTextWords(t *testing.T) {
	byByte := func(s string) (int, string) { return badTextFrom(s, 0) }
	check := func(s string) {
		t.Helper()
		k, msg := BadText(s)
		wk, wmsg := byByte(s)
		if k != wk || msg != wmsg {
			t.Fatalf("BadText(%q) = %d, %q; want %d, %q", s, k, msg, wk, wmsg)
		}
	}
	for n := 1; n <= 19; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a", n))
				b[at] = byte(c)
				check(string(b))
			}
		}
	}
	for _, s := range []string{"é", "aaaaaaaé", "aaaaaaaaaaaaaaé", "aaaaaaa\u0085", "aaaaaaaaaaa\u2028b", "aaaaaaa\xff\xfe"} {
		check(s)
	}
}

// TestSkipPlain and TestTokenEnd check the scanners that read eight bytes
// at a time against a reading byte by byte (checkScanner).
func TestSkipPlain(t *testing.T) {
	checkScanner(t, "skipPlain", strings.Repeat("c8-c6 ", 4), &splitStop, skipPlain)
}

func TestTokenEnd(t *testing.T) {
	checkScanner(t, "tokenEnd", strings.Repeat("k10xc8/77", 3), &delim, func(b []byte, i int) int {
		return tokenEnd(string(b), i)
	})
}

// checkScanner checks scan, which returns the index of the first byte at
// or after i that stop marks (or the length), on every byte value at every
// place of texts around two words long cut from base, from every start,
// against a reading byte by byte.
func checkScanner(t *testing.T, name, base string, stop *[256]bool, scan func([]byte, int) int) {
	t.Helper()
	byByte := func(data []byte, i int) int {
		for i < len(data) && !stop[data[i]] {
			i++
		}
		return i
	}
	for n := 1; n <= 19; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				b := []byte(base[:n])
				b[at] = byte(c)
				for i := 0; i <= n; i++ {
					if got, want := scan(b, i), byByte(b, i); got != want {
						t.Fatalf("%s(%q, %d) = %d; want %d", name, b, i, got, want)
					}
				}
			}
		}
	}
}

func TestParseTermination(t *testing.T) {
	for _, k := range Terminations {
		if got, ok := ParseTermination(string(k)); !ok || got != k {
			t.Errorf("ParseTermination(%q) = %q, %v; want %q, true", k, got, ok, k)
		}
	}
	for _, s := range []string{"", "Normal", "time-forfeit", "lost patience"} {
		if got, ok := ParseTermination(s); ok {
			t.Errorf("ParseTermination(%q) = %q, true; want false", s, got)
		}
	}
}
