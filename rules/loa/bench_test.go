package loa

import (
	"context"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

func BenchmarkMoves(b *testing.B) {
	moves := gameMoves(b)
	// Positions along a real game, so that the piece counts vary.
	var ps []Position
	p := StartPosition()
	for i, s := range moves {
		if i%10 == 0 {
			ps = append(ps, p)
		}
		m, _ := p.ParseMove(s)
		if err := p.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	buf := make([]rules.Move, 0, 256)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		q := &ps[i%len(ps)]
		buf = q.Moves(buf[:0])
	}
}

// BenchmarkPlay parses and plays every move of a real game (506 plies).
func BenchmarkPlay(b *testing.B) {
	moves := gameMoves(b)
	b.ReportAllocs()
	for b.Loop() {
		p := StartPosition()
		for _, s := range moves {
			m, err := p.ParseMove(s)
			if err != nil {
				b.Fatal(err)
			}
			if err := p.Play(m); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/ply")
}

// BenchmarkPerft3 reports perft's rate in leaves per second (the last
// ply counted from the move list, not played) beside BenchmarkSolve's
// nodes per second.
func BenchmarkPerft3(b *testing.B) {
	p := StartPosition()
	b.ReportAllocs()
	for b.Loop() {
		if n := p.Perft(3); n != 44952 {
			b.Fatalf("Perft(3) = %d", n)
		}
	}
	b.ReportMetric(float64(44952*b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkSolve solves positions 1 to 15 plies before the end of real
// games, one per op, with a budget of 10^4 (most proven, some not) or
// 10^5 nodes; nodes/s counts every position the search played.
func BenchmarkSolve(b *testing.B) {
	ps := spread(realEnds(b, 0), 256)
	for _, bench := range []struct {
		name  string
		nodes int64
	}{{"1e4", 10_000}, {"1e5", 100_000}} {
		b.Run(bench.name, func(b *testing.B) {
			var nodes int64
			proven := 0
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				got := ps[i%len(ps)].Solve(context.Background(), bench.nodes)
				nodes += got.Nodes
				if got.Result != 0 {
					proven++
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(proven)/float64(b.N), "proven/op")
		})
	}
}
