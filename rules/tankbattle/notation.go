package tankbattle

import (
	"strconv"

	"github.com/arbiter-games/arbiter/rules"
)

// SquareName writes square sq as a record does, file letter and rank
// number: "a1" to "k11"; "?" for a number off the board.
func SquareName(sq int) string {
	if uint(sq) >= Squares {
		return "?"
	}
	var buf [3]byte
	return string(appendSquare(buf[:0], sq))
}

// parseSquare reads a square at the start of s in any letter case and
// returns it and the number of bytes read; n is 0 when s does not start with
// a square of the board.
func parseSquare(s string) (sq, n int) {
	if len(s) < 2 {
		return 0, 0
	}
	f := int(s[0]|0x20) - 'a' // lower case
	d := int(s[1]) - '0'
	if uint(f) >= Size || uint(d) > 9 {
		return 0, 0
	}
	if len(s) > 2 {
		if e := int(s[2]) - '0'; uint(e) <= 9 { // two digits, "10" or "11"
			r := d*10 + e
			if d == 0 || r > Size {
				return 0, 0
			}
			return f + Size*(r-1), 3
		}
	}
	if d == 0 {
		return 0, 0
	}
	return f + Size*(d-1), 2
}

var (
	errEmptyMove = &rules.Error{Kind: rules.ErrNotation, Msg: "empty move"}
	errBadFrom   = &rules.Error{Kind: rules.ErrNotation, Msg: `want a move like "c3-e5", "c3xe5" or "pass" (squares a1 to k11)`}
	errBadSep    = &rules.Error{Kind: rules.ErrNotation, Msg: `want "-" or "x" between the two squares`}
	errBadTo     = &rules.Error{Kind: rules.ErrNotation, Msg: `want the square the tank goes to (a1 to k11) after the separator`}
	errTrailing  = &rules.Error{Kind: rules.ErrNotation, Msg: "unexpected text after the move"}
)

// ParseMove reads "from-to", "fromxto", the separator-less "fromto" of
// engines, or "pass", in any letter case. A "-" sets rules.FormDash and an
// "x" rules.FormCapture; Play checks them against the position. Squares run
// from a1 to k11. It does not allocate.
func (p *Position) ParseMove(s string) (rules.Move, error) {
	if len(s) == 0 {
		return 0, errEmptyMove
	}
	if m, ok := parseDashed(s); ok {
		return m, nil
	}
	return parseMove(s)
}

// parseMove is ParseMove without parseDashed: every form, and what is
// wrong with the text.
func parseMove(s string) (rules.Move, error) {
	if len(s) == 4 && (s[0]|0x20) == 'p' && (s[1]|0x20) == 'a' && (s[2]|0x20) == 's' && (s[3]|0x20) == 's' {
		return rules.Pass, nil
	}
	from, n := parseSquare(s)
	if n == 0 {
		return 0, errBadFrom
	}
	s = s[n:]
	var form rules.Move
	if len(s) > 0 {
		switch s[0] {
		case '-':
			form = rules.FormDash
			s = s[1:]
		case 'x', 'X':
			// "x" is also no file letter, so "a1xb2" cannot be read as
			// a separator-less move.
			form = rules.FormCapture
			s = s[1:]
		}
	}
	to, n := parseSquare(s)
	if n == 0 {
		if form == 0 && len(s) > 0 && ((s[0]|0x20) < 'a' || (s[0]|0x20) > 'z') {
			return 0, errBadSep
		}
		return 0, errBadTo
	}
	if n != len(s) {
		return 0, errTrailing
	}
	return Move(from, to) | form, nil
}

// parseDashed reads the move of a record, "from-to" or "fromxto" (5 to 7
// bytes), as ParseMove does, without a branch on how many digits each
// square has (a rank of 10 or 11 is written with two): those branches,
// taken at random, cost a miss a move. ok is false for any other text,
// which ParseMove then reads (and explains).
func parseDashed(s string) (m rules.Move, ok bool) {
	n := len(s)
	if n < 5 || n > 7 {
		return 0, false
	}
	// from is s[0:p], the separator s[p], to s[p+1:].
	p := 2 + b2i(isDigit(s[2]))
	f1 := int(s[0]|0x20) - 'a'
	d1, e1 := int(s[1])-'0', int(s[2])-'0'
	r1 := d1 + (p-2)*(9*d1+e1) // d1, or 10*d1 + e1 with two digits
	sep := s[p]
	two := n - p - 3 // to has two digits (1), one (0), else neither
	if uint(two) > 1 {
		return 0, false
	}
	f2 := int(s[p+1]|0x20) - 'a'
	d2, last := int(s[p+2])-'0', int(s[n-1])-'0'
	r2 := d2 + two*(9*d2+last)
	if uint(f1) >= Size || uint(f2) >= Size || uint(d1-1) >= 9 || uint(d2-1) >= 9 ||
		r1 > Size || r2 > Size || uint(last) > 9 || (sep != '-' && sep|0x20 != 'x') {
		return 0, false
	}
	form := rules.FormCapture
	if sep == '-' {
		form = rules.FormDash
	}
	return Move(f1+Size*(r1-1), f2+Size*(r2-1)) | form, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// FormatMove writes m canonically for this position (before it is played):
// "pass", "c3-e5", or "c3xe5" when it destroys a tank.
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
	if m>>14 != 0 || from >= Squares || to >= Squares {
		return append(b, '?')
	}
	sep := byte('-')
	if p.board[to] != 0 && p.board[from] != 0 && (p.board[to]^p.board[from])&(tWhite|tBlack) == tWhite|tBlack {
		sep = 'x'
	}
	b = appendSquare(b, from)
	b = append(b, sep)
	return appendSquare(b, to)
}

// appendSquare appends the name of square sq ("a1" to "k11") to b.
func appendSquare(b []byte, sq int) []byte {
	return strconv.AppendInt(append(b, byte('a'+sq%Size)), int64(sq/Size+1), 10)
}

// Position writes moves without allocating (see rules.MoveAppender).
var _ rules.MoveAppender = (*Position)(nil)

// Move returns the move of the tank on from to to (no check is made).
func Move(from, to int) rules.Move { return rules.Move(from | to<<7) }

// From returns the square a move leaves.
func From(m rules.Move) int { return int(m & 0x7F) }

// To returns the square a move lands on.
func To(m rules.Move) int { return int(m>>7) & 0x7F }
