package stats

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rating"
)

func ptr(x float64) *float64 { return &x }

// num1 is x rounded to 1 decimal, as the text prints it (nil stays nil).
func num1(x *float64) *float64 {
	if x == nil {
		return nil
	}
	return num(*x, 1)
}

func TestComputeByHand(t *testing.T) {
	db := clubFixture(t)
	r := compute(t, db, Query{})
	if r.Total != 11 || r.Finished != 10 || r.Unfinished != 1 {
		t.Errorf("total, finished, unfinished = %d, %d, %d; want 11, 10, 1", r.Total, r.Finished, r.Unfinished)
	}
	loa := r.Games["lines-of-action"]
	wantLOA := &GameStats{ID: "lines-of-action", Name: loa.Name, Total: 9, Finished: 8, Unfinished: 1,
		WhiteWins: 3, BlackWins: 2, Draws: 3, WhitePct: 37.5, BlackPct: 25, DrawPct: 37.5,
		// (3 + 3/2) / 8 = 56.25 %; trinomial sd 0.137996, ±1.96 sd.
		WhiteScorePct: 56.25, WhiteScoreLow: 29.2, WhiteScoreHigh: 83.3, Players: 3}
	if !reflect.DeepEqual(loa, wantLOA) {
		t.Errorf("lines-of-action = %+v; want %+v", loa, wantLOA)
	}
	tank := r.Games["tank-battle"]
	if tank.Total != 2 || tank.WhiteWins != 1 || tank.BlackWins != 1 || tank.WhitePct != 50 || tank.Advantage != "" {
		t.Errorf("tank-battle = %+v; want 2 games, 1 white win, 1 black win", tank)
	}
	wantTerms := map[notation.Termination]int{notation.TermNormal: 9, notation.TermTimeForfeit: 1, notation.TermAbandoned: 1}
	if !reflect.DeepEqual(r.Terminations, wantTerms) {
		t.Errorf("terminations = %v; want %v", r.Terminations, wantTerms)
	}

	// Standings are per game type: A's tank games do not add to its Lines
	// of Action line.
	type line struct {
		game                 string
		rank                 int
		name                 string
		games, w, d, l       int
		points, pct          float64
		wp, bp               *float64
		unfinished, pointGms int
		avg                  *float64
	}
	const loaID, tankID = "lines-of-action", "tank-battle"
	want := []line{
		{loaID, 1, "B", 6, 4, 1, 1, 4.5, 75, ptr(83.33), ptr(66.67), 1, 0, nil},
		{loaID, 2, "A", 6, 1, 3, 2, 2.5, 41.67, ptr(50), ptr(33.33), 1, 0, nil},
		{loaID, 3, "C", 4, 0, 2, 2, 1, 25, ptr(25), ptr(25), 0, 0, nil},
		{tankID, 1, "A", 2, 2, 0, 0, 2, 100, ptr(100), ptr(100), 0, 2, ptr(27.5)},
		{tankID, 2, "C", 2, 0, 0, 2, 0, 0, ptr(0), ptr(0), 0, 2, ptr(15)},
	}
	if len(r.Players) != len(want) {
		t.Fatalf("%d players; want %d", len(r.Players), len(want))
	}
	for i, w := range want {
		p := r.Players[i]
		got := line{p.Game, p.Rank, p.Name, p.Games, p.Wins, p.Draws, p.Losses, p.Points, p.ScorePct,
			p.WhiteScorePct, p.BlackScorePct, p.Unfinished, p.PointGames, p.AvgPoints}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("standings line %d = %+v; want %+v", i+1, got, w)
		}
	}
	if tf := r.Players[3].Terminations["time forfeit"]; tf == nil || *tf != (Terminations{Games: 1, Wins: 1}) {
		t.Errorf("A's time forfeits in tank battle = %+v; want 1 game, 1 win", tf)
	}
	if ab := r.Players[1].Terminations["abandoned"]; ab == nil || *ab != (Terminations{Games: 1, Unfinished: 1}) {
		t.Errorf("A's abandoned = %+v; want 1 unfinished", ab)
	}
	if tf := r.Players[4].Terminations["time forfeit"]; tf == nil || tf.Losses != 1 {
		t.Errorf("C's time forfeits = %+v; want 1 loss", tf)
	}
	if tf := r.Players[1].Terminations["time forfeit"]; tf != nil {
		t.Errorf("A's time forfeits in lines of action = %+v; want none (that game was tank battle)", tf)
	}

	type pair struct {
		game    string
		a, b    string
		w, l, d int
		score   float64
		penta   *[5]int
	}
	wantPairs := []pair{
		// B vs A: pair 0 gives B ½ (LD), pair 1 gives B 2 (WW).
		{loaID, "B", "A", 2, 1, 1, 0.625, &[5]int{0, 1, 0, 0, 1}},
		{loaID, "B", "C", 2, 0, 0, 1, &[5]int{0, 0, 0, 0, 1}},
		// A vs C: pair 3 is two draws; the tank games (in no pair) are
		// a pair of their own game type.
		{loaID, "A", "C", 0, 0, 2, 0.5, &[5]int{0, 0, 1, 0, 0}},
		{tankID, "A", "C", 2, 0, 0, 1, nil},
	}
	if len(r.Pairs) != len(wantPairs) {
		t.Fatalf("%d pairs; want %d", len(r.Pairs), len(wantPairs))
	}
	for i, w := range wantPairs {
		p := r.Pairs[i]
		got := pair{p.Game, p.A, p.B, p.Wins, p.Losses, p.Draws, p.Score, p.Pentanomial}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("pair %d = %+v; want %+v", i, got, w)
		}
	}

	// B's games against A by B's colour: as White a draw and a win, as
	// Black a loss and a win.
	if ba := r.Pairs[0]; ba.AsWhite != (rating.Match{Wins: 1, Losses: 0, Draws: 1}) || ba.AsBlack != (rating.Match{Wins: 1, Losses: 1, Draws: 0}) {
		t.Errorf("B vs A by colour = %+v, %+v; want 1-0-1, 1-1-0", ba.AsWhite, ba.AsBlack)
	}
	if got, want := r.Pairs[0].ColourLines()[2], "...      White vs Black: 2 - 1 - 1  [0.625] 4"; got != want {
		t.Errorf("White vs Black line = %q; want %q", got, want)
	}

	wantCross := []*CrossRow{
		{loaID, "B", []*CrossCell{{"A", 4, 2.5}, {"C", 2, 2}}},
		{loaID, "A", []*CrossCell{{"B", 4, 1.5}, {"C", 2, 1}}},
		{loaID, "C", []*CrossCell{{"B", 2, 0}, {"A", 2, 1}}},
		{tankID, "A", []*CrossCell{{"C", 2, 2}}},
		{tankID, "C", []*CrossCell{{"A", 2, 0}}},
	}
	if !reflect.DeepEqual(r.Crosstable, wantCross) {
		t.Errorf("crosstable differs")
		for _, row := range r.Crosstable {
			for _, c := range row.Results {
				t.Logf("%s vs %s: %+v", row.Player, c.Opponent, *c)
			}
		}
	}

	// The fitted ratings satisfy the likelihood equations: each player's
	// expected score equals the actual one (finished games, draws half).
	checkScoreEquations(t, r)
}

// checkScoreEquations checks that at the ratings of r each player's expected
// score against the opponents met equals the points scored.
func checkScoreEquations(t *testing.T, r *Report) { checkScoreEquationsTol(t, r, 0.01) }

func checkScoreEquationsTol(t *testing.T, r *Report, tol float64) {
	t.Helper()
	for _, s := range r.Sections() {
		if !s.Game.Regularized {
			checkSectionScores(t, s, tol)
		}
	}
}

func checkSectionScores(t *testing.T, sec *Section, tol float64) {
	t.Helper()
	elo := map[string]float64{}
	for _, p := range sec.Players {
		if p.Elo != nil {
			elo[p.Name] = *p.Elo
		}
	}
	exp := map[string]float64{}
	act := map[string]float64{}
	for _, p := range sec.Pairs {
		e := float64(p.Games) / (1 + math.Pow(10, (elo[p.B]-elo[p.A])/400))
		s := float64(p.Wins) + float64(p.Draws)/2
		exp[p.A] += e
		exp[p.B] += float64(p.Games) - e
		act[p.A] += s
		act[p.B] += float64(p.Games) - s
	}
	for name := range act {
		// Ratings are rounded to 0.1 Elo in the report.
		if math.Abs(exp[name]-act[name]) > tol {
			t.Errorf("%s: expected score %.4f at the fitted ratings; scored %.4f", name, exp[name], act[name])
		}
	}
}

func TestComputeFilters(t *testing.T) {
	db := clubFixture(t)
	ctx := context.Background()
	tests := []struct {
		name  string
		q     Query
		total int
		games []string
	}{
		{"tournament", Query{Tournament: "club"}, 8, []string{"lines-of-action"}},
		{"game", Query{Game: "tank-battle"}, 2, []string{"tank-battle"}},
		{"player", Query{Player: "C"}, 6, []string{"lines-of-action", "tank-battle"}},
		{"player and game", Query{Player: "B", Game: "lines-of-action"}, 7, []string{"lines-of-action"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Compute(ctx, db, tt.q)
			if err != nil {
				t.Fatal(err)
			}
			if r.Total != tt.total {
				t.Errorf("Compute(%+v).Total = %d; want %d", tt.q, r.Total, tt.total)
			}
			if got := r.GameIDs(); !reflect.DeepEqual(got, tt.games) {
				t.Errorf("Compute(%+v) games = %v; want %v", tt.q, got, tt.games)
			}
		})
	}
	if _, err := Compute(ctx, db, Query{Tournament: "nope"}); !errors.Is(err, ErrNoTournament) {
		t.Errorf("Compute(unknown tournament) error = %v; want ErrNoTournament", err)
	}
	if _, err := Compute(ctx, db, Query{Anchor: "nobody"}); err == nil {
		t.Errorf("Compute(unknown anchor) succeeded; want an error")
	}
}

// TestCountsAgreeWithSQL checks the report against plain SQL counts.
func TestCountsAgreeWithSQL(t *testing.T) {
	db := clubFixture(t)
	r := compute(t, db, Query{})
	for _, id := range r.GameIDs() {
		gs := r.Games[id]
		var total, ww, bw, dr int
		err := db.QueryRow(`SELECT count(*), count(*) FILTER (WHERE result = '1-0'),
			count(*) FILTER (WHERE result = '0-1'), count(*) FILTER (WHERE result = '1/2-1/2')
			FROM games WHERE game = ?`, id).Scan(&total, &ww, &bw, &dr)
		if err != nil {
			t.Fatal(err)
		}
		if gs.Total != total || gs.WhiteWins != ww || gs.BlackWins != bw || gs.Draws != dr {
			t.Errorf("%s: report %d/%d/%d/%d; SQL %d/%d/%d/%d", id, gs.Total, gs.WhiteWins, gs.BlackWins, gs.Draws, total, ww, bw, dr)
		}
	}
	for _, p := range r.Players {
		var games, wins int
		err := db.QueryRow(`SELECT count(*), count(*) FILTER (WHERE (white = ?1 AND result = '1-0') OR (black = ?1 AND result = '0-1'))
			FROM games WHERE (white = ?1 OR black = ?1) AND result != '*' AND game = ?2`, p.Name, p.Game).Scan(&games, &wins)
		if err != nil {
			t.Fatal(err)
		}
		if p.Games != games || p.Wins != wins {
			t.Errorf("%s: report %d games %d wins; SQL %d games %d wins", p.Name, p.Games, p.Wins, games, wins)
		}
	}
}

// TestSelfPlay pins down how a player's games against itself count: in the
// standings and the crosstable on both sides (so each such game is two
// games of the player, and the diagonal cell holds both halves), never in
// the head-to-head pairs or the ratings.
func TestSelfPlay(t *testing.T) {
	db := openDB(t)
	const loa = "lines-of-action"
	insert(t, db, []g{
		{0, -1, loa, "A", "B", "1-0", "", nil},
		{0, -1, loa, "B", "A", "1/2-1/2", "", nil},
		{0, -1, loa, "A", "A", "1-0", "", nil},
		{0, -1, loa, "A", "A", "1/2-1/2", "", nil},
		{0, -1, loa, "A", "A", "*", "abandoned", nil},
		{0, -1, loa, "C", "C", "0-1", "", nil},
	})
	r := compute(t, db, Query{})
	if r.Total != 6 || r.Finished != 5 || r.Unfinished != 1 {
		t.Errorf("total, finished, unfinished = %d, %d, %d; want 6, 5, 1", r.Total, r.Finished, r.Unfinished)
	}
	type line struct {
		rank                   int
		name                   string
		games, w, d, l, unfin  int
		points, wPts, bPts     float64
		whiteGames, blackGames int
		elo, eloErr            *float64
	}
	want := []line{
		{1, "A", 6, 2, 3, 1, 2, 3.5, 2.5, 1, 3, 3, ptr(95.4), ptr(278)},
		{2, "C", 2, 1, 0, 1, 0, 1, 0, 1, 1, 1, ptr(0), nil},
		{3, "B", 2, 0, 1, 1, 0, 0.5, 0.5, 0, 1, 1, ptr(-95.4), ptr(278)},
	}
	if len(r.Players) != len(want) {
		t.Fatalf("%d players; want %d", len(r.Players), len(want))
	}
	for i, w := range want {
		p := r.Players[i]
		// The ratings as printed: to 1 decimal.
		got := line{p.Rank, p.Name, p.Games, p.Wins, p.Draws, p.Losses, p.Unfinished,
			p.Points, p.WhitePoints, p.BlackPoints, p.WhiteGames, p.BlackGames, num1(p.Elo), num1(p.EloError)}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("standings line %d = %+v; want %+v", i+1, got, w)
		}
	}
	if ab := r.Players[0].Terminations["abandoned"]; ab == nil || *ab != (Terminations{Games: 2, Unfinished: 2}) {
		t.Errorf("A's abandoned = %+v; want 2 games, 2 unfinished", ab)
	}
	if len(r.Pairs) != 1 {
		t.Fatalf("%d pairs; want 1 (A vs B)", len(r.Pairs))
	}
	if p := r.Pairs[0]; p.A != "A" || p.B != "B" || p.Match() != (rating.Match{Wins: 1, Losses: 0, Draws: 1}) ||
		p.AsWhite != (rating.Match{Wins: 1, Losses: 0, Draws: 0}) || p.AsBlack != (rating.Match{Wins: 0, Losses: 0, Draws: 1}) {
		t.Errorf("pair = %+v; want A vs B 1-0-1, as White 1-0-0, as Black 0-0-1", p)
	}
	wantCross := []*CrossRow{
		{loa, "A", []*CrossCell{{"A", 4, 2}, {"B", 2, 1.5}}},
		{loa, "C", []*CrossCell{{"C", 2, 1}}},
		{loa, "B", []*CrossCell{{"A", 2, 0.5}}},
	}
	if !reflect.DeepEqual(r.Crosstable, wantCross) {
		t.Errorf("crosstable differs")
		for _, row := range r.Crosstable {
			for _, c := range row.Results {
				t.Logf("%s vs %s: %+v", row.Player, c.Opponent, *c)
			}
		}
	}
	if got, want := r.Sections()[0].crossCells(r.Crosstable[0]), []string{"2/4", "-", "1.5/2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("A's crosstable cells = %q; want %q", got, want)
	}
}

// TestUnknownPlayers checks that "?", "-" and empty names are nobody: their
// games count in the game type's split and in no standings.
func TestUnknownPlayers(t *testing.T) {
	db := openDB(t)
	const loa = "lines-of-action"
	insert(t, db, []g{
		{0, -1, loa, "A", "B", "1-0", "", nil},
		{0, -1, loa, "B", "A", "0-1", "", nil},
		{0, -1, loa, "?", "?", "1-0", "", nil},
		{0, -1, loa, "A", "?", "1/2-1/2", "", nil},
		{0, -1, loa, "-", "B", "0-1", "", nil},
		{0, -1, loa, "", "A", "*", "", nil},
		{0, -1, loa, " ? ", "B", "1-0", "", nil},
	})
	r := compute(t, db, Query{})
	gs := r.Games[loa]
	if gs.Total != 7 || gs.WhiteWins != 3 || gs.BlackWins != 2 || gs.Draws != 1 || gs.Unfinished != 1 {
		t.Errorf("game type = %+v; want all 7 games counted: 3 white wins, 2 black wins, 1 draw, 1 unfinished", gs)
	}
	if r.UnknownPlayerGames != 5 || gs.UnknownPlayerGames != 5 {
		t.Errorf("unknown player games = %d, %d; want 5", r.UnknownPlayerGames, gs.UnknownPlayerGames)
	}
	var names []string
	for _, p := range r.Players {
		names = append(names, p.Name)
	}
	if !reflect.DeepEqual(names, []string{"A", "B"}) {
		t.Errorf("players = %q; want A and B only", names)
	}
	if a := r.Players[0]; a.Games != 2 || a.Wins != 2 || a.Unfinished != 0 {
		t.Errorf("A = %+v; want 2 games, 2 wins (the games against unknown players left out)", a)
	}
	if len(r.Pairs) != 1 || len(r.Crosstable) != 2 {
		t.Errorf("%d pairs, %d crosstable rows; want 1 and 2", len(r.Pairs), len(r.Crosstable))
	}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "5 games with an unknown player") {
		t.Errorf("text report does not say that 5 games were left out:\n%s", b.String())
	}
}

// TestWhiteAdvantageReport checks --white-advantage through Compute: auto
// fits it per game type with an interval, a number is used as given, and
// the LOS matrix is consistent with the ratings.
func TestWhiteAdvantageReport(t *testing.T) {
	db := clubFixture(t)
	r := compute(t, db, Query{FitAdvantage: true})
	loa := r.Games["lines-of-action"]
	if loa.WhiteAdvantage == nil || loa.WhiteAdvantageError == nil {
		t.Fatalf("lines-of-action advantage = %v ± %v; want a fitted value and interval", loa.WhiteAdvantage, loa.WhiteAdvantageError)
	}
	if r.Ratings.WhiteAdvantage != "auto" {
		t.Errorf("ratings.white_advantage = %q; want auto", r.Ratings.WhiteAdvantage)
	}
	// White's expected points at the fit equal White's actual points.
	elo := map[string]float64{}
	for _, p := range r.Players {
		if p.Game == "lines-of-action" {
			elo[p.Name] = *p.Elo
		}
	}
	var exp, act float64
	for _, p := range r.Pairs {
		if p.Game != "lines-of-action" {
			continue
		}
		e := func(white, black string) float64 {
			return 1 / (1 + math.Pow(10, (elo[black]-elo[white]-*loa.WhiteAdvantage)/400))
		}
		exp += float64(p.AsWhite.Games())*e(p.A, p.B) + float64(p.AsBlack.Games())*e(p.B, p.A)
		act += p.AsWhite.Points() + float64(p.AsBlack.Games()) - p.AsBlack.Points()
	}
	if math.Abs(exp-act) > 0.01 {
		t.Errorf("White's expected points %.4f at the fit; scored %.4f", exp, act)
	}

	fixed := compute(t, db, Query{Advantage: 35})
	if a := fixed.Games["lines-of-action"]; a.WhiteAdvantage == nil || *a.WhiteAdvantage != 35 || a.WhiteAdvantageError != nil {
		t.Errorf("fixed advantage = %v ± %v; want 35 without interval", a.WhiteAdvantage, a.WhiteAdvantageError)
	}

	// The LOS matrix: one row per player of each game type, nothing on the
	// diagonal, LOS(i, j) + LOS(j, i) = 100, and above 50 % exactly when
	// i's rating is higher.
	for _, s := range r.Sections() {
		if len(s.LOS) != len(s.Players) {
			t.Fatalf("%s: %d LOS rows; want %d", s.Game.ID, len(s.LOS), len(s.Players))
		}
		for i, row := range s.LOS {
			for j, x := range row.LOS {
				if i == j {
					if x != nil {
						t.Errorf("%s: LOS[%d][%d] = %v; want null", s.Game.ID, i, j, *x)
					}
					continue
				}
				y := s.LOS[j].LOS[i]
				if x == nil || y == nil || math.Abs(*x+*y-100) > 0.11 {
					t.Errorf("%s: LOS[%d][%d], LOS[%d][%d] = %v, %v; want a sum of 100", s.Game.ID, i, j, j, i, x, y)
					continue
				}
				if (*x > 50) != (*s.Players[i].Elo > *s.Players[j].Elo) {
					t.Errorf("%s: LOS %s over %s = %v but Elo %v vs %v", s.Game.ID, row.Player, s.Players[j].Name, *x, *s.Players[i].Elo, *s.Players[j].Elo)
				}
			}
		}
	}
}

// TestPairLimit checks the game types with more than PairLimit players:
// without Query.Pairs their head to head, crosstable and LOS matrix are left
// out and the report says so; with it, the lines made as they are written
// are the lines of a small report, in every format.
func TestPairLimit(t *testing.T) {
	db := clubFixture(t)
	eager := compute(t, db, Query{})
	old := pairLimit
	pairLimit = 2 // Lines of Action has 3 players, Tank Battle 2
	defer func() { pairLimit = old }()

	omitted := compute(t, db, Query{})
	if loa := omitted.Games["lines-of-action"]; !loa.PairsOmitted || omitted.Games["tank-battle"].PairsOmitted {
		t.Errorf("pairs omitted: lines-of-action %v, tank-battle %v; want true, false", loa.PairsOmitted, omitted.Games["tank-battle"].PairsOmitted)
	}
	for _, p := range omitted.Pairs {
		if p.Game == "lines-of-action" {
			t.Errorf("pair %s vs %s of lines-of-action; want none", p.A, p.B)
		}
	}
	var text strings.Builder
	omitted.WriteText(&text)
	if !strings.Contains(text.String(), "3 players: head to head and crosstable left out (more than 2 players; ask with --pairs)") {
		t.Errorf("text does not say why the pairs are left out:\n%s", text.String())
	}

	lazy := compute(t, db, Query{Pairs: true})
	for _, format := range []string{"text", "markdown", "json"} {
		var want, got bytes.Buffer
		if err := eager.Write(&want, format); err != nil {
			t.Fatal(err)
		}
		if err := lazy.Write(&got, format); err != nil {
			t.Fatal(err)
		}
		w, g := want.String(), got.String()
		if format == "json" {
			// The LOS matrix stops at PairLimit players, --pairs or not.
			var a, b map[string]any
			if err := json.Unmarshal(want.Bytes(), &a); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(got.Bytes(), &b); err != nil {
				t.Fatalf("streamed json: %v\n%s", err, g)
			}
			delete(a, "los_matrix")
			delete(b, "los_matrix")
			if !reflect.DeepEqual(a, b) {
				t.Errorf("streamed json differs:\n%s\nwant:\n%s", g, w)
			}
			// The layout is the encoder's too.
			for _, key := range []string{"\n  \"pairs\": [\n    {\n      \"game\": \"lines-of-action\",", "\n  \"crosstable\": [\n    {"} {
				if !strings.Contains(g, key) {
					t.Errorf("streamed json lacks %q", key)
				}
			}
			continue
		}
		if g != w {
			t.Errorf("%s with pairs made as written differs:\n%s\nwant:\n%s", format, g, w)
		}
	}
}

// TestPentanomialPerGame checks that the colour-swapped pairs of two players
// who met in two game types count in the pentanomial of each game type
// apart.
func TestPentanomialPerGame(t *testing.T) {
	db := openDB(t)
	loaT := addTournament(t, db, "loa", "lines-of-action")
	tankT := addTournament(t, db, "tank", "tank-battle")
	const loa, tank = "lines-of-action", "tank-battle"
	insert(t, db, []g{
		{loaT, 0, loa, "A", "B", "1-0", "", nil}, // A: 2 points (WW)
		{loaT, 0, loa, "B", "A", "0-1", "", nil},
		{loaT, 1, loa, "A", "B", "1/2-1/2", "", nil}, // A: 1 point (DD)
		{loaT, 1, loa, "B", "A", "1/2-1/2", "", nil},
		{tankT, 0, tank, "A", "B", "0-1", "", sc(1, 2)}, // A: 0 points (LL)
		{tankT, 0, tank, "B", "A", "1-0", "", sc(2, 1)},
	})
	r := compute(t, db, Query{})
	// From the side of the pair's first, the higher ranked: A in Lines of
	// Action (WW and DD), B in Tank Battle (WW).
	want := map[string]struct {
		a     string
		penta [5]int
	}{loa: {"A", [5]int{0, 0, 1, 0, 1}}, tank: {"B", [5]int{0, 0, 0, 0, 1}}}
	for _, p := range r.Pairs {
		w := want[p.Game]
		if p.A != w.a || p.Pentanomial == nil || *p.Pentanomial != w.penta {
			t.Errorf("%s: %s's pentanomial %v; want %s's %v", p.Game, p.A, p.Pentanomial, w.a, w.penta)
		}
	}
	if len(r.Pairs) != 2 {
		t.Errorf("%d pairs; want one per game type", len(r.Pairs))
	}
}

// TestJSONStable: the same database gives the same JSON, byte for byte, on
// every run: the sums of the rating fit and the tie-breaks do not follow
// map order (they did, and the last digits of the ratings moved).
func TestJSONStable(t *testing.T) {
	db := openDB(t)
	club := addTournament(t, db, "club", "lines-of-action")
	rng := rand.New(rand.NewPCG(1, 2))
	results := []string{"1-0", "0-1", "1/2-1/2"}
	var games []g
	for i := range 400 {
		a, b := rng.IntN(10), rng.IntN(9)
		if b >= a {
			b++
		}
		games = append(games, g{club, i, "lines-of-action", fmt.Sprint("P", a), fmt.Sprint("P", b), results[rng.IntN(3)], "", nil})
	}
	insert(t, db, games)
	for _, fitAdvantage := range []bool{false, true} {
		var first []byte
		for run := range 6 {
			var buf bytes.Buffer
			if err := compute(t, db, Query{FitAdvantage: fitAdvantage}).WriteJSON(&buf); err != nil {
				t.Fatal(err)
			}
			if run == 0 {
				first = buf.Bytes()
			} else if !bytes.Equal(buf.Bytes(), first) {
				t.Fatalf("fit advantage %v: run %d gave other JSON than run 0", fitAdvantage, run)
			}
		}
	}
}

// TestResultsSweep: the result block of a match one engine swept says
// "inf" for its Elo (and "-inf" from the other side), as fastchess does,
// where the report has no finite rating.
func TestResultsSweep(t *testing.T) {
	db := openDB(t)
	club := addTournament(t, db, "sweep", "lines-of-action")
	var games []g
	for i := range 4 {
		w, b, res := "A", "B", "1-0"
		if i%2 == 1 {
			w, b, res = "B", "A", "0-1"
		}
		games = append(games, g{club, i / 2, "lines-of-action", w, b, res, "", nil})
	}
	insert(t, db, games)
	r := compute(t, db, Query{})
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"A", "B"}, "Elo: inf +/- "},
		{[]string{"B", "A"}, "Elo: -inf +/- "},
	} {
		var b strings.Builder
		if err := r.WriteResults(&b, tc.names, "test", true); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("block of %v lacks %q:\n%s", tc.names, tc.want, b.String())
		}
	}
}
