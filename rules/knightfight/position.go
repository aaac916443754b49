package knightfight

import (
	"github.com/arbiter-games/arbiter/rules"
)

// Position is a Knight Fight position: the numbers, the erased squares, both
// knights, both scores and the side to move. It is a plain value: q := *p
// is an independent copy.
type Position struct {
	num     [Size]int8   // number on each square; -1 when unknown (see Number)
	sqOf    [Size]Square // square of each number; NoSquare when unknown
	erased  set
	knight  [2]Square // NoSquare until placed
	score   [2]int32
	turn    rules.Color
	blocked uint8 // bit c set: side c has no legal move (the game is over)
}

var (
	_ rules.Position     = (*Position)(nil)
	_ rules.MoveAppender = (*Position)(nil)
)

// NewPosition returns the start position of board b: nothing erased, no
// knight placed, no points, White to move.
func NewPosition(b *Board) *Position {
	p := new(Position)
	p.reset(b)
	return p
}

// reset makes p the start position of board b (see NewPosition).
func (p *Position) reset(b *Board) {
	*p = Position{knight: [2]Square{NoSquare, NoSquare}, turn: rules.White}
	for s, n := range b {
		p.num[s] = int8(n)
		p.sqOf[n] = Square(s)
	}
	p.update()
}

// Turn returns the side to move.
func (p *Position) Turn() rules.Color { return p.turn }

// Knight returns the square of c's knight, and false while it is not placed.
func (p *Position) Knight(c rules.Color) (sq int, placed bool) {
	k := p.knight[c&1]
	return int(k), k != NoSquare
}

// Number returns the number on square sq (0..99), or -1 when it is not
// known: the erased squares of a position set up from a FEN without a Board
// tag, since the FEN does not write the numbers of erased squares.
func (p *Position) Number(sq int) int { return int(p.num[sq]) }

// Erased reports whether square sq (0..99) is erased. The square a knight
// stands on is never erased; it is erased when the knight leaves.
func (p *Position) Erased(sq int) bool { return p.erased.has(Square(sq)) }

// ErasedBits returns the erased squares as a bitboard: square sq is bit sq
// of lo for sq < 64, else bit sq-64 of hi.
func (p *Position) ErasedBits() (lo, hi uint64) { return p.erased.lo, p.erased.hi }

// Points returns the points of side c so far.
func (p *Position) Points(c rules.Color) int { return int(p.score[c&1]) }

// Mobility returns how many squares side c's knight may land on now (as if
// c were to move), not counting the variants of erasing a double: a cheap
// measure for engines. 0 for either side means the game is over.
func (p *Position) Mobility(c rules.Color) int { return p.targets(c & 1).count() }

// targets returns the squares side c's knight may land on: its jumps (or
// its home rank while it is not placed), less the erased squares, the other
// knight and the squares the other knight attacks.
func (p *Position) targets(c rules.Color) set {
	var m set
	if k := p.knight[c]; k != NoSquare {
		m = jumps[k]
	} else {
		m = homeRank[c]
	}
	m = m.andNot(p.erased)
	if o := p.knight[c^1]; o != NoSquare {
		m = m.andNot(jumps[o])
		m.remove(o)
	}
	return m
}

// usableDouble reports whether the double numbered n may be erased: its
// square is known, not erased and under no knight.
func (p *Position) usableDouble(n int) bool {
	s := p.sqOf[n]
	return s != NoSquare && !p.erased.has(s) && s != p.knight[0] && s != p.knight[1]
}

// update recomputes which sides have no legal move.
func (p *Position) update() {
	p.blocked = 0
	if p.targets(rules.White).empty() {
		p.blocked |= 1
	}
	if p.targets(rules.Black).empty() {
		p.blocked |= 2
	}
}

// Moves appends the legal moves to dst: for each landing square in
// ascending order, the move that erases nothing and then, on a double, one
// move per usable double it may erase, in ascending order of the double.
// It appends nothing once the game is over.
func (p *Position) Moves(dst []rules.Move) []rules.Move {
	if p.blocked != 0 {
		return dst
	}
	c := p.turn
	var base rules.Move
	if k := p.knight[c]; k != NoSquare {
		base = rules.Move(k)<<fromShift | jumpBit
	}
	t := p.targets(c)
	for !t.empty() {
		to := t.pop()
		m := base | rules.Move(to)
		dst = append(dst, m)
		if n := int(p.num[to]); n%11 == 0 {
			for d := 0; d < Size; d += 11 {
				if d != n && p.usableDouble(d) {
					dst = append(dst, m|rules.Move(d+1)<<eraseShift)
				}
			}
		}
	}
	return dst
}

// Play checks m against the rules and applies it. On error the position is
// unchanged. It does not allocate unless m is illegal.
func (p *Position) Play(m rules.Move) error {
	if err := p.check(m); err != nil {
		return err
	}
	p.PlayUnchecked(m)
	return nil
}

// check returns why m may not be played, or nil.
func (p *Position) check(m rules.Move) error {
	if p.blocked != 0 {
		return rules.Illegalf("the game is already over (%s)", p.Outcome().Reason)
	}
	if m == rules.Pass {
		return rules.Illegalf("knight fight has no passes: the game ends when a side has no legal move")
	}
	if m&rules.FormCapture != 0 {
		return rules.Notationf("written with \"x\" but knight fight has no captures")
	}
	if m>>22&0x3f != 0 {
		return rules.Notationf("not a knight fight move")
	}
	from, to, erase := Decode(m.Plain())
	if to >= Size || from >= Size || erase >= Size || (from == NoSquare && m>>fromShift&sqMask != 0) {
		return rules.Notationf("not a knight fight move")
	}
	c := p.turn
	k := p.knight[c]
	if from == NoSquare {
		if m&rules.FormDash != 0 {
			return rules.Notationf("a placement is written as the square alone")
		}
		if k != NoSquare {
			return rules.Illegalf("the %s knight is already on %s: after the placement every move is a jump from-to", c, k)
		}
		if !homeRank[c].has(to) {
			return rules.Illegalf("%s places its knight on rank %d, not on rank %d", c, homeRankNumber(c), to.Rank())
		}
	} else {
		if k == NoSquare {
			return rules.Illegalf("the %s knight is not placed yet: place it on a square of rank %d", c, homeRankNumber(c))
		}
		if from != k {
			return rules.Illegalf("the %s knight stands on %s, not on %s", c, k, from)
		}
		if !jumps[from].has(to) {
			return rules.Illegalf("%s is not a knight's jump from %s", to, from)
		}
	}
	o := p.knight[c^1]
	switch {
	case p.erased.has(to):
		return rules.Illegalf("%s is erased", to)
	case to == o:
		return rules.Illegalf("the %s knight stands on %s", c.Other(), to)
	case o != NoSquare && jumps[o].has(to):
		return rules.Illegalf("%s is attacked by the %s knight on %s", to, c.Other(), o)
	}
	if erase >= 0 {
		n := int(p.num[to])
		switch {
		case n%11 != 0:
			return rules.Illegalf("%s holds %02d, not a double, so no double may be erased", to, n)
		case erase%11 != 0:
			return rules.Illegalf("%02d is not a double (00, 11, ..., 99)", erase)
		case erase == n:
			return rules.Illegalf("the knight lands on %02d itself, so it cannot erase it", erase)
		}
		s := p.sqOf[erase]
		switch {
		case s == NoSquare || p.erased.has(s):
			return rules.Illegalf("double %02d is already erased", erase)
		case s == p.knight[0]:
			return rules.Illegalf("double %02d on %s is under the white knight", erase, s)
		case s == p.knight[1]:
			return rules.Illegalf("double %02d on %s is under the black knight", erase, s)
		}
	}
	return nil
}

func homeRankNumber(c rules.Color) int {
	if c == rules.White {
		return 1
	}
	return 10
}

// PlayUnchecked applies m, which must be one of the moves Moves returns
// (with or without form bits); anything else leaves an unspecified
// position. It is the fast path for engines.
func (p *Position) PlayUnchecked(m rules.Move) {
	c := p.turn
	to := Square(m & sqMask)
	if m&jumpBit != 0 {
		p.erased.add(p.knight[c])
	}
	p.knight[c] = to
	n := int(p.num[to])
	p.score[c] += int32(n)
	if n%11 == 0 {
		if e := int(m>>eraseShift&sqMask) - 1; e >= 0 {
			p.erased.add(p.sqOf[e])
		}
	} else if s := p.sqOf[n%10*10+n/10]; s != NoSquare && s != p.knight[c^1] {
		// The mirror under the other knight stays: that square is erased
		// when the knight leaves it, and no knight can land on it before.
		p.erased.add(s)
	}
	p.turn = c ^ 1
	p.update()
}

// Perft counts the move sequences of length depth from p (the leaves of
// the legal-move tree; a finished game has no moves) as rules.Perft does,
// but with PlayUnchecked on copies and without allocating
// (rules.PerftUnchecked). The count for depth 0 or less is 1. p is not
// changed.
func (p *Position) Perft(depth int) uint64 { return rules.PerftUnchecked(*p, depth) }

// Outcome says whether the game is over: as soon as either side has no
// legal move, the higher total wins and equal totals draw.
func (p *Position) Outcome() rules.Outcome {
	if p.blocked == 0 {
		return rules.Outcome{}
	}
	var who string
	switch p.blocked {
	case 1:
		who = "white has no legal move"
	case 2:
		who = "black has no legal move"
	default:
		who = "neither side has a legal move"
	}
	sc := rules.Score{White: int(p.score[0]), Black: int(p.score[1])}
	how := "draw"
	switch sc.Result() {
	case rules.WhiteWins:
		how = "white wins"
	case rules.BlackWins:
		how = "black wins"
	}
	return rules.Outcome{Result: sc.Result(), Reason: who + ": " + how + " " + sc.String()}
}

// Result returns Outcome().Result and Outcome().Over() without building
// the reason (rules.Resulter).
func (p *Position) Result() (r rules.Result, over bool) {
	if p.blocked == 0 {
		return rules.Unfinished, false
	}
	return rules.Score{White: int(p.score[0]), Black: int(p.score[1])}.Result(), true
}

// Score returns the points of both sides so far.
func (p *Position) Score() (rules.Score, bool) {
	return rules.Score{White: int(p.score[0]), Black: int(p.score[1])}, true
}

// Clone returns an independent copy.
func (p *Position) Clone() rules.Position {
	q := *p
	return &q
}
