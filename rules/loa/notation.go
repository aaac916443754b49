package loa

import (
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

// Position writes moves without allocating (see rules.MoveAppender).
var _ rules.MoveAppender = (*Position)(nil)
