package console

import (
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/tournament"
)

func TestConcurrency(t *testing.T) {
	most := tournament.MaxConcurrency()
	m := strconv.Itoa(most)
	for _, tt := range []struct {
		flag, config, want int
		said               string
	}{
		{0, 0, 0, ""},
		{2, 0, 2, ""},
		{0, most, 0, ""},
		{most + 1, 0, most, "match: --concurrency " + strconv.Itoa(most+1) + " is more than " + m + " (4 per CPU): playing " + m + " games at once\n"},
		{0, most + 1, most, "match: concurrency " + strconv.Itoa(most+1) + " (in x.yaml) is more than " + m + " (4 per CPU): playing " + m + " games at once\n"},
		{3, most + 1, 3, ""},
	} {
		var w strings.Builder
		if got := Concurrency(&w, "match", "x.yaml", tt.flag, tt.config); got != tt.want || w.String() != tt.said {
			t.Errorf("Concurrency(%d, %d) = %d, said %q; want %d, %q", tt.flag, tt.config, got, w.String(), tt.want, tt.said)
		}
	}
}
