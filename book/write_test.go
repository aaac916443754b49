package book

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules/games"
)

// TestWriteRoundTrip checks that a suite Write writes reads back as
// itself, with the comment given for an opening's last position on its
// last move.
func TestWriteRoundTrip(t *testing.T) {
	for _, g := range games.All {
		suite, err := Generate(context.Background(), g, 3, 4, 5, 1000, nil)
		if err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		pos, err := suite[0].Position(g)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := Write(&b, g, 4, suite, "a test", map[string]string{pos.FEN(): "balanced"}); err != nil {
			t.Fatal(err)
		}
		back, err := readAll(g, "x.agn", "", []byte(b.String()), -1)
		if err != nil {
			t.Fatalf("%s: %v\n%s", g.ID(), err, b.String())
		}
		for i := range back {
			back[i].Line = 0
		}
		if !reflect.DeepEqual(back, suite) {
			t.Errorf("%s: %+v read back as %+v", g.ID(), suite, back)
		}
		if !strings.HasPrefix(b.String(), "; 5 openings of "+g.Name()+", 4 plies each\n; made by: a test\n") || !strings.Contains(b.String(), "{balanced}") {
			t.Errorf("%s: Write wrote\n%s", g.ID(), b.String())
		}
	}
}
