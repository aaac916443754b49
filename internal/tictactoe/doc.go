// Package tictactoe is tic-tac-toe behind the rules contract: a game that
// exists only for the tests, written as docs/adding-a-game.md says a new
// game is written (the files of a rules/<game> package, the contract
// alone), so that a test can add it to games.All and take it through
// validate, the built-in engine, a tournament and a report.
//
// X is White and moves first; squares are a1..c3 (file a-c, rank 1-3). The
// FEN is three ranks from the top, "x", "o" or "." per square, and the side
// to move: "x../.o./... w".
package tictactoe
