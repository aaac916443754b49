package stats

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
)

// blockRule frames a result block, as fastchess frames its own.
const blockRule = "--------------------------------------------------"

// WriteResults writes the result block of a match or tournament whose
// engines are names (in the config's order), about saying what was played
// ("10+0.1, openings.agn"), as fastchess writes it: for two engines Elo and
// nElo with their 95 % errors, LOS, the draw ratio, the games, wins,
// losses, draws and points of the first engine, and with an SPRT its LLR,
// bounds and hypotheses and the verdict; for more, fastchess's table of
// each engine's figures over all its games. With penta (fastchess's
// -report penta=true, its default) the figures come from the pentanomial
// counts of the colour-swapped pairs, and the block adds the pairs ratio
// and the counts; without, from the games' wins, draws and losses. The
// figures are fastchess's (see fastchessPenta), computed from the
// report's pairs: each engine's own counts, not the report's
// maximum-likelihood ratings.
func (r *Report) WriteResults(w io.Writer, names []string, about string, penta bool) error {
	b := &errWriter{w: w}
	fmt.Fprintln(b, blockRule)
	if len(names) == 2 {
		r.writeMatchBlock(b, names[0], names[1], about, penta)
	} else {
		r.writeTableBlock(b, names, penta)
	}
	fmt.Fprintln(b, blockRule)
	return b.err
}

// writeMatchBlock writes the block of a and o's games, from a's side.
func (r *Report) writeMatchBlock(b io.Writer, a, o, about string, penta bool) {
	fmt.Fprintf(b, "Results of %s vs %s (%s):\n", cleanText(a), cleanText(o), about)
	p := r.pairOf(a, o)
	if p == nil {
		fmt.Fprintln(b, "No finished game yet.")
		return
	}
	var pt [5]int // no pair finished yet: fastchess's figures of no pairs
	if p.Pentanomial != nil {
		pt = *p.Pentanomial
	}
	f := fastchessWDL(p.Wins, p.Draws, p.Losses)
	if penta {
		f = fastchessPenta(pt)
	}
	fmt.Fprintf(b, "Elo: %s +/- %s, nElo: %s +/- %s\n", fcNum(f.Elo, 2), fcNum(f.EloError, 2),
		fcNum(f.NElo, 2), fcNum(f.NEloError, 2))
	fmt.Fprintf(b, "LOS: %s %%, DrawRatio: %s %%", fcNum(f.LOS, 2), fcNum(f.DrawRatio, 2))
	if penta {
		fmt.Fprintf(b, ", PairsRatio: %s", fcNum(fastchessPairsRatio(pt), 2))
	}
	pts := float64(p.Wins) + float64(p.Draws)/2
	fmt.Fprintf(b, "\nGames: %d, Wins: %d, Losses: %d, Draws: %d, Points: %s (%s %%)\n", p.Games, p.Wins, p.Losses,
		p.Draws, fcNum(pts, 1), fcNum(pts/float64(p.Games)*100, 2))
	if penta {
		ratio := "-"
		if wl, dd, ok := splitOnes(p); ok {
			ratio = fcNum(fastchessWLDDRatio(wl, dd), 2)
		}
		fmt.Fprintf(b, "Ptnml(0-2): %s, WL/DD Ratio: %s\n", fmtPenta(pt), ratio)
	}
	for _, s := range r.SPRT {
		if s.Player == a && s.Opponent == o {
			fmt.Fprintf(b, "LLR: %s (%s, %s) [%s, %s]\n", fmtFloat(s.LLR, 2), fmtFloat(s.Lower, 2), fmtFloat(s.Upper, 2),
				fmtFloat(s.Elo0, 2), fmtFloat(s.Elo1, 2))
			fmt.Fprintf(b, "SPRT: %s\n", s.VerdictLine())
		}
	}
}

// fmtPenta writes pentanomial counts as fastchess does: "[0, 3, 5, 2, 1]".
func fmtPenta(t [5]int) string {
	return fmt.Sprintf("[%d, %d, %d, %d, %d]", t[0], t[1], t[2], t[3], t[4])
}

// splitOnes splits p's 1-1 pairs into won-lost and drawn-drawn ones, for
// the WL/DD ratio. The database counts a pair's points, not its draws, so
// the split comes from p's draws: one in each WD and LD pair, two in each
// DD pair. That holds only when every game of p is in a finished pair
// (as at the end of a match of colour-swapped pairs); ok is false
// otherwise, or when the counts disagree.
func splitOnes(p *Pair) (wl, dd int, ok bool) {
	t := p.Pentanomial
	if t == nil || 2*(t[0]+t[1]+t[2]+t[3]+t[4]) != p.Games {
		return 0, 0, false
	}
	twice := p.Draws - t[1] - t[3]
	if twice < 0 || twice%2 != 0 || twice/2 > t[2] {
		return 0, 0, false
	}
	dd = twice / 2
	wl = t[2] - dd
	if p.Wins != 2*t[4]+t[3]+wl || p.Losses != 2*t[0]+t[1]+wl {
		return 0, 0, false
	}
	return wl, dd, true
}

// pairOf returns the head-to-head result of a against o, from a's side (the
// report's pair turned round when it has o first), or nil.
func (r *Report) pairOf(a, o string) *Pair {
	for _, p := range r.Pairs {
		switch {
		case p.A == a && p.B == o:
			return p
		case p.A == o && p.B == a:
			return p.reversed()
		}
	}
	return nil
}

// reversed is p from B's side.
func (p *Pair) reversed() *Pair {
	q := *p
	q.A, q.B = p.B, p.A
	q.Wins, q.Losses = p.Losses, p.Wins
	q.Score = round(1-p.Score, 3)
	q.EloDiff, q.NElo = neg(p.EloDiff), neg(p.NElo)
	if p.LOS != nil {
		los := 100 - *p.LOS
		q.LOS = &los
	}
	if t := p.Pentanomial; t != nil {
		q.Pentanomial = &[5]int{t[4], t[3], t[2], t[1], t[0]}
		q.PairsRatio = nil
		if lost := t[3] + t[4]; lost > 0 {
			q.PairsRatio = finite(float64(t[0]+t[1]) / float64(lost))
		}
	}
	q.AsWhite, q.AsBlack = p.AsWhite.reversed(), p.AsBlack.reversed()
	return &q
}

func neg(x *float64) *float64 {
	if x == nil {
		return nil
	}
	v := -*x
	return &v
}

// engineTotals is one engine's games against all its opponents, from its
// side: wins, draws and losses, and the pentanomial counts of its pairs.
type engineTotals struct {
	name                string
	wins, draws, losses int
	pt                  [5]int
	fig                 fastchessFigures
	score               float64 // points in percent
}

// writeTableBlock writes fastchess's table of three or more engines: each
// engine's figures over all its games, best Elo first (engines without a
// figure last, in names' order), with the columns and widths fastchess
// prints, its Ptnml column empty without penta.
func (r *Report) writeTableBlock(b io.Writer, names []string, penta bool) {
	rows := make([]*engineTotals, len(names))
	for i, n := range names {
		e := &engineTotals{name: n}
		for _, p := range r.Pairs {
			if p.B == n {
				p = p.reversed()
			} else if p.A != n {
				continue
			}
			e.wins, e.draws, e.losses = e.wins+p.Wins, e.draws+p.Draws, e.losses+p.Losses
			if t := p.Pentanomial; t != nil {
				for k := range e.pt {
					e.pt[k] += t[k]
				}
			}
		}
		rows[i] = e
	}
	width := 25
	for _, e := range rows {
		width = max(width, len(cleanText(e.name)))
	}
	for _, e := range rows {
		games := float64(e.wins + e.draws + e.losses)
		e.score = (float64(e.wins) + 0.5*float64(e.draws)) / games * 100
		if penta {
			e.fig = fastchessPenta(e.pt)
		} else {
			e.fig = fastchessWDL(e.wins, e.draws, e.losses)
		}
	}
	slices.SortStableFunc(rows, func(x, y *engineTotals) int {
		xn, yn := math.IsNaN(x.fig.Elo), math.IsNaN(y.fig.Elo)
		switch {
		case xn || yn:
			return cmp.Compare(b2i(xn), b2i(yn))
		case x.fig.Elo > y.fig.Elo:
			return -1
		case x.fig.Elo < y.fig.Elo:
			return 1
		}
		return 0
	})
	fmt.Fprintf(b, "%-4s %-*s %10s %10s %10s %10s %10s %10s %10s %20s\n", "Rank", width, "Name",
		"Elo", "+/-", "nElo", "+/-", "Games", "Score", "Draw", "Ptnml(0-2)")
	for i, e := range rows {
		pt := ""
		if penta {
			pt = fmtPenta(e.pt)
		}
		fmt.Fprintf(b, "%4d %-*s %10s %10s %10s %10s %10d %9s%% %9s%% %20s\n", i+1, width, cleanText(e.name),
			fcNum(e.fig.Elo, 2), fcNum(e.fig.EloError, 2), fcNum(e.fig.NElo, 2), fcNum(e.fig.NEloError, 2),
			e.wins+e.draws+e.losses, fcNum(e.score, 1), fcNum(e.fig.DrawRatio, 1), pt)
	}
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}
