package knightfight

import "github.com/arbiter-games/arbiter/rules"

// A move is encoded in a rules.Move as
//
//	bits  0..6   the landing square (0..99)
//	bits  7..13  the square jumped from (0 for a placement)
//	bit   14     set for a jump, clear for a placement
//	bits 15..21  the number of the double erased, plus one (0: none)
//
// The form bits of rules.Move (28, 29) record a written "-".
const (
	fromShift  = 7
	jumpBit    = 1 << 14
	eraseShift = 15
	sqMask     = 0x7f
)

// NoErase is the erase value of a move that erases no double.
const NoErase = -1

// Encode builds the move that lands on to, jumping from from when jump is
// set (a placement otherwise), and erases the double numbered erase
// (NoErase for none).
func Encode(from, to Square, jump bool, erase int) rules.Move {
	m := rules.Move(to)
	if jump {
		m |= rules.Move(from)<<fromShift | jumpBit
	}
	if erase >= 0 {
		m |= rules.Move(erase+1) << eraseShift
	}
	return m
}

// Decode splits a move into its parts; from is NoSquare for a placement and
// erase is NoErase when the move erases no double.
func Decode(m rules.Move) (from, to Square, erase int) {
	to = Square(m & sqMask)
	from = NoSquare
	if m&jumpBit != 0 {
		from = Square(m >> fromShift & sqMask)
	}
	erase = int(m>>eraseShift&sqMask) - 1
	return from, to, erase
}

// ParseMove reads a move: a placement "c1", a jump "c1-a2" or "c1a2", each
// optionally followed by "/NN" naming the double to erase ("c1-a2/77",
// "c1/44"). Any letter case is accepted. It does not allocate unless the
// text is unreadable.
func ParseMove(s string) (rules.Move, error) {
	from, i, ok := parseSquare(s, 0)
	if !ok {
		return 0, badMove(s)
	}
	var m rules.Move
	if i < len(s) && s[i] != '/' {
		var dash bool
		switch s[i] {
		case '-':
			dash = true
			i++
		case 'x', 'X', ':':
			return 0, rules.Notationf("knight fight has no captures: write the jump with \"-\", as in c1-a2")
		}
		to, j, ok := parseSquare(s, i)
		if !ok {
			return 0, badMove(s)
		}
		i = j
		m = rules.Move(to) | rules.Move(from)<<fromShift | jumpBit
		if dash {
			m |= rules.FormDash
		}
	} else {
		m = rules.Move(from)
	}
	if i < len(s) {
		if s[i] != '/' || len(s) != i+3 || !isDigit(s[i+1]) || !isDigit(s[i+2]) {
			return 0, badMove(s)
		}
		n := (s[i+1]-'0')*10 + s[i+2] - '0'
		m |= rules.Move(n+1) << eraseShift
	}
	return m, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func badMove(s string) error {
	if s == "pass" || s == "PASS" || s == "Pass" {
		return rules.Notationf("knight fight has no passes: the game ends when a side has no legal move")
	}
	return rules.Notationf("not a knight fight move: write a square (c1), a jump (c1-a2), and /NN for an erased double (c1-a2/77)")
}

// FormatMove writes m in canonical notation: "c1", "c1-a2", "c1-a2/77".
func FormatMove(m rules.Move) string {
	var buf [12]byte
	return string(appendMove(buf[:0], m))
}

// appendMove appends FormatMove(m) to b.
func appendMove(b []byte, m rules.Move) []byte {
	if m == rules.Pass {
		return append(b, "pass"...)
	}
	from, to, erase := Decode(m.Plain())
	if from != NoSquare {
		if from >= Size {
			return append(b, '?')
		}
		b = appendSquare(b, from)
		b = append(b, '-')
	}
	if to >= Size {
		return append(b, '?')
	}
	b = appendSquare(b, to)
	if erase >= 0 && erase < Size {
		b = append(b, '/', '0'+byte(erase/10), '0'+byte(erase%10))
	}
	return b
}

// ParseMove reads a move; see the package function ParseMove.
func (p *Position) ParseMove(s string) (rules.Move, error) { return ParseMove(s) }

// FormatMove writes m in canonical notation; see the package function
// FormatMove.
func (p *Position) FormatMove(m rules.Move) string { return FormatMove(m) }

// AppendMove appends FormatMove(m) to b.
func (p *Position) AppendMove(b []byte, m rules.Move) []byte { return appendMove(b, m) }
