package engine

import (
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// toy is tic-tac-toe behind the rules contract: small enough to search to
// the end, so the search must never lose it.
type toyGame struct{}

var toy rules.Game = toyGame{}

func (toyGame) ID() string                { return "tic-tac-toe" }
func (toyGame) Name() string              { return "Tic-tac-toe" }
func (toyGame) FirstMover() rules.Color   { return rules.White }
func (toyGame) NewTags(int64) [][2]string { return nil }
func (toyGame) Start(t rules.Tags) (rules.Position, error) {
	p := &toyPos{}
	fen, ok := t.Tag("FEN")
	if set, _ := t.Tag("SetUp"); !ok || set == "0" {
		return p, nil
	}
	f := strings.Fields(fen)
	if len(f) != 2 || (f[1] != "w" && f[1] != "b") {
		return nil, fmt.Errorf("%w: FEN %q: want 3 ranks and a side to move", rules.ErrBadTag, fen)
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 3 {
		return nil, fmt.Errorf("%w: FEN %q: want 3 ranks", rules.ErrBadTag, fen)
	}
	for r, rank := range ranks {
		if len(rank) != 3 {
			return nil, fmt.Errorf("%w: FEN %q: rank of %d cells", rules.ErrBadTag, fen, len(rank))
		}
		for c := range 3 {
			sq := (2-r)*3 + c
			switch rank[c] {
			case 'x':
				p.cells[sq] = 1
			case 'o':
				p.cells[sq] = 2
			case '.':
			default:
				return nil, fmt.Errorf("%w: FEN %q: bad cell %q", rules.ErrBadTag, fen, rank[c])
			}
		}
	}
	if f[1] == "b" {
		p.turn = rules.Black
	}
	return p, nil
}

type toyPos struct {
	cells [9]byte
	turn  rules.Color
}

var toyLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (p *toyPos) Turn() rules.Color { return p.turn }

func (p *toyPos) Moves(dst []rules.Move) []rules.Move {
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

func (p *toyPos) ParseMove(s string) (rules.Move, error) {
	s = strings.ToLower(s)
	if len(s) != 2 || s[0] < 'a' || s[0] > 'c' || s[1] < '1' || s[1] > '3' {
		return 0, fmt.Errorf("%w: %q is not a square a1..c3", rules.ErrNotation, s)
	}
	return rules.Move(int(s[1]-'1')*3 + int(s[0]-'a')), nil
}

func (p *toyPos) Play(m rules.Move) error {
	if o := p.Outcome(); o.Over() {
		return fmt.Errorf("%w: the game is already over (%s)", rules.ErrIllegal, o.Reason)
	}
	if m.Plain() > 8 || p.cells[m.Plain()] != 0 {
		return fmt.Errorf("%w: the square is taken", rules.ErrIllegal)
	}
	p.PlayUnchecked(m.Plain())
	return nil
}

func (p *toyPos) PlayUnchecked(m rules.Move) {
	p.cells[m] = byte(p.turn) + 1
	p.turn = p.turn.Other()
}

func (p *toyPos) FormatMove(m rules.Move) string {
	return fmt.Sprintf("%c%d", 'a'+int(m)%3, int(m)/3+1)
}

func (p *toyPos) Outcome() rules.Outcome {
	for _, l := range toyLines {
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

func (p *toyPos) Score() (rules.Score, bool) { return rules.Score{}, false }

func (p *toyPos) FEN() string {
	var b strings.Builder
	for r := 2; r >= 0; r-- {
		for c := range 3 {
			b.WriteByte(".xo"[p.cells[r*3+c]])
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.turn == rules.White {
		b.WriteString(" w")
	} else {
		b.WriteString(" b")
	}
	return b.String()
}

func (p *toyPos) Clone() rules.Position { c := *p; return &c }
func (p *toyPos) String() string        { return p.FEN() }
