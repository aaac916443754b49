package stats

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/store"
)

// TuneRun is an SPSA tuning run of the database (arbiter tune): its
// parameters, start and now, and θ's trajectory.
type TuneRun struct {
	Name   string      `json:"name"`
	Game   string      `json:"game"`
	Engine string      `json:"engine"`
	Pairs  int         `json:"pairs"` // N
	Done   int         `json:"done"`  // pairs stored
	Params []TuneParam `json:"params"`
	// Trajectory is θ after pairs stored, thinned to a few hundred points
	// (the first, the last and evenly between).
	Trajectory []TunePoint `json:"trajectory"`
}

// TuneParam is one parameter of a run: its start, its value now and the
// change, and its range.
type TuneParam struct {
	Name    string  `json:"name"`
	Start   float64 `json:"start"`
	Current float64 `json:"current"`
	Change  float64 `json:"change"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
}

// TunePoint is θ after Pairs pairs.
type TunePoint struct {
	Pairs int       `json:"pairs"`
	Theta []float64 `json:"theta"`
}

// tunePoints is the most points of a trajectory a report keeps.
const tunePoints = 300

// tuneRuns reads the tuning runs of db.
func tuneRuns(ctx context.Context, db *store.DB) ([]*TuneRun, error) {
	runs, err := db.TuneRuns(ctx)
	if err != nil {
		return nil, err
	}
	var out []*TuneRun
	for _, r := range runs {
		t := &TuneRun{Name: r.Name, Game: r.Game, Engine: r.Engine, Pairs: r.Pairs, Done: r.Done, Trajectory: []TunePoint{}}
		start := make([]float64, len(r.Params))
		for i, p := range r.Params {
			t.Params = append(t.Params, TuneParam{Name: p.Name, Start: p.Start, Current: r.Theta[i],
				Change: r.Theta[i] - p.Start, Min: p.Min, Max: p.Max})
			start[i] = p.Start
		}
		ps, err := db.TunePairs(ctx, r.ID)
		if err != nil {
			return nil, err
		}
		t.Trajectory = append(t.Trajectory, TunePoint{Pairs: 0, Theta: start})
		step := max(1, len(ps)/tunePoints)
		for i, p := range ps {
			if (i+1)%step == 0 || i == len(ps)-1 {
				t.Trajectory = append(t.Trajectory, TunePoint{Pairs: p.Seq, Theta: p.Theta})
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// num writes a parameter's value: up to 4 decimals, no trailing zeros.
func tuneNum(x float64) string { return strconv.FormatFloat(math.Round(x*1e4)/1e4, 'f', -1, 64) }

// writeTuneText writes the tuning runs' section of the text format.
func (r *Report) writeTuneText(b io.Writer) {
	for _, t := range r.Tune {
		fmt.Fprintf(b, "\nTuning run %s (%s, %s): %d of %d pairs\n", cleanText(t.Name), cleanText(t.Engine), cleanText(t.Game), t.Done, t.Pairs)
		rows := [][]string{{"param", "start", "current", "change", "min", "max"}}
		for _, p := range t.Params {
			rows = append(rows, []string{cleanText(p.Name), tuneNum(p.Start), tuneNum(p.Current), signed(p.Change), tuneNum(p.Min), tuneNum(p.Max)})
		}
		widths := make([]int, len(rows[0]))
		for _, row := range rows {
			for i, c := range row {
				widths[i] = max(widths[i], len(c))
			}
		}
		for _, row := range rows {
			var sb strings.Builder
			for i, c := range row {
				if i > 0 {
					sb.WriteString("  ")
				}
				sb.WriteString(c + strings.Repeat(" ", widths[i]-len(c)))
			}
			fmt.Fprintf(b, "  %s\n", strings.TrimRight(sb.String(), " "))
		}
	}
}

func signed(x float64) string {
	if x > 0 {
		return "+" + tuneNum(x)
	}
	return tuneNum(x)
}

// writeTuneMarkdown writes the tuning runs' section of the Markdown
// format.
func (r *Report) writeTuneMarkdown(b md) {
	for _, t := range r.Tune {
		fmt.Fprintf(b, "\n## Tuning run %s\n\n%s, %s: %d of %d pairs.\n\n", cleanMarkdown(t.Name), cleanMarkdown(t.Engine),
			cleanMarkdown(t.Game), t.Done, t.Pairs)
		b.row("Parameter", "Start", "Current", "Change", "Min", "Max")
		b.rule(6, 1, 2, 3, 4, 5)
		for _, p := range t.Params {
			b.row(cleanMarkdown(p.Name), tuneNum(p.Start), tuneNum(p.Current), signed(p.Change), tuneNum(p.Min), tuneNum(p.Max))
		}
	}
}

// tuneCSV is the tuning runs' table of the CSV format, its head first;
// nil without runs.
func (r *Report) tuneCSV() [][]string {
	if len(r.Tune) == 0 {
		return nil
	}
	rows := [][]string{{"tune_run", "engine", "game", "done", "pairs", "param", "start", "current", "change", "min", "max"}}
	for _, t := range r.Tune {
		for _, p := range t.Params {
			rows = append(rows, []string{csvCell(t.Name), csvCell(t.Engine), t.Game, strconv.Itoa(t.Done), strconv.Itoa(t.Pairs),
				csvCell(p.Name), tuneNum(p.Start), tuneNum(p.Current), tuneNum(p.Change), tuneNum(p.Min), tuneNum(p.Max)})
		}
	}
	return rows
}

// tuneChart is the layout of a run's chart: each parameter's trajectory
// normalised to its range (0 at min, 1 at max).
type tuneChart struct {
	T                        *TuneRun
	W, H                     float64
	Left, Right, Top, Bottom float64
	Lines                    []tuneLine
	MaxPairs                 int
}

type tuneLine struct {
	Name   string
	Class  string // its colour: tune0 .. tune5
	Path   string
	LabelY float64
}

// tuneCharts lays out the charts of r's tuning runs.
func (r *Report) tuneCharts() []tuneChart {
	var out []tuneChart
	for _, t := range r.Tune {
		c := tuneChart{T: t, W: 700, H: 260, Left: 50, Right: 590, Top: 10, Bottom: 230, MaxPairs: max(1, t.Pairs)}
		x := func(n int) float64 { return round(c.Left+(c.Right-c.Left)*float64(n)/float64(c.MaxPairs), 1) }
		for i, p := range t.Params {
			y := func(v float64) float64 {
				f := 0.5
				if p.Max > p.Min {
					f = (v - p.Min) / (p.Max - p.Min)
				}
				return round(c.Bottom-(c.Bottom-c.Top)*min(max(f, 0), 1), 1)
			}
			pts := make([]string, 0, len(t.Trajectory))
			for _, pt := range t.Trajectory {
				if i < len(pt.Theta) {
					pts = append(pts, fmt.Sprintf("%v,%v", x(pt.Pairs), y(pt.Theta[i])))
				}
			}
			c.Lines = append(c.Lines, tuneLine{Name: p.Name, Class: "tune" + strconv.Itoa(i%6), Path: strings.Join(pts, " "),
				LabelY: c.Top + 14 + 16*float64(i)})
		}
		out = append(out, c)
	}
	return out
}

// TuneRuns returns the tuning runs of db, as a report of the whole
// database has them.
func TuneRuns(ctx context.Context, db *store.DB) ([]*TuneRun, error) { return tuneRuns(ctx, db) }

// WriteTuneHTML writes the HTML of runs as the report's page has them (a
// table and a chart each), for a page of one's own that carries
// HTMLStyle (arbiter serve).
func WriteTuneHTML(w io.Writer, runs []*TuneRun) error {
	r := &Report{Tune: runs}
	d := htmlData{R: r, Tune: r.tuneCharts()}
	return writeClean(w, func(w io.Writer) error { return htmlTemplate().ExecuteTemplate(w, "tune", d) })
}
