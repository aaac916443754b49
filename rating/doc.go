// Package rating holds the mathematics of results between players: a
// match's Elo difference, its interval and LOS as cutechess-cli computes
// them (Match), the maximum likelihood ratings of many players with their
// intervals, White's advantage and the LOS of one over another (Fit), the
// sequential probability ratio test and its Elo estimates (SPRT,
// EstimateOf), and fastchess's figures of a result block (FastchessPenta,
// FastchessWDL). It knows only numbers: the report that prints them is
// package stats, and the runner and the configuration check an SPRT with
// it alone.
//
//	s := rating.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: rating.ModelNormalized}
//	if v := s.Decide(s.LLR([]int{3, 10, 40, 12, 5})); v != "" {
//		fmt.Println(v)
//	}
package rating
