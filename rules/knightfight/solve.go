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
// margin for the side to move, Plies the length of a principal line to
// the end. ctx is checked every 1,024 nodes. p is not changed.
func (p *Position) Solve(ctx context.Context, nodes int64) rules.Proof {
	diff := int(p.score[0] - p.score[1])
	if r, over := p.Result(); over {
		return rules.Proof{Result: r, Move: rules.NoMove, Margin: diff, HasMargin: true}
	}
	s := newSolver(ctx, nodes)
	v, plies, m := s.search(p, -infinity, infinity)
	if s.stopped {
		return rules.Proof{Result: rules.Unfinished, Move: rules.NoMove, Nodes: s.nodes}
	}
	if p.turn == rules.Black {
		v = -v
	}
	margin := diff + v
	return rules.Proof{
		Result:    rules.Score{White: margin}.Result(), // the sign of the margin
		Move:      m,
		Plies:     plies,
		Nodes:     s.nodes,
		Margin:    margin,
		HasMargin: true,
	}
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
	ctx     context.Context
	budget  int64
	nodes   int64
	stopped bool
	table   []entry
	mask    uint64
}

// The table starts small, so that a small endgame costs little, and
// doubles as the search visits more nodes than it has slots, up to
// maxTable slots (32 MiB).
const (
	minTable = 1 << 10
	maxTable = 1 << 20
)

func newSolver(ctx context.Context, budget int64) *solver {
	return &solver{ctx: ctx, budget: budget, table: make([]entry, minTable), mask: minTable - 1}
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
func (s *solver) search(p *Position, alpha, beta int) (v, plies int, best rules.Move) {
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
		q := *p
		q.PlayUnchecked(m)
		// The mover scores n now, so the child's value c gives n-c here:
		// the window (alpha, beta) is (n-beta, n-alpha) there.
		n := int(p.num[m&sqMask])
		cv, cp, _ := s.search(&q, n-beta, n-alpha)
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
