package engine

import (
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/ugi"
)

// Scores: a won position is worth winScore less the plies to the win, so
// that quicker wins score higher; anything beyond winBound is a forced end.
const (
	maxPly    = 128
	winScore  = 1_000_000
	winBound  = winScore - 2*maxPly
	infScore  = winScore + 1
	drawScore = 0
)

// model is what the search knows about one game: how to score, hash and
// step through its positions. Per-game models use the game's concrete
// position type; baseModel works for any game through rules.Position only.
type model interface {
	// eval scores p, which is not over, from its side to move's view.
	eval(p rules.Position) int
	// hash returns a key for p that differs, with high probability, for
	// positions that differ in anything that matters to the search.
	hash(p rules.Position) uint64
	// outcome reports whether p ends the game, and the result.
	outcome(p rules.Position) (rules.Result, bool)
	// noisy reports whether m, played in p, captures: the moves the
	// quiescence search looks at. Only asked when hasNoisy is true.
	noisy(p rules.Position, m rules.Move) bool
	hasNoisy() bool
	// newTree returns a tree for searching from positions like p.
	newTree(p rules.Position) tree
}

// preparer is a model that works out tables for the game of a position
// (such as its map) before a search from it.
type preparer interface{ prepare(p rules.Position) }

// prepare lets m work out its tables for p's game.
func prepare(m model, p rules.Position) {
	if pr, ok := m.(preparer); ok {
		pr.prepare(p)
	}
}

// modelFor picks the model of g: the game's own when arbiter has one, the
// generic one otherwise.
func modelFor(g rules.Game) model {
	if g != nil {
		if m := gameModel(g); m != nil {
			return m
		}
	}
	return baseModel{}
}

// value scores p from its side to move's view, ply plies below the root:
// the result when the game is over, the evaluation otherwise.
func value(m model, p rules.Position, ply int) int {
	if r, over := m.outcome(p); over {
		return terminal(r, p.Turn(), ply)
	}
	return m.eval(p)
}

// terminal scores a finished game for the side to move.
func terminal(r rules.Result, turn rules.Color, ply int) int {
	switch r {
	case rules.Win(turn):
		return winScore - ply
	case rules.Win(turn.Other()):
		return -(winScore - ply)
	}
	return drawScore
}

// matePlies returns the plies to the forced end a search score says, 0
// for none: positive for a win of the side to move, negative for a loss.
func matePlies(v int) int {
	switch {
	case v > winBound:
		return winScore - v
	case v < -winBound:
		return -(winScore + v)
	}
	return 0
}

// evalOf turns a search score into the evaluation the protocol tells:
// centi-units, or a forced end in moves of the side to move (plies rounded
// up to its moves).
func evalOf(v int) ugi.Eval {
	p := matePlies(v)
	switch {
	case p > 0:
		return ugi.Eval{OK: true, Mate: true, Value: (p + 1) / 2}
	case p < 0:
		return ugi.Eval{OK: true, Mate: true, Value: -((-p + 1) / 2)}
	}
	return ugi.Eval{OK: true, Value: v}
}

// baseModel works for any game: points difference as evaluation, the
// position's own key (rules.Hasher) or else the FEN as hash key, Clone and
// Play to step. It is slow but always right.
type baseModel struct{}

func (b baseModel) eval(p rules.Position) int {
	if s, ok := p.Score(); ok {
		d := 100 * (s.White - s.Black)
		if p.Turn() == rules.Black {
			d = -d
		}
		return d
	}
	return 0
}

func (b baseModel) hash(p rules.Position) uint64 {
	if h, ok := p.(rules.Hasher); ok {
		return h.Hash()
	}
	return mix64(fnv64(p.FEN()))
}

// fnv64 is the FNV-1a hash of s: fixed, so that searches repeat exactly
// from one process to the next.
func fnv64(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}

func (baseModel) outcome(p rules.Position) (rules.Result, bool) {
	o := p.Outcome()
	return o.Result, o.Over()
}

func (baseModel) noisy(rules.Position, rules.Move) bool { return false }
func (baseModel) hasNoisy() bool                        { return false }
func (baseModel) newTree(rules.Position) tree           { return &cloneTree{} }
