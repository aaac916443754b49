package tournament

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/pairing"
	"github.com/arbiter-games/arbiter/rating"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/store"
)

// SPRTStatus is where a match's SPRT stands.
type SPRTStatus struct {
	Test rating.SPRT
	// Pentanomial says that the LLR is over the pentanomial counts of the
	// colour-swapped pairs (games_per_encounter even, model not bayesian),
	// else over the first engine's losses, draws and wins.
	Pentanomial  bool
	Counts       []int   // the counts the LLR is computed from
	LLR          float64 // over the games counted
	Lower, Upper float64
	Games        int // games counted
	// Verdict is rating.H0, rating.H1, rating.StoppedAtCap, or "" while the test
	// goes on.
	Verdict string
	// DecidedAfter is the number of games, in slot order, after which the
	// LLR reached a bound; 0 before. DecidedLLR is the LLR that reached
	// it, DecidedAt when.
	DecidedAfter int
	DecidedLLR   float64
	DecidedAt    time.Time
}

// Line is the verdict line. Once the test has answered it says after how
// many games, with the LLR that reached the bound, then the LLR over every
// game stored: "SPRT (0, 5) normalized: LLR 2.96 (-2.94, 2.94) H1 accepted
// after 1,834 games; LLR 3.02 over all 1,836 games stored"; before, where
// it stands: "SPRT (0, 5) normalized: LLR 1.20 (-2.94, 2.94) running after
// 400 games".
func (s *SPRTStatus) Line() string {
	switch {
	case s.DecidedAfter > 0:
		return fmt.Sprintf("SPRT %s: %s %s after %s games; LLR %.2f over all %s games stored", s.Test,
			s.llrText(s.DecidedLLR), s.Verdict, thousands(s.DecidedAfter), s.LLR, thousands(s.Games))
	case s.Verdict != "":
		return fmt.Sprintf("SPRT %s: %s %s after %s games", s.Test, s.LLRText(), s.Verdict, thousands(s.Games))
	}
	return fmt.Sprintf("SPRT %s: %s running after %s games", s.Test, s.LLRText(), thousands(s.Games))
}

// LLRText is "LLR 2.96 (-2.94, 2.94)".
func (s *SPRTStatus) LLRText() string { return s.llrText(s.LLR) }

func (s *SPRTStatus) llrText(llr float64) string {
	return fmt.Sprintf("LLR %.2f (%.2f, %.2f)", llr, s.Lower, s.Upper)
}

// thousands writes n with commas: 1,834.
func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// tally counts a match's games from the first engine's side: results by
// half-points (0 loss, 1 draw, 2 win) and the pentanomial counts of the
// pairs whose two games are counted.
type tally struct {
	tri   [3]int
	penta [5]int
	open  map[int]int // pair → 1 + half-points of its one game counted
	games int
}

func (t *tally) add(pair, pts int) {
	t.games++
	t.tri[pts]++
	if t.open == nil {
		t.open = map[int]int{}
	}
	if first, ok := t.open[pair]; ok {
		delete(t.open, pair)
		t.penta[first-1+pts]++
		return
	}
	t.open[pair] = 1 + pts
}

func (t *tally) counts(penta bool) []int {
	if penta {
		return t.penta[:]
	}
	return t.tri[:]
}

// sprtRun follows the SPRT of a match as its games are stored. The test
// walks the schedule in slot order: a game is counted once every slot
// before it is stored, so that the LLR after game k, and where it first
// reaches a bound, depend only on the games of slots 0..k, not on the
// order in which games in play happen to end, nor on a kill and resume.
type sprtRun struct {
	st      SPRTStatus
	game    func(slot int) (pairing.Game, bool)
	total   int         // slots of the schedule
	pending map[int]int // stored games not yet walked: slot → half-points
	walked  tally       // slots[:len(walked)] in order
	all     tally       // every stored game
	points  []store.SPRTPoint
	row     store.SPRT
}

func newSPRTRun(cfg *config.Tournament, tid int64, sched *schedule) *sprtRun {
	test := cfg.SPRT.Test()
	// A match with an SPRT is round robin or gauntlet: one stage, made.
	r := &sprtRun{game: sched.game, total: sched.total(), pending: map[int]int{}}
	r.st.Test = test
	r.st.Pentanomial = *cfg.GamesPerEncounter%2 == 0 && test.Pentanomial()
	r.st.Lower, r.st.Upper = test.Bounds()
	r.row = store.SPRT{TournamentID: tid, Player: cfg.Engines[0].Name, Opponent: cfg.Engines[1].Name,
		Elo0: test.Elo0, Elo1: test.Elo1, Alpha: test.Alpha, Beta: test.Beta, Model: test.Model,
		Pentanomial: r.st.Pentanomial, Lower: r.st.Lower, Upper: r.st.Upper}
	return r
}

// halfPoints is the first engine's half-points in the game of slot s with
// result; ok is false for a game without a result.
func halfPoints(s pairing.Game, result rules.Result) (int, bool) {
	pts, ok := result.WhiteHalfPoints()
	if !ok {
		return 0, false
	}
	if s.White != 0 {
		pts = 2 - pts
	}
	return pts, true
}

// add counts the stored game of slot k and walks on as far as the stored
// slots go, recomputing the LLR after each game.
func (r *sprtRun) add(k int, result rules.Result) {
	g, ok := r.game(k)
	if !ok {
		return
	}
	pts, ok := halfPoints(g, result)
	if !ok {
		return
	}
	r.all.add(g.Pair, pts)
	r.pending[k] = pts
	for r.walked.games < r.total {
		n := r.walked.games
		pts, ok := r.pending[n]
		if !ok {
			break
		}
		delete(r.pending, n)
		g, _ := r.game(n)
		r.walked.add(g.Pair, pts)
		llr := r.st.Test.LLR(r.walked.counts(r.st.Pentanomial))
		r.points = append(r.points, store.SPRTPoint{Games: n + 1, LLR: llr})
		r.st.LLR, r.st.Games = llr, n+1
		if r.st.Verdict == "" {
			if v := r.st.Test.Decide(llr); v != "" {
				r.st.Verdict, r.st.DecidedAfter, r.st.DecidedLLR, r.st.DecidedAt = v, n+1, llr, time.Now()
			}
		}
	}
}

// decided reports whether the test has answered.
func (r *sprtRun) decided() bool { return r.st.Verdict == rating.H0 || r.st.Verdict == rating.H1 }

// status returns the test as it stands in slot order, for progress.
func (r *sprtRun) status() *SPRTStatus {
	s := r.st
	s.Counts = append([]int(nil), r.walked.counts(s.Pentanomial)...)
	return &s
}

// final returns the verdict recomputed over every stored game: the LLR over
// all of them, the verdict of the walk in slot order, or rating.StoppedAtCap
// when every game of the schedule is stored without one.
func (r *sprtRun) final() *SPRTStatus {
	s := r.st
	s.Counts = append([]int(nil), r.all.counts(s.Pentanomial)...)
	s.LLR = s.Test.LLR(s.Counts)
	s.Games = r.all.games
	if s.Verdict == "" && r.all.games == r.total {
		s.Verdict = rating.StoppedAtCap
	}
	return &s
}

// sprtSaver stores a test: a store.DB, or the inserter that stores the
// games.
type sprtSaver interface {
	SaveSPRT(ctx context.Context, s *store.SPRT, points []store.SPRTPoint, reset bool) error
}

// save stores the test as it stands and the trajectory points not stored
// yet; reset replaces the whole stored trajectory.
func (r *sprtRun) save(ctx context.Context, db sprtSaver, reset bool) error {
	row, points := r.unsaved()
	if err := db.SaveSPRT(ctx, row, points, reset); err != nil {
		return err
	}
	r.saved()
	return nil
}

// unsaved returns the test as it stands and the trajectory points not
// stored yet, for a store; saved forgets the points once they are stored.
func (r *sprtRun) unsaved() (*store.SPRT, []store.SPRTPoint) {
	f := r.final()
	r.row.Games, r.row.LLR, r.row.Verdict, r.row.DecidedAfter = f.Games, f.LLR, f.Verdict, f.DecidedAfter
	r.row.DecidedLLR, r.row.DecidedAt = f.DecidedLLR, f.DecidedAt
	return &r.row, r.points
}

func (r *sprtRun) saved() { r.points = r.points[:0] }
