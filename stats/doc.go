// Package stats computes the report over an arbiter database: per game type
// the white/black/draw split as BrainKing prints it, standings, maximum
// likelihood Elo ratings with 95 % intervals, head-to-head lines as
// cutechess-cli prints them (with fastchess's pentanomial counts where games
// come in colour-swapped pairs), a crosstable and termination counts.
//
// The database does the counting: one GROUP BY over a covering index gives
// the counts per game type, white, black, result and termination, another
// groups the colour-swapped pairs; only those small aggregated rows come into
// Go, and the ratings are fitted on them. The queries are package store's
// (SQLite or PostgreSQL); stats computes from the typed rows it returns, and
// the mathematics (the rating fit, Elo and its intervals, the SPRT,
// fastchess's figures) is package rating's.
//
//	r, err := stats.Compute(ctx, db, stats.Query{Tournament: "club-2026"})
//	if err != nil { ... }
//	err = r.WriteJSON(os.Stdout)
package stats
