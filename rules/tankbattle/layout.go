package tankbattle

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/rules"
)

// Size is the number of files and of ranks of the board; Squares is the
// number of squares. A square is numbered file + Size*rank0, so a1 = 0,
// k1 = 10, a2 = 11 and k11 = 120.
const (
	Size    = 11
	Squares = Size * Size
)

// DefaultLayout is arbiter's map of the board, in the text of the Layout tag:
// 11 ranks from rank 11 down to rank 1, separated by "/", each 11 cells from
// file a to file k. The cells are "." open ground, "#" a mine, "~"
// contaminated ground, "W" and "B" the White and Black bases, and "w" and
// "b" the base squares where the commanders start.
const DefaultLayout = "bBBBB....../BBBB#....../BBB.....#../BB.#.~...../.#..~~~..../" +
	"...~~~~~.../....~~~..#./.....~.#.WW/..#.....WWW/......#WWWW/......WWWWw"

// Cell flags, one byte per square of a layout.
const (
	fMine  uint8 = 1 << iota // "#"
	fToxic                   // "~": only commanders may enter
	fBaseW                   // White's base ("W" or "w")
	fBaseB                   // Black's base ("B" or "b")
)

// layout is a parsed map. Layouts are immutable and shared by every position
// played on them.
type layout struct {
	text  string         // canonical Layout text
	cell  [Squares]byte  // the legend character of every square
	flag  [Squares]uint8 // fMine | fToxic | fBaseW | fBaseB
	start [2]int         // commander start squares, by rules.Color
	// The squares of the mines, of the contaminated ground and of each
	// side's base, as 121-bit sets (as Position.occ).
	mines, toxic [2]uint64
	base         [2][2]uint64

	startOnce sync.Once
	start0    Position // the start position on the map: see startPosition
}

// inBase reports whether sq belongs to the base of c.
func (l *layout) inBase(sq int, c rules.Color) bool {
	return l.flag[sq]&(fBaseW<<c) != 0
}

var (
	defaultLayout = mustLayout(DefaultLayout)

	// layoutCache keeps the maps read from Layout tags, so that an archive
	// of games on BrainKing's map parses that map once. It stops growing at
	// maxCachedLayouts entries.
	layoutMu    sync.Mutex
	layoutCache = map[string]*layout{}
)

const maxCachedLayouts = 256

func mustLayout(s string) *layout {
	l, err := parseLayout(s)
	if err != nil {
		panic("tankbattle: bad built-in layout: " + err.Error())
	}
	return l
}

// lookupLayout returns the map written s, from the cache when it was read
// before.
func lookupLayout(s string) (*layout, error) {
	s = strings.TrimSpace(s)
	if s == DefaultLayout {
		return defaultLayout, nil
	}
	layoutMu.Lock()
	l, ok := layoutCache[s]
	layoutMu.Unlock()
	if ok {
		return l, nil
	}
	l, err := parseLayout(s)
	if err != nil {
		return nil, err
	}
	if l.text == DefaultLayout {
		return defaultLayout, nil
	}
	layoutMu.Lock()
	if _, ok := layoutCache[s]; !ok && len(layoutCache) < maxCachedLayouts {
		layoutCache[s] = l
	}
	layoutMu.Unlock()
	return l, nil
}

// parseLayout reads a map in the text of the Layout tag. Spaces around a
// rank are ignored. The error says what is wrong, without the tag name.
func parseLayout(s string) (*layout, error) {
	ranks := strings.Split(strings.TrimSpace(s), "/")
	if len(ranks) != Size {
		return nil, fmt.Errorf("%d rank(s), want %d separated by \"/\"", len(ranks), Size)
	}
	l := &layout{}
	var commanders [2]int
	var bases [2]int
	for i, r := range ranks {
		r = strings.TrimSpace(r)
		ranks[i] = r
		rank0 := Size - 1 - i
		if n := utf8.RuneCountInString(r); n != Size {
			return nil, fmt.Errorf("rank %d has %d cells, want %d", rank0+1, n, Size)
		}
		f := 0
		for _, ch := range r {
			sq := f + Size*rank0
			f++
			var fl uint8
			switch ch {
			case '.':
			case '#':
				fl = fMine
			case '~':
				fl = fToxic
			case 'W':
				fl = fBaseW
				bases[rules.White]++
			case 'B':
				fl = fBaseB
				bases[rules.Black]++
			case 'w':
				fl = fBaseW
				bases[rules.White]++
				commanders[rules.White]++
				l.start[rules.White] = sq
			case 'b':
				fl = fBaseB
				bases[rules.Black]++
				commanders[rules.Black]++
				l.start[rules.Black] = sq
			default:
				return nil, fmt.Errorf("unknown cell %q at %s", ch, SquareName(sq))
			}
			l.cell[sq] = byte(ch)
			l.flag[sq] = fl
			l.addBits(sq, fl)
		}
	}
	if commanders[rules.White] != 1 {
		return nil, fmt.Errorf("%d white commander squares (w), want 1", commanders[rules.White])
	}
	if commanders[rules.Black] != 1 {
		return nil, fmt.Errorf("%d black commander squares (b), want 1", commanders[rules.Black])
	}
	if bases[rules.White] != bases[rules.Black] {
		return nil, fmt.Errorf("the bases differ: White's has %d squares, Black's %d", bases[rules.White], bases[rules.Black])
	}
	l.text = strings.Join(ranks, "/")
	return l, nil
}

// addBits adds square sq, of flags fl, to the sets of l.
func (l *layout) addBits(sq int, fl uint8) {
	w, b := sq>>6, uint64(1)<<(sq&63)
	if fl&fMine != 0 {
		l.mines[w] |= b
	}
	if fl&fToxic != 0 {
		l.toxic[w] |= b
	}
	for c := rules.White; c <= rules.Black; c++ {
		if fl&(fBaseW<<c) != 0 {
			l.base[c][w] |= b
		}
	}
}

// String returns the canonical Layout text of l.
func (l *layout) String() string { return l.text }
