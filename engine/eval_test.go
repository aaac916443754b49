package engine

import (
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// evalSink keeps the evaluations of BenchmarkEval from being optimised away.
var evalSink int

// BenchmarkEval measures each game's evaluation alone, over the positions
// of a random game (one op evaluates them all).
func BenchmarkEval(b *testing.B) {
	for _, g := range realGames() {
		b.Run(g.ID(), func(b *testing.B) {
			m := modelFor(g)
			p, err := opening(g, 1, 0)
			if err != nil {
				b.Fatal(err)
			}
			prepare(m, p)
			var ps []rules.Position
			var buf []rules.Move
			for ply := 0; ply < 100 && !p.Outcome().Over(); ply++ {
				ps = append(ps, p.Clone())
				buf = p.Moves(buf[:0])
				if err := p.Play(buf[(ply*7)%len(buf)]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				for _, q := range ps {
					evalSink += m.eval(q)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/eval")
		})
	}
}
