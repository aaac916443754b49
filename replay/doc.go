// Package replay checks game records against the rules: it replays every
// move of a parsed record with the game's rules.Position and says exactly
// where and why a record is wrong (file:line:col, ply, move, reason).
//
// Game replays one parsed game; File validates every game of a file, in
// parallel when asked, and hands the reports over in file order. A file is
// arbiter's .agn notation or boardspace.net's SGF (FormatOf tells them
// apart; package sgf reads the second), so that every command that reads
// records through File reads both. Options say how records from other
// tools are read: the game of those without a Game tag, what their 1-0
// means, whether unknown tags are warned about.
package replay
