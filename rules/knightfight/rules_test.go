package knightfight_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
)

func TestGame(t *testing.T) {
	g := knightfight.Game
	if g.ID() != "knight-fight" || g.Name() != "Knight Fight" || g.FirstMover() != rules.White {
		t.Errorf("Game = %q %q %v; want knight-fight, Knight Fight, white", g.ID(), g.Name(), g.FirstMover())
	}
}

// TestMoves checks the legal moves of hand-built positions (identity board,
// see helpers_test.go) against lists worked out by hand.
func TestMoves(t *testing.T) {
	tests := []struct {
		name, fen, want string
	}{
		{
			// White places on rank 1; a1 holds 00, a double, so besides the
			// plain placement it may erase each other double (all usable).
			name: "white placement",
			fen:  identity + " w 0-0",
			want: "a1 a1/11 a1/22 a1/33 a1/44 a1/55 a1/66 a1/77 a1/88 a1/99 b1 c1 d1 e1 f1 g1 h1 i1 j1",
		},
		{
			// Black places on rank 10 except where erased (a10), where the
			// white knight on e8 attacks (d10, f10); j10 = 99 may erase the
			// doubles 00..88 (e8 = 74 under the white knight is no double).
			name: "black placement avoids erased and attacked squares",
			fen:  sparse(t, allBut(t, "a10"), "e8", "", "b", "0-0"),
			want: "b10 c10 e10 g10 h10 i10 j10 j10/00 j10/11 j10/22 j10/33 j10/44 j10/55 j10/66 j10/77 j10/88",
		},
		{
			// From b1 the knight jumps to d2, a3 and c3 (22, a double; moves
			// are listed by landing square, d2 = 13 before a3 = 20). c3 may
			// erase every other double: 00, 11, 33..99, 9 of them (the
			// black knight on i10 = 98 stands on no double).
			name: "jump onto a double offers each usable double",
			fen:  sparse(t, allBut(t), "b1", "i10", "w", "0-0"),
			want: "b1-d2 b1-a3 b1-c3 b1-c3/00 b1-c3/11 b1-c3/33 b1-c3/44 b1-c3/55 b1-c3/66 b1-c3/77 b1-c3/88 b1-c3/99",
		},
		{
			// Same, but the black knight stands on j10 = 99 and e5 = 44 is
			// erased: neither double is usable.
			name: "doubles under a knight or erased are not offered",
			fen:  sparse(t, allBut(t, "e5"), "b1", "j10", "w", "0-0"),
			want: "b1-d2 b1-a3 b1-c3 b1-c3/00 b1-c3/11 b1-c3/33 b1-c3/55 b1-c3/66 b1-c3/77 b1-c3/88",
		},
		{
			// The black knight on e4 attacks c3 and d2; a3 is left.
			name: "attacked squares are not landed on",
			fen:  sparse(t, allBut(t), "b1", "e4", "w", "0-0"),
			want: "b1-a3",
		},
		{
			// a3 erased, d2 attacked by the black knight on f3: only c3.
			name: "erased squares are not landed on",
			fen:  sparse(t, allBut(t, "a3", "a1", "b2", "d4", "e5", "f6", "g7", "h8", "i9", "j10"), "b1", "f3", "w", "0-0"),
			want: "b1-c3",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := fromFEN(t, tt.fen)
			if got := moveList(p); got != tt.want {
				t.Errorf("Moves() = %s\nwant       %s\n%s", got, tt.want, p)
			}
		})
	}
}

// allBut lists every square except the ones named.
func allBut(t testing.TB, except ...string) string {
	skip := map[string]bool{}
	for _, e := range except {
		skip[e] = true
	}
	var out []string
	for i := 0; i < knightfight.Size; i++ {
		if name := knightfight.Square(i).String(); !skip[name] {
			out = append(out, name)
		}
	}
	return strings.Join(out, " ")
}

// TestPlay plays moves and checks the position text afterwards.
func TestPlay(t *testing.T) {
	tests := []struct {
		name, fen, moves, want string
	}{
		{
			// c1 = 02 scores 2 and erases 20 = a3.
			name:  "placement scores and erases the mirror",
			fen:   identity + " w 0-0",
			moves: "c1",
			want:  sparse(t, allBut(t, "a3"), "c1", "", "b", "2-0"),
		},
		{
			// Black's placement on 97 erases 79 = j8.
			name:  "black placement erases the mirror",
			fen:   identity + " w 0-0",
			moves: "c1 h10",
			want:  sparse(t, allBut(t, "a3", "j8"), "c1", "h10", "w", "2-97"),
		},
		{
			// c1-d3 leaves c1 (erased), scores 23 and erases 32 = c4.
			name:  "jump erases the square left and the mirror",
			fen:   sparse(t, allBut(t), "c1", "h10", "w", "2-97"),
			moves: "c1-d3",
			want:  sparse(t, allBut(t, "c1", "c4"), "d3", "h10", "b", "25-97"),
		},
		{
			// The mirror 32 = c4 is erased already: only c1 changes.
			name:  "mirror already erased",
			fen:   sparse(t, allBut(t, "c4"), "c1", "h10", "w", "0-0"),
			moves: "c1-d3",
			want:  sparse(t, allBut(t, "c1", "c4"), "d3", "h10", "b", "23-0"),
		},
		{
			// The mirror 32 = c4 holds the black knight: it stays until
			// the knight leaves (then it is erased anyway).
			name:  "mirror under the other knight",
			fen:   sparse(t, allBut(t), "c1", "c4", "w", "0-0"),
			moves: "c1-d3",
			want:  sparse(t, allBut(t, "c1"), "d3", "c4", "b", "23-0"),
		},
		{
			// c3 = 22 is a double: no mirror, nothing else erased.
			name:  "double without erasure",
			fen:   sparse(t, allBut(t), "b1", "i10", "w", "0-0"),
			moves: "b1-c3",
			want:  sparse(t, allBut(t, "b1"), "c3", "i10", "b", "22-0"),
		},
		{
			// c3 = 22 erases the double 55 = f6 as asked.
			name:  "double with erasure",
			fen:   sparse(t, allBut(t), "b1", "i10", "w", "0-0"),
			moves: "b1-c3/55",
			want:  sparse(t, allBut(t, "b1", "f6"), "c3", "i10", "b", "22-0"),
		},
		{
			// Placing on a1 = 00 scores nothing and may erase a double.
			name:  "placement on 00 with erasure",
			fen:   identity + " w 0-0",
			moves: "A1/44",
			want:  sparse(t, allBut(t, "e5"), "a1", "", "b", "0-0"),
		},
		{
			// The engine form without separator; g9 = 86 erases 68 = i7.
			name:  "separator-less jump",
			fen:   sparse(t, allBut(t), "b1", "i10", "w", "0-0"),
			moves: "b1c3/55 i10g9",
			want:  sparse(t, allBut(t, "b1", "f6", "i10", "i7"), "c3", "g9", "w", "22-86"),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := fromFEN(t, tt.fen)
			play(t, p, tt.moves)
			if got := p.FEN(); got != tt.want {
				t.Errorf("FEN() = %s\nwant    %s", got, tt.want)
			}
		})
	}
}

// TestIllegal checks that illegal moves are refused with ErrIllegal (or
// ErrNotation for a wrong form), a clear message, and no change.
func TestIllegal(t *testing.T) {
	jumpFEN := sparse(t, allBut(t, "e5", "a3"), "b1", "j10", "w", "0-0")
	tests := []struct {
		name, fen, move string
		kind            error
		want            string // part of the message
	}{
		{"white places off rank 1", identity + " w 0-0", "c2", rules.ErrIllegal, "white places its knight on rank 1, not on rank 2"},
		{"black places off rank 10", sparse(t, allBut(t), "c1", "", "b", "0-0"), "c9", rules.ErrIllegal, "black places its knight on rank 10, not on rank 9"},
		{"black places on attacked square", sparse(t, allBut(t), "e8", "", "b", "0-0"), "d10", rules.ErrIllegal, "d10 is attacked by the white knight on e8"},
		{"black places on erased square", identity + " w 0-0", "j1 a10", rules.ErrIllegal, "a10 is erased"},
		{"jump before placing", identity + " w 0-0", "c1-d3", rules.ErrIllegal, "not placed yet"},
		{"placing twice", jumpFEN, "c1", rules.ErrIllegal, "already on b1"},
		{"jump from the wrong square", jumpFEN, "c1-d3", rules.ErrIllegal, "stands on b1, not on c1"},
		{"not a knight jump", jumpFEN, "b1-b3", rules.ErrIllegal, "b3 is not a knight's jump from b1"},
		{"landing on an erased square", jumpFEN, "b1-a3", rules.ErrIllegal, "a3 is erased"},
		{"landing on the other knight", sparse(t, allBut(t), "b1", "c3", "w", "0-0"), "b1-c3", rules.ErrIllegal, "the black knight stands on c3"},
		{"landing on an attacked square", sparse(t, allBut(t), "b1", "e4", "w", "0-0"), "b1-d2", rules.ErrIllegal, "d2 is attacked by the black knight on e4"},
		{"erasing on a non-double", jumpFEN, "b1-d2/33", rules.ErrIllegal, "d2 holds 13, not a double"},
		{"erasing a non-double number", jumpFEN, "b1-c3/57", rules.ErrIllegal, "57 is not a double"},
		{"erasing an erased double", jumpFEN, "b1-c3/44", rules.ErrIllegal, "double 44 is already erased"},
		{"erasing a double under the other knight", jumpFEN, "b1-c3/99", rules.ErrIllegal, "double 99 on j10 is under the black knight"},
		{"erasing the double landed on", jumpFEN, "b1-c3/22", rules.ErrIllegal, "lands on 22 itself"},
		{"placement erasing on a non-double", identity + " w 0-0", "c1/11", rules.ErrIllegal, "c1 holds 02, not a double"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := fromFEN(t, tt.fen)
			moves := strings.Fields(tt.move)
			play(t, p, strings.Join(moves[:len(moves)-1], " "))
			before := p.FEN()
			last := moves[len(moves)-1]
			m, err := p.ParseMove(last)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", last, err)
			}
			err = p.Play(m)
			if !errors.Is(err, tt.kind) || err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Play(%q) = %v; want %v containing %q", last, err, tt.kind, tt.want)
			}
			if after := p.FEN(); after != before {
				t.Errorf("after a refused move FEN() = %s; want unchanged %s", after, before)
			}
		})
	}
}

func TestPlayForms(t *testing.T) {
	p := fromFEN(t, sparse(t, allBut(t), "b1", "i10", "w", "0-0"))
	c3 := knightfight.Encode(knightfight.Square(1), knightfight.Square(22), true, knightfight.NoErase)
	tests := []struct {
		name string
		m    rules.Move
		kind error
	}{
		{"written with x", c3 | rules.FormCapture, rules.ErrNotation},
		{"pass", rules.Pass, rules.ErrIllegal},
		{"dash on a placement", knightfight.Encode(0, 5, false, knightfight.NoErase) | rules.FormDash, rules.ErrNotation},
		{"square out of range", rules.Move(120), rules.ErrNotation},
		{"high bits", c3 | 1<<25, rules.ErrNotation},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := p.Clone().Play(tt.m); !errors.Is(err, tt.kind) {
				t.Errorf("Play(%#x) = %v; want %v", uint32(tt.m), err, tt.kind)
			}
		})
	}
	if err := p.Clone().Play(c3 | rules.FormDash); err != nil {
		t.Errorf("Play(b1-c3 with dash) = %v; want nil", err)
	}
}

// endFEN is a position where White on a1 has the single move a1-b3, after
// which it is stuck (a1 is left erased, all other jumps from b3 erased),
// while Black on j10 can still go to h9 or i8.
func endFEN(t testing.TB, points string) string {
	return sparse(t, "b3 h9 i8", "a1", "j10", "w", points)
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		name, fen, moves string
		result           rules.Result
		reason           string
	}{
		{"self-block ahead wins", endFEN(t, "100-0"), "a1-b3", rules.WhiteWins, "white has no legal move: white wins 121-0"},
		{"self-block behind loses", endFEN(t, "0-50"), "a1-b3", rules.BlackWins, "white has no legal move: black wins 21-50"},
		{"tie", endFEN(t, "0-21"), "a1-b3", rules.Draw, "white has no legal move: draw 21-21"},
		// White on c1 jumps to b3 and then attacks a5, the only square
		// left to the black knight on b7.
		{"opponent blocked", sparse(t, "b3 a5 d4", "c1", "b7", "w", "0-0"), "c1-b3", rules.WhiteWins, "black has no legal move: white wins 21-0"},
		// Black on f10 lands on h9 = 87, which erases 78 = i8, the only
		// square left to the white knight on j6; h9 leads nowhere either.
		{"both blocked", sparse(t, "h9 i8", "j6", "f10", "b", "5-5"), "f10-h9", rules.BlackWins, "neither side has a legal move: black wins 5-92"},
		{"game goes on", identity + " w 0-0", "c1 h10", rules.Unfinished, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := fromFEN(t, tt.fen)
			play(t, p, tt.moves)
			o := p.Outcome()
			if o.Result != tt.result || o.Reason != tt.reason {
				t.Errorf("Outcome() = %v %q; want %v %q\n%s", o.Result, o.Reason, tt.result, tt.reason, p)
			}
			if o.Over() {
				if ms := p.Moves(nil); len(ms) != 0 {
					t.Errorf("Moves() on a finished game = %d moves; want none", len(ms))
				}
				err := p.Play(0)
				if !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), "the game is already over ("+tt.reason+")") {
					t.Errorf("Play on a finished game = %v; want already over", err)
				}
			}
		})
	}
}

func TestScore(t *testing.T) {
	p := fromFEN(t, identity+" w 0-0")
	play(t, p, "c1 h10 c1-d3")
	s, ok := p.Score()
	if !ok || s != (rules.Score{White: 25, Black: 97}) {
		t.Errorf("Score() = %v, %v; want 25-97, true", s, ok)
	}
}

func TestAccessors(t *testing.T) {
	p := fromFEN(t, identity+" w 0-0")
	play(t, p, "c1 h10 c1-d3")
	if sq, ok := p.Knight(rules.White); sq != 23 || !ok {
		t.Errorf("Knight(white) = %d, %v; want 23 (d3), true", sq, ok)
	}
	if sq, ok := p.Knight(rules.Black); sq != 97 || !ok {
		t.Errorf("Knight(black) = %d, %v; want 97 (h10), true", sq, ok)
	}
	for s, want := range map[int]bool{2: true, 20: true, 32: true, 79: true, 23: false, 97: false, 55: false} {
		if got := p.Erased(s); got != want {
			t.Errorf("Erased(%v) = %v; want %v", knightfight.Square(s), got, want)
		}
	}
	lo, hi := p.ErasedBits()
	for s := range knightfight.Size {
		bit := lo>>s&1 != 0
		if s >= 64 {
			bit = hi>>(s-64)&1 != 0
		}
		if bit != p.Erased(s) {
			t.Errorf("ErasedBits: square %v is %v; Erased says %v", knightfight.Square(s), bit, p.Erased(s))
		}
	}
	// White on d3 jumps to e1, b2, f2, b4, f4, c5 and e5 (c1 is erased);
	// black on h10 to g8, i8, f9 and j9; the knights are far apart.
	if w, b := p.Mobility(rules.White), p.Mobility(rules.Black); w != 7 || b != 4 {
		t.Errorf("Mobility = %d, %d; want 7, 4", w, b)
	}
	if n := p.Number(57); n != 57 {
		t.Errorf("Number(57) = %d; want 57", n)
	}
	q := fromFEN(t, identity+" w 0-0")
	if sq, ok := q.Knight(rules.White); ok || sq != -1 {
		t.Errorf("Knight(white) at the start = %d, %v; want -1, false", sq, ok)
	}
}

// TestPerft compares move counts with counts worked out by hand.
func TestPerft(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		depth int
		want  uint64
	}{
		// Identity board, ply 1: rank 1 is 00..09; 00 (a1) is a double,
		// giving 1 + 9 moves (erase nothing, or one of 11..99), and 01..09
		// one each: 19.
		{"identity start", identity + " w 0-0", 1, 19},
		// Ply 2, Black places on rank 10 (90..99; no white knight on rank
		// 1 attacks it). j10 = 99 is a double.
		//   White on b1..i1 (01..08) erases 10..80 (a2..a9): Black has
		//     90..98 and 99 with no erasure or erasing 00..88: 9+10 = 19,
		//     times 8 = 152.
		//   White on j1 (09) erases 90 = a10: 8 + 10 = 18.
		//   White on a1 (00) erasing nothing: 00 is under the knight, so
		//     99 offers 1+8: 9+9 = 18; erasing one of 11..88 (8 moves):
		//     99 offers 1+7: 9+8 = 17 each, 136; erasing 99: 9.
		// 152 + 18 + 18 + 136 + 9 = 333.
		{"identity start", identity + " w 0-0", 2, 333},
		// pathFEN: White goes h1-g3-e2 or h1-f2 (stuck), Black goes
		// j9-i7-j5-h6 or j9-h8 (stuck; 77 may erase 00 or 11 or nothing).
		// Ply 1: h1-f2, h1-g3 = 2 (h1-f2 ends the game).
		{"paths", pathFEN(t), 1, 2},
		// Ply 2 after h1-g3: j9-i7, j9-h8, j9-h8/00, j9-h8/11 = 4.
		{"paths", pathFEN(t), 2, 4},
		// Ply 3: after j9-h8* Black is stuck and the game is over; after
		// j9-i7 White has g3-e2 only: 1.
		{"paths", pathFEN(t), 3, 1},
		// Ply 4: after g3-e2 White is stuck (g3 erased): 0.
		{"paths", pathFEN(t), 4, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := fromFEN(t, tt.fen)
			if got := checkedPerft(p, tt.depth); got != tt.want {
				t.Errorf("perft(%d) = %d; want %d", tt.depth, got, tt.want)
			}
			if got := p.Perft(tt.depth); got != tt.want {
				t.Errorf("Perft(%d) = %d; want %d", tt.depth, got, tt.want)
			}
		})
	}
}

// pathFEN is a sparse identity board (see TestPerft) where each knight has a
// short path and no landing erases anything through its mirror: every live
// square lies below the a1-j10 diagonal, so every mirror lies above it,
// where all is erased. The live doubles a1 (00), b2 (11) and h8 (77) are the
// only ones; the two regions are too far apart to attack each other.
func pathFEN(t testing.TB) string {
	return sparse(t, "f2 g3 e2 i7 j5 h6 a1 b2 h8", "h1", "j9", "w", "0-0")
}

func TestPathGame(t *testing.T) {
	p := fromFEN(t, pathFEN(t))
	play(t, p, "h1-g3 j9-h8/00")
	if o := p.Outcome(); o.Reason != "black has no legal move: black wins 26-77" {
		t.Errorf("Outcome() = %q; want black stuck, black wins 26-77", o.Reason)
	}
}

// TestRandomPlayouts plays random games on random boards and checks that
// every listed move is accepted by Play after a format/parse round trip,
// that the FEN round-trips at every ply, and that Moves is empty exactly
// when the game is over.
func TestRandomPlayouts(t *testing.T) {
	for seed := int64(1); seed <= 40; seed++ {
		board := knightfight.RandomBoard(seed)
		p := start(t, rules.TagMap{"Board": board})
		r := uint64(seed)
		for ply := 0; ; ply++ {
			moves := p.Moves(nil)
			if len(moves) == 0 {
				if !p.Outcome().Over() {
					t.Fatalf("seed %d ply %d: no moves but not over\n%s", seed, ply, p)
				}
				break
			}
			if p.Outcome().Over() {
				t.Fatalf("seed %d ply %d: over but has moves", seed, ply)
			}
			for _, m := range moves {
				text := p.FormatMove(m)
				pm, err := p.ParseMove(text)
				if err != nil || pm.Plain() != m {
					t.Fatalf("seed %d: ParseMove(FormatMove(%#x) = %q) = %#x, %v", seed, uint32(m), text, uint32(pm), err)
				}
				if err := p.Clone().Play(pm); err != nil {
					t.Fatalf("seed %d: Play(%q) = %v", seed, text, err)
				}
			}
			fen := p.FEN()
			for _, b := range []string{"", board} {
				tags := rules.TagMap{"FEN": fen, "SetUp": "1"}
				if b != "" {
					tags["Board"] = b
				}
				q := start(t, tags)
				if got := q.FEN(); got != fen {
					t.Fatalf("seed %d ply %d: FEN round trip %s -> %s", seed, ply, fen, got)
				}
				if a, b := moveList(p), moveList(q); a != b {
					t.Fatalf("seed %d ply %d: moves differ after FEN round trip: %s / %s", seed, ply, a, b)
				}
			}
			r = r*6364136223846793005 + 1442695040888963407
			m := moves[(r>>33)%uint64(len(moves))]
			u := *p
			u.PlayUnchecked(m)
			if err := p.Play(m); err != nil {
				t.Fatalf("seed %d: Play: %v", seed, err)
			}
			if u.FEN() != p.FEN() {
				t.Fatalf("seed %d: PlayUnchecked and Play differ", seed)
			}
		}
	}
}

// TestMirrorUnderKnight pins decision 3 of docs/knight-fight.md: the mirror
// square under the other knight is not erased (a knight's square never is).
func TestMirrorUnderKnight(t *testing.T) {
	p := fromFEN(t, sparse(t, allBut(t), "c1", "c4", "w", "0-0"))
	play(t, p, "c1-d3") // 23 mirrors 32 = c4, under the black knight
	if p.Erased(sq(t, "c4")) {
		t.Errorf("Erased(c4) = true under the black knight; want false until it leaves")
	}
	play(t, p, "c4-a5")
	if !p.Erased(sq(t, "c4")) {
		t.Errorf("Erased(c4) = false after the black knight left; want true")
	}
}
