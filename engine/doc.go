// Package engine holds arbiter's built-in players and the engine side of the
// UGI protocol.
//
// A Player is made for one game with a Level: Random plays a
// uniformly random legal move, Greedy the best move one ply deep by the
// game's evaluation, and Search an iterative-deepening alpha-beta search
// (principal variation search with a transposition table, move ordering by
// the table's move, captures, killers and history, and a capture-only
// quiescence search where the game has captures). The weights of each
// game's evaluation are UGI spin options (Weights, Player.SetWeight), so
// that a tuner can set them.
//
// Run speaks UGI on a reader and a writer, as `arbiter engine` does on its
// standard input and output. The tests' Match plays two players against
// each other in process, for strength measurements.
//
//	e := engine.New(loa.Game, engine.Options{Level: engine.Search, Seed: 1})
//	res := e.Think(pos, nil, ugi.Limits{Depth: 4}, nil, nil)
//	fmt.Println(pos.FormatMove(res.Move))
package engine
