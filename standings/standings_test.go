package standings

import (
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// TestTable checks the standings of a small Swiss worked out by hand: the
// points, the bye, the tie-breaks and the order they make.
func TestTable(t *testing.T) {
	tab := NewTable([]string{"a", "b", "c", "d", "e"}, true)
	// Round 1: a-b 1-0, c-d draw, e bye. Round 2: a-c 1-0, e-b 0-1, d bye.
	tab.Add("a", "b", rules.WhiteWins)
	tab.Add("c", "d", rules.Draw)
	tab.Bye("e")
	tab.Add("a", "c", rules.WhiteWins)
	tab.Add("e", "b", rules.BlackWins)
	tab.Bye("d")
	rows := tab.Rows()
	// Points: a 2, b 1, c 0.5, d 1.5, e 1.
	// Buchholz: a = b + c = 1.5; b = a + e = 3; c = d + a = 3.5; d = c = 0.5; e = b = 1.
	// Sonneborn-Berger: a = 1·1 + 1·0.5 = 1.5; b = 0·2 + 1·1 = 1; c = 0.5·1.5 = 0.75;
	// d = 0.5·0.5 = 0.25; e = 0.
	want := []struct {
		name       string
		points, bh float64
		sb         float64
		byes       int
	}{
		{"a", 2, 1.5, 1.5, 0},
		{"d", 1.5, 0.5, 0.25, 1},
		{"b", 1, 3, 1, 0},
		{"e", 1, 1, 0, 1},
		{"c", 0.5, 3.5, 0.75, 0},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows; want %d", len(rows), len(want))
	}
	for i, w := range want {
		r := rows[i]
		if r.Name != w.name || r.Points != w.points || *r.Buchholz != w.bh || *r.SonnebornBerger != w.sb || r.Byes != w.byes {
			t.Errorf("row %d = %s %v bh %v sb %v byes %d; want %+v", i+1, r.Name, r.Points, *r.Buchholz, *r.SonnebornBerger, r.Byes, w)
		}
	}
	if got := rows[1].ScorePct(); got != 50 {
		t.Errorf("d's score %% = %v; want 50 (its bye left out)", got)
	}
}

// TestCompare checks the ranking rule without tie-breaks: points, then the
// share of the points, then the name; and who shares a rank.
func TestCompare(t *testing.T) {
	a := Row{Name: "a", Games: 4, Points: 2}
	b := Row{Name: "b", Games: 2, Points: 2}
	c := Row{Name: "c", Games: 4, Points: 2}
	if Compare(&b, &a) >= 0 || Compare(&a, &c) >= 0 || Compare(&a, &a) != 0 {
		t.Errorf("Compare orders a, b, c wrongly")
	}
	if !Tied(&a, &c) || Tied(&a, &b) {
		t.Errorf("Tied(a, c) = %v, Tied(a, b) = %v; want true, false", Tied(&a, &c), Tied(&a, &b))
	}
}
