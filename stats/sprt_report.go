package stats

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/store"
)

// Verdicts an SPRT section shows besides H0 and H1.
const (
	// Running: no bound reached, more games may come (for --sprt: more
	// games are needed).
	Running = "running"
	// StoppedAtCap: the match played every game of its schedule without
	// reaching a bound.
	StoppedAtCap = "stopped at the cap"
)

// SPRTResult is one SPRT of a report: a stored SPRT match's (Tournament
// set) or the test that report --sprt asks for over the selected games.
// Counts and LLR are over every stored game (complete pairs when
// pentanomial); the verdict is where the LLR, walked game by game in slot
// order (for --sprt: in the order the games were stored), first reached a
// bound.
type SPRTResult struct {
	Tournament string `json:"tournament,omitempty"`
	Player     string `json:"player"`   // the player tested (elo0, elo1 are its Elo over the opponent)
	Opponent   string `json:"opponent"` // the player it is tested against
	SPRT
	Games int `json:"games"` // finished games between them
	// Pentanomial holds the counts of the colour-swapped pairs [LL, LD,
	// WL+DD, WD, WW] from Player's side when the test is over them, else it
	// is null and the test is over WDL.
	Pentanomial *[5]int `json:"pentanomial"`
	// WDL is Player's wins, draws and losses.
	WDL          Match   `json:"wdl"`
	LLR          float64 `json:"llr"` // over every game
	Lower        float64 `json:"lower"`
	Upper        float64 `json:"upper"`
	Verdict      string  `json:"verdict"`       // H0, H1, Running or StoppedAtCap
	DecidedAfter *int    `json:"decided_after"` // games (in order) after which a bound was reached
	// DecidedLLR is the LLR that reached the bound (null before); LLR is
	// over every game. DecidedAt is when (RFC 3339, a stored match's).
	DecidedLLR *float64 `json:"decided_llr"`
	DecidedAt  string   `json:"decided_at,omitempty"`
	Elo        *float64 `json:"elo"`       // logistic Elo difference
	EloError   *float64 `json:"elo_error"` // 95 % half-width
	NElo       *float64 `json:"nelo"`      // normalized Elo
	NEloError  *float64 `json:"nelo_error"`
	// Trajectory is the LLR after each game (at most sprtPoints points,
	// evenly thinned, always with the first at a bound and the last).
	Trajectory []SPRTPoint `json:"trajectory"`
}

// SPRTPoint is the LLR after Games games.
type SPRTPoint = store.SPRTPoint

// sprtPoints bounds the trajectory a report carries.
const sprtPoints = 1000

// counts returns the counts the LLR is computed from.
func (s *SPRTResult) counts() []int {
	if s.Pentanomial != nil {
		return s.Pentanomial[:]
	}
	return []int{s.WDL.Losses, s.WDL.Draws, s.WDL.Wins}
}

// finish computes the LLR, bounds and estimates of s's counts.
func (s *SPRTResult) finish() {
	c := s.counts()
	s.LLR = s.SPRT.LLR(c)
	lo, hi := s.SPRT.Bounds()
	s.Lower, s.Upper = lo, hi
	e := EstimateOf(c)
	s.Elo, s.EloError, s.NElo, s.NEloError = finite(e.Elo), finite(e.EloError), finite(e.NElo), finite(e.NEloError)
	if s.Trajectory == nil {
		s.Trajectory = []SPRTPoint{}
	}
}

// storedSPRT returns the SPRT matches stored in the selection w: every
// tournament with an sprt row, of the selected tournament and game, with
// the selected player (and opponent) among its two.
func storedSPRT(ctx context.Context, db *store.DB, w store.Filter) ([]*SPRTResult, error) {
	ms, err := db.SPRTMatches(ctx, w)
	if err != nil {
		return nil, err
	}
	out := make([]*SPRTResult, 0, len(ms))
	for _, m := range ms {
		r := &SPRTResult{Tournament: m.Tournament, Player: m.Player, Opponent: m.Opponent, Verdict: m.Verdict}
		r.Elo0, r.Elo1, r.Alpha, r.Beta, r.Model = m.Elo0, m.Elo1, m.Alpha, m.Beta, m.Model
		if m.DecidedAfter > 0 {
			n := m.DecidedAfter
			r.DecidedAfter = &n
			r.DecidedAt = m.DecidedAt
			if m.DecidedLLR.Valid {
				r.DecidedLLR = &m.DecidedLLR.Float64
			}
		}
		if r.Verdict == "" {
			r.Verdict = Running
		}
		// Counts over every stored game of the match.
		games, err := db.ResultCounts(ctx, m.TournamentID)
		if err != nil {
			return nil, err
		}
		for _, g := range games {
			wm, ok := whiteMatch(g.Result, g.Count)
			if !ok {
				continue
			}
			if g.White != r.Player {
				wm = wm.reversed()
			}
			r.WDL = r.WDL.plus(wm)
		}
		r.Games = r.WDL.Games()
		if m.Pentanomial {
			var pt [5]int
			cells, err := db.PairPoints(ctx, m.TournamentID)
			if err != nil {
				return nil, err
			}
			for _, c := range cells {
				k := c.Points
				if c.A != r.Player {
					k = 4 - k
				}
				if k >= 0 && k <= 4 {
					pt[k] += c.Count
				}
			}
			r.Pentanomial = &pt
		}
		stored, err := db.SPRTTrajectory(ctx, m.TournamentID)
		if err != nil {
			return nil, err
		}
		if r.DecidedAfter != nil && r.DecidedLLR == nil {
			// Decided before the database kept the LLR that decided: the
			// trajectory's point there is it.
			for _, p := range stored {
				if p.Games == *r.DecidedAfter {
					r.DecidedLLR = &p.LLR
				}
			}
		}
		r.Trajectory = thin(stored, m.DecidedAfter)
		r.finish()
		out = append(out, r)
	}
	return out, nil
}

// thin keeps at most about sprtPoints points of ps, evenly spaced, and
// always the point after keep games and the last one.
func thin(ps []SPRTPoint, keep int) []SPRTPoint {
	step := (len(ps) + sprtPoints - 1) / sprtPoints
	out := make([]SPRTPoint, 0, min(len(ps), sprtPoints+2))
	for i, p := range ps {
		if i%max(step, 1) == 0 || p.Games == keep || i == len(ps)-1 {
			out = append(out, p)
		}
	}
	return out
}

// ErrNoSPRTGames is returned by Compute for an SPRT (Query.SPRT) when the
// selection has no finished game between the two players: a test over no
// games would say "running" forever.
var ErrNoSPRTGames = errors.New("no finished games between the two players in the selection")

// sprtGame is a finished game of an ad hoc SPRT, from the tested player's
// side.
type sprtGame struct {
	tid   int64 // 0: imported
	pair  int   // -1: none
	white string
	pts   int // the player's half-points; -1: not a finished game
}

// sprtPair names a colour-swapped pair of a tournament.
type sprtPair struct {
	tid  int64
	pair int
}

// sprtHalf is the first game of a pair met: its points and who had White.
type sprtHalf struct {
	pts   int
	white string
}

// wholePairs reports whether every finished game of games belongs to a
// colour-swapped pair of a tournament (a pair's partner may be missing) and
// at least one pair is whole: then the pentanomial model can be used.
func wholePairs(games []sprtGame) bool {
	whole := 0
	seen := map[sprtPair]sprtHalf{}
	for _, g := range games {
		if g.pts < 0 {
			continue
		}
		if g.tid == 0 || g.pair < 0 {
			return false
		}
		k := sprtPair{g.tid, g.pair}
		if h, ok := seen[k]; ok {
			if h.white == g.white || h.pts < 0 {
				return false // not colour-swapped, or a third game
			}
			whole++
			seen[k] = sprtHalf{pts: -1}
			continue
		}
		seen[k] = sprtHalf{pts: g.pts, white: g.white}
	}
	return whole > 0
}

// adhocSPRT runs test over the finished games between w.player (tested)
// and w.opponent in the selection w, in the order they were stored
// (tournament games by tournament, then slot). It is over the pentanomial
// counts when every game belongs to a colour-swapped pair of a tournament
// (games of a pair whose partner is not stored yet are left out), the model
// is not bayesian and there is at least one whole pair; else over the
// wins, draws and losses of all the games. Without such a game it is
// ErrNoSPRTGames.
func adhocSPRT(ctx context.Context, db *store.DB, w store.Filter, test SPRT) (*SPRTResult, error) {
	stored, err := db.FinishedGames(ctx, w)
	if err != nil {
		return nil, err
	}
	games := make([]sprtGame, len(stored))
	for i, sg := range stored {
		g := sprtGame{white: sg.White, tid: sg.TournamentID, pair: sg.Pair}
		if m, ok := whiteMatch(sg.Result, 1); !ok {
			g.pts = -1
		} else {
			g.pts = 2*m.Wins + m.Draws
			if g.white != w.Player {
				g.pts = 2 - g.pts
			}
		}
		games[i] = g
	}
	r := &SPRTResult{Player: w.Player, Opponent: w.Opponent, SPRT: test, Verdict: Running}
	// Can the pentanomial model be used?
	penta := test.Pentanomial() && wholePairs(games)
	seen := map[sprtPair]sprtHalf{}
	var tri [3]int
	var pt [5]int
	var points []SPRTPoint
	decided := 0
	n := 0
	for _, g := range games {
		if g.pts < 0 {
			continue
		}
		n++
		tri[g.pts]++
		c := tri[:]
		if penta {
			k := sprtPair{g.tid, g.pair}
			if h, ok := seen[k]; ok {
				pt[h.pts+g.pts]++
				delete(seen, k)
			} else {
				seen[k] = sprtHalf{pts: g.pts}
			}
			c = pt[:]
		}
		llr := test.LLR(c)
		points = append(points, SPRTPoint{Games: n, LLR: llr})
		if decided == 0 {
			if v := test.Decide(llr); v != "" {
				decided, r.Verdict, r.DecidedLLR = n, v, &llr
			}
		}
	}
	if n == 0 {
		return nil, fmt.Errorf("sprt of %s against %s: %w", w.Player, w.Opponent, ErrNoSPRTGames)
	}
	r.WDL = Match{Wins: tri[2], Draws: tri[1], Losses: tri[0]}
	r.Games = n
	if penta {
		r.Pentanomial = &pt
	}
	if decided > 0 {
		r.DecidedAfter = &decided
	}
	r.Trajectory = thin(points, decided)
	r.finish()
	return r, nil
}

// VerdictText is "H1 accepted after 148 games", "running", ...
func (s *SPRTResult) VerdictText() string {
	if s.DecidedAfter != nil {
		return fmt.Sprintf("%s after %d games", s.Verdict, *s.DecidedAfter)
	}
	return s.Verdict
}

// VerdictLine is the verdict with the LLR beside it: the one that reached
// the bound, and then the one over every game, "LLR 2.95 (-2.94, 2.94): H1
// accepted after 148 games; LLR 3.02 over all 150 games"; before, "LLR
// 1.20 (-2.94, 2.94): running".
func (s *SPRTResult) VerdictLine() string {
	if s.DecidedAfter != nil && s.DecidedLLR != nil {
		return fmt.Sprintf("LLR %s (%s, %s): %s; LLR %s over all %d games", fmtFloat(*s.DecidedLLR, 2),
			fmtFloat(s.Lower, 2), fmtFloat(s.Upper, 2), s.VerdictText(), fmtFloat(s.LLR, 2), s.Games)
	}
	return s.LLRText() + ": " + s.VerdictText()
}

// CountsText is fastchess's "Ptnml(0-2): [...]" or "WDL: [W, D, L]".
func (s *SPRTResult) CountsText() string {
	if t := s.Pentanomial; t != nil {
		return fmt.Sprintf("Ptnml(0-2): [%d, %d, %d, %d, %d]", t[0], t[1], t[2], t[3], t[4])
	}
	return fmt.Sprintf("WDL: [%d, %d, %d]", s.WDL.Wins, s.WDL.Draws, s.WDL.Losses)
}

// LLRText is "LLR 2.96 (-2.94, 2.94)".
func (s *SPRTResult) LLRText() string {
	return "LLR " + fmtFloat(s.LLR, 2) + " (" + fmtFloat(s.Lower, 2) + ", " + fmtFloat(s.Upper, 2) + ")"
}

// EloText is "Elo 12.3 +/- 4.5, nElo 20.1 +/- 7.4 (fastchess's, over the
// pairs)" ("-" where undefined): it names the estimate, the test's own
// counts by fastchess's formulas, since it stands beside the standings'
// maximum-likelihood Elo.
func (s *SPRTResult) EloText() string {
	over := "games"
	if s.Pentanomial != nil {
		over = "pairs"
	}
	return fmt.Sprintf("Elo %s +/- %s, nElo %s +/- %s (fastchess's, over the %s)", fmtOpt(s.Elo, 1, "-"),
		fmtOpt(s.EloError, 1, "-"), fmtOpt(s.NElo, 1, "-"), fmtOpt(s.NEloError, 1, "-"), over)
}

// Title is "A vs B, tournament T" (or "A vs B, selected games").
func (s *SPRTResult) Title() string {
	if s.Tournament != "" {
		return fmt.Sprintf("%s vs %s, tournament %s", s.Player, s.Opponent, s.Tournament)
	}
	return fmt.Sprintf("%s vs %s, selected games", s.Player, s.Opponent)
}

// TestText is "SPRT (0, 5) normalized, alpha 0.05, beta 0.05".
func (s *SPRTResult) TestText() string {
	return fmt.Sprintf("SPRT %s, alpha %s, beta %s", s.SPRT.String(), fmtNum(s.Alpha), fmtNum(s.Beta))
}

// writeSPRTText writes the SPRT section of the text format.
func (r *Report) writeSPRTText(b io.Writer) {
	if len(r.SPRT) == 0 {
		return
	}
	fmt.Fprintf(b, "\nSPRT\n")
	for _, s := range r.SPRT {
		fmt.Fprintf(b, "%s: %s\n", cleanText(s.Title()), s.TestText())
		fmt.Fprintf(b, "  Games: %d, %s\n", s.Games, s.CountsText())
		fmt.Fprintf(b, "  %s\n", s.VerdictLine())
		fmt.Fprintf(b, "  %s\n", s.EloText())
	}
}

// writeSPRTMarkdown writes the SPRT section of the Markdown format.
func (r *Report) writeSPRTMarkdown(b io.Writer) {
	if len(r.SPRT) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## SPRT\n\n")
	fmt.Fprintf(b, "| Player | Opponent | Tournament | Test | Games | Counts | Verdict, with its LLR (bounds) | Elo (fastchess) | nElo (fastchess) |\n")
	fmt.Fprintf(b, "| --- | --- | --- | --- | ---: | --- | --- | ---: | ---: |\n")
	for _, s := range r.SPRT {
		t := s.Tournament
		if t == "" {
			t = "(selected games)"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %d | %s | %s | %s ± %s | %s ± %s |\n",
			cleanMarkdown(s.Player), cleanMarkdown(s.Opponent), cleanMarkdown(t), s.TestText(), s.Games,
			cleanMarkdown(s.CountsText()), s.VerdictLine(),
			fmtOpt(s.Elo, 1, "-"), fmtOpt(s.EloError, 1, "-"), fmtOpt(s.NElo, 1, "-"), fmtOpt(s.NEloError, 1, "-"))
	}
}

// sprtCSV returns the rows of the SPRT table of the CSV format, header
// first; nil without SPRT.
func (r *Report) sprtCSV() [][]string {
	if len(r.SPRT) == 0 {
		return nil
	}
	rows := [][]string{{"tournament", "player", "opponent", "elo0", "elo1", "alpha", "beta", "model", "games",
		"ll", "ld", "wl_dd", "wd", "ww", "wins", "draws", "losses", "llr", "lower", "upper", "verdict", "decided_after",
		"elo", "elo_error", "nelo", "nelo_error", "decided_llr"}}
	for _, s := range r.SPRT {
		pt := make([]string, 5)
		if s.Pentanomial != nil {
			for i, n := range s.Pentanomial {
				pt[i] = strconv.Itoa(n)
			}
		}
		decided := ""
		if s.DecidedAfter != nil {
			decided = strconv.Itoa(*s.DecidedAfter)
		}
		row := []string{s.Tournament, s.Player, s.Opponent, fmtNum(s.Elo0), fmtNum(s.Elo1), fmtNum(s.Alpha),
			fmtNum(s.Beta), s.Model, strconv.Itoa(s.Games)}
		row = append(row, pt...)
		row = append(row, strconv.Itoa(s.WDL.Wins), strconv.Itoa(s.WDL.Draws), strconv.Itoa(s.WDL.Losses),
			fmtFloat(s.LLR, 2), fmtFloat(s.Lower, 2), fmtFloat(s.Upper, 2), s.Verdict, decided,
			fmtOpt(s.Elo, 1, ""), fmtOpt(s.EloError, 1, ""), fmtOpt(s.NElo, 1, ""), fmtOpt(s.NEloError, 1, ""),
			fmtOpt(s.DecidedLLR, 2, ""))
		rows = append(rows, row)
	}
	return rows
}

// sprtChart is the LLR-against-games line chart of one SPRT for the HTML
// format: an SVG in a viewBox of chartW × chartH that scales to the page.
type sprtChart struct {
	S              *SPRTResult
	W, H           float64
	Path           string  // the LLR polyline's points
	UpperY, LowerY float64 // the bounds' lines
	ZeroY          float64
	Left, Right    float64 // plot area
	Top, Bottom    float64
	MaxGames       int
	YHi, YLo       string // axis labels
	Upper, Lower   string // the bounds, as the text prints them
	DecidedX       float64
	Decided        bool
}

// sprtCharts lays out the charts of r's SPRTs.
func (r *Report) sprtCharts() []sprtChart {
	var out []sprtChart
	for _, s := range r.SPRT {
		c := sprtChart{S: s, W: 700, H: 260, Left: 50, Right: 690, Top: 10, Bottom: 230}
		// The chart draws the LLRs as the text prints them: to 2 decimals.
		// A number that is not finite (a database may hold one) is left
		// out of the scale, and drawn at its edge.
		finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
		lower, upper := round(s.Lower, 2), round(s.Upper, 2)
		lo, hi := 0.0, 0.0
		for _, b := range []float64{lower, upper} {
			if finite(b) {
				lo, hi = math.Min(lo, b), math.Max(hi, b)
			}
		}
		maxG := 1
		for _, p := range s.Trajectory {
			if llr := round(p.LLR, 2); finite(llr) {
				lo, hi = math.Min(lo, llr), math.Max(hi, llr)
			}
			maxG = max(maxG, p.Games)
		}
		pad := (hi - lo) * 0.05
		if pad == 0 {
			pad = 1
		}
		lo, hi = lo-pad, hi+pad
		x := func(g int) float64 { return round(c.Left+(c.Right-c.Left)*float64(g)/float64(maxG), 1) }
		y := func(v float64) float64 {
			if math.IsNaN(v) {
				v = 0
			}
			return round(c.Bottom-(c.Bottom-c.Top)*(min(max(v, lo), hi)-lo)/(hi-lo), 1)
		}
		var pts []string
		pts = append(pts, fmt.Sprintf("%v,%v", x(0), y(0)))
		for _, p := range s.Trajectory {
			if finite(p.LLR) {
				pts = append(pts, fmt.Sprintf("%v,%v", x(p.Games), y(round(p.LLR, 2))))
			}
		}
		c.Path = strings.Join(pts, " ")
		c.UpperY, c.LowerY, c.ZeroY = y(upper), y(lower), y(0)
		c.MaxGames = maxG
		c.YHi, c.YLo = fmtFloat(hi, 1), fmtFloat(lo, 1)
		c.Upper, c.Lower = fmtFloat(s.Upper, 2), fmtFloat(s.Lower, 2)
		if s.DecidedAfter != nil {
			c.Decided, c.DecidedX = true, x(*s.DecidedAfter)
		}
		out = append(out, c)
	}
	return out
}
