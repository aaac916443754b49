package stats

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// Query selects the games a report covers and how ratings are anchored. The
// zero Query covers the whole database.
type Query struct {
	Tournament string // tournament name; "" for all games
	Game       string // game id or name; "" for all games
	Player     string // only games this player took part in; "" for all
	// Opponent, with Player, selects the games between the two only.
	Opponent string
	// SPRT, when set, adds to the report's SPRT section the test of Player
	// against Opponent over the selected games (both must be set).
	SPRT *SPRT
	// Anchor names the player whose rating is fixed at AnchorElo; "" anchors
	// the average rating at 0.
	Anchor    string
	AnchorElo float64
}

// Report is everything arbiter report prints. Percentages are 0..100 and
// rounded to 2 decimals, Elo figures to 1 decimal, so that every format
// prints the same numbers.
type Report struct {
	Selection    Selection             `json:"selection"`
	Total        int                   `json:"total"`      // games selected, finished or not
	Finished     int                   `json:"finished"`   // games with a result
	Unfinished   int                   `json:"unfinished"` // games recorded as "*"
	Games        map[string]*GameStats `json:"games"`      // by game id
	Players      []*Player             `json:"players"`    // in standings order
	Ratings      Ratings               `json:"ratings"`
	Pairs        []*Pair               `json:"pairs"`
	Crosstable   []*CrossRow           `json:"crosstable"`
	Terminations map[string]int        `json:"terminations"` // kind → games
	// SPRT holds the stored SPRT matches of the selection, then the
	// Query's SPRT; absent when there are none.
	SPRT []*SPRTResult `json:"sprt,omitempty"`
}

// Selection echoes the query a report answers.
type Selection struct {
	Tournament string `json:"tournament,omitempty"`
	Game       string `json:"game,omitempty"`
	Player     string `json:"player,omitempty"`
	Opponent   string `json:"opponent,omitempty"`
}

// GameStats is the first-move statistics of one game type, as BrainKing
// prints them, over its finished games.
type GameStats struct {
	ID         string  `json:"id"`
	Name       string  `json:"name"`
	Total      int     `json:"total"`
	Finished   int     `json:"finished"`
	Unfinished int     `json:"unfinished"`
	WhiteWins  int     `json:"white_wins"`
	BlackWins  int     `json:"black_wins"`
	Draws      int     `json:"draws"`
	WhitePct   float64 `json:"white_pct"`
	BlackPct   float64 `json:"black_pct"`
	DrawPct    float64 `json:"draw_pct"`
	// WhiteScorePct is White's share of the points, with its 95 % interval
	// (normal approximation of the trinomial distribution).
	WhiteScorePct  float64 `json:"white_score_pct"`
	WhiteScoreLow  float64 `json:"white_score_low"`
	WhiteScoreHigh float64 `json:"white_score_high"`
	// Advantage is "white" or "black" when the interval excludes 50 %, else "".
	Advantage string `json:"advantage"`
}

// Player is one line of the standings.
type Player struct {
	Rank          int      `json:"rank"`
	Name          string   `json:"name"`
	Games         int      `json:"games"` // finished games
	Wins          int      `json:"wins"`
	Draws         int      `json:"draws"`
	Losses        int      `json:"losses"`
	Points        float64  `json:"points"`
	ScorePct      float64  `json:"score_pct"`
	WhiteGames    int      `json:"white_games"`
	WhitePoints   float64  `json:"white_points"`
	WhiteScorePct *float64 `json:"white_score_pct"` // null without games as White
	BlackGames    int      `json:"black_games"`
	BlackPoints   float64  `json:"black_points"`
	BlackScorePct *float64 `json:"black_score_pct"` // null without games as Black
	Unfinished    int      `json:"unfinished"`
	// PointGames counts the finished games that score points (Tank Battle,
	// Knight Fight); AvgPoints is the player's average score in them.
	PointGames int      `json:"point_games"`
	AvgPoints  *float64 `json:"avg_points"`
	// Elo is the maximum likelihood rating, EloError the half-width of its
	// 95 % interval; null when undefined (no finished games).
	Elo          *float64                 `json:"elo"`
	EloError     *float64                 `json:"elo_error"`
	Terminations map[string]*Terminations `json:"terminations"` // kind → games
	// AvgDepth, AvgMoveMS and AvgNPS sum up what the engine's search
	// reported in the tournament games it played: mean depth, mean time per
	// move in milliseconds, mean nodes per second (each game's figure
	// weighted by its moves); null when unknown (imported games).
	AvgDepth  *float64 `json:"avg_depth"`
	AvgMoveMS *float64 `json:"avg_move_ms"`
	AvgNPS    *float64 `json:"avg_nps"`
}

// Terminations counts a player's games that ended one way.
type Terminations struct {
	Games      int `json:"games"`
	Wins       int `json:"wins"`
	Draws      int `json:"draws"`
	Losses     int `json:"losses"`
	Unfinished int `json:"unfinished"`
}

// Ratings describes how the ratings were fitted.
type Ratings struct {
	Method      string  `json:"method"`
	Anchor      string  `json:"anchor"` // "" when the average is anchored
	AnchorElo   float64 `json:"anchor_elo"`
	Regularized bool    `json:"regularized"` // virtual draws were added
}

// Pair is the head-to-head result of two players, from A's side; A ranks
// above B.
type Pair struct {
	A         string   `json:"a"`
	B         string   `json:"b"`
	Games     int      `json:"games"`
	Wins      int      `json:"wins"`
	Losses    int      `json:"losses"`
	Draws     int      `json:"draws"`
	Score     float64  `json:"score"` // 0..1, 3 decimals
	EloDiff   *float64 `json:"elo_diff"`
	EloError  *float64 `json:"elo_error"`
	LOS       *float64 `json:"los"`
	DrawRatio float64  `json:"draw_ratio"`
	// Pentanomial counts A's pair scores over colour-swapped pairs of games
	// on the same start: [LL, LD, WL+DD, WD, WW] (0, ½, 1, 1½, 2 points);
	// null when the games came in no such pairs.
	Pentanomial *[5]int `json:"pentanomial"`
	// AsWhite and AsBlack split A's results by A's colour.
	AsWhite Match `json:"as_white"`
	AsBlack Match `json:"as_black"`
}

// Match returns the pair's wins, losses and draws.
func (p *Pair) Match() Match { return Match{Wins: p.Wins, Losses: p.Losses, Draws: p.Draws} }

// CrossRow is one row of the crosstable: a player's results against each
// opponent met, in standings order.
type CrossRow struct {
	Player  string       `json:"player"`
	Results []*CrossCell `json:"results"`
}

// CrossCell is a player's points against one opponent.
type CrossCell struct {
	Opponent string  `json:"opponent"`
	Games    int     `json:"games"`
	Points   float64 `json:"points"`
}

// ErrNoTournament is returned for a tournament name the database lacks.
var ErrNoTournament = errors.New("no such tournament")

// Querier is what Compute reads from: a *sql.DB (or store.DB).
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// aggRow is one row of the main aggregate.
type aggRow struct {
	game, white, black, result, termination string
	count                                   int
	scoreWhite, scoreBlack                  float64
	scored                                  int
}

// pentaRow is one row of the pair aggregate: pairs of games between a (as
// White in one, Black in the other) and b in which a scored s half-points.
type pentaRow struct {
	a, b  string
	s     int
	count int
}

// Compute runs the report queries for q and assembles the report.
func Compute(ctx context.Context, db Querier, q Query) (*Report, error) {
	w, sel, err := filter(ctx, db, q)
	if err != nil {
		return nil, err
	}
	// The two aggregates scan different indexes; run them side by side.
	type pentaResult struct {
		rows []pentaRow
		err  error
	}
	ch := make(chan pentaResult, 1)
	go func() {
		rows, err := queryPairs(ctx, db, w)
		ch <- pentaResult{rows, err}
	}()
	agg, err := queryAggregate(ctx, db, w)
	pr := <-ch
	if err != nil {
		return nil, err
	}
	if pr.err != nil {
		return nil, pr.err
	}
	r, err := assemble(sel, q, agg, pr.rows)
	if err != nil {
		return nil, err
	}
	es, err := queryEngineStats(ctx, db, w)
	if err != nil {
		return nil, err
	}
	r.addEngineStats(es)
	if r.SPRT, err = storedSPRT(ctx, db, w); err != nil {
		return nil, err
	}
	if q.SPRT != nil {
		if q.Player == "" || q.Opponent == "" {
			return nil, errors.New("an SPRT needs the two players")
		}
		s, err := adhocSPRT(ctx, db, w, *q.SPRT)
		if err != nil {
			return nil, err
		}
		r.SPRT = append(r.SPRT, s)
	}
	return r, nil
}

// where is a resolved query.
type where struct {
	tournament int64 // 0: any
	game       string
	player     string
	opponent   string // with player: the games between the two
}

// sql renders w as " AND ..." conditions, with whiteCol and blackCol naming
// the players' columns.
func (w where) sql(whiteCol, blackCol string) (string, []any) {
	var conds []string
	var args []any
	if w.tournament != 0 {
		conds = append(conds, "tournament_id = ?")
		args = append(args, w.tournament)
	}
	if w.game != "" {
		conds = append(conds, "game = ?")
		args = append(args, w.game)
	}
	if w.player != "" && w.opponent != "" {
		conds = append(conds, "(("+whiteCol+" = ? AND "+blackCol+" = ?) OR ("+whiteCol+" = ? AND "+blackCol+" = ?))")
		args = append(args, w.player, w.opponent, w.opponent, w.player)
	} else if w.player != "" {
		conds = append(conds, "("+whiteCol+" = ? OR "+blackCol+" = ?)")
		args = append(args, w.player, w.player)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " AND " + strings.Join(conds, " AND "), args
}

// filter resolves q.
func filter(ctx context.Context, db Querier, q Query) (where, Selection, error) {
	w := where{player: q.Player}
	sel := Selection{Tournament: q.Tournament, Player: q.Player}
	if q.Player != "" {
		w.opponent, sel.Opponent = q.Opponent, q.Opponent
	}
	if q.Tournament != "" {
		err := db.QueryRowContext(ctx, `SELECT id FROM tournaments WHERE name = ?`, q.Tournament).Scan(&w.tournament)
		if errors.Is(err, sql.ErrNoRows) {
			return w, sel, fmt.Errorf("tournament %q: %w", q.Tournament, ErrNoTournament)
		}
		if err != nil {
			return w, sel, fmt.Errorf("look up tournament %q: %w", q.Tournament, err)
		}
	}
	if q.Game != "" {
		w.game = q.Game
		if g, err := games.Lookup(q.Game); err == nil {
			w.game = g.ID()
		}
		sel.Game = w.game
	}
	return w, sel, nil
}

// Where gives the selection of q (its tournament, game and player; not
// its anchor) as conditions on the games table, " AND ..." to follow a
// WHERE clause (empty for all games), with their arguments: the games the
// report of q counts. A tournament the database lacks is ErrNoTournament.
func Where(ctx context.Context, db Querier, q Query) (string, []any, error) {
	w, _, err := filter(ctx, db, q)
	if err != nil {
		return "", nil, err
	}
	cond, args := w.sql("white", "black")
	return cond, args, nil
}

func queryAggregate(ctx context.Context, db Querier, w where) ([]aggRow, error) {
	where, args := w.sql("white", "black")
	query := `SELECT game, white, black, result, termination, count(*),
		total(score_white), total(score_black), count(score_white)
		FROM games WHERE 1` + where + `
		GROUP BY tournament_id, game, white, black, result, termination`
	return queryAll(ctx, db, "count games", query, args, func(rows *sql.Rows) (r aggRow, err error) {
		err = rows.Scan(&r.game, &r.white, &r.black, &r.result, &r.termination, &r.count,
			&r.scoreWhite, &r.scoreBlack, &r.scored)
		return r, err
	})
}

// queryPairs counts the whole colour-swapped pairs of games (two finished
// games between the same players, each with White once) by players and the
// half-points the first scored, from the game_pairs summary that the
// database keeps.
func queryPairs(ctx context.Context, db Querier, w where) ([]pentaRow, error) {
	where, args := w.sql("a", "b")
	query := `SELECT a, b, points, count(*) FROM game_pairs
		WHERE games = 2 AND a_white = 1 AND same` + where + `
		GROUP BY a, b, points`
	return queryAll(ctx, db, "count game pairs", query, args, func(rows *sql.Rows) (r pentaRow, err error) {
		var s float64
		err = rows.Scan(&r.a, &r.b, &s, &r.count)
		r.s = int(s)
		return r, err
	})
}

// queryAll runs query and returns its rows as scan reads them; every error
// is wrapped in what the query does.
func queryAll[T any](ctx context.Context, db Querier, what, query string, args []any, scan func(*sql.Rows) (T, error)) ([]T, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// whiteMatch returns count games of a result from White's side; ok is
// false for a game without a result ("*" or anything unknown).
func whiteMatch(result string, count int) (m Match, ok bool) {
	res, _ := rules.ParseResult(result)
	switch res {
	case rules.WhiteWins:
		m.Wins = count
	case rules.BlackWins:
		m.Losses = count
	case rules.Draw:
		m.Draws = count
	default:
		return m, false
	}
	return m, true
}

type pairKey struct{ a, b string } // a < b

// h2h is the results of a pair of players from the side of the first of
// their pairKey: the games it played as White and as Black.
type h2h struct{ aWhite, aBlack Match }

// all returns all the games of the pair.
func (h *h2h) all() Match { return h.aWhite.plus(h.aBlack) }

type cross struct {
	games  int
	points float64
}

// count adds m's games to p's wins, draws and losses.
func (p *Player) count(m Match) {
	p.Wins += m.Wins
	p.Draws += m.Draws
	p.Losses += m.Losses
}

// count adds m's games to t's wins, draws and losses.
func (t *Terminations) count(m Match) {
	t.Wins += m.Wins
	t.Draws += m.Draws
	t.Losses += m.Losses
}

func assemble(sel Selection, q Query, agg []aggRow, penta []pentaRow) (*Report, error) {
	r := &Report{
		Selection:    sel,
		Games:        map[string]*GameStats{},
		Terminations: map[string]int{},
		Ratings: Ratings{
			Method: "maximum likelihood, logistic (Bradley-Terry) model, draws as half; " +
				"95 % intervals from the inverse Fisher information",
			Anchor: q.Anchor, AnchorElo: q.AnchorElo,
		},
	}
	players := map[string]*Player{}
	player := func(name string) *Player {
		p := players[name]
		if p == nil {
			p = &Player{Name: name, Terminations: map[string]*Terminations{}}
			players[name] = p
		}
		return p
	}
	matches := map[pairKey]*h2h{}
	self := map[string]*cross{} // a player's games against itself, both sides
	scored := map[string]float64{}
	for _, row := range agg {
		c := row.count
		r.Total += c
		r.Terminations[row.termination] += c
		gs := r.Games[row.game]
		if gs == nil {
			gs = &GameStats{ID: row.game, Name: gameName(row.game)}
			r.Games[row.game] = gs
		}
		gs.Total += c
		w, b := player(row.white), player(row.black)
		tw, tb := terms(w, row.termination), terms(b, row.termination)
		tw.Games += c
		tb.Games += c
		white, ok := whiteMatch(row.result, c)
		if !ok {
			r.Unfinished += c
			gs.Unfinished += c
			w.Unfinished += c
			b.Unfinished += c
			tw.Unfinished += c
			tb.Unfinished += c
			continue
		}
		black := white.reversed()
		r.Finished += c
		gs.Finished += c
		gs.WhiteWins += white.Wins
		gs.BlackWins += white.Losses
		gs.Draws += white.Draws
		w.count(white)
		tw.count(white)
		b.count(black)
		tb.count(black)
		w.Games += c
		b.Games += c
		w.WhiteGames += c
		b.BlackGames += c
		w.WhitePoints += white.points()
		b.BlackPoints += black.points()
		w.PointGames += row.scored
		b.PointGames += row.scored
		scored[row.white] += row.scoreWhite
		scored[row.black] += row.scoreBlack
		if row.white == row.black {
			// Self-play says nothing about ratings; the crosstable counts
			// it on both sides, as the standings do.
			x := self[row.white]
			if x == nil {
				x = &cross{}
				self[row.white] = x
			}
			x.games += 2 * c
			x.points += white.points() + black.points()
			continue
		}
		k, flip := key(row.white, row.black)
		h := matches[k]
		if h == nil {
			h = &h2h{}
			matches[k] = h
		}
		if flip { // k.a played Black
			h.aBlack = h.aBlack.plus(black)
		} else {
			h.aWhite = h.aWhite.plus(white)
		}
	}
	for _, gs := range r.Games {
		gs.fill()
	}

	// Ratings over everyone with finished games.
	names := make([]string, 0, len(players))
	for name := range players {
		names = append(names, name)
	}
	slices.Sort(names)
	index := map[string]int{}
	for i, name := range names {
		index[name] = i
	}
	anchor := -1
	if q.Anchor != "" {
		i, ok := index[q.Anchor]
		if !ok {
			return nil, fmt.Errorf("anchor %q: no such player in the selected games", q.Anchor)
		}
		anchor = i
	}
	fit := newRatingFit(len(names))
	for k, h := range matches {
		m := h.all()
		fit.add(index[k.a], index[k.b], float64(m.Games()), m.points())
	}
	fit.fit(anchor, q.AnchorElo)
	r.Ratings.Regularized = fit.regularized

	for i, name := range names {
		p := players[name]
		if p.Games > 0 {
			p.Points = p.WhitePoints + p.BlackPoints
			p.ScorePct = pct(p.Points, float64(p.Games))
			if p.WhiteGames > 0 {
				p.WhiteScorePct = num(100*p.WhitePoints/float64(p.WhiteGames), 2)
			}
			if p.BlackGames > 0 {
				p.BlackScorePct = num(100*p.BlackPoints/float64(p.BlackGames), 2)
			}
			p.Elo = num(fit.elo[i], 1)
			p.EloError = num(fit.err[i], 1)
		}
		if p.PointGames > 0 {
			p.AvgPoints = num(scored[name]/float64(p.PointGames), 2)
		}
		r.Players = append(r.Players, p)
	}
	slices.SortStableFunc(r.Players, func(x, y *Player) int {
		if c := cmp.Compare(y.Points, x.Points); c != 0 {
			return c
		}
		if c := cmp.Compare(y.ScorePct, x.ScorePct); c != 0 {
			return c
		}
		return cmp.Compare(x.Name, y.Name)
	})
	rank := map[string]int{}
	for i, p := range r.Players {
		p.Rank = i + 1
		if i > 0 {
			if prev := r.Players[i-1]; prev.Points == p.Points && prev.ScorePct == p.ScorePct {
				p.Rank = prev.Rank
			}
		}
		rank[p.Name] = i
	}

	// Head to head, A ranked above B.
	pentas := map[pairKey]*[5]int{}
	for _, row := range penta {
		k := pairKey{row.a, row.b} // game_pairs keeps a < b
		pt := pentas[k]
		if pt == nil {
			pt = &[5]int{}
			pentas[k] = pt
		}
		if row.s >= 0 && row.s <= 4 {
			pt[row.s] += row.count
		}
	}
	for k, h := range matches {
		a, b, mm, white, black, pt := k.a, k.b, h.all(), h.aWhite, h.aBlack, pentas[k]
		if rank[b] < rank[a] {
			a, b = b, a
			mm, white, black = mm.reversed(), black.reversed(), white.reversed()
			if pt != nil {
				rev := [5]int{pt[4], pt[3], pt[2], pt[1], pt[0]}
				pt = &rev
			}
		}
		r.Pairs = append(r.Pairs, &Pair{
			A: a, B: b, Games: mm.Games(), Wins: mm.Wins, Losses: mm.Losses, Draws: mm.Draws,
			Score:       round(mm.Score(), 3),
			EloDiff:     num(mm.EloDiff(), 1),
			EloError:    num(mm.EloError(), 1),
			LOS:         num(mm.LOS(), 1),
			DrawRatio:   round(mm.DrawRatio(), 1),
			Pentanomial: pt,
			AsWhite:     white,
			AsBlack:     black,
		})
	}
	slices.SortFunc(r.Pairs, func(x, y *Pair) int {
		if c := cmp.Compare(rank[x.A], rank[y.A]); c != 0 {
			return c
		}
		return cmp.Compare(rank[x.B], rank[y.B])
	})

	rows := make([]*CrossRow, len(r.Players))
	for i, p := range r.Players {
		rows[i] = &CrossRow{Player: p.Name, Results: []*CrossCell{}}
	}
	cell := func(player, opponent string, games int, points float64) {
		row := rows[rank[player]]
		row.Results = append(row.Results, &CrossCell{Opponent: opponent, Games: games, Points: points})
	}
	for k, h := range matches {
		m := h.all()
		cell(k.a, k.b, m.Games(), m.points())
		cell(k.b, k.a, m.Games(), m.reversed().points())
	}
	for name, x := range self {
		cell(name, name, x.games, x.points)
	}
	for _, row := range rows {
		slices.SortFunc(row.Results, func(x, y *CrossCell) int { return cmp.Compare(rank[x.Opponent], rank[y.Opponent]) })
	}
	r.Crosstable = rows
	if r.Players == nil {
		r.Players = []*Player{}
	}
	if r.Pairs == nil {
		r.Pairs = []*Pair{}
	}
	return r, nil
}

func terms(p *Player, kind string) *Terminations {
	t := p.Terminations[kind]
	if t == nil {
		t = &Terminations{}
		p.Terminations[kind] = t
	}
	return t
}

// key orders two names; flip says that a was the second.
func key(a, b string) (pairKey, bool) {
	if a < b {
		return pairKey{a, b}, false
	}
	return pairKey{b, a}, true
}

// fill computes the percentages and White's score interval.
func (gs *GameStats) fill() {
	n := float64(gs.Finished)
	if n == 0 {
		return
	}
	gs.WhitePct = pct(float64(gs.WhiteWins), n)
	gs.BlackPct = pct(float64(gs.BlackWins), n)
	gs.DrawPct = pct(float64(gs.Draws), n)
	m := Match{Wins: gs.WhiteWins, Losses: gs.BlackWins, Draws: gs.Draws}
	mu, sd := m.Score(), m.stdev()
	lo, hi := max(mu-z95*sd, 0), min(mu+z95*sd, 1)
	gs.WhiteScorePct = round(100*mu, 2)
	gs.WhiteScoreLow = round(100*lo, 2)
	gs.WhiteScoreHigh = round(100*hi, 2)
	switch {
	case lo > 0.5:
		gs.Advantage = "white"
	case hi < 0.5:
		gs.Advantage = "black"
	}
}

// gameName is the display name of a game id ("lines-of-action" → "Lines of
// Action"), or the id itself for a game this arbiter does not know (a
// stored game of a kind this arbiter lacks still reports).
func gameName(id string) string {
	if g, err := games.Lookup(id); err == nil {
		return g.Name()
	}
	return id
}

func pct(x, n float64) float64 {
	if n == 0 {
		return 0
	}
	return round(100*x/n, 2)
}

// round rounds x to digits decimals as the formats print it (strconv's
// correctly rounded decimal, so that 6.25 gives 6.2), so that a stored
// number and the text printed from the unrounded one agree.
func round(x float64, digits int) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', digits, 64), 64)
	return v
}

// num rounds x, or returns nil when x is not a finite number.
func num(x float64, digits int) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	v := round(x, digits)
	return &v
}
