package stats

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// cleanMarkdown makes s safe inside a Markdown table cell: characters that
// Markdown or HTML would interpret are escaped, line breaks become spaces.
func cleanMarkdown(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case c == '&':
			b.WriteString("&amp;")
		case c == '"':
			b.WriteString("&quot;")
		case strings.ContainsRune("\\`*_[]|~", c):
			b.WriteByte('\\')
			b.WriteRune(c)
		case unicode.IsControl(c):
			b.WriteByte(' ')
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// md writes Markdown tables.
type md struct{ *errWriter }

// row writes one table row.
func (b md) row(cells ...string) { fmt.Fprintf(b, "| %s |\n", strings.Join(cells, " | ")) }

// rule writes a table's rule of n columns, the columns right aligned to the
// right.
func (b md) rule(n int, right ...int) {
	cells := make([]string, n)
	for i := range cells {
		cells[i] = "---"
		if slices.Contains(right, i) {
			cells[i] = "---:"
		}
	}
	b.row(cells...)
}

// WriteMarkdown writes r as Markdown tables, pasteable into an issue.
func (r *Report) WriteMarkdown(w io.Writer) error {
	b := md{&errWriter{w: w}}
	fmt.Fprintf(b, "## Games\n\n%s, %d finished, %d unfinished.\n\n", nGames(r.Total), r.Finished, r.Unfinished)
	if note := r.UnknownNote(); note != "" {
		fmt.Fprintf(b, "%s.\n\n", cleanMarkdown(note))
	}
	b.row("Game", "Games", "Finished", "Unfinished", "White wins", "Black wins", "Draws", "White score", "Side advantage")
	b.rule(9, 1, 2, 3, 4, 5, 6, 7)
	for _, id := range r.GameIDs() {
		gs := r.Games[id]
		adv := "none significant"
		if gs.Advantage != "" {
			adv = gs.Advantage
		}
		b.row(cleanMarkdown(gs.Name), strconv.Itoa(gs.Total), strconv.Itoa(gs.Finished), strconv.Itoa(gs.Unfinished),
			splitCell(gs.WhiteWins, gs.WhitePct), splitCell(gs.BlackWins, gs.BlackPct), splitCell(gs.Draws, gs.DrawPct),
			gs.ScoreCell(), adv)
	}
	for _, s := range r.Sections() {
		name := cleanMarkdown(s.Game.Name)
		r.writeMarkdownStandings(b, s, name)
		writeMarkdownPairs(b, s, name)
		writeMarkdownCross(b, s, name)
		writeMarkdownTerms(b, s, name)
	}
	r.writeSPRTMarkdown(b)
	r.writeTuneMarkdown(b)
	if len(r.Terminations) > 0 {
		kinds := r.TerminationKinds()
		fmt.Fprintf(b, "\n## Terminations\n\nGames per termination kind, all game types.\n\n")
		head := []string{" "}
		for _, k := range kinds {
			head = append(head, cleanMarkdown(string(k)))
		}
		b.row(head...)
		b.rule(len(head))
		all := []string{"**all games**"}
		for _, k := range kinds {
			all = append(all, strconv.Itoa(r.Terminations[k]))
		}
		b.row(all...)
	}
	return b.err
}

// writeMarkdownStandings writes a section's standings.
func (r *Report) writeMarkdownStandings(b md, s *Section, name string) {
	if len(s.Players) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## Standings, %s\n\nElo: %s.\n\n", name, cleanMarkdown(r.ratingNote(s)))
	if note := s.AdvantageNote(); note != "" {
		fmt.Fprintf(b, "%s.\n\n", cleanMarkdown(strings.ReplaceAll(note, "+/-", "±")))
	}
	engines := s.hasEngineStats()
	head := []string{"Rank", "Player", "Games", "Wins", "Draws", "Losses", "Points", "Score %", "White %", "Black %", "Avg pts", "Elo", "±"}
	right := []int{0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	if s.Swiss() {
		head = append(head, "Byes", "Buchholz", "S-B")
		right = append(right, len(right)+1, len(right)+2, len(right)+3)
	}
	if engines {
		head = append(head, "Depth", "ms/move", "nps")
		right = append(right, len(right)+1, len(right)+2, len(right)+3)
	}
	b.row(head...)
	b.rule(len(head), right...)
	for _, p := range s.Players {
		cells := append([]string{strconv.Itoa(p.Rank), cleanMarkdown(p.Name)}, p.cells()...)
		if s.Swiss() {
			cells = append(cells, p.swissCells()...)
		}
		if engines {
			cells = append(cells, p.engineCells("-")...)
		}
		b.row(cells...)
	}
	if l := s.Game.SolverLine(); l != "" {
		fmt.Fprintf(b, "\n%s.\n", l)
	}
}

// writeMarkdownPairs writes a section's head-to-head lines.
func writeMarkdownPairs(b md, s *Section, name string) {
	if note := s.PairsNote(); note != "" {
		fmt.Fprintf(b, "\n## Head to head, %s\n\n%s.\n", name, cleanMarkdown(note))
	}
	if !s.HasPairs() {
		return
	}
	fmt.Fprintf(b, "\n## Head to head, %s\n\n%s.\n\n", name, s.PairsLegend())
	b.row("A", "B", "W - L - D", "Score", "Games", "Elo difference", "LOS", "DrawRatio", "Ptnml(0-2)")
	b.rule(9, 3, 4, 5, 6, 7)
	s.EachPair(func(p *Pair) error {
		m := p.Match()
		pt := "-"
		if p.Pentanomial != nil {
			pt = strings.TrimPrefix(p.PentanomialLine(), "Ptnml(0-2): ")
		}
		b.row(cleanMarkdown(p.A), cleanMarkdown(p.B), fmt.Sprintf("%d - %d - %d", p.Wins, p.Losses, p.Draws),
			fmt.Sprintf("%.3f", p.Score), strconv.Itoa(p.Games),
			p.EloCell(), p.LOSCell(), fmtFloat(m.DrawRatio(), 1)+" %", pt)
		return writeFailed(b)
	})
}

// writeMarkdownCross writes a section's crosstable.
func writeMarkdownCross(b md, s *Section, name string) {
	if note := s.crossNote(); note != "" {
		fmt.Fprintf(b, "\n## Crosstable, %s\n\n%s.\n", name, note)
		return
	}
	if len(s.Crosstable) == 0 && !s.HasPairs() {
		return
	}
	fmt.Fprintf(b, "\n## Crosstable, %s\n\nPoints/games against the player of each rank.\n\n", name)
	head := []string{"#", "Player"}
	for i := range s.Players {
		head = append(head, strconv.Itoa(i+1))
	}
	b.row(head...)
	b.rule(len(head), 0)
	i := 0
	s.EachCrossRow(func(cr *CrossRow) error {
		i++
		b.row(append([]string{strconv.Itoa(i), cleanMarkdown(cr.Player)}, s.crossCells(cr)...)...)
		return writeFailed(b)
	})
}

// writeMarkdownTerms writes a section's terminations per player.
func writeMarkdownTerms(b md, s *Section, name string) {
	if len(s.Kinds) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## Terminations, %s\n\nGames per termination kind; lost in brackets.\n\n", name)
	head := []string{"Player"}
	for _, k := range s.Kinds {
		head = append(head, cleanMarkdown(string(k)))
	}
	b.row(head...)
	b.rule(len(head))
	for _, p := range s.Players {
		cells := []string{cleanMarkdown(p.Name)}
		for _, k := range s.Kinds {
			cells = append(cells, termCell(p.Terminations[k]))
		}
		b.row(cells...)
	}
}
