package rules

import "context"

// The optional parts of the contract. A game works everywhere with Game
// and Position alone; these small interfaces let it say more, and the code
// that can use the extra asks for it with a type assertion.

// A Tagger is a Game that reads tags of its own in a record, beyond the
// PGN standard's and arbiter's (Game, Score, Seed): Tank Battle's Layout,
// Knight Fight's Board. The validator accepts them.
type Tagger interface {
	// Tags lists the names of the game's own tags.
	Tags() []string
}

// A Hasher is a Position that keeps a key of itself up to date as it
// plays, for engines' transposition tables; without it an engine hashes
// the FEN.
type Hasher interface {
	Hash() uint64
}

// A Perfter is a Position that counts its legal-move tree faster than
// Clone and Play can: Perft asks for it. PerftUnchecked is the usual body.
type Perfter interface {
	Perft(depth int) uint64
}

// Unchecked is the constraint of a concrete position type P that engines
// and perft can step through without Clone: a plain copy of a P is an
// independent position, and PlayUnchecked plays a move from the
// position's own Moves (Pass included) without checking it.
type Unchecked[P any] interface {
	*P
	Position
	PlayUnchecked(m Move)
}

// A Restarter is a Game that can build a start position in the memory of
// one it built before, so that a replay of many games one after another
// allocates no position per game.
type Restarter interface {
	// Restart is Start, writing the start position into pos and
	// returning pos when pos is a position of this game; for nil or any
	// other position it returns a new one, as Start. What pos held is
	// lost, on error too.
	Restart(pos Position, tags Tags) (Position, error)
}

// A Resulter is a Position that tells how the game stands without the
// words of Outcome's Reason, which a game may build (and allocate) on
// every call.
type Resulter interface {
	// Result returns Outcome().Result and Outcome().Over().
	Result() (r Result, over bool)
}

// A Solver is a Position that can prove how its game ends when both sides
// play their best, within a budget: arbiter solve, the annotation of
// records with proven results, and the referee's adjudication by the
// solver. A proof never rests on a repeated position: a win it claims is
// a win in a finite number of plies whatever the defender plays.
type Solver interface {
	// Solve searches at most nodes nodes (a game may stop a little past
	// the budget, by at most one expansion) and returns what it proved.
	// It stops early, with what it proved so far, once ctx is done. It
	// leaves the position as it was, and it is deterministic: the same
	// position and budget give the same Proof (unless ctx ends it), so
	// that a validator can check a result the solver adjudicated.
	Solve(ctx context.Context, nodes int64) Proof
}

// Proof is what a Solver proved about a position.
type Proof struct {
	// Result is the game's result when both sides play their best;
	// Unfinished when the budget did not prove one.
	Result Result
	// Move is a move of the side to move that keeps Result (in a win,
	// the first move of the proof); NoMove when nothing is proven, when
	// the game is over, and in a loss where no move was searched.
	Move Move
	// Plies is the length of the longest line of the proof: in a proven
	// win, the most plies the winner needs whatever the defender plays
	// (0 when the game is already over).
	Plies int
	// Nodes is the number of positions the search visited.
	Nodes int64
	// Margin is White's points minus Black's at the end of the game with
	// best play, in the games that score points (HasMargin).
	Margin    int
	HasMargin bool
}

// Solve asks pos to prove its result when it is a Solver; ok is false for
// a game without a solver.
func Solve(ctx context.Context, pos Position, nodes int64) (p Proof, ok bool) {
	s, ok := pos.(Solver)
	if !ok {
		return Proof{Move: NoMove}, false
	}
	return s.Solve(ctx, nodes), true
}
