package replay

import (
	"fmt"
	"io"
	"strings"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/sgf"
)

// WriteResults turns the result of g, a record as arbiter writes it
// (PGN's convention: 1-0, White won), into the convention results, the
// mirror of the reading that Options.Results asks for: under
// notation.ResultsFirstMover, a game whose first mover is Black gets the
// other result, in its Result tag too. A record of a game arbiter does
// not know is left as it is.
func WriteResults(g *notation.Game, results notation.Results) {
	if results != notation.ResultsFirstMover {
		return
	}
	game, _, err := findGame("", g, nil)
	if err != nil || game.FirstMover() != rules.Black {
		return
	}
	g.Result = notation.FlipResult(g.Result)
	if v, ok := g.Tag("Result"); ok {
		g.SetTag("Result", notation.FlipResult(v))
	}
}

// Exporter writes canonical records, as import and the runner store them,
// to Out as export does, each ended with one blank line: as .agn records,
// their results in the convention Results, or with SGF as boardspace.net's
// SGF (Results is then White's).
type Exporter struct {
	Out     io.Writer
	SGF     bool
	Results notation.Results
	buf     []byte
}

// Write writes rec, one canonical record.
func (x *Exporter) Write(rec string) error {
	if !x.SGF && x.Results == notation.ResultsWhite {
		_, err := io.WriteString(x.Out, strings.TrimRight(rec, "\r\n \t")+"\n\n")
		return err
	}
	// A stored record is canonical: it parses cleanly.
	gs, err := notation.Parse("record", []byte(rec))
	if err != nil || len(gs) != 1 {
		return fmt.Errorf("a stored record does not read: %v", err)
	}
	g := gs[0]
	if x.SGF {
		if x.buf, err = sgf.Append(x.buf[:0], g); err != nil {
			return err
		}
		_, err = x.Out.Write(append(x.buf, '\n'))
		return err
	}
	WriteResults(g, x.Results)
	_, err = io.WriteString(x.Out, strings.TrimRight(g.String(), "\r\n \t")+"\n\n")
	return err
}
