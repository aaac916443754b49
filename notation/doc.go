// Package notation reads and writes arbiter's game records (*.agn): a
// PGN-shaped text with tag pairs, movetext, comments and a result, for
// every game arbiter knows. The package knows the syntax only; what a move
// means is the business of package rules, and package replay puts the two
// together.
//
// A file holds zero or more games:
//
//	[Event "club match"]
//	[Game "Lines of Action"]
//	[White "alice"]
//	[Black "bob"]
//	[Result "0-1"]
//
//	1. c8-c6 a2-c2 {a comment} 2. b1-b3 h4-f2 ; to the end of the line
//	0-1
//
// Parse reads a whole file; a Splitter and Game.Parse let callers parse
// the games of a large file one at a time, or in parallel. Game.String
// prints the canonical form, and parse → print → parse is a fixed point.
// See docs/notation.md.
package notation
