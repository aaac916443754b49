// Package rules holds the small contract that every game arbiter knows
// implements: a start position built from a record's tags, legal moves,
// applying a move, the outcome, move parsing and formatting, and a FEN-like
// position text.
//
// The games themselves live in subpackages (rules/loa, rules/knightfight,
// rules/tankbattle); the list of games is written out once, in rules/games.
// Packages such as replay, tournament and stats know games only through the
// Game and Position interfaces declared here.
//
// A game may say more through small optional interfaces, each asked for
// with a type assertion where it helps: Tagger (the game's own record tags,
// which the validator accepts), Perfter (a fast perft, usually
// PerftUnchecked), Hasher (a position key kept up to date, for engines),
// MoveAppender (moves written without allocating), Restarter (a start
// position built in place of an old one) and Resulter (the result without
// Outcome's words), both for replays of many games, Drawer (the board as a
// Picture, which Picture.SVG writes) and the Unchecked constraint
// (PlayUnchecked on plain copies). docs/adding-a-game.md lists
// what a new game writes.
//
// # Layout of a game package
//
// Every rules/<game> package puts the same things in the same files:
//
//	doc.go       the package comment: the game's rules in short, and its FEN
//	game.go      the Game value: ID, Name, FirstMover, Tags, NewTags, Start
//	position.go  the Position type and the rules: Turn, Moves, Play,
//	             PlayUnchecked, Perft, Hash, Outcome, Score, Clone
//	notation.go  the move encoding (constructors such as MoveOf, From, To)
//	             and its text: ParseMove, FormatMove, AppendMove
//	fen.go       the position text: FEN, ParseFEN and String
//	square.go    the Square type, when the game has one
//	svg.go       Draw: the board's look (colours, labels, the pieces' art)
//
// Further files hold what only that game has (loa/tables.go,
// tankbattle/layout.go, knightfight/board.go).
package rules
