package stats

import (
	"context"
	"fmt"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/store"
)

// benchDB stores n games of a round robin among 8 players, in
// colour-swapped pairs, with results from a fixed pattern.
func benchDB(b *testing.B, n int) *store.DB {
	b.Helper()
	db := openDB(b)
	tid := addTournament(b, db, "bench", "lines-of-action")
	ctx := context.Background()
	batch := db.NewBatch(5000)
	results := []rules.Result{rules.WhiteWins, rules.BlackWins, rules.Draw, rules.WhiteWins, rules.BlackWins}
	for i := range n {
		p := i / 2
		a, c := p%8, (p/8)%7
		c = (a + 1 + c) % 8
		w, bl := a, c
		if i%2 == 1 {
			w, bl = c, a
		}
		g := &store.Game{TournamentID: tid, Slot: i, Pair: p, Game: "lines-of-action",
			White: fmt.Sprintf("engine-%d", w), Black: fmt.Sprintf("engine-%d", bl),
			Result: results[(i*7+w)%len(results)], Plies: 60, Record: fmt.Sprintf("game %d", i)}
		if err := batch.Insert(ctx, g); err != nil {
			b.Fatal(err)
		}
	}
	if err := batch.Commit(); err != nil {
		b.Fatal(err)
	}
	return db
}

// benchQuery runs query over the 20,000 games of benchDB, b.N times.
func benchQuery(b *testing.B, query func(context.Context, *store.DB) error) {
	db := benchDB(b, 20000)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := query(ctx, db); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompute runs the report queries and the rating fit over 20,000
// games (see bench/report.sh for a million).
func BenchmarkCompute(b *testing.B) {
	benchQuery(b, func(ctx context.Context, db *store.DB) error {
		_, err := Compute(ctx, db, Query{})
		return err
	})
}

func BenchmarkQueryAggregate(b *testing.B) {
	benchQuery(b, func(ctx context.Context, db *store.DB) error {
		return db.Tallies(ctx, store.Filter{}, func(*store.Tally) {})
	})
}

func BenchmarkQueryPairs(b *testing.B) {
	benchQuery(b, func(ctx context.Context, db *store.DB) error {
		return db.PairCounts(ctx, store.Filter{}, []string{"lines-of-action"}, true, func(string, string, string, int, int) {})
	})
}

func BenchmarkWriteHTML(b *testing.B) {
	db := benchDB(b, 2000)
	r := compute(b, db, Query{})
	b.ReportAllocs()
	for b.Loop() {
		if err := r.WriteHTML(discard{}); err != nil {
			b.Fatal(err)
		}
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
