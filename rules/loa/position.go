package loa

import (
	"fmt"
	"math/bits"

	"github.com/arbiter-games/arbiter/rules"
)

// Position is a Lines of Action position: where the pieces stand, whose
// turn it is, and whether the game is over. It is a small value; copy it
// to keep a position, and use *Position as a rules.Position.
type Position struct {
	pieces [2]uint64 // indexed by rules.Color
	turn   rules.Color
	state  state
}

// state is how the game stands, worked out once per move.
type state uint8

const (
	playing state = iota
	blackConnected
	whiteConnected
	bothConnected
	blackConnectedByCapture // white's capture left black connected
	whiteConnectedByCapture // black's capture left white connected
)

var startPosition = Position{
	pieces: [2]uint64{
		rules.White: 0x0081818181818100, // a2-a7, h2-h7
		rules.Black: 0x7E0000000000007E, // b1-g1, b8-g8
	},
	turn: rules.Black,
}

// StartPosition returns the start of a game: Black on b1-g1 and b8-g8,
// White on a2-a7 and h2-h7, Black to move.
func StartPosition() Position { return startPosition }

// Pieces returns the bitboard of c's pieces: bit i is square i (a1 = 0,
// b1 = 1, …, h8 = 63).
func (p *Position) Pieces(c rules.Color) uint64 { return p.pieces[c&1] }

// Turn returns the side to move.
func (p *Position) Turn() rules.Color { return p.turn }

// Connected reports whether the pieces of bitboard bb form one group, each
// piece touching the next orthogonally or diagonally. A single piece is
// connected; no pieces are not.
func Connected(bb uint64) bool {
	if bb == 0 {
		return false
	}
	g := bb & -bb
	for {
		n := grow(g) & bb
		if n == g {
			return g == bb
		}
		g = n
	}
}

// Groups counts the groups of bitboard bb: sets of pieces each touching the
// next orthogonally or diagonally (Connected is Groups(bb) == 1, cheaper).
func Groups(bb uint64) int {
	n := 0
	for bb != 0 {
		g := bb & -bb
		for {
			x := grow(g) & bb
			if x == g {
				break
			}
			g = x
		}
		bb &^= g
		n++
	}
	return n
}

const (
	fileA uint64 = 0x0101010101010101
	fileH uint64 = 0x8080808080808080
)

// grow returns x with every square next to one of x added.
func grow(x uint64) uint64 {
	x |= (x<<1)&^fileA | (x>>1)&^fileH
	return x | x<<8 | x>>8
}

// settle works out the state after side mover moved, captured telling
// whether the move took a piece.
func (p *Position) settle(mover rules.Color, captured bool) {
	own := Connected(p.pieces[mover])
	other := captured && Connected(p.pieces[mover^1])
	switch {
	case own && other:
		p.state = bothConnected
	case own:
		p.state = connectedState(mover, false)
	case other:
		p.state = connectedState(mover^1, true)
	}
}

func connectedState(c rules.Color, byCapture bool) state {
	switch {
	case c == rules.Black && byCapture:
		return blackConnectedByCapture
	case c == rules.Black:
		return blackConnected
	case byCapture:
		return whiteConnectedByCapture
	}
	return whiteConnected
}

// judge works out the state of a position that did not come from a move,
// such as one read from a FEN.
func (p *Position) judge() {
	b, w := Connected(p.pieces[rules.Black]), Connected(p.pieces[rules.White])
	switch {
	case b && w:
		p.state = bothConnected
	case b:
		p.state = blackConnected
	case w:
		p.state = whiteConnected
	default:
		p.state = playing
	}
}

var outcomes = [...]rules.Outcome{
	playing:                 {},
	blackConnected:          {Result: rules.BlackWins, Reason: "black connected"},
	whiteConnected:          {Result: rules.WhiteWins, Reason: "white connected"},
	bothConnected:           {Result: rules.Draw, Reason: "both sides connected"},
	blackConnectedByCapture: {Result: rules.BlackWins, Reason: "black connected by white's capture"},
	whiteConnectedByCapture: {Result: rules.WhiteWins, Reason: "white connected by black's capture"},
}

// Outcome says whether the game is over: a side whose pieces form one
// group has won, and a move that connects both sides draws.
func (p *Position) Outcome() rules.Outcome { return outcomes[p.state] }

// Score returns false: Lines of Action scores no points.
func (p *Position) Score() (rules.Score, bool) { return rules.Score{}, false }

// Clone returns an independent copy of p.
func (p *Position) Clone() rules.Position {
	c := *p
	return &c
}

// Moves appends the legal moves to dst and returns it, allocating only
// when dst runs out of room: every move of the side to move, or Pass alone
// when it has none, or nothing once the game is over. Moves carry no form
// bits.
func (p *Position) Moves(dst []rules.Move) []rules.Move {
	if p.state != playing {
		return dst
	}
	n0 := len(dst)
	own, opp := p.pieces[p.turn], p.pieces[p.turn^1]
	occ := own | opp
	for b := own; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		for l := range 4 {
			n := bits.OnesCount64(lineMask[l][from] & occ)
			for d := 2 * l; d < 2*l+2; d++ {
				to := dest[from][d][n]
				if to == noSquare || own&to.bit() != 0 || between[from][to]&opp != 0 {
					continue
				}
				dst = append(dst, rules.Move(from)|rules.Move(to)<<6)
			}
		}
	}
	if len(dst) == n0 {
		dst = append(dst, rules.Pass)
	}
	return dst
}

// firstMove returns a legal move of the side to move, and false when it
// has none (or the game is over).
func (p *Position) firstMove() (rules.Move, bool) {
	var buf [128]rules.Move // more than the moves of 12 pieces
	moves := p.Moves(buf[:0])
	if len(moves) == 0 || moves[0] == rules.Pass {
		return 0, false
	}
	return moves[0], true
}

// PlayUnchecked plays m, which must be Pass or a move from Moves of this
// position (form bits are ignored); it checks nothing. Engines use it in
// search; use Play for moves from outside.
func (p *Position) PlayUnchecked(m rules.Move) {
	mover := p.turn
	p.turn ^= 1
	if m == rules.Pass {
		return
	}
	from, to := Square(m&63), Square(m>>6&63)
	p.pieces[mover] ^= from.bit() | to.bit()
	captured := p.pieces[mover^1]&to.bit() != 0
	p.pieces[mover^1] &^= to.bit()
	p.settle(mover, captured)
}

// Perft counts the positions reached by every sequence of depth legal
// moves from p (a pass counts as a move; a finished game has no moves).
func (p *Position) Perft(depth int) uint64 { return rules.PerftUnchecked(*p, depth) }

// Play checks m against the rules and plays it. Breaking a rule gives an
// error wrapping rules.ErrIllegal; a "-" on a capture or an "x" on a quiet
// move gives one wrapping rules.ErrNotation (checked last, so that a move
// that is illegal anyway is told so). On error p is unchanged.
func (p *Position) Play(m rules.Move) error {
	if p.state != playing {
		return rules.Illegalf("the game is already over (%s)", outcomes[p.state].Reason)
	}
	if m == rules.Pass {
		if first, ok := p.firstMove(); ok {
			return rules.Illegalf("pass while %s has a legal move (such as %s)", p.turn, p.FormatMove(first))
		}
		p.turn ^= 1
		return nil
	}
	form := m & rules.FormMask
	plain := m &^ rules.FormMask
	if plain>>12 != 0 || form == rules.FormMask {
		return rules.Notationf("%#x is not a Lines of Action move", uint32(m))
	}
	from, to := From(plain), To(plain)
	own, opp := p.pieces[p.turn], p.pieces[p.turn^1]
	if own&from.bit() == 0 {
		if opp&from.bit() != 0 {
			return rules.Illegalf("%s holds a %s piece, and %s is to move", from, p.turn^1, p.turn)
		}
		return rules.Illegalf("%s holds no %s piece", from, p.turn)
	}
	if from == to {
		return rules.Illegalf("the move does not leave %s", from)
	}
	l := int(lineOf[from][to]) - 1
	if l < 0 {
		return rules.Illegalf("%s-%s is not a straight line", from, to)
	}
	dist := max(abs(from.File()-to.File()), abs(from.Rank()-to.Rank()))
	n := bits.OnesCount64(lineMask[l][from] & (own | opp))
	if dist != n {
		return rules.Illegalf("%s-%s moves %s but %s holds %s", from, to,
			plural(dist, "square"), lineName(l, from), plural(n, "piece"))
	}
	if x := between[from][to] & opp; x != 0 {
		// Name the enemy piece nearest to from: the one the move runs into.
		s := Square(bits.TrailingZeros64(x))
		if to < from {
			s = Square(63 - bits.LeadingZeros64(x))
		}
		return rules.Illegalf("crosses the %s piece on %s", p.turn^1, s)
	}
	if own&to.bit() != 0 {
		return rules.Illegalf("lands on its own piece on %s", to)
	}
	captured := opp&to.bit() != 0
	switch {
	case form == rules.FormDash && captured:
		return rules.Notationf("written with \"-\" but captures the %s piece on %s", p.turn^1, to)
	case form == rules.FormCapture && !captured:
		return rules.Notationf("written with \"x\" but %s is empty", to)
	}
	mover := p.turn
	p.turn ^= 1
	p.pieces[mover] ^= from.bit() | to.bit()
	p.pieces[mover^1] &^= to.bit()
	p.settle(mover, captured)
	return nil
}

// lineNames names line l through square s for messages.
func lineName(l int, s Square) string {
	switch l {
	case lineRank:
		return fmt.Sprintf("rank %d", s.Rank()+1)
	case lineFile:
		return fmt.Sprintf("the %c-file", 'a'+s.File())
	}
	m := lineMask[l][s]
	lo, hi := Square(bits.TrailingZeros64(m)), Square(63-bits.LeadingZeros64(m))
	if lo == hi {
		return "the diagonal " + lo.String()
	}
	if l == lineAnti {
		lo, hi = hi, lo // name it from its left end, as the a1-h8 diagonal
	}
	return "the " + lo.String() + "-" + hi.String() + " diagonal"
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
