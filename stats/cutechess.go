package stats

import (
	"fmt"
	"io"
	"math"

	"github.com/arbiter-games/arbiter/rating"
)

// WriteScores writes cutechess-cli's score line of each two of names that
// have played, from the first one's side, as its -output format=cutechess
// has it: "Score of a vs b: 3 - 1 - 2  [0.667] 6" (wins, losses, draws,
// the score, games).
func (r *Report) WriteScores(w io.Writer, names []string) error {
	b := &errWriter{w: w}
	for i, a := range names {
		for _, o := range names[i+1:] {
			if p := r.pairOf(a, o); p != nil && p.Games > 0 {
				pts := float64(p.Wins) + float64(p.Draws)/2
				fmt.Fprintf(b, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", cleanText(a), cleanText(o),
					p.Wins, p.Losses, p.Draws, pts/float64(p.Games), p.Games)
			}
		}
	}
	return b.err
}

// WriteCutechess writes what cutechess-cli ends a match with: the score
// lines (WriteScores) and, for two engines, its Elo line, "Elo
// difference: 57.2 +/- 98.5, LOS: 87.3 %, DrawRatio: 33.3 %", from the
// first one's side, with the figures of the games' wins, draws and
// losses (as fastchess's -report penta=false block).
func (r *Report) WriteCutechess(w io.Writer, names []string) error {
	if err := r.WriteScores(w, names); err != nil {
		return err
	}
	if len(names) != 2 {
		return nil
	}
	p := r.pairOf(names[0], names[1])
	if p == nil || p.Games == 0 {
		return nil
	}
	f := rating.FastchessWDL(p.Wins, p.Draws, p.Losses)
	_, err := fmt.Fprintf(w, "Elo difference: %s +/- %s, LOS: %s %%, DrawRatio: %s %%\n",
		cuteNum(f.Elo), cuteNum(f.EloError), cuteNum(f.LOS), cuteNum(f.DrawRatio))
	return err
}

// cuteNum writes x with one decimal, as cutechess-cli does; inf and nan
// as C's printf writes them.
func cuteNum(x float64) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%.1f", x)
}
