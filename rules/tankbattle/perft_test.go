package tankbattle

import (
	"flag"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

var perftDeep = flag.Bool("perft.deep", false, "run perft 4 from the default start (slow)")

// perft counts the leaves of the move tree depth plies deep; a finished
// position before that depth counts nothing.
func perft(p *Position, depth int, bufs [][]rules.Move) int64 {
	if depth == 0 {
		return 1
	}
	moves := p.Moves(bufs[0][:0])
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		q := *p
		q.PlayUnchecked(m)
		n += perft(&q, depth-1, bufs[1:])
	}
	return n
}

func perftBufs(depth int) [][]rules.Move {
	bufs := make([][]rules.Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]rules.Move, 0, 256)
	}
	return bufs
}

func TestPerft(t *testing.T) {
	want := []int64{1, 38, 1435, 69460}
	if *perftDeep {
		want = append(want, -1)
	}
	p := newPosition(defaultLayout)
	for depth, w := range want {
		got := perft(p, depth, perftBufs(depth))
		if w < 0 {
			t.Logf("perft(%d) = %d", depth, got)
			continue
		}
		if got != w {
			t.Errorf("perft(%d) = %d; want %d", depth, got, w)
		}
	}
}
