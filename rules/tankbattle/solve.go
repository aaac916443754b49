package tankbattle

import (
	"context"
	"math/bits"

	"github.com/arbiter-games/arbiter/rules"
)

var _ rules.Solver = (*Position)(nil)

// Solve proves what a bounded search can prove for sure (see the package
// doc): the result of a finished game; a forced win or loss, by an
// exhaustive AND/OR search deepened one ply at a time, in which only the
// results of finished games count; and a draw when every line of the
// search ends within its depth and neither side can force a win. Plies is
// the most plies the winner needs whatever the defender plays, and Move in
// a loss the move that holds out longest. The margin of points is known
// only for a finished game and a draw. Solve returns Unfinished, without
// searching, when neither side has a move: passes never end the game. ctx
// is checked every 1,024 nodes. p is not changed.
func (p *Position) Solve(ctx context.Context, nodes int64) rules.Proof {
	if p.over {
		s, _ := p.Score()
		return rules.Proof{Result: p.result, Move: rules.NoMove, Margin: s.White - s.Black, HasMargin: true}
	}
	q := *p
	if !q.hasMove() {
		q.PlayUnchecked(rules.Pass)
		if !q.hasMove() {
			return rules.Proof{Result: rules.Unfinished, Move: rules.NoMove}
		}
	}
	s := &solver{ctx: ctx, budget: nodes, table: make([]entry, minTable), mask: minTable - 1, stack: new([maxDepth + 1]Position)}
	me, them := p.turn, p.turn.Other()
	for d := 1; d <= maxDepth; d++ {
		st, plies, m := s.win(p, 0, me, d)
		if s.stopped {
			break
		}
		if st == proved {
			return rules.Proof{Result: rules.Win(me), Move: m, Plies: plies, Nodes: s.nodes}
		}
		st2, plies, m := s.win(p, 0, them, d)
		if s.stopped {
			break
		}
		switch {
		case st2 == proved:
			return rules.Proof{Result: rules.Win(them), Move: m, Plies: plies, Nodes: s.nodes}
		case st == failedExactly && st2 == failedExactly:
			// Every line ends within d plies, and neither side wins:
			// m is a move after which the other side cannot win.
			return rules.Proof{Result: rules.Draw, Move: m, Plies: d, Nodes: s.nodes, HasMargin: true}
		}
	}
	return rules.Proof{Result: rules.Unfinished, Move: rules.NoMove, Nodes: s.nodes}
}

// maxDepth bounds the deepening (and the plies of a proof, which a table
// entry keeps in a byte).
const maxDepth = 200

// status is what win found.
type status uint8

const (
	failed        status = iota // no win within the depth, because of lines that go on past it
	failedExactly               // no win whatever the depth: every line that could win ends without one
	proved                      // a forced win within the depth
)

// key is the full position: the tanks of each side, which of them are
// commanders, the side to move, and the side whose win is sought. The map
// is the same for a whole search.
type key struct {
	occ       [2][2]uint64
	commander [2]uint64
	turn      rules.Color
	winner    rules.Color
}

// entry is a slot of the transposition table. It keeps the full key, so a
// hash collision replaces an entry and never answers for another position.
type entry struct {
	key key
	// provedIn is the plies of a proven win (0: none proven); failedIn
	// the depth a search failed at (0: none failed), exact set when that
	// failure holds at any depth.
	provedIn, failedIn uint8
	exact              bool
	move               rules.Move // the proof's move, or the refutation
}

const (
	minTable = 1 << 10
	maxTable = 1 << 20
)

// solver is the state of one Solve.
type solver struct {
	ctx     context.Context
	budget  int64
	nodes   int64
	stopped bool
	table   []entry
	mask    uint64
	// stack holds the positions of the line searched, one per ply, so
	// that playing a move allocates nothing.
	stack *[maxDepth + 1]Position
}

func (p *Position) key(winner rules.Color) key {
	k := key{occ: p.occ, turn: p.turn, winner: winner}
	for c := range 2 {
		for w := range 2 {
			for set := p.occ[c][w]; set != 0; set &= set - 1 {
				sq := w<<6 | bits.TrailingZeros64(set)
				if p.board[sq]&tCommander != 0 {
					k.commander[w] |= 1 << (sq & 63)
				}
			}
		}
	}
	return k
}

func (k *key) hash() uint64 {
	h := uint64(k.turn) | uint64(k.winner)<<1
	for _, x := range [...]uint64{k.occ[0][0], k.occ[0][1], k.occ[1][0], k.occ[1][1], k.commander[0], k.commander[1]} {
		h = (h ^ x) * 0x9E3779B97F4A7C15
		h ^= h >> 29
	}
	return h
}

// grow doubles the table, keeping its entries.
func (s *solver) grow() {
	old := s.table
	s.table = make([]entry, 2*len(old))
	s.mask = uint64(len(s.table) - 1)
	for _, e := range old {
		if e.provedIn|e.failedIn != 0 {
			s.table[e.key.hash()&s.mask] = e
		}
	}
}

// win reports whether x can force a win from p within d plies: an OR of
// x's moves, an AND of the other side's, where only a finished game
// counts. With proved it returns the plies of the proof found and, where
// x moves, the move that wins; where the other side moves, the move that
// holds out longest. A failure returns the refutation where the other
// side moves. It gives up, with stopped set, once the budget is spent or
// ctx is done.
func (s *solver) win(p *Position, ply int, x rules.Color, d int) (st status, plies int, move rules.Move) {
	if p.over {
		if p.result == rules.Win(x) {
			return proved, 0, rules.NoMove
		}
		return failedExactly, 0, rules.NoMove
	}
	if d == 0 {
		return failed, 0, rules.NoMove
	}
	if s.nodes >= s.budget {
		s.stopped = true
		return failed, 0, rules.NoMove
	}
	s.nodes++
	if s.nodes&1023 == 0 {
		if s.ctx.Err() != nil {
			s.stopped = true
			return failed, 0, rules.NoMove
		}
		if s.nodes > int64(len(s.table)) && len(s.table) < maxTable {
			s.grow()
		}
	}
	k := p.key(x)
	e := &s.table[k.hash()&s.mask]
	first := rules.NoMove
	if e.key == k && e.provedIn|e.failedIn != 0 {
		switch {
		case e.provedIn != 0 && int(e.provedIn) <= d:
			return proved, int(e.provedIn), e.move
		case e.exact:
			return failedExactly, 0, e.move
		case int(e.failedIn) >= d:
			return failed, 0, e.move
		}
		first = e.move
	}
	var buf [256]rules.Move
	moves := p.Moves(buf[:0])
	p.order(moves, first)
	attack := p.turn == x
	if attack {
		st = failedExactly
	} else {
		st = proved
	}
	for _, m := range moves {
		q := &s.stack[ply+1]
		*q = *p
		q.PlayUnchecked(m)
		cs, cp, _ := s.win(q, ply+1, x, d-1)
		if s.stopped {
			return failed, 0, rules.NoMove
		}
		if attack {
			if cs == proved {
				st, plies, move = proved, cp+1, m
				break
			}
			if cs == failed {
				st = failed
			}
			continue
		}
		if cs != proved {
			st, move = cs, m
			break
		}
		if cp+1 > plies || move == rules.NoMove {
			plies, move = cp+1, m
		}
	}
	if st != proved {
		plies = 0
	}
	s.store(e, k, st, plies, d, move)
	return st, plies, move
}

// store writes what a search at depth d found into e, keeping what e knew
// of the same position.
func (s *solver) store(e *entry, k key, st status, plies, d int, move rules.Move) {
	if e.key != k {
		*e = entry{key: k}
	}
	switch st {
	case proved:
		e.provedIn = uint8(plies)
	case failedExactly:
		e.exact = true
		e.failedIn = uint8(d)
	default:
		e.failedIn = uint8(max(d, int(e.failedIn)))
	}
	e.move = move
}

// order puts first the table's move, then captures, then moves into the
// enemy base: the moves that bring the end nearer.
func (p *Position) order(moves []rules.Move, first rules.Move) {
	enemyBase := fBaseW << p.turn.Other()
	rank := func(m rules.Move) int {
		switch {
		case m == first:
			return 4
		case m == rules.Pass:
			return 0
		}
		r := 0
		if p.board[To(m)] != 0 {
			r += 2
		}
		if p.lay.flag[To(m)]&enemyBase != 0 {
			r++
		}
		return r
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
