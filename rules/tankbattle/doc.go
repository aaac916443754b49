// Package tankbattle implements Tank Battle, BrainKing's "modern Polish
// game", behind the rules contract: Game for records and tournaments, and a
// concrete *Position with cheap accessors for engines.
//
// The 11x11 board is a map (DefaultLayout, or a record's Layout tag) of open
// ground, mines, contaminated ground and the two bases. Every base square
// starts with a tank of its side, the commander on its start square. A tank
// slides like a chess queen; it may not cross mines or tanks, only a
// commander may enter contaminated ground, and nothing is destroyed there.
// A tank in the enemy base stays inside it. Once all the remaining tanks of
// a side stand in the enemy base, both sides count points and the higher
// score wins. See docs/tank-battle.md for the full rules, the notation and
// the position text.
//
// Squares are numbered file + 11*rank0: a1 = 0, k1 = 10, k11 = 120. A move
// is encoded as from | to<<7 (see Move, From and To).
//
// Position.Solve (rules.Solver) proves what finished games prove: the
// result of a finished game, and forced wins and losses, by a bounded
// AND/OR search in which only finished games count (and a draw when every
// line ends within the search). It proves neither a side's floor of
// points nor a decided race: captures can take any tank outside
// contaminated ground, and a race is decided only once the tanks can no
// longer meet, which is costly to prove. A game that can go on for ever
// (both sides passing, or shuffling) gets no result. docs/solver.md says
// more.
//
//	p, _ := tankbattle.Start(nil)
//	m, _ := p.ParseMove("g1-f2")
//	_ = p.Play(m)
package tankbattle
