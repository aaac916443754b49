package replay

import (
	"io"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/notation"
)

// TestWriteResults checks that a record written in the first mover's
// convention has the other result where Black moves first (Lines of
// Action), in its tag too, and the same result elsewhere.
func TestWriteResults(t *testing.T) {
	for _, tc := range []struct {
		game    string
		results notation.Results
		want    string
	}{
		{"Lines of Action", notation.ResultsFirstMover, "0-1"},
		{"Lines of Action", notation.ResultsWhite, "1-0"},
		{"Tank Battle", notation.ResultsFirstMover, "1-0"},
		{"Chess", notation.ResultsFirstMover, "1-0"},
	} {
		gs, err := notation.Parse("x.agn", []byte("[Game \""+tc.game+"\"]\n[Result \"1-0\"]\n\n1-0\n"))
		if err != nil || len(gs) != 1 {
			t.Fatalf("Parse: %v", err)
		}
		g := gs[0]
		WriteResults(g, tc.results)
		if tag, _ := g.Tag("Result"); g.Result != tc.want || tag != tc.want {
			t.Errorf("%s, %v: result %s, tag %s; want %s", tc.game, tc.results, g.Result, tag, tc.want)
		}
	}
}

// TestExporter: a stored record is written as it is in White's
// convention, with its result turned in the first mover's, and as SGF,
// each followed by one blank line.
func TestExporter(t *testing.T) {
	rec := "[Game \"Lines of Action\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. c8-c6 a2-c2 1-0\n\n\n"
	for _, tc := range []struct {
		name string
		x    Exporter
		want []string // substrings
	}{
		{"agn", Exporter{}, []string{"[Result \"1-0\"]", "a2-c2 1-0\n\n"}},
		{"first mover", Exporter{Results: notation.ResultsFirstMover}, []string{"[Result \"0-1\"]", "a2-c2 0-1\n\n"}},
		{"sgf", Exporter{SGF: true}, []string{"GM[9]", "RE[W+]", ")\n\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			x := tc.x
			x.Out = &b
			if err := x.Write(rec); err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("Write = %q; want %q in it", b.String(), w)
				}
			}
			if strings.HasSuffix(b.String(), "\n\n\n") {
				t.Errorf("Write = %q; want one blank line at the end", b.String())
			}
		})
	}
	if err := (&Exporter{Out: io.Discard, SGF: true}).Write("not a record ("); err == nil {
		t.Errorf("Write(not a record) = nil; want an error")
	}
}
