package rules

import (
	"context"
	"sync"
)

// Perft counts the move sequences of length depth from p (the leaves of the
// legal-move tree), the standard oracle for move generators. A position
// that is a Perfter counts itself. The count for depth 0 (or less) is 1,
// p itself. p is not changed.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if f, ok := p.(Perfter); ok {
		return f.Perft(depth)
	}
	return perft(p, depth, make([][]Move, depth+1))
}

func perft(p Position, depth int, bufs [][]Move) uint64 {
	moves := p.Moves(bufs[depth][:0])
	bufs[depth] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := p.Clone()
		if err := q.Play(m); err != nil {
			continue
		}
		n += perft(q, depth-1, bufs)
	}
	return n
}

// PerftUnchecked is Perft for a position type that plays unchecked moves
// on plain copies: it steps through a stack of positions and move lists
// kept between calls (walks), so that counting allocates nothing. Games
// implement Perfter with it:
//
//	func (p *Position) Perft(depth int) uint64 { return rules.PerftUnchecked(*p, depth) }
//
// A pass counts as a move; a finished game has none. The count for depth
// 0 or less is 1.
func PerftUnchecked[P any, PP Unchecked[P]](p P, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	w, _ := walks.Get().(*uncheckedWalk[P, PP])
	if w == nil || len(w.stack) < depth {
		w = &uncheckedWalk[P, PP]{stack: make([]P, depth), moves: make([]Move, perftMoves*depth)}
	}
	w.stack[depth-1] = p
	n := w.count(depth)
	walks.Put(w)
	return n
}

// walks keeps PerftUnchecked's stacks between calls (PerftContext makes
// one call per subtree). A stack is made for one position type; one of
// another type is dropped. The stacks cannot live on PerftUnchecked's own
// stack: a generic function calls the position's methods through a
// dictionary, so what it passes them escapes.
var walks sync.Pool

// perftMoves is the room for one position's moves in PerftUnchecked's
// lists: more than any game has (a longer list still works, allocating).
const perftMoves = 256

// uncheckedWalk holds PerftUnchecked's positions and move lists: stack[d-1]
// and moves[(d-1)*perftMoves:] are the ones depth d from the leaves.
type uncheckedWalk[P any, PP Unchecked[P]] struct {
	stack []P
	moves []Move
}

func (w *uncheckedWalk[P, PP]) count(depth int) uint64 {
	p := &w.stack[depth-1]
	lo := (depth - 1) * perftMoves
	moves := PP(p).Moves(w.moves[lo : lo : lo+perftMoves])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	q := &w.stack[depth-2]
	for _, m := range moves {
		*q = *p
		PP(q).PlayUnchecked(m)
		n += w.count(depth - 1)
	}
	return n
}

// perftSplit is the depth from which PerftContext walks the tree itself,
// checking ctx before each subtree, and below which it calls Perft. A
// depth-3 subtree takes about a millisecond in every game (at most 70,000
// leaves), so cancellation is seen within a few milliseconds, and the walk
// above costs one Clone and Play per 40,000 leaves or so.
const perftSplit = 3

// PerftContext is Perft stopping early, with ctx.Err(), once ctx is done.
func PerftContext(ctx context.Context, p Position, depth int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if depth <= perftSplit {
		return Perft(p, depth), nil
	}
	var n uint64
	for _, m := range p.Moves(nil) {
		q := p.Clone()
		if err := q.Play(m); err != nil {
			continue
		}
		c, err := PerftContext(ctx, q, depth-1)
		if err != nil {
			return 0, err
		}
		n += c
	}
	return n, nil
}

// PerftStart returns the position of game that a perft starts from: from
// the tags of a new record made from seed (Game.NewTags), unless fen is
// given without seeded; then the tags given, which win; then fen, when it
// is not "", as the FEN and SetUp tags.
func PerftStart(game Game, fen string, seed int64, seeded bool, given TagMap) (Position, error) {
	tags := TagMap{}
	if fen == "" || seeded {
		for _, kv := range game.NewTags(seed) {
			tags[kv[0]] = kv[1]
		}
	}
	for k, v := range given {
		tags[k] = v
	}
	if fen != "" {
		tags["FEN"], tags["SetUp"] = fen, "1"
	}
	return game.Start(tags)
}
