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
	w    [loaWeightCount]int // the evaluation's weights, by loaWeights' order
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
	setDefaults(m.w[:], loaWeights)
	return m
}

// The evaluation's weights, indexes of loaModel.w.
const (
	loaGroup = iota
	loaConc
	loaCentre
	loaComEdge
	loaTempo
	loaWeightCount
)

// loaWeights are the evaluation's weights as the engine declares them, in
// centi-units.
var loaWeights = []Weight{
	loaGroup:   {Name: "Group", Default: 40, Min: 0, Max: 400, Doc: "each group beyond the first"},
	loaConc:    {Name: "Concentration", Default: 12, Min: 0, Max: 100, Doc: "each square of distance to the centre of mass beyond the least"},
	loaCentre:  {Name: "Centre", Default: 3, Min: 0, Max: 50, Doc: "each unit of centrality of a piece (the centre table: -3 at a corner, +3 in the middle)"},
	loaComEdge: {Name: "MassEdge", Default: 10, Min: 0, Max: 100, Doc: "each square the centre of mass stands away from the middle"},
	loaTempo:   {Name: "Tempo", Default: 10, Min: 0, Max: 100, Doc: "the side to move"},
}

func (m *loaModel) weights() []Weight { return loaWeights }
func (m *loaModel) weight(i int) *int { return &m.w[i] }

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
	return m.sideValue(q.Pieces(t)) - m.sideValue(q.Pieces(t.Other())) + m.w[loaTempo]
}

// sideValue scores one side's pieces: higher is closer to connecting.
func (m *loaModel) sideValue(bb uint64) int {
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
	return -m.w[loaGroup]*(loa.Groups(bb)-1) - m.w[loaConc]*(dist-minSum) + m.w[loaCentre]*centre - m.w[loaComEdge]*comEdge
}
