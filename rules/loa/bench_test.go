package loa

import (
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

func BenchmarkPerft3(b *testing.B) {
	p := StartPosition()
	b.ReportAllocs()
	for b.Loop() {
		if n := p.Perft(3); n != 44952 {
			b.Fatalf("Perft(3) = %d", n)
		}
	}
}
