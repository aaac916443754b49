package loa

// The four lines through a square, and the two directions along each: a
// direction d runs along line d/2.
const (
	lineRank = iota // along the rank
	lineFile        // along the file
	lineDiag        // the a1-h8 way
	lineAnti        // the a8-h1 way
)

// dirs gives the file and rank steps of the eight directions; directions
// 2l and 2l+1 are the two ways along line l.
var dirs = [8][2]int{
	{1, 0}, {-1, 0}, // east, west
	{0, 1}, {0, -1}, // north, south
	{1, 1}, {-1, -1}, // north-east, south-west
	{-1, 1}, {1, -1}, // north-west, south-east
}

// noSquare marks a destination off the board in dest.
const noSquare Square = 64

var (
	// lineMask[l][s] holds every square of line l through s, s included.
	lineMask [4][64]uint64
	// between[a][b] holds the squares strictly between a and b when they
	// share a line, else 0.
	between [64][64]uint64
	// dest[s][d][n] is the square n steps from s in direction d, or
	// noSquare when that is off the board.
	dest [64][8][9]Square
	// lineOf[a][b] is 1+the line a and b share, or 0 when they share none
	// (or a == b).
	lineOf [64][64]uint8
)

var _ = buildTables()

func buildTables() bool {
	for s := range 64 {
		f, r := s&7, s>>3
		for d, st := range dirs {
			l := d / 2
			lineMask[l][s] |= 1 << s
			var path uint64
			for n := 1; n <= 8; n++ {
				ff, rr := f+n*st[0], r+n*st[1]
				if ff < 0 || ff > 7 || rr < 0 || rr > 7 {
					for ; n <= 8; n++ {
						dest[s][d][n] = noSquare
					}
					break
				}
				t := rr*8 + ff
				lineMask[l][s] |= 1 << t
				dest[s][d][n] = Square(t)
				between[s][t] = path
				lineOf[s][t] = uint8(l + 1)
				path |= 1 << t
			}
		}
		dest[s][0][0] = Square(s)
	}
	return true
}
