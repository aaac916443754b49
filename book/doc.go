// Package book holds opening suites: the starts that a tournament's pairs
// of games play from, so that two deterministic engines do not play the
// same game over and over.
//
// An Opening is a start (the tags a record starts from: FEN and SetUp,
// Knight Fight's Board, Tank Battle's Layout) and the moves played from it.
// Read reads a Suite from a record file (.agn) or a file of positions
// (.fen, .txt), checking every opening against the rules; Random plays
// random legal plies from a game's start; Generate makes a suite of
// distinct random openings.
//
//	suite, err := book.Read(ctx, loa.Game, "openings.agn", "", data, -1)
//	pos, err := suite.Opening(0).Position(loa.Game)
package book
