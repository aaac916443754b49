package rules

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/xmltext"
)

// TestPictureSVG checks the writer on a 2x1 board: hostile text escaped,
// squares named, the flip reversing the files, the marks and the caption.
func TestPictureSVG(t *testing.T) {
	p := Picture{
		Files:   []string{"a", "b"},
		Ranks:   []string{"1"},
		Squares: []Cell{{Fill: "#fff", Piece: "x"}, {Fill: "#000", Label: `<b>"&'`}},
		Pieces:  []Piece{{Name: "x", Art: `<circle cx="20" cy="20" r="9"/>`}},
		Marks:   []int{1, 7},
		Caption: "points <1>",
	}
	tests := []struct {
		name string
		o    SVGOptions
		want []string
	}{
		{"plain", SVGOptions{Title: `<script>alert(1)</script>`, Desc: "x to move"}, []string{
			`<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>`,
			`<desc>x to move. points &lt;1&gt;. x: a1</desc>`,
			`<g data-square="a1" data-piece="x"><rect x="20" y="4"`,
			`<g data-square="b1"><rect x="60" y="4"`,
			`&lt;b&gt;&#34;&amp;&#39;</text>`,
			`<rect x="62" y="6" width="36" height="36" fill="none"`,
		}},
		{"flipped", SVGOptions{Flip: true}, []string{
			`<g data-square="a1" data-piece="x"><rect x="60" y="4"`,
			`<text x="40" y="59" font-size="12" fill="#444">b</text>`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := p.SVG(tt.o)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("SVG(%+v) = %s; want it to hold %s", tt.o, got, w)
				}
			}
			if err := xml.Unmarshal([]byte(got), new(struct{})); err != nil {
				t.Errorf("SVG(%+v) is not well-formed: %v", tt.o, err)
			}
		})
	}
	txt := TextSVG("x . <\n. x .\n", SVGOptions{Title: "toy"})
	if !strings.Contains(txt, `xml:space="preserve">x . &lt;</text>`) {
		t.Errorf("TextSVG = %s; want the lines as text", txt)
	}
}

// TestSVGIllegalCharacters gives the writers text with characters XML 1.0
// forbids (a player's name may hold them): what they write parses as XML
// and holds none of them.
func TestSVGIllegalCharacters(t *testing.T) {
	const bad = "al\uFFFEice\x01 \uFFFF\x0b\xff\xed\xa0\x80"
	p := Picture{
		Files:   []string{"a", "b" + bad},
		Ranks:   []string{"1"},
		Squares: []Cell{{Fill: "#fff", Piece: "x"}, {Fill: "#000", Label: bad}},
		Pieces:  []Piece{{Name: "x", Art: `<circle cx="20" cy="20" r="9"/>`}},
		Caption: "points " + bad,
	}
	o := SVGOptions{Title: "Lines of Action: " + bad + " vs b", Desc: bad}
	tests := []struct{ name, svg string }{
		{"Picture.SVG", p.SVG(o)},
		{"TextSVG", TextSVG("x . "+bad+"\n. x .\n", o)},
	}
	for _, tt := range tests {
		if err := xml.Unmarshal([]byte(tt.svg), new(struct{})); err != nil {
			t.Errorf("%s(%q) is not XML: %v", tt.name, bad, err)
		}
		if c := xmltext.Clean(tt.svg); c != tt.svg {
			t.Errorf("%s(%q) = %q; want no character XML forbids", tt.name, bad, tt.svg)
		}
		if !strings.Contains(tt.svg, "al\uFFFDice\uFFFD") {
			t.Errorf("%s(%q) = %q; want the forbidden characters as U+FFFD", tt.name, bad, tt.svg)
		}
	}
}
