package engine

import (
	"sync/atomic"
	"time"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/ugi"
)

// noMove stands for no move at all: it has both form bits set, which the
// moves of Position.Moves never carry, and it is not rules.Pass.
const noMove rules.Move = 0x7FFFFFFF

const (
	histSize  = 1 << 12
	maxPast   = 64 // earlier positions of the game checked for repetitions
	maxQDepth = 8  // plies of captures the quiescence search follows
	// Ordering keys: the table's move, then captures, then killers, then
	// the history counters (kept below keyKiller).
	keyTT     = 1 << 30
	keyNoisy  = 1 << 29
	keyKiller = 1 << 28
)

// searcher is the alpha-beta search of one Player; its buffers live as
// long as the Player so that searching allocates nothing per node.
type searcher struct {
	game rules.Game
	m    model
	tt   *table
	t    tree

	nodes, maxNodes int64
	deadline        time.Time
	hasDeadline     bool
	stop            *atomic.Bool
	aborted         bool

	killers [maxPly][2]rules.Move
	history [2][histSize]int32
	moves   [maxPly][]rules.Move
	keys    [maxPly][]int32
	pv      [maxPly][maxPly]rules.Move
	pvLen   [maxPly]int
	path    [maxPly + 1]uint64
	past    []uint64
}

func newSearcher(g rules.Game, m model, tt *table) *searcher {
	s := &searcher{game: g, m: m, tt: tt}
	for i := range s.moves {
		s.moves[i] = make([]rules.Move, 0, 256)
		s.keys[i] = make([]int32, 0, 256)
	}
	return s
}

// budget turns the limits into a soft time (do not start another iteration
// after it) and a hard one (abort the search); zero means none.
func budget(lim ugi.Limits, p1 bool) (soft, hard time.Duration) {
	if lim.Infinite {
		return 0, 0
	}
	i := 1
	if p1 {
		i = 0
	}
	// The clock of the side to move counts; when only the other one is
	// given, that one stands in for it.
	rem, inc := lim.Time[i], lim.Inc[i]
	if rem == 0 {
		rem, inc = lim.Time[1-i], lim.Inc[1-i]
	}
	if rem > 0 {
		// Keep a fifth of the clock (at most 100 ms) untouched for the
		// round trip, then plan on 1/30 of the rest (a share of the moves
		// to go, when the clock says how many) plus most of the increment.
		usable := rem - min(rem/5, 100*time.Millisecond)
		share := time.Duration(30)
		if lim.MovesToGo > 0 {
			share = time.Duration(lim.MovesToGo)
		}
		soft = usable/share + inc*3/4
		hard = min(3*soft, usable/2+inc/2)
		soft = min(soft, hard)
		if hard < time.Millisecond {
			soft, hard = time.Millisecond, time.Millisecond
		}
	}
	if lim.MoveTime > 0 {
		h := lim.MoveTime - moveTimeMargin(lim.MoveTime)
		if hard == 0 || h < hard {
			hard = h
		}
		if soft == 0 || h < soft {
			soft = h
		}
	}
	return soft, hard
}

// moveTimeMargin is what `go movetime T` keeps back for answering: two
// fifths of T up to 30 ms, as the answer must cross a pipe and the engine
// may share a busy machine.
func moveTimeMargin(t time.Duration) time.Duration {
	return min(t*2/5, 30*time.Millisecond)
}

// run searches pos by iterative deepening within lim.
func (s *searcher) run(pos rules.Position, history []rules.Position, rootMoves []rules.Move, lim ugi.Limits, stop *atomic.Bool, info func(Info), start time.Time) Result {
	if s.t == nil {
		s.t = s.m.newTree(pos)
	}
	s.t.setRoot(pos)
	s.nodes, s.aborted, s.stop = 0, false, stop
	s.maxNodes = 0
	if !lim.Infinite {
		s.maxNodes = lim.Nodes
	}
	s.past = s.past[:0]
	if len(history) > maxPast {
		history = history[len(history)-maxPast:]
	}
	for _, h := range history {
		s.past = append(s.past, s.m.hash(h))
	}
	s.tt.age++
	s.killers = [maxPly][2]rules.Move{}
	for c := range s.history {
		for i := range s.history[c] {
			s.history[c][i] /= 4
		}
	}
	soft, hard := budget(lim, pos.Turn() == s.game.FirstMover())
	s.hasDeadline = hard > 0
	s.deadline = start.Add(hard)
	timed := hard > 0
	res := Result{Move: rootMoves[0], OK: true}
	if len(rootMoves) == 1 && timed {
		res.Info = Info{Time: time.Since(start), PV: []rules.Move{rootMoves[0]}}
		return res
	}
	maxDepth := maxPly - 8
	if lim.Depth > 0 && !lim.Infinite {
		maxDepth = min(lim.Depth, maxDepth)
	}
	for depth := 1; depth <= maxDepth; depth++ {
		v := s.search(0, depth, -infScore, infScore)
		if s.aborted {
			// A move of the unfinished iteration is only in the PV when
			// its search finished, and the previous best was searched
			// first: it is at least as good.
			if s.pvLen[0] > 0 {
				res.Move = s.pv[0][0]
				res.Info.PV = append([]rules.Move(nil), s.pv[0][:s.pvLen[0]]...)
			}
			res.Info.Nodes, res.Info.Time = s.nodes, time.Since(start)
			break
		}
		res.Move = s.pv[0][0]
		res.Info = Info{Depth: depth, Nodes: s.nodes, Time: time.Since(start), PV: append([]rules.Move(nil), s.pv[0][:s.pvLen[0]]...)}
		res.Info.Eval = evalOf(v)
		if info != nil {
			info(res.Info)
		}
		if !lim.Infinite {
			if p := matePlies(v); p != 0 && abs(p) <= depth {
				break // the end is found: deeper search changes nothing
			}
			if soft > 0 && clock(lim) && lim.MoveTime == 0 && time.Since(start) > soft*6/10 {
				break
			}
		}
	}
	return res
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// tick counts a node and reports whether the search must end now.
func (s *searcher) tick() bool {
	s.nodes++
	if s.aborted {
		return true
	}
	if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.aborted = true
	} else if s.nodes&63 == 0 {
		if (s.stop != nil && s.stop.Load()) || (s.hasDeadline && !time.Now().Before(s.deadline)) {
			s.aborted = true
		}
	}
	return s.aborted
}

// repeats reports whether the position with key was seen earlier on the
// path or in the game.
func (s *searcher) repeats(ply int, key uint64) bool {
	for i := ply - 2; i >= 0; i -= 2 {
		if s.path[i] == key {
			return true
		}
	}
	for _, k := range s.past {
		if k == key {
			return true
		}
	}
	return false
}

// search is the principal variation search: it returns the value of the
// position at ply from its side to move's view, exact when it falls inside
// (alpha, beta).
func (s *searcher) search(ply, depth, alpha, beta int) int {
	s.pvLen[ply] = 0
	p := s.t.at(ply)
	if r, over := s.m.outcome(p); over {
		s.nodes++
		return terminal(r, p.Turn(), ply)
	}
	if depth <= 0 || ply >= maxPly-1 {
		return s.quiesce(ply, alpha, beta, 0)
	}
	if s.tick() {
		return 0
	}
	key := s.m.hash(p)
	s.path[ply] = key
	if ply > 0 && s.repeats(ply, key) {
		return drawScore
	}
	pvNode := beta-alpha > 1
	ttMove := noMove
	if e, ok := s.tt.probe(key); ok {
		ttMove = e.move
		if !pvNode && ply > 0 && int(e.depth) >= depth {
			v := scoreAt(e.score, ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && v >= beta,
				e.bound == boundUpper && v <= alpha:
				return v
			}
		}
	}
	moves := p.Moves(s.moves[ply][:0])
	s.moves[ply] = moves
	if len(moves) == 0 {
		return s.m.eval(p)
	}
	keys := s.order(ply, p, moves, ttMove)
	turn := p.Turn() & 1
	best, bestMove, alpha0 := -infScore, noMove, alpha
	for i := range moves {
		pick(moves, keys, i)
		m, quiet := moves[i], keys[i] < keyKiller
		s.t.play(ply, m)
		var v int
		if i == 0 {
			v = -s.search(ply+1, depth-1, -beta, -alpha)
		} else {
			r := 0
			if quiet && depth >= 3 && i >= 3 {
				r = 1
				if depth >= 6 && i >= 8 {
					r = 2
				}
			}
			v = -s.search(ply+1, depth-1-r, -alpha-1, -alpha)
			if v > alpha && r > 0 {
				v = -s.search(ply+1, depth-1, -alpha-1, -alpha)
			}
			if v > alpha && v < beta {
				v = -s.search(ply+1, depth-1, -beta, -alpha)
			}
		}
		if s.aborted {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				s.setPV(ply, m)
				if v >= beta {
					if quiet {
						if s.killers[ply][0] != m {
							s.killers[ply][1] = s.killers[ply][0]
							s.killers[ply][0] = m
						}
						h := &s.history[turn][hidx(m)]
						*h = min(*h+int32(depth*depth), keyKiller-2)
					}
					break
				}
			}
		}
	}
	bound := boundExact
	switch {
	case best >= beta:
		bound = boundLower
	case best <= alpha0:
		bound = boundUpper
	}
	s.tt.store(key, bestMove, best, depth, bound, ply)
	return best
}

// quiesce follows captures only, from a position that is not over, so that
// the evaluation is not taken in the middle of an exchange.
func (s *searcher) quiesce(ply, alpha, beta, qd int) int {
	p := s.t.at(ply)
	if s.tick() {
		return 0
	}
	stand := s.m.eval(p)
	if !s.m.hasNoisy() || ply >= maxPly-1 || qd >= maxQDepth || stand >= beta {
		return stand
	}
	alpha = max(alpha, stand)
	moves := p.Moves(s.moves[ply][:0])
	s.moves[ply] = moves
	best := stand
	for _, m := range moves {
		if !s.m.noisy(p, m) {
			continue
		}
		s.t.play(ply, m)
		c := s.t.at(ply + 1)
		var v int
		if r, over := s.m.outcome(c); over {
			v = -terminal(r, c.Turn(), ply+1)
		} else {
			v = -s.quiesce(ply+1, -beta, -alpha, qd+1)
		}
		if s.aborted {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// order gives every move its ordering key.
func (s *searcher) order(ply int, p rules.Position, moves []rules.Move, ttMove rules.Move) []int32 {
	keys := s.keys[ply][:0]
	turn := p.Turn() & 1
	noisy := s.m.hasNoisy()
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	for _, m := range moves {
		var k int32
		switch {
		case m == ttMove:
			k = keyTT
		case noisy && s.m.noisy(p, m):
			k = keyNoisy
		case m == k0:
			k = keyKiller + 1
		case m == k1:
			k = keyKiller
		default:
			k = s.history[turn][hidx(m)]
		}
		keys = append(keys, k)
	}
	s.keys[ply] = keys
	return keys
}

// pick moves the best-keyed move from i on to i (selection sort, one step
// at a time: most nodes cut after a few moves).
func pick(moves []rules.Move, keys []int32, i int) {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if keys[j] > keys[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	keys[i], keys[b] = keys[b], keys[i]
}

func hidx(m rules.Move) uint32 { return uint32(m) * 0x9E3779B1 >> (32 - 12) }

// setPV makes m followed by the child's PV the PV at ply.
func (s *searcher) setPV(ply int, m rules.Move) {
	s.pv[ply][0] = m
	n := 0
	if ply+1 < maxPly {
		n = s.pvLen[ply+1]
		copy(s.pv[ply][1:], s.pv[ply+1][:n])
	}
	s.pvLen[ply] = n + 1
}
