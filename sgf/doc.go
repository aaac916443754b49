// Package sgf reads and writes Lines of Action records in the Smart Game
// Format (SGF, FF[4], game GM[9]) as boardspace.net's archives write them,
// and hands them on as notation.Games, so that package replay validates,
// imports and shows them as it does .agn records.
//
// A file holds one game tree per game:
//
//	(;GM[9]FF[4]PB[ddyer]PW[charly]GN[LoA Board 306]
//	;B[C8-C6]
//	;W[H2-F2]C[a comment on the move]
//	;B[G1-G3]
//	;W[Resign]
//	)
//
// The reader takes the main line of each tree and counts the variations
// it leaves out (a warning in notation.Game.Warnings); moves come out in
// the engine form ("c8c6"), whose capture the position decides, since
// boardspace writes captures with "-" in some files and ":" in others. PB,
// PW, GN, GC, DT, RE, EV, RO and PC become tags, C comments; W[Resign] and
// B[Forfeit] end the game. Append writes the same dialect back, and keeps
// the tags SGF has no property for in arbiter's own TG[Name:Value], so
// that .agn → SGF → .agn loses nothing. See docs/notation.md.
//
// Splitter and ParseGame let callers parse the games of a large file one
// at a time or in parallel, as notation.Splitter and notation.Game.Parse
// do for .agn; Parse reads a whole file.
package sgf
