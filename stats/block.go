package stats

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// blockRule frames a result block, as fastchess frames its own.
const blockRule = "--------------------------------------------------"

// WriteResults writes the result block of a match or tournament whose
// engines are names (in the config's order), about saying what was played
// ("10+0.1, openings.agn"): for two engines fastchess's block — Elo and
// nElo with their 95 % errors, LOS, the draw ratio, the pairs ratio, the
// games, wins, losses, draws and points of the first engine, the
// pentanomial counts, and with an SPRT its LLR, bounds and hypotheses and
// the verdict — for more, the standings with Elo, error and points. The
// numbers are the report's (its pairs, players and SPRT), so that the block
// and arbiter report agree; the report holds one game type.
func (r *Report) WriteResults(w io.Writer, names []string, about string) error {
	b := &errWriter{w: w}
	fmt.Fprintln(b, blockRule)
	if len(names) == 2 {
		r.writeMatchBlock(b, names[0], names[1], about)
	} else {
		r.writeStandingsBlock(b, about)
	}
	fmt.Fprintln(b, blockRule)
	return b.err
}

// writeMatchBlock writes the block of a and b's games, from a's side.
func (r *Report) writeMatchBlock(b io.Writer, a, o, about string) {
	fmt.Fprintf(b, "Results of %s vs %s (%s):\n", cleanText(a), cleanText(o), about)
	p := r.pairOf(a, o)
	if p == nil {
		fmt.Fprintln(b, "No finished game yet.")
		return
	}
	pts := float64(p.Wins) + float64(p.Draws)/2
	// A sweep has no finite Elo: "inf" (or "-inf"), as fastchess prints it.
	elo := fmtOpt(p.EloDiff, 2, "nan")
	if p.EloDiff == nil && p.Games > 0 && pts == float64(p.Games) {
		elo = "inf"
	} else if p.EloDiff == nil && p.Games > 0 && pts == 0 {
		elo = "-inf"
	}
	fmt.Fprintf(b, "Elo: %s +/- %s, nElo: %s +/- %s\n", elo, fmtOpt(p.EloError, 2, "nan"),
		fmtOpt(p.NElo, 2, "nan"), fmtOpt(p.NEloError, 2, "nan"))
	fmt.Fprintf(b, "LOS: %s %%, DrawRatio: %s %%, PairsRatio: %s\n", fmtOpt(p.LOS, 2, "nan"), fmtFloat(p.DrawRatio, 2),
		fmtOpt(p.PairsRatio, 2, "-"))
	fmt.Fprintf(b, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %s (%s %%)\n", p.Games, p.Wins, p.Losses, p.Draws,
		fmtFloat(pts, 1), fmtFloat(100*pts/float64(p.Games), 2))
	if l := p.PentanomialLine(); l != "" {
		fmt.Fprintln(b, l)
	}
	for _, s := range r.SPRT {
		if s.Player == a && s.Opponent == o {
			fmt.Fprintf(b, "LLR: %s (%s, %s) [%s, %s]\n", fmtFloat(s.LLR, 2), fmtFloat(s.Lower, 2), fmtFloat(s.Upper, 2),
				fmtFloat(s.Elo0, 2), fmtFloat(s.Elo1, 2))
			fmt.Fprintf(b, "SPRT: %s\n", s.VerdictLine())
		}
	}
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

// writeStandingsBlock writes the standings with Elo and points.
func (r *Report) writeStandingsBlock(b io.Writer, about string) {
	fmt.Fprintf(b, "Results of the tournament (%s):\n", about)
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "Rank\tEngine\tElo\t+/-\tGames\tPoints\tScore\t\n")
	for _, p := range r.Players {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\t%s %%\t\n", p.Rank, cleanText(p.Name), fmtOpt(p.Elo, 2, "-"),
			fmtOpt(p.EloError, 2, "-"), p.Games, fmtPoints(p.Points), fmtFloat(p.ScorePct, 2))
	}
	tw.Flush()
	if len(r.Players) == 0 {
		fmt.Fprintln(b, "No finished game yet.")
	}
}
