package replay

import (
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
)

// EngineStats rebuilds, from the move comments of r's record ("+0.35/12
// 0.120s", as arbiter tournament and cutechess-cli write them), what each
// side's engine reported: its moves, its mean depth and its mean time per
// move (the nodes and nps are not in the comments). A side none of whose
// moves has such a comment gets nil; so does a record without any.
func (r *Report) EngineStats() (white, black *search.Stats) {
	var sides [2]search.Tally
	mover := r.First
	for _, m := range r.Record.Moves {
		if m.Comment != "" {
			if c, ok := notation.ParseMoveComment(m.Comment); ok {
				sides[mover].Add(c.Elapsed, c.Depth, 0, 0)
			}
		}
		mover = mover.Other()
	}
	return sides[rules.White].Stats(), sides[rules.Black].Stats()
}
