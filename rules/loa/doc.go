// Package loa implements Lines of Action as BrainKing plays it, behind the
// rules contract: Game is the rules.Game value listed in rules/games, and
// *Position is its rules.Position.
//
// The board is two uint64 bitboards (bit i is square i: a1 = 0, b1 = 1, …,
// h8 = 63). A move's length is a popcount of a precomputed line mask, a
// parsed move is checked directly without generating the others, and the
// win test is a bitboard flood fill run once per move, so replaying a
// record costs little more than reading it.
//
// Besides the contract, the package exports a concrete API for engines:
// StartPosition, ParseFEN, Position.Pieces, Position.PlayUnchecked,
// MoveOf, From, To and Connected. *Position is also a rules.Solver:
// Position.Solve proves wins and losses by proof-number search within a
// budget of nodes, and never from a repeated position.
//
//	p := loa.StartPosition()
//	m, _ := p.ParseMove("c1-c3")
//	if err := p.Play(m); err != nil { … }
//
// The rules as implemented, and every decision where the rules are silent,
// are written down in docs/lines-of-action.md.
package loa
