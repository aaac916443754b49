package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

// The read side: what the reports and export ask of the games. Each
// query is written once for both backends; where the dialects differ
// (SQLite's total(), a condition used as a number), the store asks
// Postgres and writes the clause that backend needs.

// Filter selects games: those of a tournament, of a game type, of a
// player (or between two players). The zero Filter selects every game.
type Filter struct {
	Tournament int64  // 0: any
	Game       string // game id; "": any
	Player     string // "": any
	Opponent   string // with Player: the games between the two
}

// conds renders f as conditions, with whiteCol and blackCol naming the
// players' columns.
func (f Filter) conds(whiteCol, blackCol string) ([]string, []any) {
	conds, args := f.scope("tournament_id", "game")
	if f.Player != "" && f.Opponent != "" {
		conds = append(conds, "(("+whiteCol+" = ? AND "+blackCol+" = ?) OR ("+whiteCol+" = ? AND "+blackCol+" = ?))")
		args = append(args, f.Player, f.Opponent, f.Opponent, f.Player)
	} else if f.Player != "" {
		conds = append(conds, "("+whiteCol+" = ? OR "+blackCol+" = ?)")
		args = append(args, f.Player, f.Player)
	}
	return conds, args
}

// scope renders f's tournament and game type as conditions on the columns
// tournamentCol and gameCol.
func (f Filter) scope(tournamentCol, gameCol string) (conds []string, args []any) {
	if f.Tournament != 0 {
		conds = append(conds, tournamentCol+" = ?")
		args = append(args, f.Tournament)
	}
	if f.Game != "" {
		conds = append(conds, gameCol+" = ?")
		args = append(args, f.Game)
	}
	return conds, args
}

// where returns " WHERE " and the conditions joined by AND, or "" for
// none.
func where(conds ...string) string {
	if len(conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(conds, " AND ")
}

// total is SQLite's total(expr) (a float sum, 0 over no rows) on either
// backend.
func (db *DB) total(expr string) string {
	return db.dialect.total(expr)
}

// TournamentID returns the id of the tournament called name, or an error
// wrapping ErrNoTournament.
func (db *DB) TournamentID(ctx context.Context, name string) (int64, error) {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM tournaments WHERE name = ?`, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("tournament %q: %w", name, ErrNoTournament)
	}
	if err != nil {
		return 0, fmt.Errorf("look up tournament %q: %w", name, err)
	}
	return id, nil
}

// Tally is one row of the main aggregate of a report: the games of one
// tournament and game type between two players (by colour) with one
// result and termination.
type Tally struct {
	Game, White, Black     string
	Result                 rules.Result
	Termination            notation.Termination // as stored: any text, which the reports print as they find it
	Count                  int
	ScoreWhite, ScoreBlack float64 // summed over the games that score points
	Scored                 int     // games that score points
}

// Tallies counts the games of f by tournament, game type, players, result
// and termination (one indexed GROUP BY, games_report), passing each row to
// each as it is read (the same *Tally each time).
func (db *DB) Tallies(ctx context.Context, f Filter, each func(*Tally)) error {
	conds, args := f.conds("white", "black")
	query := `SELECT game, white, black, result, termination, count(*),
		` + db.total("score_white") + `, ` + db.total("score_black") + `, count(score_white)
		FROM games` + where(conds...) + `
		GROUP BY tournament_id, game, white, black, result, termination`
	var r Tally
	return db.queryEach(ctx, "count games", query, args, func(rows *sql.Rows) error {
		if err := rows.Scan(&r.Game, &r.White, &r.Black, resultColumn{&r.Result}, &r.Termination, &r.Count,
			&r.ScoreWhite, &r.ScoreBlack, &r.Scored); err != nil {
			return err
		}
		each(&r)
		return nil
	})
}

// PairCounts counts the whole colour-swapped pairs of games (two finished
// games between the same players, each with White once) of f in the game
// types games, by players (a < b) and the half-points a scored (0..4),
// from the game_pairs summary, and passes each count to each. With only,
// f selects the one game type games[0], and the game column is not read.
func (db *DB) PairCounts(ctx context.Context, f Filter, games []string, only bool, each func(game, a, b string, points, count int)) error {
	conds, wargs := f.conds("a", "b")
	// One count per game type, in one scan grouped in the order of the
	// index game_pairs_report (a, b, points, …): grouping by the game too
	// would sort every row into a temporary tree.
	var cols []string
	var args []any
	for _, id := range games {
		if only {
			cols = append(cols, "count(*)")
			break
		}
		cols = append(cols, db.dialect.countIf("game = ?"))
		args = append(args, id)
	}
	args = append(args, wargs...)
	query := `SELECT a, b, points, ` + strings.Join(cols, ", ") + ` FROM game_pairs` +
		where(append([]string{"games = 2", "a_white = 1", "same = 1"}, conds...)...) + `
		GROUP BY a, b, points`
	var a, b string
	var s float64
	counts := make([]float64, len(games))
	dest := []any{&a, &b, &s}
	for i := range counts {
		dest = append(dest, &counts[i])
	}
	return db.queryEach(ctx, "count game pairs", query, args, func(rows *sql.Rows) error {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		for i, n := range counts {
			if n > 0 {
				each(games[i], a, b, int(s), int(n))
			}
		}
		return nil
	})
}

// EngineTotals are one player's search statistics in one game type over
// the selected games, each game's means weighted by its moves.
type EngineTotals struct {
	Game, Name        string
	Moves             int64
	Depth, DepthMoves float64 // sum of depth×moves, and the moves of games with a depth
	MoveMS            float64 // sum of move_ms×moves
	TimedMoves        int64   // the moves of games with a move time
	NPS, NPSMoves     float64 // sum of nps×moves, and the moves of games with one
}

// EngineTotals sums up each player's search statistics (table
// game_engine_stats) in each game type over the games of f.
func (db *DB) EngineTotals(ctx context.Context, f Filter) ([]EngineTotals, error) {
	conds, args := f.conds("white", "black")
	side := func(c string) string {
		return `SELECT game, ` + c + ` AS name, ` + c + `_moves AS moves, ` + c + `_depth AS depth, ` + c + `_move_ms AS move_ms, ` +
			c + `_nps AS nps FROM game_engine_stats` + where(conds...)
	}
	query := `SELECT game, name, ` + db.total("moves") + `, ` + db.total("depth*moves") + `, ` +
		db.total("CASE WHEN depth IS NOT NULL THEN moves END") + `, ` +
		db.total("move_ms*moves") + `, ` + db.total("CASE WHEN move_ms IS NOT NULL THEN moves END") + `, ` +
		db.total("nps*moves") + `, ` + db.total("CASE WHEN nps IS NOT NULL THEN moves END") + `
		FROM (` + side("white") + ` UNION ALL ` + side("black") + `) AS sides GROUP BY game, name`
	var out []EngineTotals
	err := db.queryEach(ctx, "sum up engine statistics", query, append(args, args...), func(rows *sql.Rows) error {
		var r EngineTotals
		var moves, timed float64
		if err := rows.Scan(&r.Game, &r.Name, &moves, &r.Depth, &r.DepthMoves, &r.MoveMS, &timed, &r.NPS, &r.NPSMoves); err != nil {
			return err
		}
		r.Moves, r.TimedMoves = int64(moves), int64(timed)
		out = append(out, r)
		return nil
	})
	return out, err
}

// SolverTotals is what adjudication by the solver spent in one game type
// over the selected games that used it.
type SolverTotals struct {
	Game  string
	Games int64   // games played with the solver
	MS    float64 // the runner's time in its calls, in ms
	Nodes int64   // the positions it visited
}

// SolverTotals sums up the solver's figures (table game_engine_stats) in
// each game type over the games of f that have them, by game id; none
// when no game used the solver.
func (db *DB) SolverTotals(ctx context.Context, f Filter) ([]SolverTotals, error) {
	conds, args := f.conds("white", "black")
	query := `SELECT game, count(*), ` + db.total("solver_ms") + `, ` + db.total("solver_nodes") + `
		FROM game_engine_stats` + where(append(conds, "solver_ms IS NOT NULL")...) + ` GROUP BY game ORDER BY game`
	var out []SolverTotals
	err := db.queryEach(ctx, "sum up the solver's figures", query, args, func(rows *sql.Rows) error {
		var r SolverTotals
		var nodes float64
		if err := rows.Scan(&r.Game, &r.Games, &r.MS, &nodes); err != nil {
			return err
		}
		r.Nodes = int64(nodes)
		out = append(out, r)
		return nil
	})
	return out, err
}

// SPRTMatch is a stored SPRT match, as a report reads it.
type SPRTMatch struct {
	TournamentID     int64
	Tournament       string
	Player, Opponent string
	Elo0, Elo1       float64
	Alpha, Beta      float64
	Model            string
	Pentanomial      bool
	Verdict          string // "" while running
	DecidedAfter     int    // 0: not decided
	// DecidedLLR is the LLR that reached the bound, and DecidedAt when
	// (RFC 3339); not valid / "" before, and in a database of a version
	// before 7.
	DecidedLLR sql.NullFloat64
	DecidedAt  string
}

// SPRTMatches returns the SPRT matches (tournaments with an sprt row) in
// the selection f: of its tournament and game type, with its player (and
// opponent) among their two; by tournament name.
func (db *DB) SPRTMatches(ctx context.Context, f Filter) ([]SPRTMatch, error) {
	conds, args := f.scope("t.id", "t.game")
	for _, p := range []string{f.Player, f.Opponent} {
		if p != "" {
			conds = append(conds, "(s.player = ? OR s.opponent = ?)")
			args = append(args, p, p)
		}
	}
	query := `SELECT t.id, t.name, s.player, s.opponent, s.elo0, s.elo1, s.alpha, s.beta, s.model,
		s.pentanomial, s.verdict, s.decided_after, s.decided_llr, s.decided_at
		FROM sprt s JOIN tournaments t ON t.id = s.tournament_id` +
		where(conds...) + ` ORDER BY t.name`
	var out []SPRTMatch
	err := db.queryEach(ctx, "read sprt matches", query, args, func(rows *sql.Rows) error {
		var m SPRTMatch
		var penta int
		var decided sql.NullInt64
		var at sql.NullString
		if err := rows.Scan(&m.TournamentID, &m.Tournament, &m.Player, &m.Opponent, &m.Elo0, &m.Elo1,
			&m.Alpha, &m.Beta, &m.Model, &penta, &m.Verdict, &decided, &m.DecidedLLR, &at); err != nil {
			return err
		}
		m.Pentanomial, m.DecidedAfter, m.DecidedAt = penta != 0, int(decided.Int64), at.String
		out = append(out, m)
		return nil
	})
	return out, err
}

// ResultCount is the number of games of a tournament with one White and
// one result.
type ResultCount struct {
	White  string
	Result rules.Result
	Count  int
}

// ResultCounts counts the games of tournament tid by White and result.
func (db *DB) ResultCounts(ctx context.Context, tid int64) ([]ResultCount, error) {
	return queryRows(ctx, db, "count sprt games", `SELECT white, result, count(*) FROM games
		WHERE tournament_id = ? GROUP BY white, result`, []any{tid}, func(c *ResultCount) []any {
		return []any{&c.White, resultColumn{&c.Result}, &c.Count}
	})
}

// PointsCount is the number of whole pairs of a tournament in which player
// A (the first by name) scored Points half-points (0..4).
type PointsCount struct {
	A             string
	Points, Count int
}

// PairPoints counts the whole colour-swapped pairs of tournament tid by
// their first player and the half-points it scored.
func (db *DB) PairPoints(ctx context.Context, tid int64) ([]PointsCount, error) {
	return queryRows(ctx, db, "count sprt pairs", `SELECT a, points, count(*) FROM game_pairs
		WHERE tournament_id = ? AND games = 2 AND a_white = 1 AND same = 1 GROUP BY a, points`,
		[]any{tid}, func(c *PointsCount) []any {
			return []any{&c.A, &c.Points, &c.Count}
		})
}

// SPRTTrajectory returns the stored LLR trajectory of tournament tid, by
// games.
func (db *DB) SPRTTrajectory(ctx context.Context, tid int64) ([]SPRTPoint, error) {
	return queryRows(ctx, db, "read sprt trajectory", `SELECT games, llr FROM sprt_llr
		WHERE tournament_id = ? ORDER BY games`, []any{tid}, func(p *SPRTPoint) []any {
		return []any{&p.Games, &p.LLR}
	})
}

// PairedResult is a finished game as an SPRT over stored games needs it.
type PairedResult struct {
	TournamentID int64 // 0: imported
	Pair         int   // -1: none
	White        string
	Result       rules.Result
}

// FinishedGames returns the finished games (result not "*") of f in the
// order they were stored: tournament games by tournament, then slot;
// imported games after them, by id.
func (db *DB) FinishedGames(ctx context.Context, f Filter) ([]PairedResult, error) {
	conds, args := f.conds("white", "black")
	var out []PairedResult
	err := db.queryEach(ctx, "read games for sprt", `SELECT tournament_id, pair, white, result FROM games`+
		where(append([]string{"result != '*'"}, conds...)...)+`
		ORDER BY tournament_id IS NOT NULL, tournament_id, coalesce(slot, id), id`, args,
		func(rows *sql.Rows) error {
			var g PairedResult
			var tid, pair sql.NullInt64
			if err := rows.Scan(&tid, &pair, &g.White, resultColumn{&g.Result}); err != nil {
				return err
			}
			g.TournamentID, g.Pair = tid.Int64, -1
			if pair.Valid {
				g.Pair = int(pair.Int64)
			}
			out = append(out, g)
			return nil
		})
	return out, err
}

// Records passes the record of every game of f to each, by id.
func (db *DB) Records(ctx context.Context, f Filter, each func(record string) error) error {
	conds, args := f.conds("white", "black")
	var rec string
	return db.queryEach(ctx, "read records", `SELECT record FROM games`+where(conds...)+` ORDER BY id`, args,
		func(rows *sql.Rows) error {
			if err := rows.Scan(&rec); err != nil {
				return err
			}
			return each(rec)
		})
}

// FirstControlName returns the first game of f (by id) whose White or
// Black holds a control character; found is false when there is none.
func (db *DB) FirstControlName(ctx context.Context, f Filter) (id int64, white, black string, found bool, err error) {
	conds, args := f.conds("white", "black")
	match, pattern := db.dialect.matchOp, db.dialect.controlPattern
	conds = append(conds, "(white "+match+" ? OR black "+match+" ?)")
	args = append(args, pattern, pattern)
	err = db.QueryRowContext(ctx, `SELECT id, white, black FROM games`+where(conds...)+` ORDER BY id LIMIT 1`, args...).
		Scan(&id, &white, &black)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", "", false, nil
	}
	if err != nil {
		return 0, "", "", false, fmt.Errorf("look for control characters in names: %w", db.damaged(err))
	}
	return id, white, black, true, nil
}

// queryEach runs query and calls scan on each row; every error is wrapped
// in what the query does (ErrDamaged for malformed pages).
func (db *DB) queryEach(ctx context.Context, what, query string, args []any, scan func(*sql.Rows) error) error {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("%s: %w", what, db.damaged(err))
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return fmt.Errorf("%s: %w", what, db.damaged(err))
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: %w", what, db.damaged(err))
	}
	return nil
}

// queryRows runs query with args (see queryEach) and returns its rows, a
// T each, scanned into the fields of the T that dest lists.
func queryRows[T any](ctx context.Context, db *DB, what, query string, args []any, dest func(*T) []any) ([]T, error) {
	var out []T
	err := db.queryEach(ctx, what, query, args, func(rows *sql.Rows) error {
		var v T
		if err := rows.Scan(dest(&v)...); err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	return out, err
}
