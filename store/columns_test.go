package store

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

// TestColumnValues checks that results and terminations come back typed,
// that a stored result that is none of the four is an error, not a value,
// and that a termination arbiter does not know comes back as it is.
func TestColumnValues(t *testing.T) { backends(t, testColumnValues) }

func testColumnValues(t *testing.T, db *DB) {
	ctx := context.Background()
	b := db.NewBatch(10)
	g := testGame(0)
	g.Result, g.Termination = rules.Draw, notation.TermTimeForfeit
	if err := b.Insert(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	var got []Tally
	if err := db.Tallies(ctx, Filter{}, func(r *Tally) { got = append(got, *r) }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Result != rules.Draw || got[0].Termination != notation.TermTimeForfeit {
		t.Fatalf("Tallies = %+v; want one draw by time forfeit", got)
	}
	if _, err := db.Exec(`UPDATE games SET termination = 'lost patience'`); err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	if err := db.Tallies(ctx, Filter{}, func(r *Tally) { got = append(got, *r) }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Termination != "lost patience" {
		t.Errorf("Tallies = %+v; want the termination as stored", got)
	}
	if _, err := db.Exec(`UPDATE games SET result = '2-0'`); err != nil {
		t.Fatal(err)
	}
	err := db.Tallies(ctx, Filter{}, func(*Tally) {})
	if err == nil || !strings.Contains(err.Error(), `"2-0"`) {
		t.Errorf("with result 2-0, Tallies error = %v; want one naming the value", err)
	}
}
