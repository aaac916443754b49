// Package pairing says who plays whom in a tournament: the seam between a
// tournament's format and the runner that plays it.
//
// A Pairing hands out the tournament's games in stages. The games of a
// stage are known together, once every game of the stages before it is
// stored: a fixed format (round robin, gauntlet) has one stage of all its
// games; a format whose pairings depend on results (knockout, Swiss) makes
// each stage from the results of the stages before. The runner asks for
// the next stage when every game of the current one is stored, and after a
// resume it walks the stages again over the stored results, which gives
// the same games: a Pairing is deterministic.
//
// A knockout's stages are its rounds' games and then their tie-break
// pairs, and its pairing is also a Bracket, which tells the encounters as
// the results make them; a Swiss's stages are its rounds, and Stage.Byes
// tells who sits one out. Replay walks a new Pairing over stored results,
// as a report does to learn the byes or the bracket. docs/tournament.md
// states every format's rules.
//
// Games are numbered by slot, from 0, stage after stage: the slot is a
// game's identity in the database, its lease and the SPRT's order. A stage's
// games are computed on demand (Stage.Game), so that a schedule of millions
// of games takes no memory.
//
//	p, err := pairing.New(pairing.Options{Format: pairing.RoundRobin, Players: 3, Rounds: 1, GamesPerEncounter: 2})
//	st, ok, err := p.Next(nil) // stage 0: all six games
//	g := st.Game(st.First)     // slot 0: round 1, game 1, player 0 White against player 1
package pairing
