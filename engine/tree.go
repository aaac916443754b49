package engine

import "github.com/arbiter-games/arbiter/rules"

// tree holds the positions along the path the search is on, one per ply:
// play(ply, m) makes the position at ply+1 the one at ply after m, leaving
// the position at ply as it was.
type tree interface {
	setRoot(p rules.Position)
	at(ply int) rules.Position
	play(ply int, m rules.Move)
}

// cloneTree steps with Clone and Play: it works for every game.
type cloneTree struct{ stack [maxPly + 1]rules.Position }

func (t *cloneTree) setRoot(p rules.Position)  { t.stack[0] = p.Clone() }
func (t *cloneTree) at(ply int) rules.Position { return t.stack[ply] }

func (t *cloneTree) play(ply int, m rules.Move) {
	c := t.stack[ply].Clone()
	_ = c.Play(m) // m comes from Moves: legal
	t.stack[ply+1] = c
}

// valueTree steps by copying concrete positions into a preallocated stack:
// no allocation per node.
type valueTree[P any, PP rules.Unchecked[P]] struct{ stack [maxPly + 1]P }

func (t *valueTree[P, PP]) setRoot(p rules.Position) {
	if q, ok := p.(PP); ok {
		t.stack[0] = *q
		return
	}
	t.stack[0] = *p.Clone().(PP)
}

func (t *valueTree[P, PP]) at(ply int) rules.Position { return PP(&t.stack[ply]) }

func (t *valueTree[P, PP]) play(ply int, m rules.Move) {
	t.stack[ply+1] = t.stack[ply]
	PP(&t.stack[ply+1]).PlayUnchecked(m)
}
