package stats

import (
	"fmt"
	"strconv"

	"github.com/arbiter-games/arbiter/store"
)

// The engines' search statistics: what each engine's info lines said over
// the tournament games it played (table game_engine_stats; imported games
// have none). See docs/reports.md.

// addEngineStats sets the players' search statistics from rows, each in
// its game type.
func (r *Report) addEngineStats(rows []store.EngineTotals) {
	type key struct{ game, name string }
	by := make(map[key]*Player, len(r.Players))
	for _, p := range r.Players {
		by[key{p.Game, p.Name}] = p
	}
	for _, e := range rows {
		p := by[key{e.Game, e.Name}]
		if p == nil {
			continue
		}
		if e.DepthMoves > 0 {
			p.AvgDepth = num(e.Depth/e.DepthMoves, 1)
		}
		if e.TimedMoves > 0 {
			p.AvgMoveMS = num(e.MoveMS/float64(e.TimedMoves), 1)
		}
		if e.NPSMoves > 0 {
			p.AvgNPS = num(e.NPS/e.NPSMoves, 0)
		}
	}
}

// hasEngineStats reports whether some player of the section has search
// statistics: the text, Markdown and HTML standings show their columns only
// then.
func (s *Section) hasEngineStats() bool {
	for _, p := range s.Players {
		if p.AvgDepth != nil || p.AvgMoveMS != nil || p.AvgNPS != nil {
			return true
		}
	}
	return false
}

// engineCells returns p's search statistics cells: mean depth, mean time
// per move in ms, mean nodes per second (missing where unknown).
func (p *Player) engineCells(missing string) []string {
	return []string{fmtOpt(p.AvgDepth, 1, missing), fmtOpt(p.AvgMoveMS, 1, missing), fmtOpt(p.AvgNPS, 0, missing)}
}

// SolverStats is what adjudication by the solver spent in the selected
// games of a game type: the runner's own time, beside the engines'.
type SolverStats struct {
	Games  int     `json:"games"`   // games played with the solver
	TimeMS float64 `json:"time_ms"` // the time of its calls, in milliseconds
	Nodes  int64   `json:"nodes"`   // the positions it visited
}

// addSolverStats sets each game type's solver figures from rows.
func (r *Report) addSolverStats(rows []store.SolverTotals) {
	for _, t := range rows {
		if gs := r.Games[t.Game]; gs != nil {
			gs.Solver = &SolverStats{Games: int(t.Games), TimeMS: round(t.MS, 1), Nodes: t.Nodes}
		}
	}
}

// SolverLine says what the solver spent in the game type, for the text,
// Markdown and HTML reports (after the standings); "" when no game used
// it:
//
//	Solver (adjudication, the runner's time): 12 games, 3.52 s, 1234567 nodes
func (gs *GameStats) SolverLine() string {
	s := gs.Solver
	if s == nil {
		return ""
	}
	return fmt.Sprintf("Solver (adjudication, the runner's time): %s, %s s, %s nodes",
		nGames(s.Games), strconv.FormatFloat(s.TimeMS/1000, 'f', 2, 64), strconv.FormatInt(s.Nodes, 10))
}
