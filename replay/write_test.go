package replay

import (
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
