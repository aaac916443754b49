package loa

import (
	"flag"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

var (
	perftDepth = flag.Int("perft.depth", 4, "deepest perft from the start to run (counts past the known ones are only logged)")
	perftNaive = flag.Bool("perft.naive", false, "also count every perft depth with the slow naive board (depth 5 takes about a minute)")
)

// perftStart holds the perft counts of the start position: depths 1-4 as
// the specification gives them; depth 5 as the bitboard code and the naive
// board below both count it (no outside source confirms it yet).
var perftStart = []uint64{1, 36, 1244, 44952, 1563208, 55963132}

func TestPerft(t *testing.T) {
	p := StartPosition()
	for d := 1; d <= *perftDepth; d++ {
		got := p.Perft(d)
		if d < len(perftStart) {
			if got != perftStart[d] {
				t.Errorf("Perft(%d) = %d; want %d", d, got, perftStart[d])
			}
			continue
		}
		t.Logf("Perft(%d) = %d (no known count to check)", d, got)
	}
}

// TestPerftNaive compares perft counts with the naive board's, from the
// start and from positions with passes, captures and finished games.
func TestPerftNaive(t *testing.T) {
	tests := []struct {
		fen   string
		depth int
	}{
		{StartFEN, 3},
		{startWhite, 3},
		{stuckFEN, 4},
		{bothFEN, 3},
		{capturedFEN, 3},
		{connectFEN, 3},
		{"b7/8/2w5/3b4/8/5w2/8/7b w", 4},
		{"1b4b1/w1b2w1w/2w3b1/3wb3/1b3w2/w2b3w/1w3b2/3bw3 b", 3},
	}
	for _, tt := range tests {
		depth := tt.depth
		if *perftNaive && tt.fen == StartFEN {
			depth = *perftDepth
		}
		t.Run(tt.fen, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			for d := 1; d <= depth; d++ {
				got, want := p.Perft(d), naivePerft(naiveOf(p), p.turn, p.Outcome().Over(), d)
				if got != want {
					t.Errorf("Perft(%d) = %d; the naive board counts %d", d, got, want)
				}
			}
		})
	}
}

// naivePerft counts like Perft on the naive board.
func naivePerft(b naive, turn rules.Color, over bool, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if over {
		return 0
	}
	ms := b.moves(turn)
	if len(ms) == 0 {
		ms = []rules.Move{rules.Pass}
	}
	if depth == 1 {
		return uint64(len(ms))
	}
	var total uint64
	for _, m := range ms {
		c := b
		ended := false
		if m != rules.Pass {
			from, to := From(m), To(m)
			captured := c[to] != 0
			c[to], c[from] = c[from], 0
			ended = c.connected(1+int(turn)) || captured && c.connected(2-int(turn))
		}
		total += naivePerft(c, turn.Other(), ended, depth-1)
	}
	return total
}

// naive is a plain board of 64 cells: 0 empty, 1+color a piece, kept
// deliberately simple as an independent oracle for the bitboard code.
type naive [64]int

func naiveOf(p *Position) (b naive) {
	for s := range 64 {
		switch {
		case p.pieces[rules.White]>>s&1 == 1:
			b[s] = 1 + int(rules.White)
		case p.pieces[rules.Black]>>s&1 == 1:
			b[s] = 1 + int(rules.Black)
		}
	}
	return b
}

func (b *naive) at(f, r int) int {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return -1
	}
	return b[r*8+f]
}

func (b *naive) moves(turn rules.Color) []rules.Move {
	me, them := 1+int(turn), 2-int(turn)
	var ms []rules.Move
	for s := range 64 {
		if b[s] != me {
			continue
		}
		f, r := s%8, s/8
		for _, d := range dirs {
			n := 0
			for _, sign := range []int{1, -1} {
				for k := 0; ; k++ {
					c := b.at(f+sign*k*d[0], r+sign*k*d[1])
					if c < 0 {
						break
					}
					if c > 0 && (k > 0 || sign == 1) {
						n++
					}
				}
			}
			ok := true
			for k := 1; k < n && ok; k++ {
				ok = b.at(f+k*d[0], r+k*d[1]) != them
			}
			tf, tr := f+n*d[0], r+n*d[1]
			if c := b.at(tf, tr); ok && c >= 0 && c != me {
				ms = append(ms, MoveOf(Square(s), SquareAt(tf, tr)))
			}
		}
	}
	return ms
}

func (b *naive) connected(c int) bool {
	var stack []int
	seen := map[int]bool{}
	total := 0
	for s := range 64 {
		if b[s] == c {
			total++
			if len(stack) == 0 {
				stack = append(stack, s)
				seen[s] = true
			}
		}
	}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				f, r := s%8+df, s/8+dr
				if t := r*8 + f; b.at(f, r) == c && !seen[t] {
					seen[t] = true
					stack = append(stack, t)
				}
			}
		}
	}
	return total > 0 && len(seen) == total
}

// TestAgainstNaive plays random games and checks every position's moves
// and outcome against the naive board.
func TestAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	games := 200
	if testing.Short() {
		games = 20
	}
	var buf []rules.Move
	for g := range games {
		p := StartPosition()
		for ply := 0; ply < 300; ply++ {
			b := naiveOf(&p)
			buf = p.Moves(buf[:0])
			if !p.Outcome().Over() {
				want := b.moves(p.turn)
				if len(want) == 0 {
					want = []rules.Move{rules.Pass}
				}
				got := slices.Clone(buf)
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("game %d ply %d %s: Moves() = %v; naive %v", g, ply, p.FEN(), got, want)
				}
			}
			if len(buf) == 0 {
				break
			}
			m := buf[rng.IntN(len(buf))]
			mover := p.turn
			if err := p.Play(m); err != nil {
				t.Fatalf("game %d ply %d: Play(%s): %v", g, ply, p.FormatMove(m), err)
			}
			b = naiveOf(&p)
			own, other := b.connected(1+int(mover)), b.connected(2-int(mover))
			var want rules.Result
			switch {
			case own && other:
				want = rules.Draw
			case own:
				want = rules.Win(mover)
			case other:
				want = rules.Win(mover.Other())
			}
			if got := p.Outcome().Result; got != want {
				t.Fatalf("game %d ply %d %s: Outcome() = %v; naive %v", g, ply, p.FEN(), got, want)
			}
		}
	}
}
