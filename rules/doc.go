// Package rules holds the small contract that every game arbiter knows
// implements: a start position built from a record's tags, legal moves,
// applying a move, the outcome, move parsing and formatting, and a FEN-like
// position text.
//
// The games themselves live in subpackages (rules/loa, rules/knightfight,
// rules/tankbattle); the list of games is written out once, in rules/games.
// Packages such as replay, tournament and stats know games only through the
// Game and Position interfaces declared here.
package rules
