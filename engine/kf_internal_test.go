package engine

import (
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
)

// TestKFReach compares the bitset flood fill with a plain one on the
// positions of random games.
func TestKFReach(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		p, err := opening(knightfight.Game, seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		var buf []rules.Move
		for ply := 0; !p.Outcome().Over(); ply++ {
			q := p.(*knightfight.Position)
			e := kfErased(q)
			for c := range 2 {
				got, want := kfReach(q, rules.Color(c), e), kfReachNaive(q, rules.Color(c))
				if got != want {
					t.Fatalf("seed %d ply %d %s: kfReach = %d; want %d\n%s", seed, ply, rules.Color(c), got, want, q)
				}
			}
			buf = p.Moves(buf[:0])
			p.Play(buf[(int(seed)*7+ply*13)%len(buf)])
		}
	}
}

func kfReachNaive(q *knightfight.Position, c rules.Color) int {
	start, ok := q.Knight(c)
	if !ok {
		return 0
	}
	other, _ := q.Knight(c.Other())
	seen := map[int]bool{start: true}
	todo := []int{start}
	for len(todo) > 0 {
		sq := todo[0]
		todo = todo[1:]
		f, r := sq%10, sq/10
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			nf, nr := f+d[0], r+d[1]
			to := nr*10 + nf
			if nf < 0 || nf > 9 || nr < 0 || nr > 9 || seen[to] || to == other || q.Erased(to) {
				continue
			}
			seen[to] = true
			todo = append(todo, to)
		}
	}
	return len(seen) - 1
}
