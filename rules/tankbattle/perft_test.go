package tankbattle

import (
	"flag"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

var perftDeep = flag.Bool("perft.deep", false, "run perft 4 from the default start (slow)")

// perft counts the leaves of the move tree depth plies deep; a finished
// position before that depth counts nothing. bufs holds a move list and a
// position per ply so that the walk does not allocate.
func perft(p *Position, depth int, bufs *perftStack) int64 {
	return bufs.walk(p, depth, 0)
}

type perftStack struct {
	moves [][]rules.Move
	pos   []Position
}

func perftBufs(depth int) *perftStack {
	s := &perftStack{moves: make([][]rules.Move, depth+1), pos: make([]Position, depth+1)}
	for i := range s.moves {
		s.moves[i] = make([]rules.Move, 0, 256)
	}
	return s
}

func (s *perftStack) walk(p *Position, depth, ply int) int64 {
	if depth == 0 {
		return 1
	}
	moves := p.Moves(s.moves[ply][:0])
	s.moves[ply] = moves
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	q := &s.pos[ply]
	for _, m := range moves {
		*q = *p
		q.PlayUnchecked(m)
		n += s.walk(q, depth-1, ply+1)
	}
	return n
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
