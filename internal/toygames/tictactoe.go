package toygames

import (
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// TicTacToe is tic-tac-toe: id "tic-tac-toe", White (X) moves first.
var TicTacToe rules.Game = ticTacToe{}

type ticTacToe struct{}

func (ticTacToe) ID() string              { return "tic-tac-toe" }
func (ticTacToe) Name() string            { return "Tic-tac-toe" }
func (ticTacToe) FirstMover() rules.Color { return rules.White }

// NewTags returns nil: every game starts on the empty board.
func (ticTacToe) NewTags(int64) [][2]string { return nil }

// Start builds the empty board, or the FEN tag's position when SetUp is
// "1". Errors wrap rules.ErrBadTag.
func (ticTacToe) Start(tags rules.Tags) (rules.Position, error) {
	fen, ok := tags.Tag("FEN")
	if setUp, _ := tags.Tag("SetUp"); !ok || strings.TrimSpace(setUp) != "1" {
		return &TicTacToePosition{}, nil
	}
	p, err := parseTicTacToe(fen)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// TicTacToePosition is a tic-tac-toe board and the side to move. A plain
// copy is an independent position (rules.Unchecked).
type TicTacToePosition struct {
	cells [9]byte // 0 empty, 1 X (White), 2 O (Black); index rank*3+file
	turn  rules.Color
}

var ticTacToeLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

// Turn is the side to move.
func (p *TicTacToePosition) Turn() rules.Color { return p.turn }

// Moves appends the empty squares, none once the game is over.
func (p *TicTacToePosition) Moves(dst []rules.Move) []rules.Move {
	if p.Outcome().Over() {
		return dst
	}
	for i, c := range p.cells {
		if c == 0 {
			dst = append(dst, rules.Move(i))
		}
	}
	return dst
}

// Play puts the mover's mark on an empty square of a game not over.
func (p *TicTacToePosition) Play(m rules.Move) error {
	if o := p.Outcome(); o.Over() {
		return rules.Illegalf("the game is over: %s", o.Reason)
	}
	if m == rules.Pass {
		return rules.Illegalf("tic-tac-toe has no pass")
	}
	m = m.Plain()
	if m > 8 {
		return rules.Illegalf("no such square")
	}
	if p.cells[m] != 0 {
		return rules.Illegalf("%s is taken", p.FormatMove(m))
	}
	p.PlayUnchecked(m)
	return nil
}

// PlayUnchecked plays m, a move from Moves, without checking it.
func (p *TicTacToePosition) PlayUnchecked(m rules.Move) {
	p.cells[m.Plain()] = byte(p.turn) + 1
	p.turn = p.turn.Other()
}

// Perft counts the leaves of the legal-move tree (rules.Perfter).
func (p *TicTacToePosition) Perft(depth int) uint64 { return rules.PerftUnchecked(*p, depth) }

// Outcome: three in a row wins, a full board draws.
func (p *TicTacToePosition) Outcome() rules.Outcome {
	for _, l := range ticTacToeLines {
		if c := p.cells[l[0]]; c != 0 && c == p.cells[l[1]] && c == p.cells[l[2]] {
			return rules.Outcome{Result: rules.Win(rules.Color(c - 1)), Reason: "three in a row"}
		}
	}
	for _, c := range p.cells {
		if c == 0 {
			return rules.Outcome{}
		}
	}
	return rules.Outcome{Result: rules.Draw, Reason: "the board is full"}
}

// Score returns false: tic-tac-toe scores no points.
func (p *TicTacToePosition) Score() (rules.Score, bool) { return rules.Score{}, false }

// Clone returns an independent copy.
func (p *TicTacToePosition) Clone() rules.Position { q := *p; return &q }

// ParseMove reads a square, a1..c3, in either case.
func (p *TicTacToePosition) ParseMove(s string) (rules.Move, error) {
	t := strings.ToLower(s)
	if len(t) != 2 || t[0] < 'a' || t[0] > 'c' || t[1] < '1' || t[1] > '3' {
		return 0, rules.Notationf("%q is not a square a1..c3", s)
	}
	return rules.Move(int(t[1]-'1')*3 + int(t[0]-'a')), nil
}

// FormatMove writes m as its square.
func (p *TicTacToePosition) FormatMove(m rules.Move) string {
	m = m.Plain()
	return string([]byte{'a' + byte(m%3), '1' + byte(m/3)})
}

// FEN writes the ranks from the top and the side to move: "x../.o./... w".
func (p *TicTacToePosition) FEN() string {
	var b strings.Builder
	for r := 2; r >= 0; r-- {
		for f := range 3 {
			b.WriteByte(".xo"[p.cells[r*3+f]])
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([]string{" w", " b"}[p.turn])
	return b.String()
}

// String draws the board: the FEN's ranks, one a line.
func (p *TicTacToePosition) String() string {
	f, _, _ := strings.Cut(p.FEN(), " ")
	return strings.ReplaceAll(f, "/", "\n") + "\n"
}

// parseTicTacToe reads what FEN writes. Errors wrap rules.ErrBadTag.
func parseTicTacToe(s string) (*TicTacToePosition, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return nil, rules.BadTagf("FEN", "FEN %q: want the ranks and the side to move", s)
	}
	turn, ok := rules.ParseTurn(f[1])
	if !ok {
		return nil, rules.BadTagf("FEN", "FEN %q: side to move %q is not w or b", s, f[1])
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 3 {
		return nil, rules.BadTagf("FEN", "FEN %q: want 3 ranks", s)
	}
	p := &TicTacToePosition{turn: turn}
	for i, rank := range ranks {
		if len(rank) != 3 {
			return nil, rules.BadTagf("FEN", "FEN %q: rank %d has %d squares, not 3", s, 3-i, len(rank))
		}
		for f := range 3 {
			c := strings.IndexByte(".xo", rank[f])
			if c < 0 {
				return nil, rules.BadTagf("FEN", "FEN %q: %q is not x, o or .", s, rank[f])
			}
			p.cells[(2-i)*3+f] = byte(c)
		}
	}
	return p, nil
}
