package knightfight

import (
	"context"
	"math/bits"

	"github.com/arbiter-games/arbiter/rules"
)

var _ rules.Solver = (*Position)(nil)

// Solve proves the end of the game with best play on both sides: the
// result and the exact final margin of points (rules.Proof's Margin, with
// HasMargin). It is an exact search of the rest of the game (negamax with
// alpha-beta and a transposition table) on the points still to be made,
// so it finishes within a budget only once few squares stay reachable;
// otherwise it returns Unfinished. Move is a move that keeps the best
// margin for the side to move. In a win or a loss, Plies is the most
// plies the winner needs whatever the defender plays, which an AND/OR
// search deepened a ply at a time finds after the margin; when the budget
// ends first, it is the number of squares still free, which bounds the
// plies left (every landing takes a square for good). In a draw, Plies is
// the length of a principal line to the end. ctx is checked every 1,024
// nodes. p is not changed.
func (p *Position) Solve(ctx context.Context, nodes int64) rules.Proof {
	diff := int(p.score[0] - p.score[1])
	if r, over := p.Result(); over {
		return rules.Proof{Result: r, Move: rules.NoMove, Margin: diff, HasMargin: true}
	}
	s := newSolver(ctx, nodes)
	// First a short AND/OR search, on a quarter of the budget, so that a
	// quick win is proven even where the margin is out of reach.
	s.budget = nodes / 4
	quick, qm, qplies := s.quickWin(p)
	s.budget, s.stopped = nodes, false
	v, plies, m := s.search(p, 0, -infinity, infinity)
	if s.stopped {
		if quick != rules.Unfinished {
			return rules.Proof{Result: quick, Move: qm, Plies: qplies, Nodes: s.nodes}
		}
		return rules.Proof{Result: rules.Unfinished, Move: rules.NoMove, Nodes: s.nodes}
	}
	if p.turn == rules.Black {
		v = -v
	}
	margin := diff + v
	r := rules.Score{White: margin}.Result() // the sign of the margin
	switch {
	case r == quick:
		plies = qplies
	case r != rules.Draw:
		plies = s.winPlies(p, r)
	}
	return rules.Proof{
		Result:    r,
		Move:      m,
		Plies:     plies,
		Nodes:     s.nodes,
		Margin:    margin,
		HasMargin: true,
	}
}

// quickDepth is the depth of the short AND/OR search.
const quickDepth = 5

// quickWin looks for a forced win of either side within quickDepth plies,
// deepening a ply at a time: the result, the move (the winning one, or in
// a loss the one that holds out longest) and the plies, or Unfinished.
func (s *solver) quickWin(p *Position) (r rules.Result, m rules.Move, plies int) {
	s.wins = make([]winEntry, len(s.table))
	for d := 1; d <= quickDepth; d++ {
		for _, x := range [2]rules.Color{p.turn, p.turn.Other()} {
			ok, plies, m := s.win(p, 0, x, d)
			if s.stopped {
				return rules.Unfinished, rules.NoMove, 0
			}
			if ok {
				return rules.Win(x), m, plies
			}
		}
	}
	s.quickDone = true
	return rules.Unfinished, rules.NoMove, 0
}

// infinity is more than the points of a whole game (4950).
const infinity = 1 << 14

// The kinds of a table entry's value.
const (
	exact uint8 = iota + 1
	lower       // the value is at least v
	upper       // the value is at most v
)

// key is what the rest of a game depends on, the board's numbers aside
// (they do not change in a game): the erased squares, both knights (a
// knight not placed yet is NoSquare, which covers the placements) and the
// side to move. The points so far do not change what is still to be made.
type key struct {
	erased set
	knight [2]Square
	turn   rules.Color
}

// entry is a slot of the transposition table. Its full key is kept, so a
// hash collision replaces an entry and never answers for another position.
type entry struct {
	key   key
	kind  uint8 // 0: empty
	plies uint8 // of a principal line, for an exact value
	value int16 // the points still to be made, the side to move's less the other's
	move  rules.Move
}

// solver is the state of one Solve.
type solver struct {
	ctx       context.Context
	budget    int64
	nodes     int64
	stopped   bool
	table     []entry
	mask      uint64
	wins      []winEntry // the table of the AND/OR search
	quickDone bool       // quickWin searched to quickDepth and found no win
	// stack holds the positions of the line searched, one per ply (a game
	// has at most Size landings), so that playing a move allocates
	// nothing.
	stack *[Size + 2]Position
}

// The table starts small, so that a small endgame costs little, and
// doubles as the search visits more nodes than it has slots, up to
// maxTable slots (32 MiB).
const (
	minTable = 1 << 10
	maxTable = 1 << 20
)

func newSolver(ctx context.Context, budget int64) *solver {
	return &solver{ctx: ctx, budget: budget, table: make([]entry, minTable), mask: minTable - 1, stack: new([Size + 2]Position)}
}

// grow doubles the table, keeping its entries.
func (s *solver) grow() {
	old := s.table
	s.table = make([]entry, 2*len(old))
	s.mask = uint64(len(s.table) - 1)
	for _, e := range old {
		if e.kind != 0 {
			s.table[e.key.hash()&s.mask] = e
		}
	}
}

func (k *key) hash() uint64 {
	h := k.erased.lo*0x9E3779B97F4A7C15 ^ bits.RotateLeft64(k.erased.hi*0xC2B2AE3D27D4EB4F, 29)
	h ^= uint64(uint8(k.knight[0]))<<8 | uint64(uint8(k.knight[1]))<<16 | uint64(k.turn)
	h ^= h >> 31
	h *= 0xBF58476D1CE4E5B9
	return h ^ h>>29
}

// search returns the value of p (the points the side to move still makes
// less the other side's, with best play) when it lies strictly between
// alpha and beta, else a bound beyond the window on the same side
// (fail-soft). With an exact value it also returns the plies of a
// principal line and its first move. It gives up, with stopped set, once
// the budget is spent or ctx is done.
func (s *solver) search(p *Position, ply, alpha, beta int) (v, plies int, best rules.Move) {
	if p.blocked != 0 {
		return 0, 0, rules.NoMove
	}
	if s.nodes >= s.budget {
		s.stopped = true
		return 0, 0, rules.NoMove
	}
	s.nodes++
	if s.nodes&1023 == 0 {
		if s.ctx.Err() != nil {
			s.stopped = true
			return 0, 0, rules.NoMove
		}
		if s.nodes > int64(len(s.table)) && len(s.table) < maxTable {
			s.grow()
		}
	}
	k := key{erased: p.erased, knight: p.knight, turn: p.turn}
	e := &s.table[k.hash()&s.mask]
	hashMove := rules.NoMove
	if e.kind != 0 && e.key == k {
		v := int(e.value)
		switch {
		case e.kind == exact:
			return v, int(e.plies), e.move
		case e.kind == lower && v >= beta, e.kind == upper && v <= alpha:
			return v, 0, e.move
		}
		hashMove = e.move
	}
	var buf [160]rules.Move
	moves := p.Moves(buf[:0])
	order(p, moves, hashMove)
	v = -infinity
	alpha0 := alpha
	for _, m := range moves {
		q := &s.stack[ply+1]
		*q = *p
		q.PlayUnchecked(m)
		// The mover scores n now, so the child's value c gives n-c here:
		// the window (alpha, beta) is (n-beta, n-alpha) there.
		n := int(p.num[m&sqMask])
		cv, cp, _ := s.search(q, ply+1, n-beta, n-alpha)
		if s.stopped {
			return 0, 0, rules.NoMove
		}
		cv = n - cv
		if cv > v {
			v, plies, best = cv, cp+1, m
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	kind := exact
	switch {
	case v <= alpha0:
		kind = upper
	case v >= beta:
		kind = lower
	}
	*e = entry{key: k, kind: kind, plies: uint8(min(plies, 255)), value: int16(v), move: best}
	return v, plies, best
}

// order puts the table's move first and the others by the number of
// their landing square, highest first: the best move is often the one
// that scores most.
func order(p *Position, moves []rules.Move, first rules.Move) {
	rank := func(m rules.Move) int {
		if m == first {
			return 1 << 10
		}
		return int(p.num[m&sqMask])
	}
	for i := 1; i < len(moves); i++ {
		m, r := moves[i], rank(moves[i])
		j := i
		for ; j > 0 && rank(moves[j-1]) < r; j-- {
			moves[j] = moves[j-1]
		}
		moves[j] = m
	}
}

// winPlies returns the most plies the winner of r needs from p whatever
// the defender plays, by an AND/OR search deepened a ply at a time;
// once the budget is spent, the bound of the free squares.
func (s *solver) winPlies(p *Position, r rules.Result) int {
	x := rules.White
	if r == rules.BlackWins {
		x = rules.Black
	}
	bound := p.freeSquares()
	if len(s.wins) != len(s.table) {
		s.wins = make([]winEntry, len(s.table))
	}
	d := 1
	if s.quickDone {
		d = quickDepth + 1 // the short search found no win within quickDepth
	}
	for ; d < bound; d++ {
		ok, plies, _ := s.win(p, 0, x, d)
		if s.stopped {
			break
		}
		if ok {
			return plies
		}
	}
	return bound
}

// freeSquares returns the number of squares neither erased nor under a
// knight: no line from p has more plies, since every landing is on such
// a square, which is erased once the knight leaves it.
func (p *Position) freeSquares() int {
	n := Size - p.erased.count()
	for _, k := range p.knight {
		if k != NoSquare {
			n--
		}
	}
	return n
}

// winEntry is a slot of the AND/OR search's table, with its full key.
type winEntry struct {
	key key
	x   rules.Color // the side whose win is sought
	// provedIn is the plies of a proven win (0: none); failedIn the
	// deepest search that found none (0: none).
	provedIn, failedIn uint8
}

// win reports whether x can force a win from p within d plies, with the
// plies of the proof found and its move where x moves (where the other
// side moves, the move that holds out longest): an OR of x's moves, an AND of the other
// side's, where only a finished game counts. It gives up, with stopped
// set, once the budget is spent or ctx is done.
func (s *solver) win(p *Position, ply int, x rules.Color, d int) (ok bool, plies int, move rules.Move) {
	if p.blocked != 0 {
		r, _ := p.Result()
		return r == rules.Win(x), 0, rules.NoMove
	}
	if d == 0 {
		return false, 0, rules.NoMove
	}
	if s.nodes >= s.budget {
		s.stopped = true
		return false, 0, rules.NoMove
	}
	s.nodes++
	if s.nodes&1023 == 0 && s.ctx.Err() != nil {
		s.stopped = true
		return false, 0, rules.NoMove
	}
	k := key{erased: p.erased, knight: p.knight, turn: p.turn}
	e := &s.wins[(k.hash()^uint64(x)*0x9E3779B97F4A7C15)&s.mask]
	if e.key == k && e.x == x {
		switch {
		case e.provedIn != 0 && int(e.provedIn) <= d:
			return true, int(e.provedIn), rules.NoMove
		case int(e.failedIn) >= d:
			return false, 0, rules.NoMove
		}
	} else {
		*e = winEntry{key: k, x: x}
	}
	var buf [160]rules.Move
	moves := p.Moves(buf[:0])
	attack := p.turn == x
	ok = !attack
	for _, m := range moves {
		q := &s.stack[ply+1]
		*q = *p
		q.PlayUnchecked(m)
		cok, cp, _ := s.win(q, ply+1, x, d-1)
		if s.stopped {
			return false, 0, rules.NoMove
		}
		if cok == attack {
			ok = attack
			if attack {
				plies, move = cp+1, m
			}
			break
		}
		if cp+1 > plies {
			plies, move = cp+1, m
		}
	}
	// The slot may have been taken by another position meanwhile.
	if e.key != k || e.x != x {
		*e = winEntry{key: k, x: x}
	}
	if ok {
		e.provedIn = uint8(plies)
	} else {
		plies = 0
		e.failedIn = uint8(max(d, int(e.failedIn)))
	}
	return ok, plies, move
}
