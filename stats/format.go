package stats

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rating"
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

// GameIDs returns the ids of the game types in r, sorted.
func (r *Report) GameIDs() []string { return slices.Sorted(maps.Keys(r.Games)) }

// TerminationKinds returns the termination kinds in r: "normal" first, then
// the others by name.
func (r *Report) TerminationKinds() []notation.Termination {
	return normalFirst(slices.Sorted(maps.Keys(r.Terminations)))
}

// normalFirst moves "normal" to the front of the sorted kinds.
func normalFirst(kinds []notation.Termination) []notation.Termination {
	if i := slices.Index(kinds, notation.TermNormal); i > 0 {
		kinds = append([]notation.Termination{notation.TermNormal}, slices.Delete(kinds, i, i+1)...)
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
	Kinds      []notation.Termination // the termination kinds of its players, "normal" first
	fit        bool                   // White's advantage was fitted
	lazy       *section               // the pairs and crosstable rows are made as written
}

// Swiss reports whether the section's standings are a Swiss's, with its
// byes and tie-breaks.
func (s *Section) Swiss() bool {
	return len(s.Players) > 0 && s.Players[0].Buchholz != nil
}

// swissCells returns a Swiss standings row's own cells: byes, Buchholz
// and Sonneborn-Berger.
func (p *Player) swissCells() []string {
	return []string{strconv.Itoa(p.Byes), fmtOpt(p.Buchholz, 2, "-"), fmtOpt(p.SonnebornBerger, 2, "-")}
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
	return each(s.Pairs, fn)
}

// PairsLegend says which estimate the head-to-head figures are, since
// they stand beside the standings' Elo and differ from it.
func (s *Section) PairsLegend() string {
	return "Each pair's own figures (cutechess-cli's, over its games), not the standings' maximum-likelihood Elo; " +
		"Ptnml(0-2): fastchess's pair counts"
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
	return each(s.Crosstable, fn)
}

// each calls fn with each of items, in order, and stops at fn's first
// error.
func each[T any](items []T, fn func(T) error) error {
	for _, it := range items {
		if err := fn(it); err != nil {
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
		seen := map[notation.Termination]bool{}
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

// nGames counts games for people: "1 game", "0 games", "12 games".
func nGames(n int) string {
	if n == 1 {
		return "1 game"
	}
	return strconv.Itoa(n) + " games"
}

func fmtPoints(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// fmtNum prints a parameter as given: 0.05, 5, -1.5.
func fmtNum(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

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
	line := func(what string, m rating.Match) string {
		return fmt.Sprintf("...      %s: %d - %d - %d  [%s] %d", what, m.Wins, m.Losses, m.Draws, fmtFloat(m.Score(), 3), m.Games())
	}
	wb := p.AsWhite.Plus(p.AsBlack.Reversed())
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
