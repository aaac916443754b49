// Package search holds what an engine's search reported over one game:
// Stats, the figures of one side (moves, mean depth, mean time per move,
// nodes, nps), and Tally, which sums them up move by move. The referee
// tallies what engines report before each move, import what a record's
// move comments say; the store keeps the figures with the game.
//
//	var t search.Tally
//	t.Add(elapsed, depth, nodes, nps) // each move
//	s := t.Stats()                    // nil without a move
//
// It sits below every package that makes, carries or stores the figures,
// so that none of them imports another only for this type.
package search
