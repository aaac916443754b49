package knightfight

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Board is the numbering of a Knight Fight board: Board[s] is the number
// (0..99) on square s. A valid Board is a permutation of 0..99.
type Board [Size]uint8

// ParseBoard reads a Board tag: 10 ranks separated by "/", rank 10 first,
// each rank 20 digits (two per square, files a to j), together a
// permutation of 00..99. Surrounding spaces are ignored. Errors wrap
// rules.ErrBadTag and say what is wrong.
func ParseBoard(text string) (Board, error) {
	if b, ok := parseBoardExact(text); ok {
		return b, nil
	}
	var b Board
	text = strings.TrimSpace(text)
	if text == "" {
		return b, badTagf("Board", "empty, want 10 ranks of 20 digits separated by \"/\"")
	}
	if n := strings.Count(text, "/") + 1; n != 10 {
		return b, badTagf("Board", "%d ranks, want 10 separated by \"/\"", n)
	}
	var seen [Size]Square
	for i := range seen {
		seen[i] = NoSquare
	}
	twice, first, second := -1, NoSquare, NoSquare
	rest := text
	for row := 0; row < 10; row++ {
		rank := 10 - row
		var r string
		r, rest, _ = strings.Cut(rest, "/")
		for i := 0; i < len(r); i++ {
			if c := r[i]; c < '0' || c > '9' {
				return b, badTagf("Board", "rank %d holds %s, not a digit", rank, quoteChar(r, i))
			}
		}
		if len(r) != 20 {
			return b, badTagf("Board", "rank %d has %d digits, want 20", rank, len(r))
		}
		for f := 0; f < 10; f++ {
			n := (r[2*f]-'0')*10 + r[2*f+1] - '0'
			sq := Square((rank-1)*10 + f)
			if prev := seen[n]; prev != NoSquare && twice < 0 {
				twice, first, second = int(n), min(prev, sq), max(prev, sq)
			}
			seen[n] = sq
			b[sq] = n
		}
	}
	missing := -1
	for n, sq := range seen {
		if sq == NoSquare {
			missing = n
			break
		}
	}
	switch {
	case twice >= 0 && missing >= 0:
		return b, badTagf("Board", "number %02d appears twice (%s and %s), and number %02d is missing", twice, first, second, missing)
	case missing >= 0: // cannot happen with 100 cells, but say so plainly
		return b, badTagf("Board", "number %02d is missing", missing)
	}
	return b, nil
}

// parseBoardExact reads a Board tag written as arbiter writes one (ten
// ranks of 20 digits, no spaces), every number once, in one pass: each
// record of Knight Fight has one, and validate reads it for every game.
// ok is false for anything else, which ParseBoard then reads slowly,
// saying what is wrong.
func parseBoardExact(text string) (b Board, ok bool) {
	const rank = 2*10 + 1 // 20 digits and a "/"
	if len(text) != 10*rank-1 {
		return b, false
	}
	var seen [2]uint64
	for row := range 10 {
		r := text[row*rank:][:20]
		if row < 9 && text[row*rank+20] != '/' {
			return b, false
		}
		for f := range 10 {
			hi, lo := r[2*f]-'0', r[2*f+1]-'0'
			if hi > 9 || lo > 9 {
				return b, false
			}
			n := hi*10 + lo
			if seen[n>>6]&(1<<(n&63)) != 0 {
				return b, false
			}
			seen[n>>6] |= 1 << (n & 63)
			b[(9-row)*10+f] = n
		}
	}
	return b, true // 100 numbers of 0..99, none twice: each once
}

// quoteChar quotes the (possibly multi-byte) character at s[i].
func quoteChar(s string, i int) string {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return strconv.Quote(string(r))
}

// String returns b as Board tag text.
func (b Board) String() string {
	buf := make([]byte, 0, 209)
	for rank := 10; rank >= 1; rank-- {
		if rank != 10 {
			buf = append(buf, '/')
		}
		for f := 0; f < 10; f++ {
			n := b[(rank-1)*10+f]
			buf = append(buf, '0'+n/10, '0'+n%10)
		}
	}
	return string(buf)
}

// RandomBoard returns the Board tag text of a random numbering made from
// seed: a Fisher-Yates shuffle of 00..99 (for i from 99 down to 1, swap i
// with Uint64() mod (i+1)) driven by math/rand/v2's PCG seeded with
// (uint64(seed), 0). PCG is a fixed algorithm, so the same seed gives the
// same board on every Go release.
func RandomBoard(seed int64) string {
	src := rand.NewPCG(uint64(seed), 0)
	var b Board
	for i := range b {
		b[i] = uint8(i)
	}
	for i := Size - 1; i > 0; i-- {
		j := int(src.Uint64() % uint64(i+1))
		b[i], b[j] = b[j], b[i]
	}
	return b.String()
}
