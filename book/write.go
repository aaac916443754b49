package book

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

// Write writes suite, openings of plies plies of g, to w as a record file
// (.agn) that Read reads back: a head comment that says what it holds and
// how it was made (madeBy, the command line), then each opening as a
// record with result "*", its Event and Round, and the comment that
// comments holds for its last position (by its position text), if any,
// on its last move.
func Write(w io.Writer, g rules.Game, plies int, suite []Opening, madeBy string, comments map[string]string) error {
	b := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(b, "; %s\n; made by: %s\n\n", fmt.Sprintf("%d openings of %s, %d plies each", len(suite), g.Name(), plies), madeBy)
	for i, o := range suite {
		rec := o.Record(g)
		rec.Tags = append([]notation.Tag{{Name: "Event", Value: g.ID() + " openings"}, {Name: "Round", Value: strconv.Itoa(i + 1)}}, rec.Tags...)
		if comments != nil {
			if pos, err := o.Position(g); err == nil {
				if len(rec.Moves) > 0 {
					rec.Moves[len(rec.Moves)-1].Comment = comments[pos.FEN()]
				} else {
					rec.Comment = comments[pos.FEN()]
				}
			}
		}
		b.WriteString(rec.String())
	}
	return b.Flush()
}
