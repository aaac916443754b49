// Package replay checks game records against the rules: it replays every
// move of a parsed record with the game's rules.Position and says exactly
// where and why a record is wrong (file:line:col, ply, move, reason).
//
// Game replays one parsed game; File validates every game of a file, in
// parallel when asked, and hands the reports over in file order.
package replay
