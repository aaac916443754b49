package knightfight

// Square is a square of the board: a1 = 0, b1 = 1, ..., j1 = 9, a2 = 10,
// ..., j10 = 99.
type Square int8

// NoSquare is the square of a knight that has not been placed yet.
const NoSquare Square = -1

// Size is the number of squares of the board (and of numbers on it).
const Size = 100

// File returns the file of s, 0 for a through 9 for j.
func (s Square) File() int { return int(s) % 10 }

// Rank returns the rank of s, 1 through 10.
func (s Square) Rank() int { return int(s)/10 + 1 }

// String returns the name of s, such as "c1" or "j10".
func (s Square) String() string {
	if s < 0 || s >= Size {
		return "-"
	}
	var b [3]byte
	return string(appendSquare(b[:0], s))
}

// appendSquare appends the name of s (0 <= s < Size) to b.
func appendSquare(b []byte, s Square) []byte {
	b = append(b, 'a'+byte(s%10))
	if r := s/10 + 1; r == 10 {
		b = append(b, '1', '0')
	} else {
		b = append(b, '0'+byte(r))
	}
	return b
}

// parseSquare reads a square name starting at s[i] (file letter in any case,
// rank 1..10) and returns it with the index just after it.
func parseSquare(s string, i int) (sq Square, next int, ok bool) {
	if i+1 >= len(s) {
		return 0, i, false
	}
	f := s[i] | 0x20
	if f < 'a' || f > 'j' {
		return 0, i, false
	}
	r := s[i+1]
	if r < '1' || r > '9' {
		return 0, i, false
	}
	rank := int(r - '0')
	next = i + 2
	if r == '1' && next < len(s) && s[next] == '0' {
		rank = 10
		next++
	}
	return Square((rank-1)*10 + int(f-'a')), next, true
}
