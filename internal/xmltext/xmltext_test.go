package xmltext

import (
	"encoding/xml"
	"html"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"alice", "alice"},
		{"tab\tnl\ncr\r", "tab\tnl\ncr\r"},
		{"a\x00b\x01c\x1f", "a\uFFFDb\uFFFDc\uFFFD"},
		{"\x7f\u0085", "\x7f\u0085"},
		{"x\uFFFEy\uFFFF", "x\uFFFDy\uFFFD"},
		{"\uFFFD\uE000\U0001F600\U0010FFFF", "\uFFFD\uE000\U0001F600\U0010FFFF"},
		{"lone \xed\xa0\x80 surrogate", "lone \uFFFD\uFFFD\uFFFD surrogate"},
		{"bad \xff byte", "bad \uFFFD byte"},
		{"cut \xe2\x82", "cut \uFFFD\uFFFD"},
		{"é<&>", "é<&>"},
	}
	for _, tt := range tests {
		if got := Clean(tt.in); got != tt.want {
			t.Errorf("Clean(%q) = %q; want %q", tt.in, got, tt.want)
		}
		if got := string(CleanBytes([]byte(tt.in))); got != tt.want {
			t.Errorf("CleanBytes(%q) = %q; want %q", tt.in, got, tt.want)
		}
		doc := "<a>" + html.EscapeString(Clean(tt.in)) + "</a>"
		if err := xml.Unmarshal([]byte(doc), new(struct{})); err != nil {
			t.Errorf("Clean(%q) in an XML element: %v", tt.in, err)
		}
	}
}

// TestLegal checks Legal against encoding/xml's parser, character by
// character, over the ranges where the rule changes.
func TestLegal(t *testing.T) {
	for _, span := range [][2]rune{{0, 0x80}, {0xD700, 0xE100}, {0xFFF0, 0x10010}, {0x10FFF0, 0x10FFFF}} {
		for r := span[0]; r <= span[1]; r++ {
			if r == '<' || r == '&' {
				continue
			}
			// A surrogate cannot be put into a Go string; it is illegal.
			if r >= 0xD800 && r < 0xE000 {
				if Legal(r) {
					t.Errorf("Legal(%U) = true; want false", r)
				}
				continue
			}
			err := xml.Unmarshal([]byte("<a>"+string(r)+"</a>"), new(struct{}))
			if got, want := Legal(r), err == nil; got != want {
				t.Errorf("Legal(%U) = %v; want %v (encoding/xml: %v)", r, got, want, err)
			}
		}
	}
}

// TestWriter checks that text written in pieces cut anywhere, through a
// character or not, comes out as Clean makes it of the whole.
func TestWriter(t *testing.T) {
	pieces := []string{"a", "é", "€", "😀", "\uFFFE", "\x01", "\xff", "\xe2\x82", "\t", "<b>", "\uFFFD"}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		var text strings.Builder
		for range rng.IntN(20) {
			text.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := text.String()
		var out strings.Builder
		w := NewWriter(&out)
		for rest := s; rest != ""; {
			n := 1 + rng.IntN(len(rest))
			if _, err := w.Write([]byte(rest[:n])); err != nil {
				t.Fatal(err)
			}
			rest = rest[n:]
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if got, want := out.String(), Clean(s); got != want {
			t.Fatalf("case %d: Writer of %q in pieces = %q; want %q", i, s, got, want)
		}
	}
}
