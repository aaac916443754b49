package tankbattle

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/arbiter-games/arbiter/rules"
)

// A board square holds 0 (empty) or a tank: the side bit (tWhite or tBlack)
// and, for a commander, tCommander.
const (
	tWhite     uint8 = 1
	tBlack     uint8 = 2
	tCommander uint8 = 4
)

func sideBit(c rules.Color) uint8 { return 1 << c }

// Position is a Tank Battle position: the map, the tanks and the side to
// move. The zero value is not usable; get one from Game.Start. Play changes a
// Position in place; Clone copies it.
type Position struct {
	lay   *layout
	board [Squares]uint8
	occ   [2][2]uint64 // squares of each side's tanks, as a 121-bit set
	turn  rules.Color

	count   [2]int8 // tanks of each side
	outside [2]int8 // tanks of each side outside the enemy base
	points  [2]int16
	hash    uint64 // Zobrist key of the tanks and the side to move

	// The outcome, updated by every move. reason is built on first use by
	// Outcome, so that Play never allocates.
	over   bool
	result rules.Result
	reason string
}

// newPosition returns the start position of the map l: a tank on every base
// square, the commanders on their start squares, White to move.
func newPosition(l *layout) *Position {
	p := new(Position)
	*p = *l.startPosition()
	return p
}

// startPosition returns the start position of the map l, built on first
// use and shared: callers copy it.
func (l *layout) startPosition() *Position {
	l.startOnce.Do(func() {
		buildTables()
		p := &l.start0
		*p = Position{lay: l, turn: rules.White}
		for sq := 0; sq < Squares; sq++ {
			for c := rules.White; c <= rules.Black; c++ {
				if l.inBase(sq, c) {
					t := sideBit(c)
					if sq == l.start[c] {
						t |= tCommander
					}
					p.board[sq] = t
				}
			}
		}
		p.recount()
	})
	return &l.start0
}

// recount derives the sets, counts, points and outcome from the board.
func (p *Position) recount() {
	p.occ = [2][2]uint64{}
	p.count = [2]int8{}
	p.outside = [2]int8{}
	p.points = [2]int16{}
	p.hash = 0
	if p.turn == rules.Black {
		p.hash = zobristBlack
	}
	for sq := 0; sq < Squares; sq++ {
		t := p.board[sq]
		if t == 0 {
			continue
		}
		c := rules.White
		if t&tBlack != 0 {
			c = rules.Black
		}
		p.occ[c][sq>>6] |= 1 << (sq & 63)
		p.hash ^= zobrist[t][sq]
		p.count[c]++
		if !p.lay.inBase(sq, c.Other()) {
			p.outside[c]++
		}
		p.points[c] += int16(p.value(sq, c, t&tCommander != 0))
	}
	p.settle()
}

// value is what a tank of c standing on sq scores: 3 for a commander on the
// enemy commander's start square, 2 for any tank in the enemy base, else 1.
func (p *Position) value(sq int, c rules.Color, commander bool) int {
	if !p.lay.inBase(sq, c.Other()) {
		return 1
	}
	if commander && sq == p.lay.start[c.Other()] {
		return 3
	}
	return 2
}

// settle decides whether the game is over after a move.
func (p *Position) settle() {
	p.reason = ""
	p.over = p.outside[rules.White] == 0 || p.outside[rules.Black] == 0
	if !p.over {
		p.result = rules.Unfinished
		return
	}
	p.result = rules.Score{White: int(p.points[rules.White]), Black: int(p.points[rules.Black])}.Result()
}

// Turn is the side to move.
func (p *Position) Turn() rules.Color { return p.turn }

// Tank tells what stands on sq: ok is false for an empty square (or a square
// off the board), else c is the tank's side and commander says whether it
// is its side's commander.
func (p *Position) Tank(sq int) (c rules.Color, commander bool, ok bool) {
	if uint(sq) >= Squares {
		return 0, false, false
	}
	t := p.board[sq]
	if t == 0 {
		return 0, false, false
	}
	if t&tBlack != 0 {
		c = rules.Black
	}
	return c, t&tCommander != 0, true
}

// Cell returns the map's legend character for sq: '.', '#', '~', 'W', 'w',
// 'B' or 'b'; 0 off the board.
func (p *Position) Cell(sq int) byte {
	if uint(sq) >= Squares {
		return 0
	}
	return p.lay.cell[sq]
}

// InBase reports whether sq is a square of the base of c.
func (p *Position) InBase(sq int, c rules.Color) bool {
	return uint(sq) < Squares && p.lay.inBase(sq, c)
}

// CommanderStart returns the square where the commander of c starts (and
// where the enemy commander scores 3).
func (p *Position) CommanderStart(c rules.Color) int { return p.lay.start[c] }

// Outside returns the number of tanks of c that stand outside the enemy
// base; the game ends when it is 0 for either side.
func (p *Position) Outside(c rules.Color) int { return int(p.outside[c]) }

// Layout returns the map in the text of the Layout tag.
func (p *Position) Layout() string { return p.lay.text }

// Moves appends the legal moves to dst: Pass alone when the side to move
// has no move, nothing when the game is over.
func (p *Position) Moves(dst []rules.Move) []rules.Move {
	if p.over {
		return dst
	}
	n := len(dst)
	dst = p.gen(dst)
	if len(dst) == n {
		dst = append(dst, rules.Pass)
	}
	return dst
}

// gen appends the moves of the side to move (without Pass).
func (p *Position) gen(dst []rules.Move) []rules.Move {
	c := p.turn
	own := sideBit(c)
	enemyBase := fBaseW << c.Other()
	fl := &p.lay.flag
	for w := 0; w < 2; w++ {
		set := p.occ[c][w]
		for set != 0 {
			from := w<<6 | bits.TrailingZeros64(set)
			set &= set - 1
			cmd := p.board[from]&tCommander != 0
			locked := fl[from]&enemyBase != 0
			// The flags that stop a slide before the square.
			stop := fMine
			if !cmd {
				stop |= fToxic
			}
			for d := 0; d < 8; d++ {
				r := &rays[from][d]
				for i := 0; i < int(r.n); i++ {
					to := int(r.sq[i])
					f := fl[to]
					if f&stop != 0 || (locked && f&enemyBase == 0) {
						break
					}
					if t := p.board[to]; t != 0 {
						if t&own == 0 && f&fToxic == 0 {
							dst = append(dst, Move(from, to))
						}
						break
					}
					dst = append(dst, Move(from, to))
				}
			}
		}
	}
	return dst
}

// hasMove reports whether the side to move has a legal move other than
// pass. Only the pass check asks, so it may list every move.
func (p *Position) hasMove() bool {
	var buf [256]rules.Move
	return len(p.gen(buf[:0])) > 0
}

// ray is the squares from a square to the board's edge in one direction,
// nearest first.
type ray struct {
	n  uint8
	sq [Size - 1]uint8
}

// dirs are the eight directions as (file, rank) steps.
var dirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

var rays [Squares][8]ray

// rayBits[sq][d] is rays[sq][d] as a 121-bit set (as Position.occ).
var rayBits [Squares][8][2]uint64

// buildTables fills rays, rayBits, zobrist, zobristBlack and lineDir, once: every
// arbiter process links this package, and only those that make a Tank
// Battle position use them. newPosition and parseFEN, the only makers of a
// Position, call it.
var buildTables = sync.OnceFunc(func() {
	for sq := 0; sq < Squares; sq++ {
		for d, st := range dirs {
			f, r := sq%Size+st[0], sq/Size+st[1]
			for f >= 0 && f < Size && r >= 0 && r < Size {
				to := f + Size*r
				rays[sq][d].sq[rays[sq][d].n] = uint8(to)
				rays[sq][d].n++
				rayBits[sq][d][to>>6] |= 1 << (to & 63)
				f += st[0]
				r += st[1]
			}
		}
	}
	zobrist, zobristBlack = zobristKeys()
	for from := range Squares {
		for d := range dirs {
			r := &rays[from][d]
			for _, to := range r.sq[:r.n] {
				lineDir[from][to] = uint8(d + 1)
			}
		}
	}
})

// PlayUnchecked applies m, which must be a move from Moves of this position
// (Pass included), without checking it. It is the fast path for engines.
func (p *Position) PlayUnchecked(m rules.Move) {
	if m == rules.Pass {
		p.turn = p.turn.Other()
		p.hash ^= zobristBlack
		return
	}
	m = m.Plain()
	from, to := From(m), To(m)
	c := p.turn
	e := c.Other()
	t := p.board[from]
	if v := p.board[to]; v != 0 {
		// Destroy the enemy tank on to.
		p.count[e]--
		if !p.lay.inBase(to, c) {
			p.outside[e]--
		}
		p.points[e] -= int16(p.value(to, e, v&tCommander != 0))
		p.occ[e][to>>6] &^= 1 << (to & 63)
		p.hash ^= zobrist[v][to]
	}
	cmd := t&tCommander != 0
	p.points[c] += int16(p.value(to, c, cmd) - p.value(from, c, cmd))
	inFrom, inTo := p.lay.inBase(from, e), p.lay.inBase(to, e)
	if !inFrom && inTo {
		p.outside[c]--
	} else if inFrom && !inTo {
		p.outside[c]++ // cannot happen in play: a tank in the enemy base stays there
	}
	p.board[from] = 0
	p.board[to] = t
	p.occ[c][from>>6] &^= 1 << (from & 63)
	p.occ[c][to>>6] |= 1 << (to & 63)
	p.hash ^= zobrist[t][from] ^ zobrist[t][to] ^ zobristBlack
	p.turn = e
	p.settle()
}

// Perft counts the move sequences of length depth from p (the leaves of
// the legal-move tree; a pass counts as a move, a finished game has none)
// as rules.Perft does, but with PlayUnchecked on copies and without
// allocating (rules.PerftUnchecked). The count for depth 0 or less is 1.
// p is not changed.
func (p *Position) Perft(depth int) uint64 { return rules.PerftUnchecked(*p, depth) }

// Hash returns a Zobrist key of the tanks and the side to move, kept up to
// date by every move, for engines' transposition tables. The map is not in
// it: positions on different maps may share a key.
func (p *Position) Hash() uint64 { return p.hash }

// zobrist[t][sq] is the key of tank t (tWhite, tBlack, with tCommander) on
// sq; zobristBlack is xored in when Black is to move (see buildTables).
var (
	zobrist      [8][Squares]uint64
	zobristBlack uint64
)

// zobristKeys returns the keys of zobrist and zobristBlack.
func zobristKeys() (keys [8][Squares]uint64, black uint64) {
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for t := range keys {
		for sq := range keys[t] {
			keys[t][sq] = next()
		}
	}
	return keys, next()
}

// errNotAMove is Play's answer to a Move that no Tank Battle move encodes.
var errNotAMove = &rules.Error{Kind: rules.ErrIllegal, Msg: "not a tank battle move"}

// Play checks m against the rules and applies it; on error the position is
// unchanged. Rule errors wrap rules.ErrIllegal; a "-" on a capture or an "x"
// on a quiet move wraps rules.ErrNotation.
func (p *Position) Play(m rules.Move) error {
	if err := p.check(m); err != nil {
		return err
	}
	p.PlayUnchecked(m)
	return nil
}

// check returns why m cannot be played, or nil.
func (p *Position) check(m rules.Move) error {
	if p.over {
		return rules.Illegalf("the game is already over (%s)", p.Outcome().Reason)
	}
	c := p.turn
	if m == rules.Pass {
		if p.hasMove() {
			return rules.Illegalf("%s may pass only when no move is legal", c)
		}
		return nil
	}
	form := m & rules.FormMask
	m = m.Plain()
	from, to := From(m), To(m)
	if m>>14 != 0 || from >= Squares || to >= Squares {
		return errNotAMove
	}
	t := p.board[from]
	if t&sideBit(c) == 0 {
		return rules.Illegalf("%s holds no %s tank", SquareName(from), c)
	}
	if from == to {
		return rules.Illegalf("the tank does not move")
	}
	d := int(lineDir[from][to]) - 1
	if d < 0 {
		return rules.Illegalf("not a straight line")
	}
	// The fast path: nothing in the way (the squares between from and to
	// against those that stop a slide, as sets, without branches).
	// explain finds the words otherwise.
	e := c.Other()
	eb := fBaseW << e
	l := p.lay
	fl := &l.flag
	locked := fl[from]&eb != 0
	stop := fMine
	if t&tCommander == 0 {
		stop |= fToxic
	}
	// All ones for a normal tank (stopped by contaminated ground) and for
	// one locked in the enemy base (stopped outside it); else 0.
	normal := uint64(t&tCommander)>>2 - 1
	lockedBits := -uint64(fl[from] >> (2 + e) & 1)
	from0, to0 := &rayBits[from][d], &rayBits[to][d]
	between0 := from0[0] &^ to0[0] &^ (1 << uint(to))
	between1 := from0[1] &^ to0[1] &^ (1 << uint(to-64))
	stops0 := p.occ[0][0] | p.occ[1][0] | l.mines[0] | l.toxic[0]&normal | ^l.base[e][0]&lockedBits
	stops1 := p.occ[0][1] | p.occ[1][1] | l.mines[1] | l.toxic[1]&normal | ^l.base[e][1]&lockedBits
	blocked := between0&stops0 | between1&stops1
	f := fl[to]
	v := p.board[to]
	if blocked != 0 || f&stop != 0 || (locked && f&eb == 0) || v&sideBit(c) != 0 || (v != 0 && f&fToxic != 0) {
		return p.explain(from, to, dirs[d][0]+Size*dirs[d][1])
	}
	capture := p.board[to] != 0
	switch {
	case form == rules.FormCapture && !capture:
		return rules.Notationf(`written with "x" but captures nothing`)
	case form == rules.FormDash && capture:
		return rules.Notationf(`written with "-" but captures the %s tank on %s`, e, SquareName(to))
	case form == rules.FormMask:
		return rules.Notationf("unknown move form")
	}
	return nil
}

// explain says why the slide of the tank on from to to (step apart) breaks
// the rules; check calls it once it knows that it does.
func (p *Position) explain(from, to, step int) error {
	c := p.turn
	e := c.Other()
	cmd := p.board[from]&tCommander != 0
	locked := p.lay.inBase(from, e)
	for sq := from + step; ; sq += step {
		f := p.lay.flag[sq]
		if locked && !p.lay.inBase(sq, e) {
			return rules.Illegalf("a tank in the enemy base must stay inside it")
		}
		if f&fMine != 0 {
			if sq == to {
				return rules.Illegalf("lands on the mine on %s", SquareName(sq))
			}
			return rules.Illegalf("crosses the mine on %s", SquareName(sq))
		}
		if f&fToxic != 0 && !cmd {
			return rules.Illegalf("normal tanks may not enter contaminated ground (%s)", SquareName(sq))
		}
		v := p.board[sq]
		if sq == to {
			if v&sideBit(c) != 0 {
				return rules.Illegalf("lands on its own tank on %s", SquareName(sq))
			}
			if v != 0 && f&fToxic != 0 {
				return rules.Illegalf("no capture on contaminated ground")
			}
			return rules.Illegalf("breaks the rules") // not reached: check found a reason
		}
		if v != 0 {
			return rules.Illegalf("crosses the tank on %s", SquareName(sq))
		}
	}
}

// lineDir[from][to] is 1 + the direction (in dirs) from from towards to
// when the two lie on one rank, file or diagonal, else 0. buildTables
// fills it along the rays, which visit just those pairs.
var lineDir [Squares][Squares]uint8

// Outcome says whether the game is over: it is once all the remaining tanks
// of either side stand in the enemy base (a side without tanks included).
func (p *Position) Outcome() rules.Outcome {
	if !p.over {
		return rules.Outcome{}
	}
	if p.reason == "" {
		p.reason = p.describeEnd()
	}
	return rules.Outcome{Result: p.result, Reason: p.reason}
}

// Result returns Outcome().Result and Outcome().Over() without building
// the reason (rules.Resulter).
func (p *Position) Result() (r rules.Result, over bool) {
	if !p.over {
		return rules.Unfinished, false
	}
	return p.result, true
}

// describeEnd says why the game is over and who won on points, as in
// "all black tanks are in the white base: white wins 9-7".
func (p *Position) describeEnd() string {
	var why string
	for c := rules.White; c <= rules.Black; c++ {
		if p.outside[c] != 0 {
			continue
		}
		var s string
		if p.count[c] == 0 {
			s = fmt.Sprintf("%s has no tanks left", c)
		} else {
			s = fmt.Sprintf("all %s tanks are in the %s base", c, c.Other())
		}
		if why != "" {
			why += " and "
		}
		why += s
	}
	w, b := p.points[rules.White], p.points[rules.Black]
	switch p.result {
	case rules.WhiteWins:
		return fmt.Sprintf("%s: white wins %d-%d", why, w, b)
	case rules.BlackWins:
		return fmt.Sprintf("%s: black wins %d-%d", why, w, b)
	}
	return fmt.Sprintf("%s: equal points %d-%d", why, w, b)
}

// Score returns the points of both sides as if the game ended now.
func (p *Position) Score() (rules.Score, bool) {
	return rules.Score{White: int(p.points[rules.White]), Black: int(p.points[rules.Black])}, true
}

// Clone returns an independent copy of p.
func (p *Position) Clone() rules.Position {
	q := *p
	return &q
}
