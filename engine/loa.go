package engine

import (
	"math/bits"
	"math/rand/v2"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/loa"
)

// loaModel evaluates Lines of Action by how close each side is to one
// group: the number of groups, how far the pieces are from their centre of
// mass beyond the least possible (concentration), and how central they
// stand (centralisation); a capture is noisy.
type loaModel struct {
	keys [2][64]uint64
	side uint64
}

func newLOAModel() *loaModel {
	m := &loaModel{}
	r := rand.New(rand.NewPCG(0x10a, 0x10a))
	for c := range m.keys {
		for sq := range m.keys[c] {
			m.keys[c][sq] = r.Uint64()
		}
	}
	m.side = r.Uint64()
	return m
}

// Evaluation weights, in centi-units.
const (
	loaGroup   = 40 // each group beyond the first
	loaConc    = 12 // each square of distance to the centre of mass beyond the least
	loaCentre  = 3  // per unit of the centre table, per piece
	loaComEdge = 10 // the centre of mass one square further from the middle
	loaTempo   = 10 // the side to move
)

// loaCentreTable rewards squares near the middle of the board.
var loaCentreTable = func() (t [64]int) {
	for sq := range t {
		f, r := sq&7, sq>>3
		df, dr := min(f, 7-f), min(r, 7-r) // 0 at the edge, 3 in the middle
		t[sq] = df + dr - 3
	}
	return t
}()

// loaMinSum[n] is the least sum of distances of n pieces to their centre:
// one on it, eight at distance 1, sixteen at 2.
var loaMinSum = func() (t [13]int) {
	for n := 1; n < len(t); n++ {
		d := 1
		if n-1 > 8 {
			d = 2
		}
		t[n] = t[n-1] + d
		if n == 1 {
			t[n] = 0
		}
	}
	return t
}()

func (m *loaModel) newTree(rules.Position) tree {
	return &valueTree[loa.Position, *loa.Position]{}
}

func (m *loaModel) hash(p rules.Position) uint64 {
	q := p.(*loa.Position)
	var h uint64
	for c := range 2 {
		for b := q.Pieces(rules.Color(c)); b != 0; b &= b - 1 {
			h ^= m.keys[c][bits.TrailingZeros64(b)]
		}
	}
	if q.Turn() == rules.Black {
		h ^= m.side
	}
	return h
}

func (m *loaModel) outcome(p rules.Position) (rules.Result, bool) {
	o := p.Outcome()
	return o.Result, o.Over()
}

func (m *loaModel) noisy(p rules.Position, mv rules.Move) bool {
	if mv == rules.Pass {
		return false
	}
	q := p.(*loa.Position)
	return q.Pieces(q.Turn().Other())&(1<<loa.To(mv)) != 0
}

func (m *loaModel) hasNoisy() bool { return true }

func (m *loaModel) eval(p rules.Position) int {
	q := p.(*loa.Position)
	t := q.Turn()
	return loaSide(q.Pieces(t)) - loaSide(q.Pieces(t.Other())) + loaTempo
}

// loaSide scores one side's pieces: higher is closer to connecting.
func loaSide(bb uint64) int {
	n := bits.OnesCount64(bb)
	if n == 0 {
		return 0
	}
	sf, sr, centre := 0, 0, 0
	for b := bb; b != 0; b &= b - 1 {
		sq := bits.TrailingZeros64(b)
		sf += sq & 7
		sr += sq >> 3
		centre += loaCentreTable[sq]
	}
	cf, cr := (sf+n/2)/n, (sr+n/2)/n
	dist := 0
	for b := bb; b != 0; b &= b - 1 {
		sq := bits.TrailingZeros64(b)
		dist += max(abs(sq&7-cf), abs(sq>>3-cr))
	}
	minSum := loaMinSum[min(n, len(loaMinSum)-1)]
	comEdge := max(abs(2*cf-7), abs(2*cr-7)) / 2 // 0 in the middle, 3 at the edge
	return -loaGroup*(loa.Groups(bb)-1) - loaConc*(dist-minSum) + loaCentre*centre - loaComEdge*comEdge
}
