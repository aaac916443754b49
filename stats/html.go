package stats

import (
	_ "embed"
	"html/template"
	"io"
	"math"
	"sync"
	"unicode/utf8"
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
		"cells":       func(r *Report, row *CrossRow) []string { return r.crossCells(row) },
		"term":        termCell,
		"inc":         func(i int) int { return i + 1 },
	}).Parse(htmlSource))
})

// bar is one segment of a stacked bar in the white/black/draw chart.
type bar struct {
	X, W  float64
	Label string // tooltip
	Class string
	Pct   string  // printed inside the bar when it is wide enough
	TextX float64 // centre of the bar
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
	HasInterval    bool
	LabelX, LabelY float64
}

type htmlData struct {
	R          *Report
	Engines    bool // some player has search statistics: their columns are shown
	Kinds      []string
	GameIDs    []string
	Splits     []splitChart
	SplitH     float64
	LegendY    float64
	Ratings    []ratingMark
	RatingsH   float64
	AxisLo     string
	AxisHi     string
	AxisZeroX  float64
	ShowZero   bool
	RatingNote string
	CrossNote  string
	SPRT       []sprtChart
}

const (
	chartLeft  = 170.0 // room for labels
	chartWidth = 500.0
)

// WriteHTML writes r as one self-contained HTML page (inline CSS and SVG, no
// scripts, no fetches). Every name is escaped by html/template.
func (r *Report) WriteHTML(w io.Writer) error {
	d := htmlData{R: r, Kinds: r.TerminationKinds(), GameIDs: r.GameIDs(), RatingNote: r.ratingNote(), CrossNote: r.crossNote(),
		SPRT: r.sprtCharts(), Engines: r.hasEngineStats()}
	for i, id := range d.GameIDs {
		gs := r.Games[id]
		y := 10 + float64(i)*34
		c := splitChart{Game: gs, Y: y}
		x := chartLeft
		for _, s := range []struct {
			n     int
			p     float64
			class string
			what  string
		}{{gs.WhiteWins, gs.WhitePct, "white", "white"}, {gs.Draws, gs.DrawPct, "draw", "draws"}, {gs.BlackWins, gs.BlackPct, "black", "black"}} {
			wd := chartWidth * s.p / 100
			b := bar{X: round(x, 1), W: round(wd, 1), Class: s.class, TextX: round(x+wd/2, 1),
				Label: s.what + " " + splitCell(s.n, s.p)}
			if wd >= 56 {
				b.Pct = fmtPct(s.p) + " %"
			}
			c.Bars = append(c.Bars, b)
			x += wd
		}
		d.Splits = append(d.Splits, c)
	}
	d.SplitH = 40 + float64(len(d.GameIDs))*34
	d.LegendY = d.SplitH - 8

	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range r.Players {
		if p.Elo == nil {
			continue
		}
		e := 0.0
		if p.EloError != nil {
			e = *p.EloError
		}
		lo, hi = min(lo, *p.Elo-e), max(hi, *p.Elo+e)
	}
	if lo > hi {
		lo, hi = -100, 100
	}
	if hi-lo < 1 {
		lo, hi = lo-50, hi+50
	}
	scale := func(v float64) float64 { return round(chartLeft+10+(chartWidth-20)*(v-lo)/(hi-lo), 1) }
	d.AxisLo, d.AxisHi = fmtFloat(lo, 0), fmtFloat(hi, 0)
	if lo < 0 && hi > 0 {
		d.ShowZero, d.AxisZeroX = true, scale(0)
	}
	i := 0
	for _, p := range r.Players {
		if p.Elo == nil {
			continue
		}
		y := 20 + float64(i)*22
		m := ratingMark{Name: p.Name, Y: y, X: scale(*p.Elo), Elo: fmtOpt(p.Elo, 1, "-"), Err: fmtOpt(p.EloError, 1, "-"),
			LabelX: chartLeft - 6, LabelY: y + 4}
		if p.EloError != nil {
			m.HasInterval = true
			m.Lo, m.Hi = scale(*p.Elo-*p.EloError), scale(*p.Elo+*p.EloError)
		}
		d.Ratings = append(d.Ratings, m)
		i++
	}
	d.RatingsH = 40 + float64(i)*22
	return htmlTemplate().Execute(w, d)
}

// shortName cuts a name to fit a chart label.
func shortName(s string) string {
	const n = 24
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
