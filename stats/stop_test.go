package stats

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/store"
)

// TestComputeCancelled: a report whose context ends during the fit says
// so, and does not use the unfinished fit (it panicked on it).
func TestComputeCancelled(t *testing.T) {
	db := openDB(t)
	tid := addTournament(t, db, "c", "lines-of-action")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	batch := db.NewBatch(1000)
	for i := range 2000 {
		g := &store.Game{TournamentID: tid, Slot: i, Pair: -1, Game: "lines-of-action",
			White: fmt.Sprintf("p%d", i%500), Black: fmt.Sprintf("p%d", (i*7+1)%500),
			Result: []rules.Result{rules.WhiteWins, rules.BlackWins, rules.Draw}[i%3], Plies: 40, Record: fmt.Sprintf("g%d", i)}
		if err := batch.Insert(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := batch.Commit(); err != nil {
		t.Fatal(err)
	}
	b := newBuilder(Selection{}, Query{})
	b.stop = func() bool { cancel(); return true } // the first check ends it
	w, _, err := filter(context.Background(), db, Query{})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Tallies(context.Background(), w, b.add); err != nil {
		t.Fatal(err)
	}
	if _, err := b.report(); err != nil {
		t.Fatalf("report after a stopped fit: %v", err)
	}
	if _, err := Compute(ctx, db, Query{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Compute with an ended context = %v; want context.Canceled", err)
	}
}

// failAfter accepts n writes, then fails every one.
type failAfter struct {
	n, writes int
}

var errFull = errors.New("writer failed")

func (f *failAfter) Write(p []byte) (int, error) {
	f.writes++
	if f.writes > f.n {
		return 0, errFull
	}
	return len(p), nil
}

// TestWriteStopsAtFailure: once the writer fails (as the report command's
// does when Ctrl-C ends its context), every format returns the error
// without formatting the rest of a big report: its loops over pairs and
// crosstable rows stop at the next row.
func TestWriteStopsAtFailure(t *testing.T) {
	db := openDB(t)
	tid := addTournament(t, db, "w", "lines-of-action")
	var games []g
	for i := range 60 {
		for j := i + 1; j < 60; j++ {
			games = append(games, g{tournament: tid, pair: -1, game: "lines-of-action", white: fmt.Sprintf("p%02d", i), black: fmt.Sprintf("p%02d", j), result: "1-0"})
		}
	}
	insert(t, db, games)
	r := compute(t, db, Query{Pairs: true})
	for _, format := range []string{"text", "markdown", "json", "html", "csv"} {
		full := &failAfter{n: 1 << 30}
		if err := r.Write(full, format); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		// Every format returns the writer's error.
		if err := r.Write(&failAfter{n: 0}, format); !errors.Is(err, errFull) && !strings.Contains(fmt.Sprint(err), errFull.Error()) {
			t.Errorf("%s: Write to a failing writer = %v; want its error", format, err)
		}
		if full.writes < 100 {
			continue // buffered whole (json, csv): nothing to stop early
		}
		// A format that writes as it goes stops soon after the failure
		// instead of formatting the other 1,770 pairs into the void: its
		// allocations (which count the lines it formats, and do not
		// depend on the machine's speed) are a small part of the whole
		// report's.
		whole := testing.AllocsPerRun(3, func() { r.Write(&failAfter{n: 1 << 30}, format) })
		early := testing.AllocsPerRun(3, func() {
			if err := r.Write(&failAfter{n: 5}, format); err == nil {
				t.Errorf("%s: Write to a writer that fails = nil", format)
			}
		})
		if early > whole/10 {
			t.Errorf("%s: %.0f allocations after the writer failed at its 6th write; the whole report takes %.0f", format, early, whole)
		}
	}
}
