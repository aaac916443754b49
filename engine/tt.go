package engine

import "github.com/arbiter-games/arbiter/rules"

// Bounds of a stored score.
const (
	boundExact = iota + 1
	boundLower // the score is at least this (a cut)
	boundUpper // the score is at most this (no move raised alpha)
)

// entry is one slot of the transposition table.
type entry struct {
	key   uint64
	move  rules.Move
	score int32
	depth int16
	bound uint8
	age   uint8
}

// table is the transposition table: one entry per slot, indexed by the low
// bits of the key, replaced when the new result is as deep or the old one
// is from an earlier search.
type table struct {
	slots []entry
	mask  uint64
	age   uint8
}

const entrySize = 24

func newTable(mb int) *table {
	n := uint64(1)
	for n*2*entrySize <= uint64(mb)<<20 {
		n *= 2
	}
	return &table{slots: make([]entry, n), mask: n - 1}
}

func (t *table) clear() {
	clear(t.slots)
	t.age = 0
}

func (t *table) probe(key uint64) (entry, bool) {
	e := t.slots[key&t.mask]
	return e, e.key == key && e.bound != 0
}

func (t *table) store(key uint64, m rules.Move, score, depth, bound, ply int) {
	e := &t.slots[key&t.mask]
	if e.key == key && e.age == t.age && int(e.depth) > depth && bound != boundExact {
		return
	}
	if e.key != key && e.age == t.age && int(e.depth) > depth+2 {
		return
	}
	// Forced ends are stored relative to this node, not the root.
	switch {
	case score > winBound:
		score += ply
	case score < -winBound:
		score -= ply
	}
	if m == noMove && e.key == key {
		m = e.move
	}
	*e = entry{key: key, move: m, score: int32(score), depth: int16(depth), bound: uint8(bound), age: t.age}
}

// scoreAt turns a stored score back into one relative to the root.
func scoreAt(s int32, ply int) int {
	v := int(s)
	switch {
	case v > winBound:
		v -= ply
	case v < -winBound:
		v += ply
	}
	return v
}
