package knightfight

import "math/bits"

// set is a set of squares, one bit per square.
type set struct{ lo, hi uint64 }

func (a set) has(s Square) bool {
	if s < 64 {
		return a.lo>>uint(s)&1 != 0
	}
	return a.hi>>uint(s-64)&1 != 0
}

func (a *set) add(s Square) {
	if s < 64 {
		a.lo |= 1 << uint(s)
	} else {
		a.hi |= 1 << uint(s-64)
	}
}

func (a *set) remove(s Square) {
	if s < 64 {
		a.lo &^= 1 << uint(s)
	} else {
		a.hi &^= 1 << uint(s-64)
	}
}

func (a set) andNot(b set) set { return set{a.lo &^ b.lo, a.hi &^ b.hi} }

func (a set) empty() bool { return a.lo|a.hi == 0 }

func (a set) count() int { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

// pop removes and returns the lowest square of a non-empty set.
func (a *set) pop() Square {
	if a.lo != 0 {
		s := bits.TrailingZeros64(a.lo)
		a.lo &= a.lo - 1
		return Square(s)
	}
	s := bits.TrailingZeros64(a.hi)
	a.hi &= a.hi - 1
	return Square(s + 64)
}

// Precomputed tables.
var (
	// jumps[s] holds the squares a knight on s jumps to, which are also
	// the squares it attacks.
	jumps [Size]set
	// homeRank[c] is the rank where side c places its knight: rank 1 for
	// White, rank 10 for Black.
	homeRank [2]set
)

func init() {
	deltas := [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	for s := Square(0); s < Size; s++ {
		f, r := s.File(), int(s)/10
		for _, d := range deltas {
			nf, nr := f+d[0], r+d[1]
			if nf >= 0 && nf < 10 && nr >= 0 && nr < 10 {
				jumps[s].add(Square(nr*10 + nf))
			}
		}
	}
	for f := Square(0); f < 10; f++ {
		homeRank[0].add(f)
		homeRank[1].add(90 + f)
	}
}
