package loa

import (
	"errors"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
)

// mustFEN reads fen or stops the test.
func mustFEN(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return &p
}

// play parses and plays each move of moves, separated by spaces.
func play(p *Position, moves string) error {
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseMove(s)
		if err != nil {
			return err
		}
		if err := p.Play(m); err != nil {
			return err
		}
	}
	return nil
}

// Positions for the rule tests; comments say what each one is for.
const (
	// White to move in the start position: a2 may jump its own pieces.
	startWhite = "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w"
	// Black a1 and c1 with a white piece between them on b1.
	blockedFEN = "7w/8/8/8/8/8/8/bwb5 b"
	// Rank 4 holds black a4 and d4 and white g4: three pieces.
	rank4FEN = "7w/8/8/8/b2b2w1/8/8/7w b"
	// d6xb6 connects black (a8 b7 b6) and leaves white g1 h1 connected.
	bothFEN = "b7/1b6/1w1b4/8/8/8/8/6ww b"
	// d6xb6 leaves black apart but white g3 h3 connected.
	capturedFEN = "b7/8/1w1b4/8/8/6ww/8/2b5 b"
	// d6-c6 connects black a8 b7 c6.
	connectFEN = "b7/1b6/3b4/8/8/8/8/w5w1 b"
	// Black a1 and h8 are hemmed in by white: black must pass.
	stuckFEN = "6wb/6ww/8/8/8/8/ww6/bw6 b"
	// The a1-h8 diagonal holds black c3 and f6 and white h8: three pieces.
	diagFEN = "w6w/8/5b2/8/8/2b5/8/8 b"
)

func TestPlay(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		moves string // played before move, must be legal
		move  string
		kind  error  // nil for a legal move
		msg   string // the whole error message, or the outcome reason after a legal move
		after string // FEN after a legal move, when checked
	}{
		{name: "first move", fen: StartFEN, move: "c1-c3", after: "1bbbbbb1/w6w/w6w/w6w/w6w/w1b4w/w6w/1b1bbbb1 w"},
		{name: "engine form", fen: StartFEN, move: "c1c3"},
		{name: "upper case", fen: StartFEN, move: "C1-C3"},
		{name: "jump own pieces", fen: startWhite, move: "a2-a8", after: "wbbbbbb1/w6w/w6w/w6w/w6w/w6w/7w/1bbbbbb1 b"},
		{name: "jump own pieces sideways", fen: StartFEN, move: "b1-h1"},
		{name: "blocked by enemy", fen: blockedFEN, move: "a1-d1", kind: rules.ErrIllegal, msg: "crosses the white piece on b1"},
		{name: "blocked by nearest enemy", fen: "7w/8/8/8/8/8/8/bwwb4 w", move: "b1-f1", kind: rules.ErrIllegal, msg: "crosses the black piece on d1"},
		{name: "blocked backwards", fen: "7w/8/8/8/8/8/8/4bwb1 b", move: "g1-d1", kind: rules.ErrIllegal, msg: "crosses the white piece on f1"},
		{name: "count both directions", fen: rank4FEN, move: "d4xg4", msg: ""},
		{name: "count both directions short", fen: rank4FEN, move: "d4-f4", kind: rules.ErrIllegal, msg: "d4-f4 moves 2 squares but rank 4 holds 3 pieces"},
		{name: "count file", fen: StartFEN, move: "c1-c4", kind: rules.ErrIllegal, msg: "c1-c4 moves 3 squares but the c-file holds 2 pieces"},
		{name: "count diagonal", fen: diagFEN, move: "c3-e5", kind: rules.ErrIllegal, msg: "c3-e5 moves 2 squares but the a1-h8 diagonal holds 3 pieces"},
		{name: "count anti-diagonal", fen: StartFEN, move: "e1-d2", kind: rules.ErrIllegal, msg: "e1-d2 moves 1 square but the a5-e1 diagonal holds 2 pieces"},
		{name: "capture at the start", fen: StartFEN, move: "c1xa3"},
		{name: "lands on own piece", fen: rank4FEN, move: "d4-a4", kind: rules.ErrIllegal, msg: "lands on its own piece on a4"},
		{name: "capture", fen: rank4FEN, move: "d4xg4", after: "7w/8/8/8/b5b1/8/8/7w w"},
		{name: "capture written with dash", fen: rank4FEN, move: "d4-g4", kind: rules.ErrNotation, msg: `written with "-" but captures the white piece on g4`},
		{name: "x on an empty square", fen: StartFEN, move: "c1xc3", kind: rules.ErrNotation, msg: `written with "x" but c3 is empty`},
		{name: "illegal beats separator", fen: rank4FEN, move: "d4xa4", kind: rules.ErrIllegal, msg: "lands on its own piece on a4"},
		{name: "empty square", fen: StartFEN, move: "c3-c5", kind: rules.ErrIllegal, msg: "c3 holds no black piece"},
		{name: "enemy piece", fen: StartFEN, move: "a2-c2", kind: rules.ErrIllegal, msg: "a2 holds a white piece, and black is to move"},
		{name: "not a straight line", fen: StartFEN, move: "c1-d3", kind: rules.ErrIllegal, msg: "c1-d3 is not a straight line"},
		{name: "standing still", fen: StartFEN, move: "c1-c1", kind: rules.ErrIllegal, msg: "the move does not leave c1"},
		{name: "mover connects", fen: connectFEN, move: "d6-c6", msg: "black connected"},
		{name: "both connected", fen: bothFEN, move: "d6xb6", msg: "both sides connected"},
		{name: "capture connects the captured side", fen: capturedFEN, move: "d6xb6", msg: "white connected by black's capture"},
		{name: "capture leaves one piece", fen: "7w/8/8/8/b2b2w1/8/8/8 b", move: "d4xg4", msg: "white connected by black's capture"},
		{name: "pass with moves", fen: StartFEN, move: "pass", kind: rules.ErrIllegal, msg: "pass while black has a legal move (such as b1-h1)"},
		{name: "pass when stuck", fen: stuckFEN, move: "pass", after: "6wb/6ww/8/8/8/8/ww6/bw6 w"},
		{name: "PASS in capitals", fen: stuckFEN, move: "PASS"},
		{name: "stuck piece", fen: stuckFEN, move: "a1-c3", kind: rules.ErrIllegal, msg: "a1-c3 moves 2 squares but the a1-h8 diagonal holds 4 pieces"},
		{name: "after the game", fen: connectFEN, moves: "d6-c6", move: "g1-f1", kind: rules.ErrIllegal, msg: "the game is already over (black connected)"},
		{name: "pass after the game", fen: connectFEN, moves: "d6-c6", move: "pass", kind: rules.ErrIllegal, msg: "the game is already over (black connected)"},
		{name: "decided FEN", fen: "b7/8/8/8/8/8/8/w6w w", move: "a1-b1", kind: rules.ErrIllegal, msg: "the game is already over (black connected)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			if err := play(p, tt.moves); err != nil {
				t.Fatalf("playing %q: %v", tt.moves, err)
			}
			before := *p
			m, err := p.ParseMove(tt.move)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tt.move, err)
			}
			err = p.Play(m)
			if tt.kind != nil {
				if !errors.Is(err, tt.kind) || err.Error() != tt.msg {
					t.Errorf("Play(%q) = %v; want %v %q", tt.move, err, tt.kind, tt.msg)
				}
				if *p != before {
					t.Errorf("Play(%q) failed but changed the position to %s", tt.move, p.FEN())
				}
				return
			}
			if err != nil {
				t.Fatalf("Play(%q) = %v; want nil", tt.move, err)
			}
			if got := p.Outcome().Reason; got != tt.msg {
				t.Errorf("after %q Outcome().Reason = %q; want %q", tt.move, got, tt.msg)
			}
			if tt.after != "" && p.FEN() != tt.after {
				t.Errorf("after %q FEN() = %q; want %q", tt.move, p.FEN(), tt.after)
			}
		})
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		fen, moves string
		want       rules.Outcome
	}{
		{StartFEN, "", rules.Outcome{}},
		{connectFEN, "d6-c6", rules.Outcome{Result: rules.BlackWins, Reason: "black connected"}},
		{bothFEN, "d6xb6", rules.Outcome{Result: rules.Draw, Reason: "both sides connected"}},
		{capturedFEN, "d6xb6", rules.Outcome{Result: rules.WhiteWins, Reason: "white connected by black's capture"}},
		{"b7/8/8/8/8/8/8/w6w w", "", rules.Outcome{Result: rules.BlackWins, Reason: "black connected"}},
		{"b7/8/8/8/8/8/8/w7 b", "", rules.Outcome{Result: rules.Draw, Reason: "both sides connected"}},
		{"bb6/8/8/8/8/8/8/w6w b", "", rules.Outcome{Result: rules.BlackWins, Reason: "black connected"}},
		{"b6b/8/8/8/8/8/8/ww6 b", "", rules.Outcome{Result: rules.WhiteWins, Reason: "white connected"}},
	}
	for _, tt := range tests {
		t.Run(tt.fen+" "+tt.moves, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			if err := play(p, tt.moves); err != nil {
				t.Fatal(err)
			}
			if got := p.Outcome(); got != tt.want {
				t.Errorf("Outcome() = %+v; want %+v", got, tt.want)
			}
			if got := p.Moves(nil); tt.want.Over() && len(got) != 0 {
				t.Errorf("Moves() on a finished game = %v; want none", got)
			}
		})
	}
}

func TestMoves(t *testing.T) {
	p := StartPosition()
	ms := p.Moves(nil)
	if len(ms) != 36 {
		t.Errorf("Moves() at the start gives %d moves; want 36", len(ms))
	}
	stuck := mustFEN(t, stuckFEN)
	if got := stuck.Moves(nil); len(got) != 1 || got[0] != rules.Pass {
		t.Errorf("Moves() when stuck = %v; want [Pass]", got)
	}
	buf := make([]rules.Move, 0, 128)
	if n := testing.AllocsPerRun(100, func() { buf = p.Moves(buf[:0]) }); n != 0 {
		t.Errorf("Moves allocates %v times with room in dst; want 0", n)
	}
	for _, m := range ms {
		q := p
		if err := q.Play(m); err != nil {
			t.Errorf("Play(%s) of a generated move: %v", p.FormatMove(m), err)
		}
		r := p
		r.PlayUnchecked(m)
		if q != r {
			t.Errorf("PlayUnchecked(%s) = %s; Play gives %s", p.FormatMove(m), r.FEN(), q.FEN())
		}
		if From(m) == To(m) || MoveOf(From(m), To(m)) != m {
			t.Errorf("From/To/MoveOf do not round-trip %#x", m)
		}
	}
}

func TestConnected(t *testing.T) {
	tests := []struct {
		name string
		bb   uint64
		want bool
	}{
		{"none", 0, false},
		{"one piece", 1 << 27, true},
		{"corner", 1 << 63, true},
		{"diagonal pair", 1<<0 | 1<<9, true},
		{"no wrap from h to a", 1<<7 | 1<<8, false},
		{"no wrap from a to h", 1<<8 | 1<<15 | 1<<7, false},
		{"gap", 1<<0 | 1<<2, false},
		{"black at the start", startPosition.pieces[rules.Black], false},
		{"a file", 0x0101010101010101, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Connected(tt.bb); got != tt.want {
				t.Errorf("Connected(%#x) = %v; want %v", tt.bb, got, tt.want)
			}
		})
	}
}

func TestGroups(t *testing.T) {
	tests := []struct {
		name string
		bb   uint64
		want int
	}{
		{"none", 0, 0},
		{"one piece", 1 << 27, 1},
		{"diagonal pair", 1<<0 | 1<<9, 1},
		{"no wrap from h to a", 1<<7 | 1<<8, 2},
		{"gap", 1<<0 | 1<<2, 2},
		{"black at the start", startPosition.pieces[rules.Black], 2},
		{"checkerboard", 0x55aa55aa55aa55aa, 1},
		{"every other file", 0x5555555555555555, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Groups(tt.bb); got != tt.want {
				t.Errorf("Groups(%#x) = %d; want %d", tt.bb, got, tt.want)
			}
			if Connected(tt.bb) != (tt.want == 1) {
				t.Errorf("Connected(%#x) disagrees with %d groups", tt.bb, tt.want)
			}
		})
	}
}

func TestSquare(t *testing.T) {
	tests := []struct {
		s          Square
		file, rank int
		name       string
	}{
		{0, 0, 0, "a1"}, {1, 1, 0, "b1"}, {7, 7, 0, "h1"}, {8, 0, 1, "a2"}, {18, 2, 2, "c3"}, {63, 7, 7, "h8"},
	}
	for _, tt := range tests {
		if tt.s.File() != tt.file || tt.s.Rank() != tt.rank || tt.s.String() != tt.name || SquareAt(tt.file, tt.rank) != tt.s {
			t.Errorf("Square(%d) = file %d rank %d %q; want %d %d %q", tt.s, tt.s.File(), tt.s.Rank(), tt.s, tt.file, tt.rank, tt.name)
		}
	}
}

func TestGame(t *testing.T) {
	if Game.ID() != "lines-of-action" || Game.Name() != "Lines of Action" || Game.FirstMover() != rules.Black || Game.NewTags(1) != nil {
		t.Errorf("Game = %q %q %v %v", Game.ID(), Game.Name(), Game.FirstMover(), Game.NewTags(1))
	}
	p := StartPosition()
	if p.Score(); true {
		if _, ok := p.Score(); ok {
			t.Errorf("Score() reports points; Lines of Action has none")
		}
	}
	c := p.Clone()
	if err := c.Play(MoveOf(SquareAt(2, 0), SquareAt(2, 2))); err != nil {
		t.Fatal(err)
	}
	if p.FEN() != StartFEN {
		t.Errorf("playing on a Clone changed the original to %s", p.FEN())
	}
}

func TestFormatMove(t *testing.T) {
	p := mustFEN(t, rank4FEN)
	tests := []struct {
		m    rules.Move
		want string
	}{
		{MoveOf(SquareAt(3, 3), SquareAt(6, 3)), "d4xg4"},
		{MoveOf(SquareAt(3, 3), SquareAt(6, 3)) | rules.FormDash, "d4xg4"},
		{MoveOf(SquareAt(3, 3), SquareAt(3, 4)), "d4-d5"},
		{rules.Pass, "pass"},
	}
	for _, tt := range tests {
		if got := p.FormatMove(tt.m); got != tt.want {
			t.Errorf("FormatMove(%#x) = %q; want %q", tt.m, got, tt.want)
		}
	}
}

// TestReplayGame replays a real game to its end.
func TestReplayGame(t *testing.T) {
	moves := gameMoves(t)
	p := StartPosition()
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err == nil {
			err = p.Play(m)
		}
		if err != nil {
			t.Fatalf("ply %d %q: %v", i+1, s, err)
		}
		if over := p.Outcome().Over(); over != (i == len(moves)-1) {
			t.Fatalf("ply %d %q: Outcome().Over() = %v", i+1, s, over)
		}
	}
	if got := p.Outcome(); got.Result != rules.WhiteWins {
		t.Errorf("Outcome() = %+v; want white to win", got)
	}
}
