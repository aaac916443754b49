package rules

import "context"

// Perft counts the move sequences of length depth from p (the leaves of the
// legal-move tree), the standard oracle for move generators. A game may
// provide a faster count by implementing Perft(depth int) uint64 on its
// position. The count for depth 0 (or less) is 1, p itself. p is not
// changed.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if f, ok := p.(interface{ Perft(int) uint64 }); ok {
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
