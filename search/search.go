package search

import (
	"math"
	"time"
)

// Stats sums up the moves one engine played in a game. A zero Depth,
// Nodes or NPS is unknown.
type Stats struct {
	Moves  int     `json:"moves"`
	Depth  float64 `json:"depth,omitempty"`   // mean over the moves that reported one
	MoveMS float64 `json:"move_ms,omitempty"` // mean thinking time per move
	Nodes  int64   `json:"nodes,omitempty"`   // over the game
	NPS    int64   `json:"nps,omitempty"`
}

// Tally sums up one engine's moves over a game into Stats: the
// referee adds what the engine reported before each move, import what the
// record's move comments say.
type Tally struct {
	moves        int
	elapsed      time.Duration
	depthSum     int64
	depthN       int
	nodes        int64
	nodesElapsed time.Duration // the time of the moves that reported nodes
	npsSum       int64
	npsN         int
}

// Add counts a move that took elapsed, after which the engine had reported
// depth, nodes and nps (0: not reported). The sums stop at the largest
// int64 rather than overflow: an engine may report any number of nodes,
// a record any number of moves.
func (t *Tally) Add(elapsed time.Duration, depth int, nodes, nps int64) {
	t.moves++
	elapsed = max(elapsed, 0)
	t.elapsed = time.Duration(addSat(int64(t.elapsed), int64(elapsed)))
	if depth > 0 {
		t.depthSum = addSat(t.depthSum, int64(depth))
		t.depthN++
	}
	if nodes > 0 {
		t.nodes = addSat(t.nodes, nodes)
		t.nodesElapsed = time.Duration(addSat(int64(t.nodesElapsed), int64(elapsed)))
	}
	if nps > 0 {
		t.npsSum = addSat(t.npsSum, nps)
		t.npsN++
	}
}

// addSat is a + b for b ≥ 0, or the largest int64 when that overflows.
func addSat(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// Stats returns the game's figures, or nil without moves. The nps is the
// mean of what the engine reported, else its nodes over its time.
func (t *Tally) Stats() *Stats {
	if t.moves == 0 {
		return nil
	}
	es := &Stats{Moves: t.moves, Nodes: t.nodes,
		MoveMS: float64(t.elapsed.Microseconds()) / 1000 / float64(t.moves)}
	if t.depthN > 0 {
		es.Depth = float64(t.depthSum) / float64(t.depthN)
	}
	switch {
	case t.npsN > 0:
		es.NPS = t.npsSum / int64(t.npsN)
	case t.nodes > 0 && t.nodesElapsed > 0:
		es.NPS = int64(float64(t.nodes) / t.nodesElapsed.Seconds())
	}
	return es
}
