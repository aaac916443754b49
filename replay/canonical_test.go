package replay

import (
	"testing"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules/loa"
)

// TestCanonical checks that the replay leaves the parsed record's tags as
// the file gives them and reports what it found, from which Canonical
// builds the record arbiter writes: the game named, the date in canonical
// form, and the result the rules decide in place of "*".
func TestCanonical(t *testing.T) {
	src := "[White \"w\"]\n[Black \"b\"]\n[Date \"2024-1-5\"]\n[SetUp \"1\"]\n[FEN \"b7/8/8/8/8/8/8/w6w w\"]\n[Result \"*\"]\n\n*\n"
	games, err := notation.Parse("t.agn", []byte(src))
	if err != nil || len(games) != 1 {
		t.Fatalf("Parse = %d games, %v", len(games), err)
	}
	g := games[0]
	before := g.String()
	r := Game("t.agn", g, Options{Game: loa.Game, Text: true})
	if !r.Valid {
		t.Fatalf("invalid: %v", r.Describe())
	}
	if got := g.String(); got != before {
		t.Errorf("the replay changed the record to\n%s\nwant\n%s", got, before)
	}
	if r.Named || !r.HasDate || r.Date != (notation.Date{Year: 2024, Month: 1, Day: 5}) || r.Result.String() != "0-1" {
		t.Errorf("report: named %v, date %v %v, result %v; want false, 2024.01.05, 0-1 (Black, one piece, is connected)", r.Named, r.HasDate, r.Date, r.Result)
	}
	c := r.Canonical()
	for _, tt := range [][2]string{{"Game", "Lines of Action"}, {"Date", "2024.01.05"}, {"Result", "0-1"}} {
		if v, _ := c.Tag(tt[0]); v != tt[1] {
			t.Errorf("Canonical's %s = %q; want %q", tt[0], v, tt[1])
		}
	}
	if c.Result != "0-1" || r.Text != c.String() {
		t.Errorf("Canonical closes with %q, Text\n%s\nwant 0-1 and\n%s", c.Result, r.Text, c.String())
	}
	if v, _ := g.Tag("Date"); v != "2024-1-5" || g.Result != "*" {
		t.Errorf("Record after Canonical: Date %q, result %q; want them as parsed", v, g.Result)
	}
}
