// Package standings ranks the players of a set of games: points (a win 1,
// a draw ½, a bye what it is worth), then, in a Swiss tournament, the
// tie-breaks Buchholz and Sonneborn-Berger, then the share of the points
// won, then the name. The runner's live table and the reports rank by this
// one rule.
//
//	t := standings.NewTable([]string{"alpha", "beta"}, false)
//	t.Add("alpha", "beta", rules.WhiteWins)
//	rows := t.Rows() // alpha 1, beta 0
package standings
