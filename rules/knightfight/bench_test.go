package knightfight_test

import (
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
)

// playout returns the start position of board RandomBoard(seed) and the
// moves (as text) of a pseudo-random game played on it to the end.
func playout(tb testing.TB, seed int64) (*knightfight.Position, []string) {
	tb.Helper()
	start := fromStart(tb, seed)
	p := *start
	var texts []string
	r := uint64(seed)
	var buf []rules.Move
	for {
		buf = p.Moves(buf[:0])
		if len(buf) == 0 {
			return start, texts
		}
		r = r*6364136223846793005 + 1442695040888963407
		m := buf[(r>>33)%uint64(len(buf))]
		texts = append(texts, p.FormatMove(m))
		p.PlayUnchecked(m)
	}
}

func fromStart(tb testing.TB, seed int64) *knightfight.Position {
	tb.Helper()
	return start(tb, rules.TagMap{"Board": knightfight.RandomBoard(seed)})
}

// TestNoAllocs checks that reading and playing a move does not allocate.
func TestNoAllocs(t *testing.T) {
	start, texts := playout(t, 11)
	allocs := testing.AllocsPerRun(20, func() {
		p := *start
		for _, s := range texts {
			m, err := p.ParseMove(s)
			if err != nil {
				panic(err)
			}
			if err := p.Play(m); err != nil {
				panic(err)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("ParseMove+Play of a %d-ply game: %v allocations; want 0", len(texts), allocs)
	}
	var buf [256]rules.Move
	p := *start
	if a := testing.AllocsPerRun(20, func() { _ = p.Moves(buf[:0]) }); a != 0 {
		t.Errorf("Moves: %v allocations; want 0", a)
	}
}

// BenchmarkParsePlay replays a random game from its text, as the validator
// does: ParseMove and Play for every ply. One op is one ply.
func BenchmarkParsePlay(b *testing.B) {
	start, texts := playout(b, 11)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; {
		p := *start
		for _, s := range texts {
			m, err := p.ParseMove(s)
			if err != nil {
				b.Fatal(err)
			}
			if err := p.Play(m); err != nil {
				b.Fatal(err)
			}
			i++
		}
	}
}

// BenchmarkPlayout plays a random game with the checked Play from moves
// already parsed. One op is one ply.
func BenchmarkPlayout(b *testing.B) {
	start, texts := playout(b, 11)
	moves := make([]rules.Move, len(texts))
	for i, s := range texts {
		moves[i], _ = knightfight.ParseMove(s)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; {
		p := *start
		for _, m := range moves {
			if err := p.Play(m); err != nil {
				b.Fatal(err)
			}
			i++
		}
	}
}

func BenchmarkParseMove(b *testing.B) {
	texts := []string{"c1", "c1-a2/77", "h10g8", "J10-I8"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := knightfight.ParseMove(texts[i%len(texts)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMoves lists the legal moves of the positions of a random game.
// One op is one position.
func BenchmarkMoves(b *testing.B) {
	start, texts := playout(b, 11)
	var positions []knightfight.Position
	p := *start
	for _, s := range texts {
		positions = append(positions, p)
		play(b, &p, s)
	}
	var buf [256]rules.Move
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = positions[i%len(positions)].Moves(buf[:0])
	}
}

// BenchmarkPerft3 is perft 3 from the start of the board of seed 7.
func BenchmarkPerft3(b *testing.B) {
	start := fromStart(b, 7)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if n := start.Perft(3); n == 0 {
			b.Fatal("perft 3 = 0")
		}
	}
}

// TestFastPerft checks that the engine path (Perft: PlayUnchecked on
// copies) counts as the checked path (rules.Perft's generic walk: Clone and
// Play) does.
func TestFastPerft(t *testing.T) {
	start := fromStart(t, 7)
	for d := 1; d <= 3; d++ {
		if a, b := start.Perft(d), checkedPerft(start, d); a != b {
			t.Errorf("perft(%d): PlayUnchecked %d, Play %d", d, a, b)
		}
	}
}
