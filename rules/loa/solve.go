package loa

import (
	"context"
	"math/bits"

	"github.com/arbiter-games/arbiter/rules"
)

var _ rules.Solver = (*Position)(nil)

// Solve proves the result of p for rules.Solver: a win of the side to move
// or a loss (every move leads to a proven win of the opponent), within
// about nodes positions. Draws are left unproven (Unfinished) unless the
// game is already over. In a loss, Move is the move with the longest
// proof.
//
// The search is depth-first proof-number search (df-pn) with the 1+ε
// trick and a transposition table, with the side to move as the prover.
// The rules' own move generator and end detection decide every leaf: a
// move that connects only the prover (a capture that connects the prover
// included) is a proof, one that connects the defender or both sides is
// a disproof. A disproof built only from the defender's wins, as a proof
// is from the prover's, proves a loss; when the root's disproof rests on
// a draw or a repetition instead, a second search with the opponent as
// the prover spends what is left of the budget on the loss.
//
// Nodes count the positions played. A node plays its moves best first
// (those that join the mover's pieces, then captures), a few at first and
// the rest one at a time when an unplayed move looks the most promising,
// since a proof needs only one child of each of the prover's nodes; a new
// position's numbers start from its mobility and each side's groups.
//
// Why a claimed result is sound: a node is marked proven only from a
// terminal win or from children already marked proven (one at a node of
// the prover, every one at a node of the defender), so every proven node
// carries a finite proof tree, and Plies is its height; nothing proven
// ever rests on a cycle. The same holds of a disproof claimed as the
// defender's win: it is built only from the defender's terminal wins,
// and a disproof that touches a draw, a repetition or the depth limit is
// marked and never claimed. A position that repeats one on the current
// path counts as such a marked disproof there (the game has no repetition
// rule, so a cycle is no win); stored in the table, it can hide a win
// reached by another path (a loss of completeness, not of soundness),
// because only proven statuses are ever claimed. The table compares the
// whole position (both bitboards and the side to move) and the prover
// before it answers, so a hash collision cannot lend one position
// another's proof.
//
// Memory: the table holds one 32-byte entry per four nodes of the budget,
// rounded up to a power of two and capped at 2^23 entries (256 MiB), plus
// the children on the current path (a few hundred kilobytes at most).
// Solve checks ctx every 1,024 nodes and may pass the budget by the few
// moves a node plays at once (initialWidth).
func (p *Position) Solve(ctx context.Context, nodes int64) rules.Proof {
	if p.state != playing {
		return rules.Proof{Result: outcomes[p.state].Result, Move: rules.NoMove}
	}
	return newSolver(ctx, nodes).solve(*p, nodes)
}

// solve is Solve for a position in play.
func (s *solver) solve(p Position, nodes int64) rules.Proof {
	me, them := p.turn, p.turn^1
	root := s.run(p, me, nodes)
	if root.dn == 0 && root.taint && !s.halted() {
		// The disproof rests on a draw or a repetition somewhere: the
		// opponent's win, if there is one, needs a search of its own.
		root = s.run(p, them, nodes)
		me, them = them, me
	}
	switch {
	case root.pn == 0:
		return rules.Proof{Result: rules.Win(me), Move: unpackMove(root.best), Plies: int(root.plies), Nodes: s.nodes}
	case root.dn == 0 && !root.taint:
		return rules.Proof{Result: rules.Win(them), Move: unpackMove(root.best), Plies: int(root.plies), Nodes: s.nodes}
	}
	return rules.Proof{Result: rules.Unfinished, Move: rules.NoMove, Nodes: s.nodes}
}

// inf is the proof or disproof number of a resolved node; sums of the
// others stop below it.
const inf uint32 = 1 << 30

// maxDepth bounds the search path. A node deeper than that counts as a
// disproof for the prover, as a repetition does: it costs completeness,
// never soundness.
const maxDepth = 400

// kid is a position in the search with its proof and disproof numbers:
// the children of the nodes on the current path, and the root.
type kid struct {
	pos    Position
	move   rules.Move // the move that led to pos
	pn, dn uint32
	plies  uint16 // when proven (or disproven without taint): the proof's height
	best   uint16 // then also: the packed move the proof plays first
	// taint marks a disproof that is no win of the defender: it rests on
	// a draw, a repetition or the depth limit. A disproof without it is a
	// proven win of the defender, plies and best then being its own.
	taint bool
}

type solver struct {
	ctx       context.Context
	nodes     int64 // positions visited
	limit     int64 // the search of the current prover stops here
	nextCheck int64 // when to look at ctx again
	stop      bool  // ctx is done
	prover    rules.Color
	win       rules.Result // rules.Win(prover)
	tt        table
	kids      []kid           // the children of the nodes on the path, in order
	path      []Position      // path[d] is the node at depth d
	moves     []rules.Move    // the moves of the nodes on the path
	scratch   [256]rules.Move // estimate's moves
}

func newSolver(ctx context.Context, nodes int64) *solver {
	s := &solver{ctx: ctx, nodes: 1, nextCheck: 1024, tt: newTable(nodes)}
	s.stop = ctx.Err() != nil
	return s
}

// count counts a visited position and looks at ctx every 1,024 of them.
func (s *solver) count() {
	s.nodes++
	if s.nodes >= s.nextCheck {
		s.nextCheck = s.nodes + 1024
		if s.ctx.Err() != nil {
			s.stop = true
		}
	}
}

func (s *solver) halted() bool { return s.stop || s.nodes >= s.limit }

// run searches root with prover until its win is proven or disproven, or
// the node count reaches limit, and returns the root's numbers.
func (s *solver) run(root Position, prover rules.Color, limit int64) kid {
	s.prover, s.win, s.limit = prover, rules.Win(prover), limit
	s.kids = append(s.kids[:0], kid{pos: root, move: rules.NoMove})
	s.path = s.path[:0]
	s.classify(&s.kids[0], 0)
	for !s.halted() && s.kids[0].pn != 0 && s.kids[0].dn != 0 {
		s.mid(0, 0, inf, inf)
	}
	return s.kids[0]
}

// classify sets the numbers of a new child at depth depth: final for a
// finished game, a repetition of the path or a known position, an
// estimate otherwise.
func (s *solver) classify(k *kid, depth int) (estimated bool) {
	if k.pos.state != playing {
		switch outcomes[k.pos.state].Result {
		case s.win:
			k.pn, k.dn = 0, inf
		case rules.Win(s.prover ^ 1):
			k.pn, k.dn = inf, 0
		default:
			k.pn, k.dn, k.taint = inf, 0, true
		}
		return false
	}
	if s.repeats(&k.pos, depth) {
		k.pn, k.dn, k.taint = inf, 0, true
		return false
	}
	if e := s.tt.probe(&k.pos, s.prover); e != nil {
		k.pn, k.dn, k.plies, k.best, k.taint = e.pn, e.dn, e.plies, e.move, e.meta&metaTaint != 0
		return false
	}
	k.pn, k.dn = s.estimate(&k.pos)
	return true
}

// estimate gives a new position's numbers from its mobility and from
// each side's groups: a position with n moves needs n children proven at
// the defender's turn (or disproven at the prover's), and the fewer groups
// a side has left, the nearer its connection.
func (s *solver) estimate(p *Position) (pn, dn uint32) {
	n := uint32(len(p.Moves(s.scratch[:0])))
	gp := max(uint32(Groups(p.pieces[s.prover]))-1, 1)
	gd := max(uint32(Groups(p.pieces[s.prover^1]))-1, 1)
	if p.turn == s.prover {
		return gp, n * gd
	}
	return n * gp, gd
}

// repeats reports whether p, a child at depth depth, repeats a position
// on the path. Captures cannot be undone, so the walk back stops at the
// first position with another number of pieces.
func (s *solver) repeats(p *Position, depth int) bool {
	n := bits.OnesCount64(p.pieces[0] | p.pieces[1])
	for d := depth - 2; d >= 0; d -= 2 {
		q := &s.path[d]
		if bits.OnesCount64(q.pieces[0]|q.pieces[1]) != n {
			return false
		}
		if q.pieces == p.pieces && q.turn == p.turn {
			return true
		}
	}
	return false
}

// mid is df-pn's multiple iterative deepening at s.kids[i], at depth
// depth: it searches below the node until its proof number reaches thpn
// or its disproof number thdn, then writes the node's numbers back to
// s.kids[i] and to the table.
func (s *solver) mid(i, depth int, thpn, thdn uint32) {
	node := s.kids[i].pos
	s.path = append(s.path[:depth], node)
	if s.halted() {
		return
	}
	if depth >= maxDepth {
		k := &s.kids[i]
		k.pn, k.dn, k.taint = inf, 0, true
		return
	}
	or := node.turn == s.prover
	start := s.nodes
	mbase := len(s.moves)
	s.moves = node.Moves(s.moves)
	n := len(s.moves) - mbase
	order(&node, s.moves[mbase:])
	base := len(s.kids)
	est := [2]uint32{1, 1} // the numbers of an unplayed move: those of the last new child
	played := 0
	want := false
	var pn, dn uint32
	for {
		if played < n && (played < initialWidth || want) {
			want = false
			k := kid{pos: node, move: s.moves[mbase+played]}
			k.pos.PlayUnchecked(k.move)
			played++
			s.count()
			if s.classify(&k, depth+1) {
				est = [2]uint32{k.pn, k.dn}
			}
			s.kids = append(s.kids, k)
			if or && k.pn == 0 || !or && k.dn == 0 {
				pn, dn = k.pn, k.dn
				break // decided by this child alone
			}
			continue
		}
		kids := s.kids[base:]
		var c int
		var second uint32
		pn, dn, c, second = eval(kids, or, n-played, est)
		if pn >= thpn || dn >= thdn || pn == 0 || dn == 0 || s.halted() {
			break
		}
		if c < 0 {
			want = true // the unplayed moves look best: play one
			continue
		}
		cthpn, cthdn := thpn, thdn
		if or {
			cthpn = min(thpn, widen(second))
			cthdn = shrink(thdn, dn, kids[c].dn)
		} else {
			cthdn = min(thdn, widen(second))
			cthpn = shrink(thpn, pn, kids[c].pn)
		}
		s.mid(base+c, depth+1, cthpn, cthdn)
	}
	kids := s.kids[base:]
	k := &s.kids[i]
	k.pn, k.dn, k.taint = pn, dn, false
	switch {
	case pn == 0:
		k.plies, k.best = proof(kids, or, false)
	case dn == 0:
		k.taint = tainted(kids, or)
		if !k.taint {
			k.plies, k.best = proof(kids, !or, true)
		}
	}
	s.tt.store(&node, s.prover, k, s.nodes-start)
	s.kids = s.kids[:base]
	s.moves = s.moves[:mbase]
}

// initialWidth is how many of a node's moves, best first, are played when
// it is expanded; the others are played one at a time when their estimate
// (that of the last new child played) is the most promising.
const initialWidth = 8

// eval returns a node's numbers from its children's and from unplayed
// moves, each counted with the numbers est; the child to search next (-1
// for an unplayed move); and the runner-up's number (the proof number at
// a node of the prover, the disproof number at one of the defender).
func eval(kids []kid, or bool, unplayed int, est [2]uint32) (pn, dn uint32, best int, second uint32) {
	first := inf
	second = inf
	var sum uint32
	for j := range kids {
		x, y := kids[j].pn, kids[j].dn
		if !or {
			x, y = y, x
		}
		if x < first {
			first, second, best = x, first, j
		} else if x < second {
			second = x
		}
		sum = min(sum+y, inf-1)
	}
	if unplayed > 0 {
		x, y := est[0], est[1]
		if !or {
			x, y = y, x
		}
		if x < first {
			first, second, best = x, first, -1
		} else if x < second {
			second = x
		}
		sum = uint32(min(uint64(sum)+uint64(unplayed)*uint64(y), uint64(inf-1)))
	}
	if first == 0 {
		sum = inf
	}
	if or {
		return first, sum, best, second
	}
	return sum, first, best, second
}

// order sorts moves best first for the side to move: moves that land
// among its own pieces and leave few behind, and captures.
func order(p *Position, moves []rules.Move) {
	if len(moves) < 2 {
		return
	}
	own, opp := p.pieces[p.turn], p.pieces[p.turn^1]
	var score [256]int8
	for j, m := range moves {
		from, to := From(m).bit(), To(m).bit()
		rest := own &^ from
		v := 2*bits.OnesCount64(grow(to)&rest) - 2*bits.OnesCount64(grow(from)&rest)
		if opp&to != 0 {
			v++
		}
		score[j] = int8(v)
	}
	for j := 1; j < len(moves); j++ {
		m, v := moves[j], score[j]
		k := j
		for ; k > 0 && score[k-1] < v; k-- {
			moves[k], score[k] = moves[k-1], score[k-1]
		}
		moves[k], score[k] = m, v
	}
}

// widen is the child's threshold from the runner-up's number: 1+ε with ε
// = 1/4, so that the search does not swap between close siblings.
func widen(second uint32) uint32 {
	return uint32(min(uint64(second)+uint64(second)/4+1, uint64(inf)))
}

// shrink is the threshold of the child whose number is x in a sum of
// numbers total under the node's threshold th.
func shrink(th, total, x uint32) uint32 {
	if th >= inf {
		return inf
	}
	return th - total + x
}

// proof returns the height of a node's proof tree and the move it plays:
// the shortest proven child where the winner is to move (choose is true),
// the longest child where the loser is (all proven). A proven node's
// winner is the prover; a disproven node without taint is proven for the
// defender, with choose and the children's roles turned round.
func proof(kids []kid, choose, defender bool) (plies, best uint16) {
	c := -1
	for j := range kids {
		k := &kids[j]
		if !defender && k.pn != 0 || defender && (k.dn != 0 || k.taint) {
			continue
		}
		if c < 0 || choose && k.plies < kids[c].plies || !choose && k.plies > kids[c].plies {
			c = j
		}
	}
	return kids[c].plies + 1, packMove(kids[c].move)
}

// tainted reports whether a disproven node's disproof is no win of the
// defender: at the prover's node, one of its children's is not; at the
// defender's, no disproving child's is.
func tainted(kids []kid, or bool) bool {
	for j := range kids {
		if k := &kids[j]; k.dn == 0 {
			if or && k.taint {
				return true
			}
			if !or && !k.taint {
				return false
			}
		}
	}
	return !or
}

// A table entry holds 16-bit moves: from | to<<6, or these two.
const (
	packedPass uint16 = 0xFFFF
	packedNone uint16 = 0xFFFE
)

func packMove(m rules.Move) uint16 {
	switch m {
	case rules.Pass:
		return packedPass
	case rules.NoMove:
		return packedNone
	}
	return uint16(m & 0xFFF)
}

func unpackMove(m uint16) rules.Move {
	switch m {
	case packedPass:
		return rules.Pass
	case packedNone:
		return rules.NoMove
	}
	return rules.Move(m)
}

// table is the transposition table: buckets of four entries, each
// holding the whole position it is about.
type table struct {
	entries []entry
	mask    uint64
}

type entry struct {
	pieces [2]uint64
	pn, dn uint32
	plies  uint16
	move   uint16
	work   uint16 // nodes searched below, saturated: the cheapest goes first
	meta   uint8
}

const (
	metaUsed   uint8 = 1 << 7
	metaTurn   uint8 = 1 << 0 // the side to move is Black
	metaProver uint8 = 1 << 1 // the prover is Black
	metaTaint  uint8 = 1 << 2
	metaKey          = metaUsed | metaTurn | metaProver
)

const (
	minEntries = 1 << 10
	maxEntries = 1 << 23 // 256 MiB of 32-byte entries
)

func newTable(nodes int64) table {
	n := int64(minEntries)
	for n < nodes/4 && n < maxEntries {
		n *= 2
	}
	return table{entries: make([]entry, n), mask: uint64(n-1) &^ 3}
}

func key(p *Position, prover rules.Color) (h uint64, meta uint8) {
	meta = metaUsed | uint8(p.turn)*metaTurn | uint8(prover)*metaProver
	h = p.pieces[0]*0x9E3779B97F4A7C15 ^ bits.RotateLeft64(p.pieces[1]*0xC2B2AE3D27D4EB4F, 31) ^ uint64(meta)*0x165667B19E3779F9
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 32
	return h, meta
}

// probe returns the entry of p searched with prover, or nil.
func (t *table) probe(p *Position, prover rules.Color) *entry {
	h, meta := key(p, prover)
	b := t.entries[h&t.mask:][:4]
	for j := range b {
		if e := &b[j]; e.meta&metaKey == meta && e.pieces == p.pieces {
			return e
		}
	}
	return nil
}

// store writes the numbers of k (about p, searched with prover) in p's
// entry, or in place of the bucket's entry with the least work.
func (t *table) store(p *Position, prover rules.Color, k *kid, work int64) {
	h, meta := key(p, prover)
	b := t.entries[h&t.mask:][:4]
	e := &b[0]
	for j := range b {
		c := &b[j]
		if c.meta&metaKey == meta && c.pieces == p.pieces {
			e = c
			break
		}
		if c.work < e.work || c.meta == 0 && e.meta != 0 {
			e = c
		}
	}
	if k.taint {
		meta |= metaTaint
	}
	*e = entry{
		pieces: p.pieces,
		pn:     k.pn,
		dn:     k.dn,
		plies:  k.plies,
		move:   k.best,
		work:   uint16(min(work, 0xFFFF)),
		meta:   meta,
	}
}
