package knightfight_test

import (
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
)

// identity is the Board tag of the board whose squares carry their own
// index: a1 = 00, b1 = 01, ..., j1 = 09, a2 = 10, ..., j10 = 99. On it the
// number of file f (0..9) and rank r (1..10) is 10*(r-1)+f, the mirror of a
// square is its reflection in the a1-j10 diagonal (c1 = 02 mirrors a3 = 20),
// and the doubles lie on that diagonal (a1, b2, ..., j10). That makes the
// counts in these tests easy to check by hand.
var identity = func() string {
	var b knightfight.Board
	for i := range b {
		b[i] = uint8(i)
	}
	return b.String()
}()

func sq(t testing.TB, name string) int {
	t.Helper()
	for i := 0; i < knightfight.Size; i++ {
		if knightfight.Square(i).String() == name {
			return i
		}
	}
	t.Fatalf("no square %q", name)
	return -1
}

// sparse returns the FEN of the identity board where only the squares named
// in live (space-separated) are not erased, with the white knight on w and
// the black knight on b ("" when not placed; a knight's square is live).
func sparse(t testing.TB, live, w, b, turn, points string) string {
	t.Helper()
	var alive [knightfight.Size]bool
	for _, name := range strings.Fields(live) {
		alive[sq(t, name)] = true
	}
	ws, bs := -1, -1
	if w != "" {
		ws = sq(t, w)
		alive[ws] = true
	}
	if b != "" {
		bs = sq(t, b)
		alive[bs] = true
	}
	var sb strings.Builder
	for rank := 10; rank >= 1; rank-- {
		if rank != 10 {
			sb.WriteByte('/')
		}
		for f := 0; f < 10; f++ {
			s := (rank-1)*10 + f
			switch {
			case s == ws:
				sb.WriteByte('W')
			case s == bs:
				sb.WriteByte('B')
			case !alive[s]:
				sb.WriteString("--")
				continue
			}
			sb.WriteByte('0' + byte(s/10))
			sb.WriteByte('0' + byte(s%10))
		}
	}
	sb.WriteString(" " + turn + " " + points)
	return sb.String()
}

// start returns the position the tags describe, failing the test on error.
func start(t testing.TB, tags rules.TagMap) *knightfight.Position {
	t.Helper()
	p, err := knightfight.Game.Start(tags)
	if err != nil {
		t.Fatalf("Start(%v): %v", tags, err)
	}
	return p.(*knightfight.Position)
}

func fromFEN(t testing.TB, fen string) *knightfight.Position {
	t.Helper()
	return start(t, rules.TagMap{"FEN": fen})
}

// play plays the moves written in text (space-separated), failing on error.
func play(t testing.TB, p rules.Position, text string) {
	t.Helper()
	for _, s := range strings.Fields(text) {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", s, err)
		}
		if err := p.Play(m); err != nil {
			t.Fatalf("Play(%q): %v\n%s", s, err, p)
		}
	}
}

// moveList returns the formatted legal moves, space-separated.
func moveList(p rules.Position) string {
	var out []string
	for _, m := range p.Moves(nil) {
		out = append(out, p.FormatMove(m))
	}
	return strings.Join(out, " ")
}

// checkedPerft is rules.Perft's generic walk (Clone and Play), which a
// wrapper that hides the position's own Perft makes it take.
func checkedPerft(p rules.Position, depth int) uint64 {
	return rules.Perft(struct{ rules.Position }{p}, depth)
}
