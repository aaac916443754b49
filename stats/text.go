package stats

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode/utf8"
)

// WriteText writes r as plain text for a terminal: the totals, then one
// section per game type. It writes as it goes: give it a buffered writer.
func (r *Report) WriteText(w io.Writer) error {
	b := &errWriter{w: w}
	fmt.Fprintf(b, "%s, %d finished, %d unfinished\n", nGames(r.Total), r.Finished, r.Unfinished)
	if note := r.UnknownNote(); note != "" {
		fmt.Fprintf(b, "%s\n", note)
	}
	for _, s := range r.Sections() {
		r.writeTextSection(b, s)
	}
	r.writeSPRTText(b)
	r.writeTuneText(b)
	if len(r.Terminations) > 0 {
		kinds := r.TerminationKinds()
		fmt.Fprintf(b, "\nTerminations\n")
		parts := make([]string, len(kinds))
		for i, k := range kinds {
			parts[i] = fmt.Sprintf("%s %d", cleanText(string(k)), r.Terminations[k])
		}
		fmt.Fprintf(b, "%s\n", strings.Join(parts, ", "))
	}
	return b.err
}

func (r *Report) writeTextSection(b io.Writer, s *Section) {
	gs := s.Game
	// Names are padded to one width so that they read left-aligned in the
	// right-aligned tables.
	nameWidth := len("Player")
	for _, p := range s.Players {
		nameWidth = max(nameWidth, utf8.RuneCountInString(cleanText(p.Name)))
	}
	pad := func(s string) string {
		return s + strings.Repeat(" ", max(nameWidth-utf8.RuneCountInString(s), 0))
	}
	fmt.Fprintf(b, "\n== %s: %s, %d finished, %d unfinished\n", cleanText(gs.Name), nGames(gs.Total), gs.Finished, gs.Unfinished)
	if gs.Finished > 0 {
		for _, l := range gs.Split() {
			fmt.Fprintf(b, "  %s\n", l)
		}
	}
	fmt.Fprintf(b, "  %s\n", gs.Verdict())
	if gs.UnknownPlayerGames > 0 {
		fmt.Fprintf(b, "  %d of them with an unknown player, left out below\n", gs.UnknownPlayerGames)
	}
	r.writeTextStandings(b, s, pad)
	if note := s.PairsNote(); note != "" {
		fmt.Fprintf(b, "\nHead to head and crosstable: %s\n", note)
	}
	if s.HasPairs() {
		fmt.Fprintf(b, "\nHead to head, %s\n%s\n", cleanText(gs.Name), s.PairsLegend())
		s.EachPair(func(p *Pair) error {
			fmt.Fprintf(b, "%s\n", cleanText(p.ScoreLine()))
			for _, l := range p.ColourLines() {
				fmt.Fprintf(b, "%s\n", cleanText(l))
			}
			fmt.Fprintf(b, "%s\n", p.EloLine())
			if l := p.PentanomialLine(); l != "" {
				fmt.Fprintf(b, "%s\n", l)
			}
			return writeFailed(b)
		})
	}
	if note := s.crossNote(); note != "" {
		fmt.Fprintf(b, "\nCrosstable, %s: %s\n", cleanText(gs.Name), note)
	} else if len(s.Crosstable) > 0 || s.HasPairs() {
		fmt.Fprintf(b, "\nCrosstable, %s (points/games against the player of each rank)\n", cleanText(gs.Name))
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "#\t"+pad("Player")+"\t")
		for i := range s.Players {
			fmt.Fprintf(tw, "%d\t", i+1)
		}
		fmt.Fprint(tw, "\n")
		i := 0
		s.EachCrossRow(func(row *CrossRow) error {
			i++
			fmt.Fprintf(tw, "%d\t%s\t", i, pad(cleanText(row.Player)))
			for _, c := range s.crossCells(row) {
				fmt.Fprintf(tw, "%s\t", c)
			}
			fmt.Fprint(tw, "\n")
			return writeFailed(b)
		})
		tw.Flush()
	}
	if len(s.Kinds) > 1 || len(s.Kinds) == 1 && s.Kinds[0] != "normal" {
		fmt.Fprintf(b, "\nGames per termination and player, %s (lost in brackets)\n", cleanText(gs.Name))
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, pad("Player")+"\t")
		for _, k := range s.Kinds {
			fmt.Fprintf(tw, "%s\t", cleanText(string(k)))
		}
		fmt.Fprint(tw, "\n")
		for _, p := range s.Players {
			fmt.Fprintf(tw, "%s\t", pad(cleanText(p.Name)))
			for _, k := range s.Kinds {
				fmt.Fprintf(tw, "%s\t", termCell(p.Terminations[k]))
			}
			fmt.Fprint(tw, "\n")
		}
		tw.Flush()
	}
}

// writeTextStandings writes a section's standings, names padded by pad.
func (r *Report) writeTextStandings(b io.Writer, s *Section, pad func(string) string) {
	if len(s.Players) == 0 {
		return
	}
	gs := s.Game
	fmt.Fprintf(b, "\nStandings, %s (Elo: %s)\n", cleanText(gs.Name), r.ratingNote(s))
	if note := s.AdvantageNote(); note != "" {
		fmt.Fprintf(b, "%s\n", note)
	}
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	engines := s.hasEngineStats()
	head := "Rank\t" + pad("Player") + "\tGames\tWins\tDraws\tLosses\tPoints\tScore %\tWhite %\tBlack %\tAvg pts\tElo\t+/-\t"
	if s.Swiss() {
		head += "Byes\tBuchholz\tS-B\t"
	}
	if engines {
		head += "Depth\tms/move\tnps\t"
	}
	fmt.Fprint(tw, head+"\n")
	for _, p := range s.Players {
		cells := p.cells()
		if s.Swiss() {
			cells = append(cells, p.swissCells()...)
		}
		if engines {
			cells = append(cells, p.engineCells("-")...)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t\n", p.Rank, pad(cleanText(p.Name)), strings.Join(cells, "\t"))
	}
	tw.Flush()
	if l := gs.SolverLine(); l != "" {
		fmt.Fprintf(b, "%s\n", l)
	}
}
