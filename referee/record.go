package referee

import "github.com/arbiter-games/arbiter/notation"

// Record writes the game as a record in arbiter's notation, with tags
// (the result's tag among them, as the caller writes it). The closing
// comment (why the game ended, when the rules alone did not end it)
// follows the last move, or opens the movetext when no move was played;
// after a move's own comment it follows a semicolon: {-7.12/14 0.120s;
// adjudicated: ...}.
func (r *Result) Record(tags [][2]string) string {
	return record(tags, r.Moves, r.Comments, r.Comment, r.Result.String())
}

// record is Record's work: comments[i], where given and not empty, is the
// comment after moves[i] (comments may be shorter than moves, or nil).
func record(tags [][2]string, moves, comments []string, closing, result string) string {
	g := &notation.Game{Result: result, Tags: make([]notation.Tag, 0, len(tags)), Moves: make([]notation.Move, len(moves))}
	for _, t := range tags {
		g.Tags = append(g.Tags, notation.Tag{Name: t[0], Value: t[1]})
	}
	for i, m := range moves {
		g.Moves[i].Text = m
		if i < len(comments) {
			g.Moves[i].Comment = comments[i]
		}
	}
	if closing != "" {
		if len(moves) == 0 {
			g.Comment = closing
		} else if last := &g.Moves[len(moves)-1]; last.Comment == "" {
			last.Comment = closing
		} else {
			last.Comment += "; " + closing
		}
	}
	return g.String()
}

// bookComments returns the comments of a game's first n plies, the
// opening's: each is "book", with room for more plies after them.
func bookComments(n, more int) []string {
	c := make([]string, n, n+more)
	for i := range c {
		c[i] = "book"
	}
	return c
}
