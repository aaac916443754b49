// Package toygames holds two tiny games behind the rules contract, for the
// tests:
//
//   - TicTacToe is written as docs/adding-a-game.md says a new game is
//     written (the contract alone), so that a test can add it to games.All
//     and take it through validate, the built-in engine, a tournament and
//     a report. X is White and moves first; squares are a1..c3 (file a-c,
//     rank 1-3). The FEN is three ranks from the top, "x", "o" or "." per
//     square, and the side to move: "x../.o./... w".
//   - Race is for the tests of the code that plays games (the runner, the
//     engine client), so that they do not hang on the real rules: a
//     counter starts at the Board tag (0..4) and each side in turn adds 1,
//     2 or 3 (written "1", "2", "3"); the side that reaches 21 wins. Each
//     side scores the sum of what it added. Its id is "toy-race".
//
// For the tests of the runner it makes the race known to rules/games
// (RegisterRace, Main) and writes the configs of race tournaments
// (RaceHead, WriteRaceConfig, RaceOpenings).
package toygames
