package engine

import (
	"math/bits"
	"math/rand/v2"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
)

// kfModel evaluates Knight Fight by the points difference, the knights'
// mobility, the area each knight can still reach, and the best number the
// side to move can land on now, at half a point's weight by default (it is
// about to score it: this keeps the evaluation from swinging between odd
// and even depths); the game has no captures, so there is no quiescence
// search.
type kfModel struct {
	erased [knightfight.Size]uint64
	knight [2][knightfight.Size]uint64
	side   uint64
	board  uint64             // key of the numbering, set by prepare
	w      [kfWeightCount]int // the evaluation's weights, by kfWeights' order
}

// prepare keys the numbering of p's board into the hash, so that the
// positions of games on different boards do not share keys.
func (m *kfModel) prepare(p rules.Position) {
	q := p.(*knightfight.Position)
	var h uint64
	for sq := range knightfight.Size {
		h = mix64(h ^ uint64(q.Number(sq)+1)<<8 ^ uint64(sq))
	}
	m.board = h
}

func newKFModel() *kfModel {
	m := &kfModel{}
	r := rand.New(rand.NewPCG(0x4b46, 0x4b46))
	for sq := range m.erased {
		m.erased[sq] = r.Uint64()
		m.knight[0][sq] = r.Uint64()
		m.knight[1][sq] = r.Uint64()
	}
	m.side = r.Uint64()
	setDefaults(m.w[:], kfWeights)
	return m
}

// The evaluation's weights, indexes of kfModel.w.
const (
	kfPoint = iota
	kfMobility
	kfArea
	kfLanding
	kfWeightCount
)

// kfWeights are the evaluation's weights as the engine declares them, in
// centi-units. Landing's default is half of Point's: the side to move is
// about to score about the best number it can land on.
var kfWeights = []Weight{
	kfPoint:    {Name: "Point", Default: 10, Min: 0, Max: 100, Doc: "each point ahead"},
	kfMobility: {Name: "Mobility", Default: 6, Min: 0, Max: 100, Doc: "each landing square more than the opponent's"},
	kfArea:     {Name: "Area", Default: 2, Min: 0, Max: 50, Doc: "each square more that the knight can still reach"},
	kfLanding:  {Name: "Landing", Default: 5, Min: 0, Max: 100, Doc: "each unit of the best number the side to move can land on now"},
}

func (m *kfModel) weights() []Weight { return kfWeights }
func (m *kfModel) weight(i int) *int { return &m.w[i] }

func (m *kfModel) newTree(rules.Position) tree {
	return &valueTree[knightfight.Position, *knightfight.Position]{}
}

func (m *kfModel) hash(p rules.Position) uint64 {
	q := p.(*knightfight.Position)
	var h uint64
	e := kfErased(q)
	for w, word := range [2]uint64{e.lo, e.hi} {
		for ; word != 0; word &= word - 1 {
			h ^= m.erased[w*64+bits.TrailingZeros64(word)]
		}
	}
	for c := range 2 {
		if sq, ok := q.Knight(rules.Color(c)); ok {
			h ^= m.knight[c][sq]
		}
	}
	if q.Turn() == rules.Black {
		h ^= m.side
	}
	// The points decide the result: mix them in.
	s := uint64(q.Points(rules.White))<<16 | uint64(q.Points(rules.Black))
	return h ^ mix64(s+0x9e3779b97f4a7c15) ^ m.board
}

func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// outcome avoids Outcome, which words its reason: the game is over when
// either side has no landing square.
func (m *kfModel) outcome(p rules.Position) (rules.Result, bool) {
	q := p.(*knightfight.Position)
	if q.Mobility(rules.White) > 0 && q.Mobility(rules.Black) > 0 {
		return rules.Unfinished, false
	}
	return rules.Score{White: q.Points(rules.White), Black: q.Points(rules.Black)}.Result(), true
}

func (m *kfModel) noisy(rules.Position, rules.Move) bool { return false }
func (m *kfModel) hasNoisy() bool                        { return false }

func (m *kfModel) eval(p rules.Position) int {
	q := p.(*knightfight.Position)
	c := q.Turn()
	o := c.Other()
	v := m.w[kfPoint] * (q.Points(c) - q.Points(o))
	v += m.w[kfMobility] * (q.Mobility(c) - q.Mobility(o))
	erased := kfErased(q)
	v += m.w[kfArea] * (kfReach(q, c, erased) - kfReach(q, o, erased))
	v += m.w[kfLanding] * kfBest(q, c, erased)
	return v
}

// kfBest returns the highest number c's knight can land on now: the side
// to move is about to score about that much, which keeps the evaluation
// from swinging between odd and even depths.
func kfBest(q *knightfight.Position, c rules.Color, erased b128) int {
	var t b128
	if k, ok := q.Knight(c); ok {
		t = kfSpread(b128Of(k))
	} else if c == rules.White {
		t.lo = 1<<10 - 1
	} else {
		t.hi = (1<<10 - 1) << (90 - 64)
	}
	t = t.andNot(erased)
	if o, ok := q.Knight(c.Other()); ok {
		t = t.andNot(b128Of(o)).andNot(kfSpread(b128Of(o)))
	}
	best := 0
	for w, word := range [2]uint64{t.lo, t.hi} {
		for ; word != 0; word &= word - 1 {
			best = max(best, q.Number(w*64+bits.TrailingZeros64(word)))
		}
	}
	return best
}

// kfSpread returns the squares a knight jumps to from any square of a.
func kfSpread(a b128) b128 {
	var next b128
	for _, j := range kfJump {
		next = next.or(a.shift(j.shift).and(j.mask))
	}
	return next
}

// b128 is a set of the 100 squares, bit sq for square sq (a1 = 0, j10 = 99).
type b128 struct{ lo, hi uint64 }

func (a b128) and(b b128) b128    { return b128{a.lo & b.lo, a.hi & b.hi} }
func (a b128) or(b b128) b128     { return b128{a.lo | b.lo, a.hi | b.hi} }
func (a b128) andNot(b b128) b128 { return b128{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a b128) empty() bool        { return a.lo|a.hi == 0 }
func (a b128) count() int         { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

func (a b128) shift(n int) b128 {
	switch {
	case n > 0:
		return b128{a.lo << n, a.hi<<n | a.lo>>(64-n)}
	case n < 0:
		n = -n
		return b128{a.lo>>n | a.hi<<(64-n), a.hi >> n}
	}
	return a
}

func b128Of(sq int) b128 {
	if sq < 64 {
		return b128{lo: 1 << sq}
	}
	return b128{hi: 1 << (sq - 64)}
}

// kfJump holds the shifts of the eight knight jumps and the squares each
// may land on (no wrap across the board's edge).
var kfJump = func() (t [8]struct {
	shift int
	mask  b128
}) {
	d := [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	for i, s := range d {
		t[i].shift = s[1]*10 + s[0]
		for sq := range knightfight.Size {
			f := sq % 10
			if f-s[0] >= 0 && f-s[0] < 10 {
				t[i].mask = t[i].mask.or(b128Of(sq))
			}
		}
	}
	return t
}()

// kfErased returns the erased squares of q.
func kfErased(q *knightfight.Position) b128 {
	lo, hi := q.ErasedBits()
	return b128{lo, hi}
}

// kfReach counts the squares c's knight could reach by jumps over squares
// that are not erased (ignoring the other knight's attacks): the room it has
// left. An unplaced knight counts 0.
func kfReach(q *knightfight.Position, c rules.Color, erased b128) int {
	start, ok := q.Knight(c)
	if !ok {
		return 0
	}
	var board b128
	board.lo, board.hi = ^uint64(0), 1<<36-1
	free := board.andNot(erased)
	if o, ok := q.Knight(c.Other()); ok {
		free = free.andNot(b128Of(o))
	}
	reach := b128Of(start)
	front := reach
	for {
		var next b128
		for _, j := range kfJump {
			next = next.or(front.shift(j.shift).and(j.mask))
		}
		next = next.and(free).andNot(reach)
		if next.empty() {
			return reach.count() - 1
		}
		reach = reach.or(next)
		front = next
	}
}
