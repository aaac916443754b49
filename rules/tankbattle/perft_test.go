package tankbattle

import (
	"flag"
	"testing"
)

var perftDeep = flag.Bool("perft.deep", false, "run perft 4 from the default start (slow)")

func TestPerft(t *testing.T) {
	want := []uint64{1, 38, 1435, 69460}
	p := newPosition(defaultLayout)
	for depth, w := range want {
		if got := p.Perft(depth); got != w {
			t.Errorf("Perft(%d) = %d; want %d", depth, got, w)
		}
	}
	if *perftDeep {
		t.Logf("Perft(4) = %d", p.Perft(4))
	}
}
