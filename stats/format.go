package stats

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"maps"
	"math"
	"reflect"
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

// WriteJSON writes r as one indented JSON object. A report whose pairs
// are made as they are written (see Query.Pairs) is written key by key,
// its pairs and crosstable rows one by one, in the same layout.
func (r *Report) WriteJSON(w io.Writer) error {
	if len(r.lazy) == 0 {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	b := &errWriter{w: w}
	sections := r.Sections()
	io.WriteString(b, "{")
	rv := reflect.ValueOf(r).Elem()
	first := true
	for i := range rv.NumField() {
		f := rv.Type().Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if strings.Contains(opts, "omitempty") && emptyJSON(rv.Field(i)) {
			continue
		}
		if !first {
			io.WriteString(b, ",")
		}
		first = false
		key, _ := json.Marshal(name)
		fmt.Fprintf(b, "\n  %s: ", key)
		switch name {
		case "pairs":
			writeJSONList(b, sections, (*Section).EachPair)
		case "crosstable":
			writeJSONList(b, sections, (*Section).EachCrossRow)
		default:
			v, err := json.MarshalIndent(rv.Field(i).Interface(), "  ", "  ")
			if err != nil {
				return err
			}
			b.Write(v)
		}
		if b.err != nil {
			return b.err
		}
	}
	io.WriteString(b, "\n}\n")
	return b.err
}

// emptyJSON reports whether encoding/json's omitempty leaves v out: false,
// 0, a nil pointer or interface, an empty array, slice, map or string.
func emptyJSON(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return v.IsZero()
}

// writeJSONList writes the items each gives for every section as one JSON
// array, indented as a value of the report's object.
func writeJSONList[T any](b *errWriter, sections []*Section, each func(*Section, func(T) error) error) {
	n := 0
	for _, s := range sections {
		each(s, func(x T) error {
			v, err := json.MarshalIndent(x, "    ", "  ")
			if err != nil {
				return err
			}
			if n == 0 {
				io.WriteString(b, "[\n    ")
			} else {
				io.WriteString(b, ",\n    ")
			}
			n++
			_, err = b.Write(v)
			return err
		})
	}
	if n == 0 {
		io.WriteString(b, "[]")
	} else {
		io.WriteString(b, "\n  ]")
	}
}

// GameIDs returns the ids of the game types in r, sorted.
func (r *Report) GameIDs() []string { return slices.Sorted(maps.Keys(r.Games)) }

// TerminationKinds returns the termination kinds in r: "normal" first, then
// the others by name.
func (r *Report) TerminationKinds() []string {
	return normalFirst(slices.Sorted(maps.Keys(r.Terminations)))
}

// normalFirst moves "normal" to the front of the sorted kinds.
func normalFirst(kinds []string) []string {
	if i := slices.Index(kinds, "normal"); i > 0 {
		kinds = append([]string{"normal"}, slices.Delete(kinds, i, i+1)...)
	}
	return kinds
}

// Section is the part of a report about one game type: its statistics and
// its slices of the report's lists.
type Section struct {
	Game       *GameStats
	Players    []*Player
	Pairs      []*Pair
	LOS        []*LOSRow
	Crosstable []*CrossRow
	Kinds      []string // the termination kinds of its players, "normal" first
	fit        bool     // White's advantage was fitted
	lazy       *section // the pairs and crosstable rows are made as written
}

// HasPairs reports whether the section has head-to-head lines.
func (s *Section) HasPairs() bool {
	return len(s.Pairs) > 0 || s.lazy != nil && len(s.lazy.matches) > 0
}

// EachPair calls fn with each head-to-head line of the section, in order,
// and stops at fn's first error.
func (s *Section) EachPair(fn func(*Pair) error) error {
	if s.lazy != nil {
		return s.lazy.eachPair(fn)
	}
	for _, p := range s.Pairs {
		if err := fn(p); err != nil {
			return err
		}
	}
	return nil
}

// AllPairs is EachPair as an iterator, for the HTML template.
func (s *Section) AllPairs() iter.Seq[*Pair] {
	return func(yield func(*Pair) bool) {
		stop := errors.New("stop")
		s.EachPair(func(p *Pair) error {
			if !yield(p) {
				return stop
			}
			return nil
		})
	}
}

// EachCrossRow calls fn with each crosstable row of the section, in order,
// and stops at fn's first error.
func (s *Section) EachCrossRow(fn func(*CrossRow) error) error {
	if s.lazy != nil {
		return s.lazy.eachCrossRow(fn)
	}
	for _, row := range s.Crosstable {
		if err := fn(row); err != nil {
			return err
		}
	}
	return nil
}

// Sections returns r's game types in order of id, each with its players,
// pairs, LOS rows and crosstable rows.
func (r *Report) Sections() []*Section {
	ids := r.GameIDs()
	out := make([]*Section, len(ids))
	for i, id := range ids {
		s := &Section{Game: r.Games[id], fit: r.Ratings.WhiteAdvantage == "auto", lazy: r.lazy[id]}
		s.Players = part(r.Players, id, func(p *Player) string { return p.Game })
		s.Pairs = part(r.Pairs, id, func(p *Pair) string { return p.Game })
		s.LOS = part(r.LOS, id, func(p *LOSRow) string { return p.Game })
		s.Crosstable = part(r.Crosstable, id, func(p *CrossRow) string { return p.Game })
		seen := map[string]bool{}
		for _, p := range s.Players {
			for k := range p.Terminations {
				seen[k] = true
			}
		}
		s.Kinds = normalFirst(slices.Sorted(maps.Keys(seen)))
		out[i] = s
	}
	return out
}

// part returns the run of list whose game is id (lists are ordered by game).
func part[T any](list []T, id string, game func(T) string) []T {
	i := slices.IndexFunc(list, func(x T) bool { return game(x) == id })
	if i < 0 {
		return nil
	}
	j := i
	for j < len(list) && game(list[j]) == id {
		j++
	}
	return list[i:j:j]
}

// UnknownNote says how many games had an unknown player and were left out
// of the standings, or "" when none.
func (r *Report) UnknownNote() string {
	if r.UnknownPlayerGames == 0 {
		return ""
	}
	return fmt.Sprintf("%d games with an unknown player (\"?\", \"-\" or no name) count in the game types only: "+
		"not in standings, ratings, head to head or crosstables", r.UnknownPlayerGames)
}

// PairsNote says why a section's head-to-head lines and crosstable are
// left out, or "" when they are there.
func (s *Section) PairsNote() string {
	if !s.Game.PairsOmitted {
		return ""
	}
	return fmt.Sprintf("%d players: head to head and crosstable left out (more than %d players; ask with --pairs)",
		len(s.Players), pairLimit)
}

// AdvantageNote describes White's advantage in the section's ratings, or
// "" without one.
func (s *Section) AdvantageNote() string {
	gs := s.Game
	switch {
	case gs.WhiteAdvantage == nil:
		return ""
	case s.fit && gs.WhiteAdvantageError != nil:
		return fmt.Sprintf("White's advantage (fitted with the ratings): %s +/- %s Elo",
			fmtOpt(gs.WhiteAdvantage, 1, "-"), fmtOpt(gs.WhiteAdvantageError, 1, "-"))
	case s.fit:
		return fmt.Sprintf("White's advantage (fitted with the ratings): %s Elo (no interval)", fmtOpt(gs.WhiteAdvantage, 1, "-"))
	}
	return fmt.Sprintf("White's advantage (as given): %s Elo", fmtOpt(gs.WhiteAdvantage, 1, "-"))
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

// writeFailed returns the error that writing to w has met, if any: a
// zero-length write asks w (an errWriter) and whatever it writes to (which
// may fail it once the report is abandoned). The loops over the pairs and
// the crosstable rows, which may be millions, stop at it.
func writeFailed(w io.Writer) error {
	_, err := w.Write(nil)
	return err
}

// errWriter writes to w until the first error, which it keeps.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// WriteText writes r as plain text for a terminal: the totals, then one
// section per game type. It writes as it goes: give it a buffered writer.
func (r *Report) WriteText(w io.Writer) error {
	b := &errWriter{w: w}
	fmt.Fprintf(b, "%d games, %d finished, %d unfinished\n", r.Total, r.Finished, r.Unfinished)
	if note := r.UnknownNote(); note != "" {
		fmt.Fprintf(b, "%s\n", note)
	}
	for _, s := range r.Sections() {
		r.writeTextSection(b, s)
	}
	r.writeSPRTText(b)
	if len(r.Terminations) > 0 {
		kinds := r.TerminationKinds()
		fmt.Fprintf(b, "\nTerminations\n")
		parts := make([]string, len(kinds))
		for i, k := range kinds {
			parts[i] = fmt.Sprintf("%s %d", cleanText(k), r.Terminations[k])
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
	fmt.Fprintf(b, "\n== %s: %d games, %d finished, %d unfinished\n", cleanText(gs.Name), gs.Total, gs.Finished, gs.Unfinished)
	if gs.Finished > 0 {
		for _, l := range gs.Split() {
			fmt.Fprintf(b, "  %s\n", l)
		}
	}
	fmt.Fprintf(b, "  %s\n", gs.Verdict())
	if gs.UnknownPlayerGames > 0 {
		fmt.Fprintf(b, "  %d of them with an unknown player, left out below\n", gs.UnknownPlayerGames)
	}
	if len(s.Players) > 0 {
		fmt.Fprintf(b, "\nStandings, %s (Elo: %s)\n", cleanText(gs.Name), r.ratingNote(s))
		if note := s.AdvantageNote(); note != "" {
			fmt.Fprintf(b, "%s\n", note)
		}
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
		engines := s.hasEngineStats()
		head := "Rank\t" + pad("Player") + "\tGames\tWins\tDraws\tLosses\tPoints\tScore %\tWhite %\tBlack %\tAvg pts\tElo\t+/-\t"
		if engines {
			head += "Depth\tms/move\tnps\t"
		}
		fmt.Fprint(tw, head+"\n")
		for _, p := range s.Players {
			cells := p.cells()
			if engines {
				cells = append(cells, p.engineCells("-")...)
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t\n", p.Rank, pad(cleanText(p.Name)), strings.Join(cells, "\t"))
		}
		tw.Flush()
	}
	if note := s.PairsNote(); note != "" {
		fmt.Fprintf(b, "\nHead to head and crosstable: %s\n", note)
	}
	if s.HasPairs() {
		fmt.Fprintf(b, "\nHead to head, %s\n", cleanText(gs.Name))
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
			fmt.Fprintf(tw, "%s\t", cleanText(k))
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

// ratingNote describes how the section's ratings were fitted.
func (r *Report) ratingNote(s *Section) string {
	note := "maximum likelihood, average 0, 95 % intervals"
	if r.Ratings.Anchor != "" && slices.ContainsFunc(s.Players, func(p *Player) bool { return p.Name == r.Ratings.Anchor }) {
		note = fmt.Sprintf("maximum likelihood, %s = %s, 95 %% intervals", cleanText(r.Ratings.Anchor),
			strconv.FormatFloat(r.Ratings.AnchorElo, 'f', -1, 64))
	}
	if s.Game.Regularized {
		note += ", one virtual draw per pair added since a player or group won or lost every game against the rest"
	}
	return note
}

// crossLimit is the most players whose crosstable and LOS matrix the text,
// Markdown and HTML formats print (JSON has them up to PairLimit, or with
// --pairs: only the opponents met).
const crossLimit = 40

// crossNote says why the crosstable is left out, or "" when it is printed.
func (s *Section) crossNote() string {
	if len(s.Players) <= crossLimit || s.Game.PairsOmitted {
		return ""
	}
	return fmt.Sprintf("%d players: too many for a crosstable (the JSON format has it)", len(s.Players))
}

// crossCells returns a crosstable row's cells in standings order:
// "points/games", "" for opponents not met and "x" on the diagonal.
func (s *Section) crossCells(row *CrossRow) []string {
	by := map[string]*CrossCell{}
	for _, c := range row.Results {
		by[c.Opponent] = c
	}
	cells := make([]string, len(s.Players))
	for i, o := range s.Players {
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

// EloCell is the pair's Elo difference with its error for the Markdown
// and HTML tables: "all games won" or "all games lost" where cutechess
// prints inf, and no ± part where the interval is undefined (nan).
func (p *Pair) EloCell() string {
	m := p.Match()
	diff := m.EloDiff()
	switch {
	case math.IsInf(diff, 1):
		return "all games won"
	case math.IsInf(diff, -1):
		return "all games lost"
	case math.IsNaN(diff):
		return "-"
	}
	d := fmtFloat(diff, 1)
	if d == "-0.0" {
		d = "0.0" // an even score; cutechess's text prints -0.0
	}
	if e := m.EloError(); !math.IsNaN(e) && !math.IsInf(e, 0) {
		return d + " ± " + fmtFloat(e, 1)
	}
	return d + " (interval undefined)"
}

// LOSCell is the pair's LOS for a table: "-" when no game was decided.
func (p *Pair) LOSCell() string {
	l := p.Match().LOS()
	if math.IsNaN(l) {
		return "-"
	}
	return fmtFloat(l, 1) + " %"
}

// WriteMarkdown writes r as Markdown tables, pasteable into an issue.
func (r *Report) WriteMarkdown(w io.Writer) error {
	b := &errWriter{w: w}
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
	if note := r.UnknownNote(); note != "" {
		fmt.Fprintf(b, "%s.\n\n", cleanMarkdown(note))
	}
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
	for _, s := range r.Sections() {
		gs := s.Game
		name := cleanMarkdown(gs.Name)
		if len(s.Players) > 0 {
			fmt.Fprintf(b, "\n## Standings, %s\n\nElo: %s.\n\n", name, cleanMarkdown(r.ratingNote(s)))
			if note := s.AdvantageNote(); note != "" {
				fmt.Fprintf(b, "%s.\n\n", cleanMarkdown(strings.ReplaceAll(note, "+/-", "±")))
			}
			engines := s.hasEngineStats()
			head := []string{"Rank", "Player", "Games", "Wins", "Draws", "Losses", "Points", "Score %", "White %", "Black %", "Avg pts", "Elo", "±"}
			right := []int{0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
			if engines {
				head = append(head, "Depth", "ms/move", "nps")
				right = append(right, 13, 14, 15)
			}
			row(head...)
			rule(len(head), right...)
			for _, p := range s.Players {
				cells := append([]string{strconv.Itoa(p.Rank), cleanMarkdown(p.Name)}, p.cells()...)
				if engines {
					cells = append(cells, p.engineCells("-")...)
				}
				row(cells...)
			}
		}
		if note := s.PairsNote(); note != "" {
			fmt.Fprintf(b, "\n## Head to head, %s\n\n%s.\n", name, cleanMarkdown(note))
		}
		if s.HasPairs() {
			fmt.Fprintf(b, "\n## Head to head, %s\n\n", name)
			row("A", "B", "W - L - D", "Score", "Games", "Elo difference", "LOS", "DrawRatio", "Ptnml(0-2)")
			rule(9, 3, 4, 5, 6, 7)
			s.EachPair(func(p *Pair) error {
				m := p.Match()
				pt := "-"
				if p.Pentanomial != nil {
					pt = strings.TrimPrefix(p.PentanomialLine(), "Ptnml(0-2): ")
				}
				row(cleanMarkdown(p.A), cleanMarkdown(p.B), fmt.Sprintf("%d - %d - %d", p.Wins, p.Losses, p.Draws),
					fmt.Sprintf("%.3f", p.Score), strconv.Itoa(p.Games),
					p.EloCell(), p.LOSCell(), fmtFloat(m.DrawRatio(), 1)+" %", pt)
				return writeFailed(b)
			})
		}
		if note := s.crossNote(); note != "" {
			fmt.Fprintf(b, "\n## Crosstable, %s\n\n%s.\n", name, note)
		} else if len(s.Crosstable) > 0 || s.HasPairs() {
			fmt.Fprintf(b, "\n## Crosstable, %s\n\nPoints/games against the player of each rank.\n\n", name)
			head := []string{"#", "Player"}
			for i := range s.Players {
				head = append(head, strconv.Itoa(i+1))
			}
			row(head...)
			rule(len(head), 0)
			i := 0
			s.EachCrossRow(func(cr *CrossRow) error {
				i++
				row(append([]string{strconv.Itoa(i), cleanMarkdown(cr.Player)}, s.crossCells(cr)...)...)
				return writeFailed(b)
			})
		}
		if len(s.Kinds) > 0 {
			fmt.Fprintf(b, "\n## Terminations, %s\n\nGames per termination kind; lost in brackets.\n\n", name)
			head := []string{"Player"}
			for _, k := range s.Kinds {
				head = append(head, cleanMarkdown(k))
			}
			row(head...)
			rule(len(head))
			for _, p := range s.Players {
				cells := []string{cleanMarkdown(p.Name)}
				for _, k := range s.Kinds {
					cells = append(cells, termCell(p.Terminations[k]))
				}
				row(cells...)
			}
		}
	}
	r.writeSPRTMarkdown(b)
	if len(r.Terminations) > 0 {
		kinds := r.TerminationKinds()
		fmt.Fprintf(b, "\n## Terminations\n\nGames per termination kind, all game types.\n\n")
		head := []string{" "}
		for _, k := range kinds {
			head = append(head, cleanMarkdown(k))
		}
		row(head...)
		rule(len(head))
		all := []string{"**all games**"}
		for _, k := range kinds {
			all = append(all, strconv.Itoa(r.Terminations[k]))
		}
		row(all...)
	}
	return b.err
}

// csvCell neutralises a text cell that a spreadsheet would read as a
// formula (it starts with =, +, -, @, a tab or a carriage return) by
// putting an apostrophe in front, as OWASP advises against CSV injection.
// Only text cells go through it (names, game and termination names);
// numbers, negative Elo figures included, are written as they are.
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// WriteCSV writes the game-type table and the standings as CSV: two tables,
// each with its header row, separated by an empty line. The standings have
// a game column; text cells that start like a formula are neutralised
// (see csvCell).
func (r *Report) WriteCSV(w io.Writer) error {
	ew := &errWriter{w: w}
	cw := csv.NewWriter(ew)
	cw.Write([]string{"game", "name", "total", "finished", "unfinished", "white_wins", "black_wins", "draws",
		"white_pct", "black_pct", "draw_pct", "white_score_pct", "white_score_low", "white_score_high", "advantage",
		"unknown_player_games", "white_advantage", "white_advantage_error"})
	for _, id := range r.GameIDs() {
		gs := r.Games[id]
		cw.Write([]string{csvCell(gs.ID), csvCell(gs.Name), strconv.Itoa(gs.Total), strconv.Itoa(gs.Finished), strconv.Itoa(gs.Unfinished),
			strconv.Itoa(gs.WhiteWins), strconv.Itoa(gs.BlackWins), strconv.Itoa(gs.Draws),
			fmtPct(gs.WhitePct), fmtPct(gs.BlackPct), fmtPct(gs.DrawPct),
			fmtPct(gs.WhiteScorePct), fmtPct(gs.WhiteScoreLow), fmtPct(gs.WhiteScoreHigh), gs.Advantage,
			strconv.Itoa(gs.UnknownPlayerGames), fmtOpt(gs.WhiteAdvantage, 1, ""), fmtOpt(gs.WhiteAdvantageError, 1, "")})
	}
	cw.Flush()
	if _, err := io.WriteString(ew, "\n"); err != nil {
		return err
	}
	cw.Write([]string{"game", "rank", "player", "games", "wins", "draws", "losses", "points", "score_pct",
		"white_games", "white_points", "white_score_pct", "black_games", "black_points", "black_score_pct",
		"unfinished", "point_games", "avg_points", "elo", "elo_error", "avg_depth", "avg_move_ms", "avg_nps"})
	for _, p := range r.Players {
		cw.Write([]string{csvCell(p.Game), strconv.Itoa(p.Rank), csvCell(p.Name), strconv.Itoa(p.Games), strconv.Itoa(p.Wins),
			strconv.Itoa(p.Draws), strconv.Itoa(p.Losses), fmtPoints(p.Points), fmtPct(p.ScorePct),
			strconv.Itoa(p.WhiteGames), fmtPoints(p.WhitePoints), fmtOpt(p.WhiteScorePct, 2, ""),
			strconv.Itoa(p.BlackGames), fmtPoints(p.BlackPoints), fmtOpt(p.BlackScorePct, 2, ""),
			strconv.Itoa(p.Unfinished), strconv.Itoa(p.PointGames), fmtOpt(p.AvgPoints, 2, ""),
			fmtOpt(p.Elo, 1, ""), fmtOpt(p.EloError, 1, ""), fmtOpt(p.AvgDepth, 1, ""), fmtOpt(p.AvgMoveMS, 1, ""), fmtOpt(p.AvgNPS, 0, "")})
	}
	cw.Flush()
	if rows := r.sprtCSV(); rows != nil {
		if _, err := io.WriteString(ew, "\n"); err != nil {
			return err
		}
		for _, row := range rows[1:] {
			for i := range min(3, len(row)) { // tournament, player, opponent
				row[i] = csvCell(row[i])
			}
		}
		cw.WriteAll(rows)
	}
	if ew.err != nil {
		return ew.err
	}
	return cw.Error()
}
