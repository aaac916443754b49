package toygames

import (
	"errors"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// TestPerft checks the move generator against the known counts of
// tic-tac-toe's move sequences, through the generic walk and through
// Clone and Play.
func TestPerft(t *testing.T) {
	want := []uint64{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872, 0}
	for d, w := range want {
		p := &TicTacToePosition{}
		if got := rules.Perft(p, d); got != w {
			t.Errorf("Perft(start, %d) = %d; want %d", d, got, w)
		}
		if d > 0 {
			n := uint64(0)
			for _, m := range p.Moves(nil) {
				q := p.Clone()
				if err := q.Play(m); err != nil {
					t.Fatal(err)
				}
				n += rules.Perft(q.(*TicTacToePosition).Clone(), d-1)
			}
			if n != w {
				t.Errorf("sum of Perft(child, %d) = %d; want %d", d-1, n, w)
			}
		}
	}
}

func TestFENAndMoves(t *testing.T) {
	tests := []struct {
		fen, move, after string
		err              error
	}{
		{"... /.../... w", "", "", rules.ErrBadTag},
		{".../.../... w", "b2", ".../.x./... b", nil},
		{"x../.o./... w", "A1", "x../.o./x.. b", nil},
		{"x../.o./... w", "a3", "", rules.ErrIllegal},
		{"x../.o./... w", "d4", "", rules.ErrNotation},
		{"xxx/oo./... b", "c2", "", rules.ErrIllegal},
	}
	for _, tc := range tests {
		p, err := TicTacToe.Start(rules.TagMap{"SetUp": "1", "FEN": tc.fen})
		if err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("Start(%q) = %v; want %v", tc.fen, err, tc.err)
			}
			continue
		}
		if p.FEN() != tc.fen {
			t.Errorf("FEN of %q = %q", tc.fen, p.FEN())
		}
		m, err := p.ParseMove(tc.move)
		if err == nil {
			err = p.Play(m)
		}
		if tc.err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("%q: play %q = %v; want %v", tc.fen, tc.move, err, tc.err)
			}
			continue
		}
		if err != nil || p.FEN() != tc.after {
			t.Errorf("%q: play %q = %v, %q; want %q", tc.fen, tc.move, err, p.FEN(), tc.after)
		}
	}
}
