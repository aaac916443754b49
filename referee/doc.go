// Package referee plays one game between two engines under arbiter's
// rules: it keeps the position and the clocks, checks every move against
// the game's rules, ends the game by the rules, by a forfeit (an illegal
// move, time, a crash, a stall) or by adjudication (the most plies, the
// engines' own scores, the game's solver), and writes the game's record.
//
//	res, err := referee.Play(ctx, referee.Game{Pos: pos, Start: "startpos", Sides: sides, First: rules.Black}, rs)
//	record := res.Record(tags)
package referee
