package loa

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// A move is encoded as from | to<<6 in bits 0..11 (rules.Pass for a pass);
// whether it captures is not part of the encoding, so a parsed move equals
// the move Moves lists once its form bits are stripped.

// MoveOf returns the move from one square to another.
func MoveOf(from, to Square) rules.Move { return rules.Move(from&63) | rules.Move(to&63)<<6 }

// From returns the square m starts from (meaningless for rules.Pass).
func From(m rules.Move) Square { return Square(m & 63) }

// To returns the square m lands on (meaningless for rules.Pass).
func To(m rules.Move) Square { return Square(m >> 6 & 63) }

// ParseMove reads a move: "c1-c3" or "c1xc3" (setting rules.FormDash or
// rules.FormCapture), the engine form "c1c3" (no form bits), or "pass", in
// any letter case. It does not allocate unless it fails. Whether the
// separator fits the position is checked by Play.
func ParseMove(s string) (rules.Move, error) {
	var form rules.Move
	switch len(s) {
	case 4:
		if strings.EqualFold(s, "pass") {
			return rules.Pass, nil
		}
	case 5:
		switch s[2] {
		case '-':
			form = rules.FormDash
		case 'x', 'X':
			form = rules.FormCapture
		default:
			return 0, rules.Notationf("the separator between the squares must be \"-\" or \"x\"")
		}
	default:
		return 0, rules.Notationf("want a move such as c1-c3, c1xc3, c1c3 or pass")
	}
	from, ok := parseSquare(s[0], s[1])
	if !ok {
		return 0, rules.Notationf("%q is not a square (a1 to h8)", s[:2])
	}
	to, ok := parseSquare(s[len(s)-2], s[len(s)-1])
	if !ok {
		return 0, rules.Notationf("%q is not a square (a1 to h8)", s[len(s)-2:])
	}
	return MoveOf(from, to) | form, nil
}

// ParseMove reads a move; see the package function ParseMove.
func (p *Position) ParseMove(s string) (rules.Move, error) { return ParseMove(s) }

// FormatMove writes m as this position reads it: "c1-c3", "c1xc3" when it
// takes a piece of the side not to move, or "pass".
func (p *Position) FormatMove(m rules.Move) string {
	var b [8]byte
	return string(p.AppendMove(b[:0], m))
}

// AppendMove appends FormatMove(m) to b.
func (p *Position) AppendMove(b []byte, m rules.Move) []byte {
	if m == rules.Pass {
		return append(b, "pass"...)
	}
	m = m.Plain()
	from, to := From(m), To(m)
	sep := byte('-')
	if to < 64 && p.pieces[p.turn^1]&to.bit() != 0 {
		sep = 'x'
	}
	b = append(b, from.String()...)
	b = append(b, sep)
	return append(b, to.String()...)
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

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Position writes moves without allocating (see rules.MoveAppender).
var _ rules.MoveAppender = (*Position)(nil)
