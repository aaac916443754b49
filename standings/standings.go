package standings

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/arbiter-games/arbiter/rules"
)

// Row is one player's line of the standings.
type Row struct {
	Name   string  `json:"name"`
	Games  int     `json:"games"` // finished games
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Points float64 `json:"points"` // byes included
	// Byes counts the rounds of a Swiss the player sat out, each worth
	// ByePoints.
	Byes int `json:"byes,omitempty"`
	// Buchholz and SonnebornBerger are the tie-breaks of a Swiss: the sum
	// of the points of the opponents met, and the sum over them of the
	// points scored against each times its points. Nil outside a Swiss.
	Buchholz        *float64 `json:"buchholz,omitempty"`
	SonnebornBerger *float64 `json:"sonneborn_berger,omitempty"`
}

// ByePoints is what a bye is worth.
const ByePoints = 1

// ScorePct is the share of the points of the player's games it won, in
// percent rounded to 2 decimals (0 without games), byes left out.
func (r *Row) ScorePct() float64 {
	if r.Games == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(strconv.FormatFloat(100*(r.Points-float64(r.Byes)*ByePoints)/float64(r.Games), 'f', 2, 64), 64)
	return v
}

// Compare orders a before b when it ranks higher: more points, then the
// higher tie-breaks where both have them (Buchholz, then
// Sonneborn-Berger), then the higher ScorePct, then the name.
func Compare(a, b *Row) int {
	if c := cmp.Compare(b.Points, a.Points); c != 0 {
		return c
	}
	if c := compareOpt(b.Buchholz, a.Buchholz); c != 0 {
		return c
	}
	if c := compareOpt(b.SonnebornBerger, a.SonnebornBerger); c != 0 {
		return c
	}
	if c := cmp.Compare(b.ScorePct(), a.ScorePct()); c != 0 {
		return c
	}
	return cmp.Compare(a.Name, b.Name)
}

// Tied reports whether a and b share a rank: everything Compare weighs but
// the name is equal.
func Tied(a, b *Row) bool {
	return a.Points == b.Points && compareOpt(a.Buchholz, b.Buchholz) == 0 &&
		compareOpt(a.SonnebornBerger, b.SonnebornBerger) == 0 && a.ScorePct() == b.ScorePct()
}

func compareOpt(a, b *float64) int {
	if a == nil || b == nil {
		return 0
	}
	return cmp.Compare(*a, *b)
}

// Table sums up games into the standings.
type Table struct {
	rows      []Row
	index     map[string]int
	tiebreaks bool
	// met[a][b] is the points a scored against b (tie-breaks only).
	met []map[int]float64
}

// NewTable returns a table with a row for each of names, in that order
// until games are added; tiebreaks adds Buchholz and Sonneborn-Berger (a
// Swiss).
func NewTable(names []string, tiebreaks bool) *Table {
	t := &Table{index: make(map[string]int, len(names)), tiebreaks: tiebreaks}
	for _, n := range names {
		t.row(n)
	}
	return t
}

// row returns the index of name's row, adding it.
func (t *Table) row(name string) int {
	i, ok := t.index[name]
	if !ok {
		i = len(t.rows)
		t.index[name] = i
		t.rows = append(t.rows, Row{Name: name})
		if t.tiebreaks {
			t.met = append(t.met, map[int]float64{})
		}
	}
	return i
}

// Add counts a finished game; a game without a result is not counted.
func (t *Table) Add(white, black string, result rules.Result) {
	hp, ok := result.WhiteHalfPoints()
	if !ok {
		return
	}
	pw := float64(hp) / 2
	wi, bi := t.row(white), t.row(black)
	w, b := &t.rows[wi], &t.rows[bi]
	w.Games++
	b.Games++
	w.Points += pw
	b.Points += 1 - pw
	switch result {
	case rules.WhiteWins:
		w.Wins++
		b.Losses++
	case rules.BlackWins:
		b.Wins++
		w.Losses++
	default:
		w.Draws++
		b.Draws++
	}
	if t.tiebreaks && wi != bi {
		t.met[wi][bi] += pw
		t.met[bi][wi] += 1 - pw
	}
}

// Bye counts a round that name sat out.
func (t *Table) Bye(name string) {
	r := &t.rows[t.row(name)]
	r.Byes++
	r.Points += ByePoints
}

// Rows returns the standings, ranked by Compare.
func (t *Table) Rows() []Row {
	out := slices.Clone(t.rows)
	if t.tiebreaks {
		rows := make([]*Row, len(out))
		for i := range out {
			rows[i] = &out[i]
		}
		SetTieBreaks(rows, func(add func(a, b int, pa, pb float64)) {
			for a, met := range t.met {
				for b, pa := range met {
					if a < b {
						add(a, b, pa, t.met[b][a])
					}
				}
			}
		})
	}
	slices.SortStableFunc(out, func(a, b Row) int { return Compare(&a, &b) })
	return out
}

// SetTieBreaks sets the Buchholz and Sonneborn-Berger of rows, whose
// points are final: meetings calls add once for each two players who met,
// by their index in rows, with the points each scored against the other.
// A player's Buchholz is the sum of the points of the opponents it met;
// its Sonneborn-Berger the sum over them of the points it scored against
// each times that opponent's points. A bye adds to neither.
func SetTieBreaks(rows []*Row, meetings func(add func(a, b int, pa, pb float64))) {
	bh, sb := make([]float64, len(rows)), make([]float64, len(rows))
	meetings(func(a, b int, pa, pb float64) {
		bh[a] += rows[b].Points
		bh[b] += rows[a].Points
		sb[a] += pa * rows[b].Points
		sb[b] += pb * rows[a].Points
	})
	for i, r := range rows {
		r.Buchholz, r.SonnebornBerger = &bh[i], &sb[i]
	}
}
