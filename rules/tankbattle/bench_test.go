package tankbattle

import (
	"math/rand/v2"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// playout returns the moves of a random game from the default start, as
// text, at most 300 plies.
func playout(seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 7))
	p := newPosition(defaultLayout)
	var texts []string
	for len(texts) < 300 && !p.Outcome().Over() {
		moves := p.Moves(nil)
		m := moves[rng.IntN(len(moves))]
		texts = append(texts, p.FormatMove(m))
		p.PlayUnchecked(m)
	}
	return texts
}

// playText reads the move s and plays it on p, as the validator does.
func playText(p *Position, s string) error {
	m, err := p.ParseMove(s)
	if err != nil {
		return err
	}
	return p.Play(m)
}

func BenchmarkMoves(b *testing.B) {
	p := newPosition(defaultLayout)
	for _, s := range playout(3)[:40] {
		m, _ := p.ParseMove(s)
		p.PlayUnchecked(m)
	}
	buf := make([]rules.Move, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = p.Moves(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "moves")
}

// BenchmarkPlay replays a random game from its text, as the validator does:
// ParseMove and Play for every ply.
func BenchmarkPlay(b *testing.B) {
	texts := playout(5)
	start := newPosition(defaultLayout)
	b.ReportAllocs()
	for b.Loop() {
		p := *start
		for _, s := range texts {
			if err := playText(&p, s); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(texts)), "plies")
}

func BenchmarkPerft3(b *testing.B) {
	p := newPosition(defaultLayout)
	b.ReportAllocs()
	for b.Loop() {
		if n := p.Perft(3); n != 69460 {
			b.Fatalf("Perft(3) = %d", n)
		}
	}
}

func BenchmarkStart(b *testing.B) {
	tags := rules.TagMap{"Layout": customLayout}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Game.Start(tags); err != nil {
			b.Fatal(err)
		}
	}
}
