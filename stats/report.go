package stats

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rating"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
	"github.com/arbiter-games/arbiter/standings"
	"github.com/arbiter-games/arbiter/store"
)

// MemoryLimit is a soft limit of the Go heap for a report: its live data
// stays well under it, and the limit makes the collector return the
// garbage of formatting millions of lines before the process grows past
// it (see docs/reports.md, "Memory").
const MemoryLimit = 320 << 20

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
	SPRT *rating.SPRT
	// Anchor names the player whose rating is fixed at AnchorElo (in every
	// game type the player has games of); "" anchors the average rating
	// of each game type at 0.
	Anchor    string
	AnchorElo float64
	// White's advantage in the rating model: with FitAdvantage it is fitted
	// together with the ratings (Ordo's -W); else Advantage (Elo) is added
	// to White's rating in every game (0: none).
	FitAdvantage bool
	Advantage    float64
	// Pairs asks for the head-to-head lines, crosstables and LOS matrices
	// of game types with more than PairLimit players.
	Pairs bool
}

// PairLimit is the most players of a game type whose head-to-head lines,
// crosstable and LOS matrix a report holds unless Query.Pairs asks for them:
// their number grows with the square of the players (2,000 players make
// 2 million lines).
const PairLimit = 100

// pairLimit is PairLimit, lowered by tests.
var pairLimit = PairLimit

// Report is everything arbiter report prints. Percentages are 0..100 and
// rounded to 2 decimals; Elo figures, their errors, the LOS and the SPRT's
// LLRs are kept unrounded, so that a program reading the JSON can check
// them, and the other formats round them as they print them (Elo to 1
// decimal, LLRs to 2). Standings, ratings, pairs, crosstables and LOS
// matrices are computed within each game type: every entry names its game,
// and the lists are ordered by game id, then by standings.
type Report struct {
	Selection  Selection `json:"selection"`
	Total      int       `json:"total"`      // games selected, finished or not
	Finished   int       `json:"finished"`   // games with a result
	Unfinished int       `json:"unfinished"` // games recorded as "*"
	// UnknownPlayerGames counts the games with an unknown player ("?", "-"
	// or no name, as PGN writes it): counted in Games and Terminations only.
	UnknownPlayerGames int                          `json:"unknown_player_games"`
	Games              map[string]*GameStats        `json:"games"`   // by game id
	Players            []*Player                    `json:"players"` // by game, in standings order
	Ratings            Ratings                      `json:"ratings"`
	Pairs              []*Pair                      `json:"pairs"`
	LOS                []*LOSRow                    `json:"los_matrix"`
	Crosstable         []*CrossRow                  `json:"crosstable"`
	Terminations       map[notation.Termination]int `json:"terminations"` // kind → games
	// SPRT holds the stored SPRT matches of the selection, then the
	// Query's SPRT; absent when there are none.
	SPRT []*SPRTResult `json:"sprt,omitempty"`
	// Tune holds the database's SPSA tuning runs (arbiter tune), in a
	// report of the whole database; absent when there are none.
	Tune []*TuneRun `json:"tune,omitempty"`

	// GameLink, when set, makes each cell of the HTML crosstables a link
	// to the games between the two players (a and b, of game type game):
	// the address it returns.
	GameLink func(game, a, b string) string `json:"-"`

	// lazy holds, by game id, the sections whose pairs and crosstable rows
	// are made as they are written (more than PairLimit players, asked
	// for with Query.Pairs): they are in no list above.
	lazy map[string]*section
}

// Selection echoes the query a report answers.
type Selection struct {
	Tournament string `json:"tournament,omitempty"`
	Game       string `json:"game,omitempty"`
	Player     string `json:"player,omitempty"`
	Opponent   string `json:"opponent,omitempty"`
}

// GameStats is the first-move statistics of one game type, as BrainKing
// prints them, over its finished games, and what its rating fit found.
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
	// UnknownPlayerGames counts the games with an unknown player, which
	// count here but in no standings.
	UnknownPlayerGames int `json:"unknown_player_games"`
	// Players is the number of players in the standings of this game type.
	Players int `json:"players"`
	// Regularized says that virtual draws were added to this game type's
	// rating fit.
	Regularized bool `json:"regularized"`
	// WhiteAdvantage is White's advantage in the rating model, in Elo:
	// fitted (with its 95 % half-width WhiteAdvantageError) or as given;
	// null without one.
	WhiteAdvantage      *float64 `json:"white_advantage"`
	WhiteAdvantageError *float64 `json:"white_advantage_error"`
	// PairsOmitted says that the head-to-head lines, crosstable and LOS
	// matrix were left out: more than PairLimit players, without Query.Pairs.
	PairsOmitted bool `json:"pairs_omitted"`
	// Solver is what adjudication by the solver spent in the game type;
	// absent when no selected game used it.
	Solver *SolverStats `json:"solver,omitempty"`
}

// Player is one line of the standings of a game type: its standings row
// (name, finished games, wins, draws, losses, points, ranked by the
// standings' rule) and what the report adds.
type Player struct {
	Game string `json:"game"`
	Rank int    `json:"rank"`
	standings.Row
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
	Elo          *float64                               `json:"elo"`
	EloError     *float64                               `json:"elo_error"`
	Terminations map[notation.Termination]*Terminations `json:"terminations"` // kind → games
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
	Regularized bool    `json:"regularized"` // virtual draws were added (in some game type)
	// WhiteAdvantage is "none", "auto" (fitted) or the Elo given.
	WhiteAdvantage string `json:"white_advantage"`
}

// Pair is the head-to-head result of two players in one game type, from
// A's side; A ranks above B.
type Pair struct {
	Game      string   `json:"game"`
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
	// NElo is the normalized Elo difference (fastchess's nElo), with the
	// half-width of its 95 % interval, over the pairs when the games came
	// in pairs, else over the games; null when undefined.
	NElo      *float64 `json:"nelo"`
	NEloError *float64 `json:"nelo_error"`
	// PairsRatio is A's pairs won over its pairs lost, (WD + WW) / (LL +
	// LD), as fastchess prints it; null without pairs or without a pair
	// lost.
	PairsRatio *float64 `json:"pairs_ratio"`
	// AsWhite and AsBlack split A's results by A's colour.
	AsWhite rating.Match `json:"as_white"`
	AsBlack rating.Match `json:"as_black"`
}

// Match returns the pair's wins, losses and draws.
func (p *Pair) Match() rating.Match {
	return rating.Match{Wins: p.Wins, Losses: p.Losses, Draws: p.Draws}
}

// LOSRow is one row of a game type's likelihood-of-superiority matrix: for
// each player of the standings in order, the probability in percent that
// Player is stronger, from the ratings and their covariance (a normal
// approximation, as Ordo and BayesElo compute it); null on the diagonal.
type LOSRow struct {
	Game   string     `json:"game"`
	Player string     `json:"player"`
	LOS    []*float64 `json:"los"`
}

// CrossRow is one row of the crosstable of a game type: a player's results
// against each opponent met, in standings order.
type CrossRow struct {
	Game    string       `json:"game"`
	Player  string       `json:"player"`
	Results []*CrossCell `json:"results"`
}

// CrossCell is a player's points against one opponent.
type CrossCell struct {
	Opponent string  `json:"opponent"`
	Games    int     `json:"games"`
	Points   float64 `json:"points"`
}

// Unknown reports whether name is PGN's "unknown player": "?", "-" or
// empty (spaces aside). Such a player is nobody: the game counts for its
// game type, and in no standings.
func Unknown(name string) bool {
	switch strings.TrimSpace(name) {
	case "", "?", "-":
		return true
	}
	return false
}

// ErrNoTournament is returned for a tournament name the database lacks.
var ErrNoTournament = store.ErrNoTournament

// Compute runs the report queries for q and assembles the report. The
// rows of the aggregates are folded in as they are read, so that memory
// grows with the players and pairs of players, not with the rows.
func Compute(ctx context.Context, db *store.DB, q Query) (*Report, error) {
	w, sel, err := filter(ctx, db, q)
	if err != nil {
		return nil, err
	}
	b := newBuilder(sel, q)
	b.stop = func() bool { return ctx.Err() != nil }
	if b.byes, err = swissByes(ctx, db, w); err != nil {
		return nil, err
	}
	if err := db.Tallies(ctx, w, b.add); err != nil {
		return nil, err
	}
	var want []string // game types whose pairs are reported
	for _, id := range b.ids() {
		sc := b.sections[id]
		sc.gs.Players = len(sc.players)
		sc.gs.PairsOmitted = len(sc.players) > pairLimit && !q.Pairs
		if !sc.gs.PairsOmitted && len(sc.matches) > 0 {
			want = append(want, id)
		}
	}
	if len(want) > 0 {
		// With one game type in the selection every pair row is of it, and
		// the scan need not read the game column (a third of its time).
		only := len(b.sections) == 1
		if err := db.PairCounts(ctx, w, want, only, b.addPenta); err != nil {
			return nil, err
		}
	}
	r, err := b.report()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err // the fits ended early: their ratings are unfinished
	}
	es, err := db.EngineTotals(ctx, w)
	if err != nil {
		return nil, err
	}
	r.addEngineStats(es)
	ss, err := db.SolverTotals(ctx, w)
	if err != nil {
		return nil, err
	}
	r.addSolverStats(ss)
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
	if q.Tournament == "" && q.Game == "" && q.Player == "" {
		if r.Tune, err = tuneRuns(ctx, db); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// filter resolves q: the games it selects, and how the report says so.
func filter(ctx context.Context, db *store.DB, q Query) (store.Filter, Selection, error) {
	w := store.Filter{Player: q.Player}
	sel := Selection{Tournament: q.Tournament, Player: q.Player}
	if q.Player != "" {
		w.Opponent, sel.Opponent = q.Opponent, q.Opponent
	}
	if q.Tournament != "" {
		id, err := db.TournamentID(ctx, q.Tournament)
		if err != nil {
			return w, sel, err
		}
		w.Tournament = id
	}
	if q.Game != "" {
		w.Game = q.Game
		if g, err := games.Lookup(q.Game); err == nil {
			w.Game = g.ID()
		}
		sel.Game = w.Game
	}
	return w, sel, nil
}

// swissFormat is the format a Swiss tournament is stored under, the
// runner's pairing.Swiss (TestSwissFormat keeps the two equal): the report
// reads it from the store as data, without depending on package pairing.
const swissFormat = "swiss"

// swissByes returns each player's byes when w selects one whole Swiss
// tournament, else nil.
func swissByes(ctx context.Context, db *store.DB, w store.Filter) (map[string]int, error) {
	if w.Tournament == 0 || w.Player != "" {
		return nil, nil
	}
	format, err := db.TournamentFormat(ctx, w.Tournament)
	if err != nil || format != swissFormat {
		return nil, err
	}
	byes, err := db.Byes(ctx, w.Tournament)
	if err != nil {
		return nil, err
	}
	count := map[string]int{}
	for _, b := range byes {
		count[b.Player]++
	}
	return count, nil
}

// Selected returns the selection of q (its tournament, game and player;
// not its anchor) as the store's filter: the games the report of q counts.
// A tournament the database lacks is ErrNoTournament.
func Selected(ctx context.Context, db *store.DB, q Query) (store.Filter, error) {
	w, _, err := filter(ctx, db, q)
	return w, err
}

// whiteMatch returns count games of a result from White's side; ok is
// false for an unfinished game.
func whiteMatch(result rules.Result, count int) (m rating.Match, ok bool) {
	switch result {
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

// pairKey is two players of a section by index, a < b.
type pairKey struct{ a, b int32 }

// key orders two players; flip says that a was the second.
func key(a, b int32) (pairKey, bool) {
	if a < b {
		return pairKey{a, b}, false
	}
	return pairKey{b, a}, true
}

// h2h is the results of a pair of players from the side of the first of
// their pairKey: the games it played as White and as Black.
// It is kept in 32-bit counts: a big report holds a million of them.
type h2h struct{ ww, wl, wd, bw, bl, bd int32 }

// aWhite is the games the first played as White, from its side.
func (h *h2h) aWhite() rating.Match {
	return rating.Match{Wins: int(h.ww), Losses: int(h.wl), Draws: int(h.wd)}
}

// aBlack is the games the first played as Black, from its side.
func (h *h2h) aBlack() rating.Match {
	return rating.Match{Wins: int(h.bw), Losses: int(h.bl), Draws: int(h.bd)}
}

// all returns all the games of the pair.
func (h *h2h) all() rating.Match { return h.aWhite().Plus(h.aBlack()) }

type cross struct {
	games  int
	points float64
}

// count adds m's games to p's wins, draws and losses.
func (p *Player) count(m rating.Match) {
	p.Wins += m.Wins
	p.Draws += m.Draws
	p.Losses += m.Losses
}

// count adds m's games to t's wins, draws and losses.
func (t *Terminations) count(m rating.Match) {
	t.Wins += m.Wins
	t.Draws += m.Draws
	t.Losses += m.Losses
}

// section is what a report gathers about one game type.
type section struct {
	gs      *GameStats
	index   map[string]int32 // player → index in players
	players []*Player
	scored  []float64 // points scored in the games that score them
	matches map[pairKey]*h2h
	self    map[int32]*cross // a player's games against itself, both sides
	pentas  map[pairKey]*[5]int
	order   []int32 // standings position → index
	rank    []int32 // index → standings position
}

// player returns the index of name, adding it.
func (sc *section) player(name string) int32 {
	i, ok := sc.index[name]
	if !ok {
		i = int32(len(sc.players))
		sc.index[name] = i
		sc.players = append(sc.players, &Player{Game: sc.gs.ID, Row: standings.Row{Name: name}, Terminations: map[notation.Termination]*Terminations{}})
		sc.scored = append(sc.scored, 0)
	}
	return i
}

// builder folds the aggregate rows into a report.
type builder struct {
	q        Query
	r        *Report
	sections map[string]*section
	// stop tells the rating fits to end early: the report is being
	// abandoned (its context ended).
	stop func() bool
	// byes counts each player's byes when the report covers one whole
	// Swiss tournament (nil otherwise): its standings count them and rank
	// by its tie-breaks.
	byes map[string]int
}

func newBuilder(sel Selection, q Query) *builder {
	adv := "none"
	switch {
	case q.FitAdvantage:
		adv = "auto"
	case q.Advantage != 0:
		adv = strconv.FormatFloat(q.Advantage, 'f', -1, 64)
	}
	return &builder{q: q, sections: map[string]*section{}, r: &Report{
		Selection:    sel,
		Games:        map[string]*GameStats{},
		Terminations: map[notation.Termination]int{},
		Ratings: Ratings{
			Method: "maximum likelihood, logistic (Bradley-Terry) model, draws as half; " +
				"95 % intervals from the inverse Fisher information",
			Anchor: q.Anchor, AnchorElo: q.AnchorElo, WhiteAdvantage: adv,
		},
	}}
}

// ids returns the game ids met, sorted.
func (b *builder) ids() []string {
	ids := make([]string, 0, len(b.sections))
	for id := range b.sections {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// add folds one aggregate row in.
func (b *builder) add(row *store.Tally) {
	r := b.r
	c := row.Count
	r.Total += c
	r.Terminations[row.Termination] += c
	sc := b.sections[row.Game]
	if sc == nil {
		sc = &section{gs: &GameStats{ID: row.Game, Name: games.Name(row.Game)}, index: map[string]int32{},
			matches: map[pairKey]*h2h{}, self: map[int32]*cross{}, pentas: map[pairKey]*[5]int{}}
		b.sections[row.Game] = sc
		r.Games[row.Game] = sc.gs
	}
	gs := sc.gs
	gs.Total += c
	white, finished := whiteMatch(row.Result, c)
	if finished {
		r.Finished += c
		gs.Finished += c
		gs.WhiteWins += white.Wins
		gs.BlackWins += white.Losses
		gs.Draws += white.Draws
	} else {
		r.Unfinished += c
		gs.Unfinished += c
	}
	if Unknown(row.White) || Unknown(row.Black) {
		r.UnknownPlayerGames += c
		gs.UnknownPlayerGames += c
		return
	}
	wi, bi := sc.player(row.White), sc.player(row.Black)
	w, bl := sc.players[wi], sc.players[bi]
	tw, tb := terms(w, row.Termination), terms(bl, row.Termination)
	tw.Games += c
	tb.Games += c
	if !finished {
		w.Unfinished += c
		bl.Unfinished += c
		tw.Unfinished += c
		tb.Unfinished += c
		return
	}
	black := white.Reversed()
	w.count(white)
	tw.count(white)
	bl.count(black)
	tb.count(black)
	w.Games += c
	bl.Games += c
	w.WhiteGames += c
	bl.BlackGames += c
	w.WhitePoints += white.Points()
	bl.BlackPoints += black.Points()
	w.PointGames += row.Scored
	bl.PointGames += row.Scored
	sc.scored[wi] += row.ScoreWhite
	sc.scored[bi] += row.ScoreBlack
	if wi == bi {
		// Self-play says nothing about ratings; the crosstable counts
		// it on both sides, as the standings do.
		x := sc.self[wi]
		if x == nil {
			x = &cross{}
			sc.self[wi] = x
		}
		x.games += 2 * c
		x.points += white.Points() + black.Points()
		return
	}
	k, flip := key(wi, bi)
	h := sc.matches[k]
	if h == nil {
		h = &h2h{}
		sc.matches[k] = h
	}
	if flip { // k.a played Black
		h.bw, h.bl, h.bd = h.bw+int32(black.Wins), h.bl+int32(black.Losses), h.bd+int32(black.Draws)
	} else {
		h.ww, h.wl, h.wd = h.ww+int32(white.Wins), h.wl+int32(white.Losses), h.wd+int32(white.Draws)
	}
}

// addPenta folds in count colour-swapped pairs of game in which a scored s
// half-points against b.
func (b *builder) addPenta(game, a, bn string, s, count int) {
	sc := b.sections[game]
	if sc == nil || s < 0 || s > 4 {
		return
	}
	ia, ok := sc.index[a]
	ib, ok2 := sc.index[bn]
	if !ok || !ok2 || ia == ib {
		return
	}
	k, flip := key(ia, ib)
	if flip {
		s = 4 - s
	}
	pt := sc.pentas[k]
	if pt == nil {
		pt = &[5]int{}
		sc.pentas[k] = pt
	}
	pt[s] += count
}

// report finishes the sections: ratings, standings, pairs, LOS matrices
// and crosstables, game type by game type.
func (b *builder) report() (*Report, error) {
	r := b.r
	anchored := false
	for _, id := range b.ids() {
		sc := b.sections[id]
		sc.gs.fill()
		if _, ok := sc.index[b.q.Anchor]; ok {
			anchored = true
		}
		b.finish(sc)
	}
	if b.q.Anchor != "" && !anchored {
		return nil, fmt.Errorf("anchor %q: no such player in the selected games", b.q.Anchor)
	}
	if r.Players == nil {
		r.Players = []*Player{}
	}
	if r.Pairs == nil {
		r.Pairs = []*Pair{}
	}
	if r.Crosstable == nil {
		r.Crosstable = []*CrossRow{}
	}
	if r.LOS == nil {
		r.LOS = []*LOSRow{}
	}
	return r, nil
}

// finish computes one game type's ratings and the lists of its players.
func (b *builder) finish(sc *section) {
	r, q, gs := b.r, b.q, sc.gs
	n := len(sc.players)
	fit := b.fitRatings(sc)
	if fit == nil {
		return // abandoned: the fit is unfinished, and so is the report
	}
	gs.Regularized = fit.Regularized()
	r.Ratings.Regularized = r.Ratings.Regularized || fit.Regularized()
	if (q.FitAdvantage || q.Advantage != 0) && fit.Pairs() > 0 {
		adv, advErr := fit.Advantage()
		gs.WhiteAdvantage = finite(adv)
		if q.FitAdvantage {
			gs.WhiteAdvantageError = finite(advErr)
		}
	}

	for i, p := range sc.players {
		if p.Games > 0 {
			p.Points = p.WhitePoints + p.BlackPoints
			p.ScorePct = pct(p.Points, float64(p.Games))
			if p.WhiteGames > 0 {
				p.WhiteScorePct = num(100*p.WhitePoints/float64(p.WhiteGames), 2)
			}
			if p.BlackGames > 0 {
				p.BlackScorePct = num(100*p.BlackPoints/float64(p.BlackGames), 2)
			}
			p.Elo = finite(fit.Elo(i))
			p.EloError = finite(fit.Error(i))
		}
		if p.PointGames > 0 {
			p.AvgPoints = num(sc.scored[i]/float64(p.PointGames), 2)
		}
	}
	if b.byes != nil {
		b.swissStandings(sc)
	}
	order := make([]int32, n) // standings position → index
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(i, j int32) int { return standings.Compare(&sc.players[i].Row, &sc.players[j].Row) })
	rank := make([]int32, n) // index → standings position
	for pos, i := range order {
		p := sc.players[i]
		p.Rank = pos + 1
		if pos > 0 {
			if prev := sc.players[order[pos-1]]; standings.Tied(&prev.Row, &p.Row) {
				p.Rank = prev.Rank
			}
		}
		rank[i] = int32(pos)
		r.Players = append(r.Players, p)
	}
	if gs.PairsOmitted {
		return
	}
	sc.order, sc.rank = order, rank

	// The LOS matrix, from the ratings and their covariance (n² cells:
	// only up to PairLimit players, --pairs or not).
	for _, i := range order {
		if n > pairLimit {
			break
		}
		row := &LOSRow{Game: gs.ID, Player: sc.players[i].Name, LOS: make([]*float64, n)}
		for c, j := range order {
			if i != j && sc.players[i].Games > 0 && sc.players[j].Games > 0 {
				row.LOS[c] = finite(fit.LOS(int(i), int(j)))
			}
		}
		r.LOS = append(r.LOS, row)
	}

	if n > pairLimit {
		// Asked for with --pairs: the lines are made as they are written
		// (a million pairs would take most of a gigabyte as values).
		if r.lazy == nil {
			r.lazy = map[string]*section{}
		}
		r.lazy[gs.ID] = sc
		return
	}
	sc.eachPair(func(p *Pair) error { r.Pairs = append(r.Pairs, p); return nil })
	sc.eachCrossRow(func(row *CrossRow) error { r.Crosstable = append(r.Crosstable, row); return nil })
}

// swissStandings adds a Swiss's byes to its players' points and sets their
// tie-breaks, from the games between them.
func (b *builder) swissStandings(sc *section) {
	rows := make([]*standings.Row, len(sc.players))
	for i, p := range sc.players {
		p.Byes = b.byes[p.Name]
		p.Points += float64(p.Byes) * standings.ByePoints
		rows[i] = &p.Row
	}
	standings.SetTieBreaks(rows, func(add func(a, b int, pa, pb float64)) {
		for _, k := range sc.pairKeys() {
			m := sc.matches[k].all()
			add(int(k.a), int(k.b), m.Points(), float64(m.Games())-m.Points())
		}
	})
}

// fitRatings fits a game type's ratings (and White's advantage, when the
// query asks), or returns nil when the report is abandoned meanwhile.
func (b *builder) fitRatings(sc *section) *rating.Fit {
	q := b.q
	anchor := -1
	if i, ok := sc.index[q.Anchor]; ok && q.Anchor != "" {
		anchor = int(i)
	}
	fit := rating.NewFit(len(sc.players))
	fit.Stop = b.stop
	fit.SetAdvantage(q.Advantage, q.FitAdvantage)
	colours := q.FitAdvantage || q.Advantage != 0
	for _, k := range sc.pairKeys() {
		h := sc.matches[k]
		if colours {
			fit.AddColour(int(k.a), int(k.b), h.aWhite(), 1)
			fit.AddColour(int(k.a), int(k.b), h.aBlack(), -1)
		} else {
			m := h.all()
			fit.Add(int(k.a), int(k.b), float64(m.Games()), m.Points())
		}
	}
	fit.Solve(anchor, q.AnchorElo)
	if b.stop != nil && b.stop() {
		return nil
	}
	return fit
}

// pairKeys returns the keys of the pairs who met, in the order of their
// players' indices: sums over them (the rating fit's, the tie-breaks')
// then add in the same order on every run, and print the same digits.
func (sc *section) pairKeys() []pairKey {
	keys := slices.Collect(maps.Keys(sc.matches))
	slices.SortFunc(keys, func(x, y pairKey) int {
		return cmp.Or(cmp.Compare(x.a, y.a), cmp.Compare(x.b, y.b))
	})
	return keys
}

// eachPair calls fn with the head-to-head result of each pair of players
// who met, the higher ranked first, in standings order; it stops at fn's
// first error.
func (sc *section) eachPair(fn func(*Pair) error) error {
	keys := make([]pairKey, 0, len(sc.matches)) // a ranked above b
	for k := range sc.matches {
		if sc.rank[k.b] < sc.rank[k.a] {
			k = pairKey{k.b, k.a}
		}
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y pairKey) int {
		if c := cmp.Compare(sc.rank[x.a], sc.rank[y.a]); c != 0 {
			return c
		}
		return cmp.Compare(sc.rank[x.b], sc.rank[y.b])
	})
	for _, k := range keys {
		if err := fn(sc.pair(k.a, k.b)); err != nil {
			return err
		}
	}
	return nil
}

// pair returns the head-to-head result of a against b, from a's side.
func (sc *section) pair(a, b int32) *Pair {
	k, flip := key(a, b)
	h, pt := sc.matches[k], sc.pentas[k]
	mm, white, black := h.all(), h.aWhite(), h.aBlack()
	if flip {
		mm, white, black = mm.Reversed(), black.Reversed(), white.Reversed()
		if pt != nil {
			rev := [5]int{pt[4], pt[3], pt[2], pt[1], pt[0]}
			pt = &rev
		}
	}
	p := &Pair{
		Game: sc.gs.ID, A: sc.players[a].Name, B: sc.players[b].Name,
		Games: mm.Games(), Wins: mm.Wins, Losses: mm.Losses, Draws: mm.Draws,
		Score:       round(mm.Score(), 3),
		EloDiff:     finite(mm.EloDiff()),
		EloError:    finite(mm.EloError()),
		LOS:         finite(mm.LOS()),
		DrawRatio:   round(mm.DrawRatio(), 1),
		Pentanomial: pt,
		AsWhite:     white,
		AsBlack:     black,
	}
	counts := []int{mm.Losses, mm.Draws, mm.Wins}
	if pt != nil {
		counts = pt[:]
		if lost := pt[0] + pt[1]; lost > 0 {
			p.PairsRatio = finite(float64(pt[3]+pt[4]) / float64(lost))
		}
	}
	e := rating.EstimateOf(counts)
	p.NElo, p.NEloError = finite(e.NElo), finite(e.NEloError)
	return p
}

// eachCrossRow calls fn with each player's crosstable row, in standings
// order; it stops at fn's first error.
func (sc *section) eachCrossRow(fn func(*CrossRow) error) error {
	adj := make([][]int32, len(sc.players)) // opponents met
	for k := range sc.matches {
		adj[k.a] = append(adj[k.a], k.b)
		adj[k.b] = append(adj[k.b], k.a)
	}
	for i := range sc.self {
		adj[i] = append(adj[i], i)
	}
	for _, i := range sc.order {
		opp := adj[i]
		slices.SortFunc(opp, func(x, y int32) int { return cmp.Compare(sc.rank[x], sc.rank[y]) })
		row := &CrossRow{Game: sc.gs.ID, Player: sc.players[i].Name, Results: make([]*CrossCell, 0, len(opp))}
		for _, j := range opp {
			var games int
			var points float64
			if i == j {
				x := sc.self[i]
				games, points = x.games, x.points
			} else {
				k, flip := key(i, j)
				m := sc.matches[k].all()
				if flip {
					m = m.Reversed()
				}
				games, points = m.Games(), m.Points()
			}
			row.Results = append(row.Results, &CrossCell{Opponent: sc.players[j].Name, Games: games, Points: points})
		}
		adj[i] = nil
		if err := fn(row); err != nil {
			return err
		}
	}
	return nil
}

func terms(p *Player, kind notation.Termination) *Terminations {
	t := p.Terminations[kind]
	if t == nil {
		t = &Terminations{}
		p.Terminations[kind] = t
	}
	return t
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
	m := rating.Match{Wins: gs.WhiteWins, Losses: gs.BlackWins, Draws: gs.Draws}
	mu := m.Score()
	lo, hi := m.ScoreInterval()
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

// finite returns x, or nil when x is not a finite number. Ratings, their
// errors and the LOS are kept unrounded, for JSON: the other formats
// round them as they print them.
func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

// num rounds x, or returns nil when x is not a finite number.
func num(x float64, digits int) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	v := round(x, digits)
	return &v
}
