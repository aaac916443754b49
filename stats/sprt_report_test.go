package stats

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/store"
)

// sprtFixture stores a match of "zed" (tested) against "amy" in
// colour-swapped pairs, pair k scoring zed pattern[k] half-points, and
// imported games between them without pairs.
func sprtFixture(t *testing.T, pattern []int) (*store.DB, int64) {
	t.Helper()
	db := openDB(t)
	tid := addTournament(t, db, "match", "knight-fight")
	var games []g
	res := func(zedWhite bool, pts int) string {
		r := [3]string{"0-1", "1/2-1/2", "1-0"}[pts]
		if !zedWhite {
			r = [3]string{"1-0", "1/2-1/2", "0-1"}[pts]
		}
		return r
	}
	for k, p := range pattern {
		a := min(p, 2) // zed's half-points in the pair's first game
		games = append(games,
			g{tid, k, "knight-fight", "zed", "amy", res(true, a), "", nil},
			g{tid, k, "knight-fight", "amy", "zed", res(false, p-a), "", nil})
	}
	games = append(games, g{0, -1, "knight-fight", "amy", "zed", "0-1", "", nil},
		g{0, -1, "knight-fight", "zed", "amy", "1/2-1/2", "", nil})
	insert(t, db, games)
	return db, tid
}

func TestSPRTAdHoc(t *testing.T) {
	pattern := []int{4, 3, 2, 4, 4, 1, 4, 2, 3, 4, 4, 0, 4, 3, 4, 4}
	db, _ := sprtFixture(t, pattern)
	test := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05, Model: ModelNormalized}
	var pt [5]int
	for _, p := range pattern {
		pt[p]++
	}
	// Pentanomial over the match's pairs.
	r := compute(t, db, Query{Tournament: "match", Player: "zed", Opponent: "amy", SPRT: &test})
	if len(r.SPRT) != 1 {
		t.Fatalf("%d SPRT results; want 1", len(r.SPRT))
	}
	s := r.SPRT[0]
	if s.Pentanomial == nil || *s.Pentanomial != pt || s.Games != 2*len(pattern) {
		t.Errorf("pentanomial %v over %d games; want %v over %d", s.Pentanomial, s.Games, pt, 2*len(pattern))
	}
	// Unrounded, as JSON carries it.
	if want := test.LLR(pt[:]); s.LLR != want {
		t.Errorf("LLR %v; want %v", s.LLR, want)
	}
	// The verdict: the first pair after which the LLR is at a bound.
	var walk [5]int
	decided, verdict := 0, Running
	for k, p := range pattern {
		walk[p]++
		if v := test.Decide(test.LLR(walk[:])); v != "" {
			decided, verdict = 2*(k+1), v
			break
		}
	}
	if s.Verdict != verdict || (decided > 0) != (s.DecidedAfter != nil) || (decided > 0 && *s.DecidedAfter != decided) {
		t.Errorf("verdict %q after %v; want %q after %d", s.Verdict, s.DecidedAfter, verdict, decided)
	}
	if len(s.Trajectory) != 2*len(pattern) {
		t.Errorf("%d trajectory points; want one a game", len(s.Trajectory))
	}
	e := EstimateOf(pt[:])
	if s.NElo == nil || *s.NElo != e.NElo || *s.Elo != e.Elo {
		t.Errorf("Elo %v, nElo %v; want %v, %v", s.Elo, s.NElo, e.Elo, e.NElo)
	}
	// The other way round: amy tested against zed.
	r = compute(t, db, Query{Tournament: "match", Player: "amy", Opponent: "zed", SPRT: &test})
	rev := [5]int{pt[4], pt[3], pt[2], pt[1], pt[0]}
	if s := r.SPRT[0]; s.Pentanomial == nil || *s.Pentanomial != rev {
		t.Errorf("amy's pentanomial %v; want %v", s.Pentanomial, rev)
	}
	// All the games, imports included: not all in pairs, so trinomial.
	r = compute(t, db, Query{Player: "zed", Opponent: "amy", SPRT: &test})
	s = r.SPRT[0]
	var w Match
	for _, p := range pattern {
		a := min(p, 2)
		for _, h := range []int{a, p - a} {
			switch h {
			case 2:
				w.Wins++
			case 1:
				w.Draws++
			default:
				w.Losses++
			}
		}
	}
	w.Wins++ // the imports
	w.Draws++
	if s.Pentanomial != nil || s.WDL != w || s.Games != w.Games() {
		t.Errorf("all games: pentanomial %v, WDL %+v over %d; want none, %+v", s.Pentanomial, s.WDL, s.Games, w)
	}
	if want := test.LLR([]int{w.Losses, w.Draws, w.Wins}); s.LLR != want {
		t.Errorf("trinomial LLR %v; want %v", s.LLR, want)
	}
	if r.Total != w.Games() {
		t.Errorf("the report counts %d games; want the %d between the two", r.Total, w.Games())
	}
}

// TestSPRTNoGames checks that an SPRT over a selection with no finished
// game between the two players is ErrNoSPRTGames, not a test "running"
// over 0 games.
func TestSPRTNoGames(t *testing.T) {
	db, _ := sprtFixture(t, []int{4, 3})
	addTournament(t, db, "empty", "knight-fight")
	insert(t, db, []g{{0, -1, "knight-fight", "zed", "bob", "*", "", nil}})
	test := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: ModelNormalized}
	for _, q := range []Query{
		{Player: "zed", Opponent: "nobody"},
		{Player: "zed", Opponent: "bob"}, // one game, unfinished
		{Tournament: "empty", Player: "zed", Opponent: "amy"},
		{Game: "lines-of-action", Player: "zed", Opponent: "amy"},
	} {
		q.SPRT = &test
		if r, err := Compute(context.Background(), db, q); !errors.Is(err, ErrNoSPRTGames) {
			t.Errorf("Compute(%+v) = %v, %v; want ErrNoSPRTGames", q, r, err)
		}
	}
}

func TestSPRTStoredMatch(t *testing.T) {
	pattern := []int{4, 4, 3, 4, 2, 4}
	db, tid := sprtFixture(t, pattern)
	test := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.1, Model: ModelLogistic}
	lo, hi := test.Bounds()
	row := &store.SPRT{TournamentID: tid, Player: "zed", Opponent: "amy", Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.1,
		Model: ModelLogistic, Pentanomial: true, Lower: lo, Upper: hi, Games: 12, Verdict: H1, DecidedAfter: 10,
		DecidedLLR: 3.1, DecidedAt: time.Date(2026, 12, 1, 21, 0, 0, 0, time.UTC)}
	var points []store.SPRTPoint
	for i, llr := range []float64{0, 0.5, 0.5, 1.25, 1.25, 1.8, 1.8, 2.5, 2.5, 3.1, 3.1, 3.3} {
		points = append(points, store.SPRTPoint{Games: i + 1, LLR: llr})
	}
	if err := db.SaveSPRT(context.Background(), row, points, true); err != nil {
		t.Fatal(err)
	}
	for _, q := range []Query{{}, {Tournament: "match"}, {Player: "amy"}, {Game: "knight-fight"}} {
		r := compute(t, db, q)
		if len(r.SPRT) != 1 {
			t.Fatalf("%+v: %d SPRT results; want 1", q, len(r.SPRT))
		}
		s := r.SPRT[0]
		var pt [5]int
		for _, p := range pattern {
			pt[p]++
		}
		if s.Tournament != "match" || s.Player != "zed" || s.SPRT != test || *s.Pentanomial != pt || s.Games != 12 {
			t.Errorf("%+v", s)
		}
		if s.Verdict != H1 || s.DecidedAfter == nil || *s.DecidedAfter != 10 || len(s.Trajectory) != 12 || s.Trajectory[11].LLR != 3.3 {
			t.Errorf("verdict %q after %v, trajectory %v", s.Verdict, s.DecidedAfter, s.Trajectory)
		}
		if s.LLR != test.LLR(pt[:]) || s.Lower != lo || s.Upper != hi {
			t.Errorf("LLR %v (%v, %v)", s.LLR, s.Lower, s.Upper)
		}
	}
	for _, q := range []Query{{Game: "lines-of-action"}, {Player: "bob"}} {
		if r := compute(t, db, q); len(r.SPRT) != 0 {
			t.Errorf("%+v: %d SPRT results; want none", q, len(r.SPRT))
		}
	}

	// Every format shows it.
	r := compute(t, db, Query{})
	var pt [5]int
	for _, p := range pattern {
		pt[p]++
	}
	for _, c := range []struct{ format, want string }{
		{"text", "zed vs amy, tournament match: SPRT (0, 10) logistic, alpha 0.05, beta 0.1\n  Games: 12, Ptnml(0-2): [0, 0, 1, 1, 4]\n  LLR "},
		{"text", "  LLR 3.10 (-2.25, 2.89): H1 accepted after 10 games; LLR " + fmtFloat(test.LLR(pt[:]), 2) + " over all 12 games\n  Elo "},
		{"markdown", "## SPRT"},
		{"csv", "tournament,player,opponent,elo0,elo1,alpha,beta,model"},
		{"html", `viewBox="0 0 700 260" width="100%"`},
		{"html", `<polyline class="llr" points="50,`},
		{"html", `>H1 2.89</text>`},
		{"html", `>H0 -2.25</text>`},
		{"html", `<title>upper bound 2.89: H1</title>`},
		{"html", `text-anchor="end">LLR</text>`},
		{"json", `"verdict": "H1 accepted"`},
	} {
		var b bytes.Buffer
		if err := r.Write(&b, c.format); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("%s lacks %q:\n%s", c.format, c.want, b.String())
		}
	}
	// No number of the page is printed to more figures than a reader
	// takes in (the charts' coordinates have one decimal).
	var page bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	if raw := regexp.MustCompile(`[0-9]\.[0-9]{4,}`).FindAllString(page.String(), 5); raw != nil {
		t.Errorf("the HTML prints numbers unrounded: %q", raw)
	}
	var b bytes.Buffer
	r.WriteJSON(&b)
	var j struct {
		SPRT []map[string]any `json:"sprt"`
	}
	if err := json.Unmarshal(b.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"elo0", "elo1", "alpha", "beta", "model", "games", "pentanomial", "llr", "lower", "upper", "verdict",
		"decided_after", "decided_llr", "decided_at"} {
		if _, ok := j.SPRT[0][k]; !ok {
			t.Errorf("JSON sprt lacks %q", k)
		}
	}
	if v := j.SPRT[0]["llr"].(float64); math.Abs(v-r.SPRT[0].LLR) > 0 {
		t.Errorf("JSON llr %v", v)
	}
	if v := j.SPRT[0]["decided_llr"]; v != 3.1 || j.SPRT[0]["decided_at"] != "2026-12-01T21:00:00Z" {
		t.Errorf("JSON decided_llr %v at %v; want 3.1 at 2026-12-01T21:00:00Z", v, j.SPRT[0]["decided_at"])
	}
}

// TestSPRTNotFinite checks that every format writes an SPRT whose numbers
// are not finite, as a database may hold them (stored before such tests
// were refused): JSON as null (encoding/json failed on them), text and CSV
// as nan and inf, HTML without them in the chart.
func TestSPRTNotFinite(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	r := &Report{SPRT: []*SPRTResult{{Tournament: "m", Player: "a", Opponent: "b",
		SPRT:  SPRT{Elo0: 0, Elo1: 5, Alpha: 1e-320, Beta: 0.05, Model: ModelNormalized},
		Games: 4, WDL: Match{Wins: 2, Draws: 2}, LLR: nan, Lower: -3, Upper: inf, Verdict: Running,
		Trajectory: []SPRTPoint{{Games: 1, LLR: 0.5}, {Games: 2, LLR: nan}, {Games: 3, LLR: inf}, {Games: 4, LLR: 1}}}}}
	for _, c := range []struct{ format, want string }{
		{"text", "LLR nan (-3.00, inf): running"},
		{"csv", ",nan,-3.00,inf,running,"},
		{"markdown", "| LLR nan (-3.00, inf): running |"},
		{"html", `<polyline class="llr" points="50,`},
		{"html", `>H1 inf</text>`},
		{"html", `>H0 -3.00</text>`},
		{"json", `"llr": null`},
		{"json", `"upper": null`},
		{"json", `"lower": -3`},
		{"json", `{"games":2,"llr":null}`},
	} {
		var b bytes.Buffer
		if err := r.Write(&b, c.format); err != nil {
			t.Fatalf("%s: %v", c.format, err)
		}
		out := b.String()
		if c.format == "json" {
			var compact bytes.Buffer
			json.Compact(&compact, b.Bytes())
			out = compact.String()
			if !json.Valid(b.Bytes()) {
				t.Errorf("json is not valid:\n%s", b.String())
			}
		}
		if !strings.Contains(out, strings.ReplaceAll(c.want, `": `, `":`)) && !strings.Contains(out, c.want) {
			t.Errorf("%s lacks %q:\n%s", c.format, c.want, out)
		}
		if c.format == "html" && (strings.Contains(out, "NaN") || regexp.MustCompile(`="[^"]*Inf`).MatchString(out)) {
			t.Errorf("html draws NaN or Inf:\n%s", out)
		}
	}
}
