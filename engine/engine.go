package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"time"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/ugi"
)

// Level is how a built-in player chooses its moves.
type Level uint8

// The three levels, weakest first.
const (
	Random Level = iota // a uniformly random legal move
	Greedy              // the best move one ply deep by the evaluation
	Search              // iterative-deepening alpha-beta search
)

// String returns "random", "greedy" or "search".
func (l Level) String() string {
	switch l {
	case Random:
		return "random"
	case Greedy:
		return "greedy"
	case Search:
		return "search"
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// ParseLevel reads a level name in any letter case.
func ParseLevel(s string) (Level, error) {
	for _, l := range []Level{Random, Greedy, Search} {
		if strings.EqualFold(strings.TrimSpace(s), l.String()) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("unknown level %q (known: random, greedy, search)", s)
}

// Options configure a Player.
type Options struct {
	Level Level
	// Seed seeds the random choices (Random's moves, Greedy's ties): the
	// same seed and the same requests give the same moves.
	Seed int64
	// HashMB is the size of the transposition table in MiB (Search only);
	// 0 means DefaultHashMB.
	HashMB int
}

// DefaultHashMB is the transposition table size when Options.HashMB is 0.
const DefaultHashMB = 16

// clock reports whether l sets a clock.
func clock(l ugi.Limits) bool { return l.Time[0] > 0 || l.Time[1] > 0 }

// unbounded reports whether l sets no limit at all.
func unbounded(l ugi.Limits) bool {
	return l.Infinite || (l.Depth <= 0 && l.Nodes <= 0 && l.MoveTime <= 0 && !clock(l))
}

// Info reports one finished iteration of the search.
type Info struct {
	Depth int
	// Eval is from the side to move's view: centi-units of the game's
	// evaluation, or the moves to a forced end when the search found one.
	Eval  ugi.Eval
	Nodes int64
	Time  time.Duration
	PV    []rules.Move
}

// Result is what Think decided.
type Result struct {
	// Move is the move to play; OK is false when the position has no legal
	// move (the game is over).
	Move rules.Move
	OK   bool
	Info Info
}

// Player is arbiter's built-in player for one game. It is not safe for
// concurrent use; run one Think at a time (a Stop flag may be set from
// another goroutine).
type Player struct {
	game  rules.Game
	opts  Options
	rng   *rand.Rand
	model model
	tt    *table
	// stale: a weight changed since the table was filled; it is cleared
	// before the next search (a tuner sets several weights before each
	// game, and uginewgame clears it too: one clear does for all).
	stale bool
	s     *searcher
	tree  tree         // Greedy's positions
	buf   []rules.Move // the root's moves
}

// New returns a player for g.
func New(g rules.Game, o Options) *Player {
	e := &Player{game: g, opts: o, model: modelFor(g)}
	e.rng = rand.New(rand.NewPCG(uint64(o.Seed), 0x9e3779b97f4a7c15))
	return e
}

// SetLevel changes the level.
func (e *Player) SetLevel(l Level) { e.opts.Level = l }

// SetSeed reseeds the random choices.
func (e *Player) SetSeed(seed int64) {
	e.opts.Seed = seed
	e.rng = rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
}

// SetHash resizes the transposition table (in MiB); the new table is
// allocated by the next Prepare or search.
func (e *Player) SetHash(mb int) {
	e.opts.HashMB = mb
	e.tt = nil
}

// NewGame forgets what was learnt in earlier games (the transposition
// table and the move-ordering history), so that a search after NewGame
// depends only on its position and limits. The random choices go on from
// where they are, so that a series of games from one seed is reproducible
// but not a series of equal games.
func (e *Player) NewGame() {
	if e.tt != nil {
		e.tt.clear()
		e.stale = false
	}
	if e.s != nil {
		e.s.history = [2][histSize]int32{}
	}
}

// Think chooses a move for pos within lim. history holds the positions of
// the game before pos, oldest first, for telling repetitions (it may be
// nil). stop, when not nil, ends the search as soon as it is set; info, when
// not nil, is called after every finished iteration. pos is not changed.
func (e *Player) Think(pos rules.Position, history []rules.Position, lim ugi.Limits, stop *atomic.Bool, info func(Info)) Result {
	start := time.Now()
	if e.stale && e.tt != nil {
		e.tt.clear()
	}
	e.stale = false
	moves := pos.Moves(e.buf[:0])
	e.buf = moves
	if len(moves) == 0 {
		return Result{}
	}
	prepare(e.model, pos)
	switch e.opts.Level {
	case Random:
		return Result{Move: moves[e.rng.IntN(len(moves))], OK: true, Info: Info{Time: time.Since(start)}}
	case Greedy:
		return e.greedy(pos, moves, start)
	}
	e.Prepare()
	return e.s.run(pos, history, moves, lim, stop, info, start)
}

// Prepare allocates the search's tables (the transposition table is Hash
// MiB) if they are not yet, so that the first search does not pay for it.
// Think calls it; Run calls it at the start and on `isready`.
func (e *Player) Prepare() {
	if e.opts.Level != Search {
		return
	}
	if e.tt == nil {
		mb := e.opts.HashMB
		if mb <= 0 {
			mb = DefaultHashMB
		}
		e.tt = newTable(mb)
	}
	if e.s == nil {
		e.s = newSearcher(e.game, e.model, e.tt)
	}
	e.s.tt = e.tt
}

// greedy plays the move with the best evaluation one ply deep; ties are
// broken at random.
func (e *Player) greedy(pos rules.Position, moves []rules.Move, start time.Time) Result {
	best, n := 0, 0
	var pick rules.Move
	if e.tree == nil {
		e.tree = e.model.newTree(pos)
	}
	e.tree.setRoot(pos)
	for _, m := range moves {
		e.tree.play(0, m)
		v := -value(e.model, e.tree.at(1), 1)
		switch {
		case n == 0 || v > best:
			best, pick, n = v, m, 1
		case v == best:
			n++
			if e.rng.IntN(n) == 0 {
				pick = m
			}
		}
	}
	info := Info{Depth: 1, Nodes: int64(len(moves)), Time: time.Since(start), PV: []rules.Move{pick}}
	info.Eval = evalOf(best)
	return Result{Move: pick, OK: n > 0, Info: info}
}
