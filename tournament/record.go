package tournament

import "github.com/arbiter-games/arbiter/notation"

// buildRecord writes a finished game as a record in arbiter's notation. The
// comment (why the game ended, when the rules alone did not end it) follows
// the last move, or opens the movetext when no move was played.
func buildRecord(tags [][2]string, moves []string, comment, result string) string {
	g := &notation.Game{Result: result, Tags: make([]notation.Tag, 0, len(tags)), Moves: make([]notation.Move, len(moves))}
	for _, t := range tags {
		g.Tags = append(g.Tags, notation.Tag{Name: t[0], Value: t[1]})
	}
	for i, m := range moves {
		g.Moves[i].Text = m
	}
	if comment != "" {
		if len(moves) > 0 {
			g.Moves[len(moves)-1].Comment = comment
		} else {
			g.Comment = comment
		}
	}
	return g.String()
}
