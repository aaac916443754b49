// Package knightfight implements Knight Fight, the BrainKing game invented by
// Andy Lewicki, behind the rules contract.
//
// Two knights, one white and one black, move on a 10x10 board whose squares
// carry the numbers 00..99 in random order. White first places its knight
// on rank 1, Black then places on rank 10, and after that each move is a
// chess-knight jump. Every landing scores the number of the square and
// erases the square with the mirrored number (57 erases 75); landing on a
// double (00, 11, ..., 99) may erase one other double instead. The square a
// knight leaves is erased. A knight never lands on an erased square, on the
// other knight or on a square the other knight attacks. The game ends as
// soon as either side has no legal move; the higher total wins.
//
// Squares are numbered a1 = 0, b1 = 1, ..., j1 = 9, a2 = 10, ..., j10 = 99
// (index = 10*(rank-1) + file). The rules decisions, the Board tag, the
// move notation and the position text (FEN) are described in
// docs/knight-fight.md.
//
// Use it through rules.Game:
//
//	pos, err := knightfight.Game.Start(rules.TagMap{"Board": knightfight.RandomBoard(7)})
//	m, err := pos.ParseMove("c1")
//	err = pos.Play(m)
//
// Engines that need speed can type-assert the position to *Position and use
// its accessors and PlayUnchecked.
//
// Position.Solve (rules.Solver) proves the end of a game exactly: the
// result and the final margin of points with best play, by a search of
// the rest of the game, which finishes within a budget once few squares
// stay reachable. docs/solver.md says what it proves.
package knightfight
