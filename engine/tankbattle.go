package engine

import (
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/tankbattle"
)

// tankModel evaluates Tank Battle by the scoring rule (the points each side
// would have if the game ended now, which counts material too) and by the
// progress of every tank toward the enemy base; a capture is noisy.
type tankModel struct {
	layout string
	key    uint64 // key of the map, xored into the position's hash
	// dist[c][commander][sq]: king steps from sq into the base of c's
	// enemy for a tank of c, around mines (and, for normal tanks, around
	// contaminated ground); -1 where the base cannot be reached.
	dist [2][2][tankSquares]int8
	w    [tankWeightCount]int // the evaluation's weights, by tankWeights' order
}

const (
	tankSize    = 11
	tankSquares = tankSize * tankSize
)

// The evaluation's weights, indexes of tankModel.w.
const (
	tankPoint = iota
	tankStep
	tankWeightCount
)

// tankWeights are the evaluation's weights as the engine declares them, in
// centi-units.
var tankWeights = []Weight{
	tankPoint: {Name: "Point", Default: 100, Min: 0, Max: 1000, Doc: "each point of the scoring rule"},
	tankStep:  {Name: "Step", Default: 6, Min: 0, Max: 100, Doc: "each king step a tank outside the enemy base is away from it"},
}

func newTankModel() *tankModel {
	m := &tankModel{}
	setDefaults(m.w[:], tankWeights)
	return m
}

func (m *tankModel) weights() []Weight { return tankWeights }
func (m *tankModel) weight(i int) *int { return &m.w[i] }

func (m *tankModel) newTree(rules.Position) tree {
	return &valueTree[tankbattle.Position, *tankbattle.Position]{}
}

// prepare computes the distance maps for the map of p.
func (m *tankModel) prepare(p rules.Position) {
	q := p.(*tankbattle.Position)
	if q.Layout() == m.layout && m.layout != "" {
		return
	}
	m.layout = q.Layout()
	m.key = mix64(fnv64(m.layout))
	for c := range 2 {
		enemy := rules.Color(c).Other()
		for cmd := range 2 {
			d := &m.dist[c][cmd]
			var queue [tankSquares]int
			n := 0
			for sq := range tankSquares {
				d[sq] = -1
				if q.InBase(sq, enemy) {
					d[sq] = 0
					queue[n] = sq
					n++
				}
			}
			for i := 0; i < n; i++ {
				sq := queue[i]
				f, r := sq%tankSize, sq/tankSize
				for df := -1; df <= 1; df++ {
					for dr := -1; dr <= 1; dr++ {
						nf, nr := f+df, r+dr
						if nf < 0 || nf >= tankSize || nr < 0 || nr >= tankSize {
							continue
						}
						to := nr*tankSize + nf
						cell := q.Cell(to)
						if d[to] >= 0 || cell == '#' || (cell == '~' && cmd == 0) {
							continue
						}
						d[to] = d[sq] + 1
						queue[n] = to
						n++
					}
				}
			}
		}
	}
}

// hash is the position's own Zobrist key (kept up to date by every move)
// with the map's key, so that positions on different maps do not share keys.
func (m *tankModel) hash(p rules.Position) uint64 { return p.(*tankbattle.Position).Hash() ^ m.key }

// outcome avoids Outcome, which words its reason: the game is over when
// all the tanks of either side stand in the enemy base.
func (m *tankModel) outcome(p rules.Position) (rules.Result, bool) {
	q := p.(*tankbattle.Position)
	if q.Outside(rules.White) > 0 && q.Outside(rules.Black) > 0 {
		return rules.Unfinished, false
	}
	s, _ := q.Score()
	return s.Result(), true
}

func (m *tankModel) noisy(p rules.Position, mv rules.Move) bool {
	if mv == rules.Pass {
		return false
	}
	q := p.(*tankbattle.Position)
	c, _, ok := q.Tank(tankbattle.To(mv))
	return ok && c != q.Turn()
}

func (m *tankModel) hasNoisy() bool { return true }

func (m *tankModel) eval(p rules.Position) int {
	q := p.(*tankbattle.Position)
	s, _ := q.Score()
	v := m.w[tankPoint] * (s.White - s.Black)
	steps := [2]int{}
	for sq := range tankSquares {
		c, cmd, ok := q.Tank(sq)
		if !ok {
			continue
		}
		k := 0
		if cmd {
			k = 1
		}
		if d := m.dist[c][k][sq]; d > 0 {
			steps[c] += int(d)
		}
	}
	v -= m.w[tankStep] * (steps[rules.White] - steps[rules.Black])
	if q.Turn() == rules.Black {
		v = -v
	}
	return v
}
