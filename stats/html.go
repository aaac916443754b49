package stats

import (
	_ "embed"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/internal/xmltext"
	"github.com/arbiter-games/arbiter/notation"
)

//go:embed report.html.tmpl
var htmlSource string

// htmlTemplate parses the page's template on first use: every arbiter
// command links this package, and only report --format html needs it.
var htmlTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{
		"split":       splitCell,
		"short":       shortName,
		"playerCells": func(p *Player) []string { return p.cells() },
		"engineCells": func(p *Player) []string { return p.engineCells("-") },
		"swissCells":  func(p *Player) []string { return p.swissCells() },
		"cells":       func(s *Section, row *CrossRow) []string { return s.crossCells(row) },
		"losCell":     func(x *float64) string { return fmtOpt(x, 1, "-") },
		"term":        termCell,
		"inc":         func(i int) int { return i + 1 },
		"crossLink":   crossLink,
		"tunenum":     tuneNum,
		"tunesigned":  signed,
	}).Parse(htmlSource))
})

// bar is one segment of a stacked bar in the white/black/draw chart.
type bar struct {
	X, W   float64
	Label  string // tooltip
	Class  string
	Pct    string  // the percentage printed with the segment
	TextX  float64 // centre of the segment
	Inside bool    // the label fits inside the segment; else it goes below
	TextY  float64 // baseline of a label below the bar
}

// splitChart is the bar of one game type.
type splitChart struct {
	Game *GameStats
	Y    float64
	Bars []bar
}

// ratingMark is one player's row in the ratings chart.
type ratingMark struct {
	Name           string
	Y              float64
	X, Lo, Hi      float64
	Elo, Err       string
	LoElo, HiElo   string
	HasInterval    bool
	LabelX, LabelY float64
}

// tick is one mark of the Elo axis.
type tick struct {
	X     float64
	Label string
}

// htmlSection is one game type's part of the page.
type htmlSection struct {
	*Section
	RatingNote    string
	CrossNote     string
	PairsNote     string
	AdvantageNote string
	Ratings       []ratingMark
	RatingsH      float64
	AxisY         float64
	TickY         float64 // the lower end of the ticks
	Ticks         []tick
	ShowZero      bool
	AxisZeroX     float64
	ShowLOS       bool
	Engines       bool // some player has search statistics: their columns are shown
}

type htmlData struct {
	R           *Report
	Kinds       []notation.Termination
	GameIDs     []string
	Splits      []splitChart
	SplitH      float64
	LegendY     float64
	UnknownNote string
	Sections    []htmlSection
	SPRT        []sprtChart
	Tune        []tuneChart
}

// The bar charts' layout; their viewBox, written in the template, is 700
// wide: chartLeft + chartWidth and 30 of margin.
const (
	chartLeft  = 170.0 // room for labels
	chartWidth = 500.0
	minSegment = 6.0 // the narrowest non-zero segment
)

// crossLink is the address of the games behind a crosstable cell c (row
// row, column j of section sec), through the report's GameLink; "" without
// one, and for the diagonal and opponents not met.
func crossLink(d htmlData, sec htmlSection, row *CrossRow, j int, c string) string {
	if d.R.GameLink == nil || c == "" || c == "x" || j >= len(sec.Players) {
		return ""
	}
	return d.R.GameLink(sec.Game.ID, row.Player, sec.Players[j].Name)
}

// WriteHTML writes r as one self-contained HTML page (inline CSS and SVG, no
// scripts, no fetches). Every name is escaped by html/template, and the
// characters XML forbids become U+FFFD (see writeClean). The charts
// scale with the page (viewBox, width 100 %) and wide tables scroll in
// their own box, so that the page fits any screen from 360 px wide.
func (r *Report) WriteHTML(w io.Writer) error {
	return writeClean(w, func(w io.Writer) error { return htmlTemplate().Execute(w, r.htmlData()) })
}

// writeClean writes what execute writes, with the characters XML forbids
// replaced by U+FFFD as it goes (a report of many pairs is hundreds of
// megabytes): a name may hold one (U+FFFE passes validate), and
// html/template escapes markup, not those, which break the SVG charts.
// The template's own text has none, so only names and notes change.
func writeClean(w io.Writer, execute func(io.Writer) error) error {
	cw := xmltext.NewWriter(w)
	if err := execute(cw); err != nil {
		return err
	}
	return cw.Flush()
}

// htmlData lays out the page of r.
func (r *Report) htmlData() htmlData {
	d := htmlData{R: r, Kinds: r.TerminationKinds(), GameIDs: r.GameIDs(), UnknownNote: r.UnknownNote(), SPRT: r.sprtCharts(),
		Tune: r.tuneCharts()}
	y := 10.0
	for _, id := range d.GameIDs {
		c := splitBars(r.Games[id], y)
		d.Splits = append(d.Splits, c)
		y += 34
		for _, b := range c.Bars {
			if !b.Inside && b.Pct != "" {
				y += 16 // room for the labels below
				break
			}
		}
	}
	d.SplitH = y + 30
	d.LegendY = d.SplitH - 8
	for _, s := range r.Sections() {
		d.Sections = append(d.Sections, r.htmlSection(s))
	}
	return d
}

// WriteHTMLParts writes the part of r's HTML page that follows the game
// types' table: for each game type its standings with the ratings chart,
// head to head, LOS and crosstable, then the SPRT charts. It is for a page
// of one's own (arbiter serve), which must carry HTMLStyle.
func (r *Report) WriteHTMLParts(w io.Writer) error {
	d := r.htmlData()
	return writeClean(w, func(w io.Writer) error { return htmlTemplate().ExecuteTemplate(w, "parts", d) })
}

// HTMLStyle returns the style sheet of the HTML page, for a page that holds
// WriteHTMLParts.
func HTMLStyle() string {
	var b strings.Builder
	htmlTemplate().ExecuteTemplate(&b, "style", nil)
	return b.String()
}

// splitBars lays out the white, draw and black segments of a game type's
// bar: each non-zero one at least minSegment wide, labelled inside when
// the label fits, below the bar otherwise.
func splitBars(gs *GameStats, y float64) splitChart {
	c := splitChart{Game: gs, Y: y}
	parts := []struct {
		n     int
		p     float64
		class string
		what  string
	}{{gs.WhiteWins, gs.WhitePct, "white", "white"}, {gs.Draws, gs.DrawPct, "draw", "draws"}, {gs.BlackWins, gs.BlackPct, "black", "black"}}
	// Widths: the small segments get minSegment, the others share the rest
	// in proportion.
	widths := make([]float64, len(parts))
	small, rest := 0.0, 0.0
	for i, s := range parts {
		widths[i] = chartWidth * s.p / 100
		if s.n > 0 && widths[i] < minSegment {
			small += minSegment
		} else {
			rest += widths[i]
		}
	}
	for i, s := range parts {
		switch {
		case s.n > 0 && widths[i] < minSegment:
			widths[i] = minSegment
		case rest > 0:
			widths[i] = widths[i] * (chartWidth - small) / rest
		}
	}
	x := chartLeft
	for i, s := range parts {
		wd := widths[i]
		b := bar{X: round(x, 1), W: round(wd, 1), Class: s.class, TextX: round(x+wd/2, 1),
			Label: s.what + " " + splitCell(s.n, s.p)}
		if s.n > 0 {
			b.Pct = fmtPct(s.p) + " %"
			b.Inside = wd >= 56
			if !b.Inside {
				b.TextY = round(y+36, 1)
			}
		}
		c.Bars = append(c.Bars, b)
		x += wd
	}
	// Labels below the bar alternate ends so that two narrow neighbours do
	// not overlap: the first anchors at its segment, later ones shift right.
	shift := 0.0
	for i := range c.Bars {
		b := &c.Bars[i]
		if b.Pct == "" || b.Inside {
			continue
		}
		if b.TextX < shift {
			b.TextX = shift
		}
		b.TextX = min(b.TextX, chartLeft+chartWidth-24)
		shift = b.TextX + 52
	}
	return c
}

// htmlSection lays out one game type's ratings chart.
func (r *Report) htmlSection(s *Section) htmlSection {
	h := htmlSection{Section: s, RatingNote: r.ratingNote(s), CrossNote: s.crossNote(), PairsNote: s.PairsNote(),
		AdvantageNote: s.AdvantageNote(), ShowLOS: len(s.LOS) > 0 && len(s.Players) <= crossLimit,
		Engines: s.hasEngineStats()}
	// The chart draws the ratings as the tables print them: to 1 decimal.
	elo := func(p *Player) (v, e float64) {
		v = round(*p.Elo, 1)
		if p.EloError != nil {
			e = round(*p.EloError, 1)
		}
		return v, e
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range s.Players {
		if p.Elo == nil {
			continue
		}
		v, e := elo(p)
		lo, hi = min(lo, v-e), max(hi, v+e)
	}
	if lo > hi {
		lo, hi = -100, 100
	}
	if hi-lo < 1 {
		lo, hi = lo-50, hi+50
	}
	step := tickStep(hi - lo)
	lo, hi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	scale := func(v float64) float64 { return round(chartLeft+10+(chartWidth-20)*(v-lo)/(hi-lo), 1) }
	for v := lo; v <= hi+step/2; v += step {
		h.Ticks = append(h.Ticks, tick{X: scale(v), Label: strconv.FormatFloat(v+0, 'f', -1, 64)})
	}
	if lo < 0 && hi > 0 {
		h.ShowZero, h.AxisZeroX = true, scale(0)
	}
	i := 0
	for _, p := range s.Players {
		if p.Elo == nil {
			continue
		}
		y := 20 + float64(i)*22
		v, e := elo(p)
		m := ratingMark{Name: p.Name, Y: y, X: scale(v), Elo: fmtOpt(p.Elo, 1, "-"), Err: fmtOpt(p.EloError, 1, "-"),
			LabelX: chartLeft - 6, LabelY: y + 4}
		if p.EloError != nil {
			m.HasInterval = true
			m.Lo, m.Hi = scale(v-e), scale(v+e)
			m.LoElo, m.HiElo = fmtFloat(v-e, 1), fmtFloat(v+e, 1)
		}
		h.Ratings = append(h.Ratings, m)
		i++
	}
	h.AxisY = 20 + float64(i)*22
	h.TickY = h.AxisY + 5
	h.RatingsH = h.AxisY + 42
	return h
}

// tickStep is a round step (1, 2 or 5 times a power of ten) that cuts span
// into about five to ten parts.
func tickStep(span float64) float64 {
	raw := span / 6
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// shortName cuts a name to fit a chart label (164 units of 12 px text).
func shortName(s string) string {
	const n = 20
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
