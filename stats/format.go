package stats

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"
	"unicode/utf8"
)

// Formats lists the output formats, for flag help and checks.
var Formats = []string{"text", "markdown", "csv", "json", "html"}

// Write writes r in format (one of Formats).
func (r *Report) Write(w io.Writer, format string) error {
	switch format {
	case "text", "":
		return r.WriteText(w)
	case "markdown", "md":
		return r.WriteMarkdown(w)
	case "csv":
		return r.WriteCSV(w)
	case "json":
		return r.WriteJSON(w)
	case "html":
		return r.WriteHTML(w)
	}
	return fmt.Errorf("unknown format %q (known: %s)", format, strings.Join(Formats, ", "))
}

// WriteJSON writes r as one indented JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// GameIDs returns the ids of the game types in r, sorted.
func (r *Report) GameIDs() []string { return slices.Sorted(maps.Keys(r.Games)) }

// TerminationKinds returns the termination kinds in r: "normal" first, then
// the others by name.
func (r *Report) TerminationKinds() []string {
	kinds := slices.Sorted(maps.Keys(r.Terminations))
	if i := slices.Index(kinds, "normal"); i > 0 {
		kinds = append([]string{"normal"}, slices.Delete(kinds, i, i+1)...)
	}
	return kinds
}

// Formatting helpers shared by the formats.

func fmtPct(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

func fmtPoints(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// fmtOpt prints x with prec decimals, or missing when x is nil.
func fmtOpt(x *float64, prec int, missing string) string {
	if x == nil {
		return missing
	}
	return strconv.FormatFloat(*x, 'f', prec, 64)
}

// splitCell is a count with its percentage: "6343 (45.96 %)".
func splitCell(n int, pct float64) string {
	return fmt.Sprintf("%d (%s %%)", n, fmtPct(pct))
}

// cells returns the number cells of p's standings row, as the text,
// Markdown and HTML tables print them: games, wins, draws, losses, points,
// score %, White %, Black %, average points, Elo and its error ("-" where
// undefined).
func (p *Player) cells() []string {
	return []string{strconv.Itoa(p.Games), strconv.Itoa(p.Wins), strconv.Itoa(p.Draws), strconv.Itoa(p.Losses),
		fmtPoints(p.Points), fmtPct(p.ScorePct), fmtOpt(p.WhiteScorePct, 2, "-"), fmtOpt(p.BlackScorePct, 2, "-"),
		fmtOpt(p.AvgPoints, 2, "-"), fmtOpt(p.Elo, 1, "-"), fmtOpt(p.EloError, 1, "-")}
}

// fmtFloat prints like C's printf %.Nf, including inf and nan as cutechess
// shows them.
func fmtFloat(x float64, prec int) string {
	switch {
	case x != x:
		return "nan"
	case x > 1e308:
		return "inf"
	case x < -1e308:
		return "-inf"
	}
	return strconv.FormatFloat(x, 'f', prec, 64)
}

// ScoreLine is the pair's head-to-head line as cutechess-cli prints it:
// "Score of A vs B: W - L - D  [0.xxx] N".
func (p *Pair) ScoreLine() string {
	return fmt.Sprintf("Score of %s vs %s: %d - %d - %d  [%.3f] %d", p.A, p.B, p.Wins, p.Losses, p.Draws, p.Score, p.Games)
}

// ColourLines are the lines cutechess-cli prints under the score: A's
// results as White and as Black, and White's against Black's.
func (p *Pair) ColourLines() [3]string {
	line := func(what string, m Match) string {
		return fmt.Sprintf("...      %s: %d - %d - %d  [%s] %d", what, m.Wins, m.Losses, m.Draws, fmtFloat(m.Score(), 3), m.Games())
	}
	wb := p.AsWhite.plus(p.AsBlack.reversed())
	return [3]string{line(p.A+" playing White", p.AsWhite), line(p.A+" playing Black", p.AsBlack), line("White vs Black", wb)}
}

// EloLine is the cutechess-cli line under the score:
// "Elo difference: x +/- y, LOS: z %, DrawRatio: d %".
func (p *Pair) EloLine() string {
	m := p.Match()
	return fmt.Sprintf("Elo difference: %s +/- %s, LOS: %s %%, DrawRatio: %s %%",
		fmtFloat(m.EloDiff(), 1), fmtFloat(m.EloError(), 1), fmtFloat(m.LOS(), 1), fmtFloat(m.DrawRatio(), 1))
}

// PentanomialLine is fastchess's "Ptnml(0-2): [LL, LD, WL+DD, WD, WW]", or
// "" when the games came in no colour-swapped pairs.
func (p *Pair) PentanomialLine() string {
	if p.Pentanomial == nil {
		return ""
	}
	t := p.Pentanomial
	return fmt.Sprintf("Ptnml(0-2): [%d, %d, %d, %d, %d]", t[0], t[1], t[2], t[3], t[4])
}

// Split is the BrainKing lines of a game type: "white 6343 (45.96 %)" etc.
func (gs *GameStats) Split() [3]string {
	return [3]string{
		"white " + splitCell(gs.WhiteWins, gs.WhitePct),
		"black " + splitCell(gs.BlackWins, gs.BlackPct),
		"draws " + splitCell(gs.Draws, gs.DrawPct),
	}
}

// Verdict says in words whether a side has a significant advantage.
func (gs *GameStats) Verdict() string {
	if gs.Finished == 0 {
		return "no finished games"
	}
	s := fmt.Sprintf("White's score %s %% (95 %% interval %s %% to %s %%): ",
		fmtPct(gs.WhiteScorePct), fmtPct(gs.WhiteScoreLow), fmtPct(gs.WhiteScoreHigh))
	switch gs.Advantage {
	case "white":
		return s + "White's advantage is significant"
	case "black":
		return s + "Black's advantage is significant"
	}
	return s + "no significant advantage for either side"
}

// ScoreCell is White's score with its interval for a table cell, "-"
// without finished games.
func (gs *GameStats) ScoreCell() string {
	if gs.Finished == 0 {
		return "-"
	}
	return fmt.Sprintf("%s %% (%s–%s)", fmtPct(gs.WhiteScorePct), fmtPct(gs.WhiteScoreLow), fmtPct(gs.WhiteScoreHigh))
}

// cleanText makes a name safe for a line of plain text: control characters
// (newlines, escapes) are written as Go escapes.
func cleanText(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// WriteText writes r as plain text for a terminal.
func (r *Report) WriteText(w io.Writer) error {
	b := &strings.Builder{}
	// Names are padded to one width so that they read left-aligned in the
	// right-aligned tables.
	nameWidth := len("Player")
	for _, p := range r.Players {
		nameWidth = max(nameWidth, utf8.RuneCountInString(cleanText(p.Name)))
	}
	pad := func(s string) string {
		return s + strings.Repeat(" ", max(nameWidth-utf8.RuneCountInString(s), 0))
	}
	fmt.Fprintf(b, "%d games, %d finished, %d unfinished\n", r.Total, r.Finished, r.Unfinished)
	for _, id := range r.GameIDs() {
		gs := r.Games[id]
		fmt.Fprintf(b, "\n%s: %d games, %d finished, %d unfinished\n", cleanText(gs.Name), gs.Total, gs.Finished, gs.Unfinished)
		if gs.Finished > 0 {
			for _, l := range gs.Split() {
				fmt.Fprintf(b, "  %s\n", l)
			}
		}
		fmt.Fprintf(b, "  %s\n", gs.Verdict())
	}
	if len(r.Players) > 0 {
		fmt.Fprintf(b, "\nStandings (Elo: %s)\n", r.ratingNote())
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
		engines := r.hasEngineStats()
		head := "Rank\t" + pad("Player") + "\tGames\tWins\tDraws\tLosses\tPoints\tScore %\tWhite %\tBlack %\tAvg pts\tElo\t+/-\t"
		if engines {
			head += "Depth\tms/move\tnps\t"
		}
		fmt.Fprint(tw, head+"\n")
		for _, p := range r.Players {
			cells := p.cells()
			if engines {
				cells = append(cells, p.engineCells("-")...)
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t\n", p.Rank, pad(cleanText(p.Name)), strings.Join(cells, "\t"))
		}
		tw.Flush()
	}
	if len(r.Pairs) > 0 {
		fmt.Fprintf(b, "\nHead to head\n")
		for _, p := range r.Pairs {
			fmt.Fprintf(b, "%s\n", cleanText(p.ScoreLine()))
			for _, l := range p.ColourLines() {
				fmt.Fprintf(b, "%s\n", cleanText(l))
			}
			fmt.Fprintf(b, "%s\n", p.EloLine())
			if l := p.PentanomialLine(); l != "" {
				fmt.Fprintf(b, "%s\n", l)
			}
		}
	}
	r.writeSPRTText(b)
	if note := r.crossNote(); note != "" {
		fmt.Fprintf(b, "\nCrosstable: %s\n", note)
	} else if len(r.Crosstable) > 0 {
		fmt.Fprintf(b, "\nCrosstable (points/games against the player of each rank)\n")
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "#\t"+pad("Player")+"\t")
		for i := range r.Players {
			fmt.Fprintf(tw, "%d\t", i+1)
		}
		fmt.Fprint(tw, "\n")
		for i, row := range r.Crosstable {
			fmt.Fprintf(tw, "%d\t%s\t", i+1, pad(cleanText(row.Player)))
			for _, c := range r.crossCells(row) {
				fmt.Fprintf(tw, "%s\t", c)
			}
			fmt.Fprint(tw, "\n")
		}
		tw.Flush()
	}
	if len(r.Terminations) > 0 {
		kinds := r.TerminationKinds()
		fmt.Fprintf(b, "\nTerminations\n")
		parts := make([]string, len(kinds))
		for i, k := range kinds {
			parts[i] = fmt.Sprintf("%s %d", cleanText(k), r.Terminations[k])
		}
		fmt.Fprintf(b, "%s\n", strings.Join(parts, ", "))
		if len(kinds) > 1 || kinds[0] != "normal" {
			fmt.Fprintf(b, "\nGames per termination and player (lost in brackets)\n")
			tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
			fmt.Fprint(tw, pad("Player")+"\t")
			for _, k := range kinds {
				fmt.Fprintf(tw, "%s\t", cleanText(k))
			}
			fmt.Fprint(tw, "\n")
			for _, p := range r.Players {
				fmt.Fprintf(tw, "%s\t", pad(cleanText(p.Name)))
				for _, k := range kinds {
					fmt.Fprintf(tw, "%s\t", termCell(p.Terminations[k]))
				}
				fmt.Fprint(tw, "\n")
			}
			tw.Flush()
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (r *Report) ratingNote() string {
	s := "maximum likelihood, average 0, 95 % intervals"
	if r.Ratings.Anchor != "" {
		s = fmt.Sprintf("maximum likelihood, %s = %s, 95 %% intervals", cleanText(r.Ratings.Anchor),
			strconv.FormatFloat(r.Ratings.AnchorElo, 'f', -1, 64))
	}
	if r.Ratings.Regularized {
		s += ", one virtual draw per pair added since someone won or lost everything"
	}
	return s
}

// crossLimit is the most players whose crosstable the text, Markdown and
// HTML formats print (JSON always has it: only the opponents met).
const crossLimit = 40

// crossNote says why the crosstable is left out, or "" when it is printed.
func (r *Report) crossNote() string {
	if len(r.Players) <= crossLimit {
		return ""
	}
	return fmt.Sprintf("%d players: too many for a crosstable (the JSON format has it)", len(r.Players))
}

// crossCells returns a crosstable row's cells in standings order:
// "points/games", "" for opponents not met and "x" on the diagonal.
func (r *Report) crossCells(row *CrossRow) []string {
	by := map[string]*CrossCell{}
	for _, c := range row.Results {
		by[c.Opponent] = c
	}
	cells := make([]string, len(r.Players))
	for i, o := range r.Players {
		c := by[o.Name]
		switch {
		case o.Name == row.Player && c == nil:
			cells[i] = "x"
		case c == nil:
			cells[i] = "-"
		default:
			cells[i] = fmtPoints(c.Points) + "/" + strconv.Itoa(c.Games)
		}
	}
	return cells
}

func termCell(t *Terminations) string {
	if t == nil || t.Games == 0 {
		return "-"
	}
	if t.Losses > 0 {
		return fmt.Sprintf("%d (%d)", t.Games, t.Losses)
	}
	return strconv.Itoa(t.Games)
}

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

// WriteMarkdown writes r as Markdown tables, pasteable into an issue.
func (r *Report) WriteMarkdown(w io.Writer) error {
	b := &strings.Builder{}
	row := func(cells ...string) { fmt.Fprintf(b, "| %s |\n", strings.Join(cells, " | ")) }
	rule := func(n int, right ...int) {
		cells := make([]string, n)
		for i := range cells {
			cells[i] = "---"
			if slices.Contains(right, i) {
				cells[i] = "---:"
			}
		}
		row(cells...)
	}
	fmt.Fprintf(b, "## Games\n\n%d games, %d finished, %d unfinished.\n\n", r.Total, r.Finished, r.Unfinished)
	row("Game", "Games", "Finished", "Unfinished", "White wins", "Black wins", "Draws", "White score", "Side advantage")
	rule(9, 1, 2, 3, 4, 5, 6, 7)
	for _, id := range r.GameIDs() {
		gs := r.Games[id]
		adv := "none significant"
		if gs.Advantage != "" {
			adv = gs.Advantage
		}
		row(cleanMarkdown(gs.Name), strconv.Itoa(gs.Total), strconv.Itoa(gs.Finished), strconv.Itoa(gs.Unfinished),
			splitCell(gs.WhiteWins, gs.WhitePct), splitCell(gs.BlackWins, gs.BlackPct), splitCell(gs.Draws, gs.DrawPct),
			gs.ScoreCell(), adv)
	}
	if len(r.Players) > 0 {
		fmt.Fprintf(b, "\n## Standings\n\nElo: %s.\n\n", cleanMarkdown(r.ratingNote()))
		engines := r.hasEngineStats()
		head := []string{"Rank", "Player", "Games", "Wins", "Draws", "Losses", "Points", "Score %", "White %", "Black %", "Avg pts", "Elo", "±"}
		right := []int{0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
		if engines {
			head = append(head, "Depth", "ms/move", "nps")
			right = append(right, 13, 14, 15)
		}
		row(head...)
		rule(len(head), right...)
		for _, p := range r.Players {
			cells := append([]string{strconv.Itoa(p.Rank), cleanMarkdown(p.Name)}, p.cells()...)
			if engines {
				cells = append(cells, p.engineCells("-")...)
			}
			row(cells...)
		}
	}
	if len(r.Pairs) > 0 {
		fmt.Fprintf(b, "\n## Head to head\n\n")
		row("A", "B", "W - L - D", "Score", "Games", "Elo difference", "LOS", "DrawRatio", "Ptnml(0-2)")
		rule(9, 3, 4, 5, 6, 7)
		for _, p := range r.Pairs {
			m := p.Match()
			pt := "-"
			if p.Pentanomial != nil {
				pt = strings.TrimPrefix(p.PentanomialLine(), "Ptnml(0-2): ")
			}
			row(cleanMarkdown(p.A), cleanMarkdown(p.B), fmt.Sprintf("%d - %d - %d", p.Wins, p.Losses, p.Draws),
				fmt.Sprintf("%.3f", p.Score), strconv.Itoa(p.Games),
				fmtFloat(m.EloDiff(), 1)+" ± "+fmtFloat(m.EloError(), 1),
				fmtFloat(m.LOS(), 1)+" %", fmtFloat(m.DrawRatio(), 1)+" %", pt)
		}
	}
	r.writeSPRTMarkdown(b)
	if note := r.crossNote(); note != "" {
		fmt.Fprintf(b, "\n## Crosstable\n\n%s.\n", note)
	} else if len(r.Crosstable) > 0 {
		fmt.Fprintf(b, "\n## Crosstable\n\nPoints/games against the player of each rank.\n\n")
		head := []string{"#", "Player"}
		for i := range r.Players {
			head = append(head, strconv.Itoa(i+1))
		}
		row(head...)
		rule(len(head), 0)
		for i, cr := range r.Crosstable {
			row(append([]string{strconv.Itoa(i + 1), cleanMarkdown(cr.Player)}, r.crossCells(cr)...)...)
		}
	}
	if len(r.Terminations) > 0 {
		kinds := r.TerminationKinds()
		fmt.Fprintf(b, "\n## Terminations\n\nGames per termination kind; lost in brackets.\n\n")
		head := []string{"Player"}
		for _, k := range kinds {
			head = append(head, cleanMarkdown(k))
		}
		row(head...)
		rule(len(head))
		all := []string{"**all**"}
		for _, k := range kinds {
			all = append(all, strconv.Itoa(r.Terminations[k]))
		}
		row(all...)
		for _, p := range r.Players {
			cells := []string{cleanMarkdown(p.Name)}
			for _, k := range kinds {
				cells = append(cells, termCell(p.Terminations[k]))
			}
			row(cells...)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCSV writes the game-type table and the standings as CSV: two tables,
// each with its header row, separated by an empty line.
func (r *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"game", "name", "total", "finished", "unfinished", "white_wins", "black_wins", "draws",
		"white_pct", "black_pct", "draw_pct", "white_score_pct", "white_score_low", "white_score_high", "advantage"})
	for _, id := range r.GameIDs() {
		gs := r.Games[id]
		cw.Write([]string{gs.ID, gs.Name, strconv.Itoa(gs.Total), strconv.Itoa(gs.Finished), strconv.Itoa(gs.Unfinished),
			strconv.Itoa(gs.WhiteWins), strconv.Itoa(gs.BlackWins), strconv.Itoa(gs.Draws),
			fmtPct(gs.WhitePct), fmtPct(gs.BlackPct), fmtPct(gs.DrawPct),
			fmtPct(gs.WhiteScorePct), fmtPct(gs.WhiteScoreLow), fmtPct(gs.WhiteScoreHigh), gs.Advantage})
	}
	cw.Flush()
	if _, err := io.WriteString(w, "\n"); err != nil {
		return err
	}
	cw.Write([]string{"rank", "player", "games", "wins", "draws", "losses", "points", "score_pct",
		"white_games", "white_points", "white_score_pct", "black_games", "black_points", "black_score_pct",
		"unfinished", "point_games", "avg_points", "elo", "elo_error", "avg_depth", "avg_move_ms", "avg_nps"})
	for _, p := range r.Players {
		cw.Write(append([]string{strconv.Itoa(p.Rank), p.Name, strconv.Itoa(p.Games), strconv.Itoa(p.Wins),
			strconv.Itoa(p.Draws), strconv.Itoa(p.Losses), fmtPoints(p.Points), fmtPct(p.ScorePct),
			strconv.Itoa(p.WhiteGames), fmtPoints(p.WhitePoints), fmtOpt(p.WhiteScorePct, 2, ""),
			strconv.Itoa(p.BlackGames), fmtPoints(p.BlackPoints), fmtOpt(p.BlackScorePct, 2, ""),
			strconv.Itoa(p.Unfinished), strconv.Itoa(p.PointGames), fmtOpt(p.AvgPoints, 2, ""),
			fmtOpt(p.Elo, 1, ""), fmtOpt(p.EloError, 1, "")}, p.engineCells("")...))
	}
	cw.Flush()
	if rows := r.sprtCSV(); rows != nil {
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
		cw.WriteAll(rows)
	}
	return cw.Error()
}
