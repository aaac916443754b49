package loa

// Square is a square of the board: 0 is a1 (White's lower left), 1 is b1,
// …, 7 is h1, 8 is a2, …, 63 is h8. Bit s of a bitboard is square s.
type Square uint8

// SquareAt returns the square on file (0 = a … 7 = h) and rank (0 = rank 1
// … 7 = rank 8); both must be in 0..7.
func SquareAt(file, rank int) Square { return Square(rank*8 + file) }

// File returns the square's file, 0 for a through 7 for h.
func (s Square) File() int { return int(s & 7) }

// Rank returns the square's rank counted from 0: 0 for rank 1 through 7 for
// rank 8.
func (s Square) Rank() int { return int(s >> 3) }

// String returns the square's name, such as "c3".
func (s Square) String() string {
	if s >= 64 {
		return "?"
	}
	return squareNames[s]
}

// bit returns the bitboard with only s set.
func (s Square) bit() uint64 { return 1 << s }

var squareNames = func() (n [64]string) {
	for s := range n {
		n[s] = string([]byte{'a' + byte(s&7), '1' + byte(s>>3)})
	}
	return n
}()

// parseSquare reads a square such as "c3" or "C3" from the two bytes of s.
func parseSquare(f, r byte) (Square, bool) {
	f |= 0x20 // lower case for letters; digits and others stay out of range
	if f < 'a' || f > 'h' || r < '1' || r > '8' {
		return 0, false
	}
	return Square((r-'1')*8 + (f - 'a')), true
}
