package stats

import (
	"context"
	"database/sql"
)

// The engines' search statistics: what each engine's info lines said over
// the tournament games it played (table game_engine_stats; imported games
// have none). See docs/reports.md.

// engineRow is one player's statistics over the selected games.
type engineRow struct {
	game, name        string
	moves             int64
	depth, depthMoves float64 // total(depth*moves), the moves of games with a depth
	moveMS            float64 // total(move_ms*moves)
	nps, npsMoves     float64
	timedMoves        int64
}

// queryEngineStats sums up each player's search statistics in each game
// type over the games of w, each game's means weighted by its moves.
func queryEngineStats(ctx context.Context, db Querier, w where) ([]engineRow, error) {
	cond, args := w.sql("white", "black")
	side := func(c string) string {
		return `SELECT game, ` + c + ` AS name, ` + c + `_moves AS moves, ` + c + `_depth AS depth, ` + c + `_move_ms AS move_ms, ` +
			c + `_nps AS nps FROM game_engine_stats WHERE 1` + cond
	}
	query := `SELECT game, name, total(moves), total(depth*moves), total(CASE WHEN depth IS NOT NULL THEN moves END),
		total(move_ms*moves), total(CASE WHEN move_ms IS NOT NULL THEN moves END),
		total(nps*moves), total(CASE WHEN nps IS NOT NULL THEN moves END)
		FROM (` + side("white") + ` UNION ALL ` + side("black") + `) GROUP BY game, name`
	return queryAll(ctx, db, "sum up engine statistics", query, append(args, args...), func(rows *sql.Rows) (r engineRow, err error) {
		var moves, timed float64
		err = rows.Scan(&r.game, &r.name, &moves, &r.depth, &r.depthMoves, &r.moveMS, &timed, &r.nps, &r.npsMoves)
		r.moves, r.timedMoves = int64(moves), int64(timed)
		return r, err
	})
}

// addEngineStats sets the players' search statistics from rows, each in
// its game type.
func (r *Report) addEngineStats(rows []engineRow) {
	type key struct{ game, name string }
	by := make(map[key]*Player, len(r.Players))
	for _, p := range r.Players {
		by[key{p.Game, p.Name}] = p
	}
	for _, e := range rows {
		p := by[key{e.game, e.name}]
		if p == nil {
			continue
		}
		if e.depthMoves > 0 {
			p.AvgDepth = num(e.depth/e.depthMoves, 1)
		}
		if e.timedMoves > 0 {
			p.AvgMoveMS = num(e.moveMS/float64(e.timedMoves), 1)
		}
		if e.npsMoves > 0 {
			p.AvgNPS = num(e.nps/e.npsMoves, 0)
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
