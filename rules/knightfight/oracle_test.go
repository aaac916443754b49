package knightfight_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
)

// naive is a straightforward reading of the rules on plain arrays, with none
// of the package's bit sets or tables, used as an oracle for Moves, Play and
// Outcome.
type naive struct {
	num    [100]int // -1 unknown
	erased [100]bool
	knight [2]int // -1 not placed
	points [2]int
	turn   int
}

func naiveOf(p *knightfight.Position) naive {
	var n naive
	for s := 0; s < 100; s++ {
		n.num[s] = p.Number(s)
		n.erased[s] = p.Erased(s)
	}
	for c := rules.White; c <= rules.Black; c++ {
		sq, ok := p.Knight(c)
		if !ok {
			sq = -1
		}
		n.knight[c] = sq
		n.points[c] = p.Points(c)
	}
	n.turn = int(p.Turn())
	return n
}

// knightJumps lists the squares a knight on s reaches, by file and rank.
func knightJumps(s int) []int {
	var out []int
	f, r := s%10, s/10
	for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
		if nf, nr := f+d[0], r+d[1]; nf >= 0 && nf < 10 && nr >= 0 && nr < 10 {
			out = append(out, nr*10+nf)
		}
	}
	return out
}

// landings returns the squares side c may land on.
func (n *naive) landings(c int) []int {
	var cand []int
	if n.knight[c] < 0 {
		row := 0
		if c == 1 {
			row = 9
		}
		for f := 0; f < 10; f++ {
			cand = append(cand, row*10+f)
		}
	} else {
		cand = knightJumps(n.knight[c])
	}
	o := n.knight[1-c]
	var out []int
	for _, s := range cand {
		if n.erased[s] || s == o || (o >= 0 && slices.Contains(knightJumps(o), s)) {
			continue
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

func (n *naive) squareOf(num int) int {
	for s, v := range n.num {
		if v == num {
			return s
		}
	}
	return -1
}

// moves lists the legal moves as text.
func (n *naive) moves() []string {
	if len(n.landings(0)) == 0 || len(n.landings(1)) == 0 {
		return nil
	}
	c := n.turn
	var out []string
	for _, to := range n.landings(c) {
		text := knightfight.Square(to).String()
		if k := n.knight[c]; k >= 0 {
			text = knightfight.Square(k).String() + "-" + text
		}
		out = append(out, text)
		if n.num[to]%11 != 0 {
			continue
		}
		for d := 0; d <= 99; d += 11 {
			s := n.squareOf(d)
			if d == n.num[to] || s < 0 || n.erased[s] || s == n.knight[0] || s == n.knight[1] {
				continue
			}
			out = append(out, fmt.Sprintf("%s/%02d", text, d))
		}
	}
	return out
}

// play applies a move given by its parts.
func (n *naive) play(to, erase int) {
	c := n.turn
	if k := n.knight[c]; k >= 0 {
		n.erased[k] = true
	}
	n.knight[c] = to
	v := n.num[to]
	n.points[c] += v
	if v%11 == 0 {
		if erase >= 0 {
			n.erased[n.squareOf(erase)] = true
		}
	} else if s := n.squareOf(v%10*10 + v/10); s >= 0 && s != n.knight[1-c] {
		n.erased[s] = true
	}
	n.turn = 1 - c
}

// TestOracle plays random games and compares Moves, Play and Outcome with
// the naive reading of the rules at every ply, including games set up from
// FENs with most squares erased (where the knights meet more often).
func TestOracle(t *testing.T) {
	r := uint64(99)
	next := func(n int) int {
		r = r*6364136223846793005 + 1442695040888963407
		return int((r >> 33) % uint64(n))
	}
	for game := 0; game < 300; game++ {
		seed := int64(game)
		p := fromStart(t, seed)
		if game%2 == 1 {
			// Erase a random third of the board first (keeping rank 1 and
			// rank 10 whole so that the placements happen).
			fen := []byte(p.FEN())
			for row := 1; row < 9; row++ {
				for f := 0; f < 10; f++ {
					if next(3) == 0 {
						i := row*21 + 2*f
						fen[i], fen[i+1] = '-', '-'
					}
				}
			}
			p = start(t, rules.TagMap{"FEN": string(fen), "Board": knightfight.RandomBoard(seed)})
		}
		for ply := 0; ; ply++ {
			n := naiveOf(p)
			want := n.moves()
			got := []string{}
			for _, m := range p.Moves(nil) {
				got = append(got, p.FormatMove(m))
			}
			if fmt.Sprint(got) != fmt.Sprint(want) && !(len(got) == 0 && len(want) == 0) {
				t.Fatalf("game %d ply %d: Moves = %v; the rules give %v\n%s", game, ply, got, want, p)
			}
			over := len(n.landings(0)) == 0 || len(n.landings(1)) == 0
			o := p.Outcome()
			if o.Over() != over {
				t.Fatalf("game %d ply %d: Outcome %+v; over by the rules: %v", game, ply, o, over)
			}
			if over {
				wantRes := rules.Draw
				if n.points[0] > n.points[1] {
					wantRes = rules.WhiteWins
				} else if n.points[1] > n.points[0] {
					wantRes = rules.BlackWins
				}
				if o.Result != wantRes {
					t.Fatalf("game %d: result %v; want %v (%v)", game, o.Result, wantRes, n.points)
				}
				break
			}
			text := want[next(len(want))]
			m, err := p.ParseMove(text)
			if err != nil {
				t.Fatal(err)
			}
			_, to, erase := knightfight.Decode(m)
			n.play(int(to), erase)
			if err := p.Play(m); err != nil {
				t.Fatalf("game %d ply %d: Play(%s): %v", game, ply, text, err)
			}
			if after := naiveOf(p); after != n {
				t.Fatalf("game %d ply %d: after %s the position differs from the rules:\n%s", game, ply, text, p)
			}
		}
	}
}
