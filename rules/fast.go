package rules

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
