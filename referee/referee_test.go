package referee

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/ugi"
)

// scripted is an engine whose answers the test sets: it plays "1" (the toy
// race's smallest step) after elapsed, with eval, and notes each go.
type scripted struct {
	elapsed time.Duration
	eval    ugi.Eval
	gos     []ugi.Limits
	waits   []time.Duration
}

func (e *scripted) Position(string, []string) error { return nil }

func (e *scripted) Go(_ context.Context, lim ugi.Limits, wait time.Duration) (engineproc.Reply, error) {
	e.gos = append(e.gos, lim)
	e.waits = append(e.waits, wait)
	return engineproc.Reply{Move: "1", Elapsed: e.elapsed, Search: ugi.Info{Eval: e.eval}}, nil
}

// game is a toy race between w and b from the start, with the sides'
// limits set by side.
func game(t *testing.T, w, b *scripted, side func(*Side)) Game {
	t.Helper()
	pos, err := toygames.Race.Start(rules.TagMap{})
	if err != nil {
		t.Fatal(err)
	}
	g := Game{Pos: pos, Start: "startpos", First: rules.White}
	g.Sides[rules.White] = Side{Engine: w, Name: "w"}
	g.Sides[rules.Black] = Side{Engine: b, Name: "b"}
	for c := range g.Sides {
		side(&g.Sides[c])
	}
	return g
}

// TestMovesToGo checks a clock of moves per period: go tells the moves
// left in the period, and the clock gets its base again after each
// period's last move.
func TestMovesToGo(t *testing.T) {
	w, b := &scripted{elapsed: 100 * time.Millisecond}, &scripted{elapsed: 100 * time.Millisecond}
	g := game(t, w, b, func(s *Side) { s.Base, s.MovesToGo, s.Margin = time.Second, 3, 50*time.Millisecond })
	res, err := Play(context.Background(), g, Rules{MaxPlies: 8})
	if err != nil {
		t.Fatal(err)
	}
	if res.Termination != notation.TermAdjudication {
		t.Fatalf("game ended %s (%s); want adjudication at 8 plies", res.Termination, res.Comment)
	}
	var togo []int
	var times []time.Duration
	for _, l := range w.gos {
		togo = append(togo, l.MovesToGo)
		times = append(times, l.Time[0])
	}
	if want := []int{3, 2, 1, 3}; !slices.Equal(togo, want) {
		t.Errorf("movestogo of White's go commands %v; want %v", togo, want)
	}
	// 1000, then 100 less after each move, and 1000 more after the third.
	if want := []time.Duration{1000, 900, 800, 1700}; !slices.EqualFunc(times, want, func(a, b time.Duration) bool { return a == b*time.Millisecond }) {
		t.Errorf("White's clock at its go commands %v; want %v ms", times, want)
	}
}

// TestClockBounded checks that a clock of huge times never wraps: each
// side's time in go stays positive and never falls while the moves take
// no time, and so does the wait for the move.
func TestClockBounded(t *testing.T) {
	huge := time.Duration(math.MaxInt64 / 4)
	for _, tc := range []struct {
		name string
		side func(*Side)
	}{
		{"increment", func(s *Side) { s.Base, s.Inc, s.Margin = huge, huge, huge }},
		{"moves per period", func(s *Side) { s.Base, s.MovesToGo, s.Margin = huge, 1, time.Second }},
		{"base alone", func(s *Side) { s.Base, s.Margin = math.MaxInt64, math.MaxInt64 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, b := &scripted{}, &scripted{}
			res, err := Play(context.Background(), game(t, w, b, tc.side), Rules{MaxPlies: 16})
			if err != nil {
				t.Fatal(err)
			}
			if res.Termination != notation.TermAdjudication {
				t.Fatalf("game ended %s (%s); want adjudication at 16 plies", res.Termination, res.Comment)
			}
			for i, l := range w.gos {
				if l.Time[0] <= 0 || i > 0 && l.Time[0] < w.gos[i-1].Time[0] {
					t.Errorf("White's clock at its go commands: %v; want each positive and none less than the one before", clocks(w.gos))
					break
				}
			}
			for i, wait := range w.waits {
				if wait <= 0 {
					t.Errorf("wait for White's move %d = %v; want it positive", i+1, wait)
				}
			}
		})
	}
}

// clocks lists the p1 clock of each go.
func clocks(gos []ugi.Limits) []time.Duration {
	out := make([]time.Duration, len(gos))
	for i, l := range gos {
		out[i] = l.Time[0]
	}
	return out
}

// TestNoTimeLimit checks sides without a time limit: go carries only the
// engine's limits, and the referee waits as long as the move takes.
func TestNoTimeLimit(t *testing.T) {
	w, b := &scripted{elapsed: time.Hour}, &scripted{elapsed: time.Hour}
	g := game(t, w, b, func(s *Side) { s.Depth = 3 })
	res, err := Play(context.Background(), g, Rules{MaxPlies: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Termination != notation.TermAdjudication {
		t.Fatalf("game ended %s (%s); want adjudication at 2 plies, no time forfeit", res.Termination, res.Comment)
	}
	if got := string(w.gos[0].AppendGo(nil)); got != "go depth 3" {
		t.Errorf("go = %q; want go depth 3", got)
	}
	if w.waits[0] < 24*time.Hour {
		t.Errorf("waited at most %v for a move without a time limit", w.waits[0])
	}
}

// TestResignOneSided checks resign adjudication by the losing side's own
// engine alone, while the other engine sees the game even.
func TestResignOneSided(t *testing.T) {
	behind := ugi.Eval{OK: true, Value: -700}
	even := ugi.Eval{OK: true}
	for _, tc := range []struct {
		name     string
		oneSided bool
		want     string // in the closing comment; "" for no adjudication
	}{
		{"two-sided", false, ""},
		{"one-sided", true, "adjudicated: black resigns, its engine's score -700 for 2 moves"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := game(t, &scripted{eval: even}, &scripted{eval: behind}, func(s *Side) { s.MoveTime = time.Second })
			res, err := Play(context.Background(), g, Rules{MaxPlies: 10, Resign: &Resign{Score: 500, Moves: 2, OneSided: tc.oneSided}})
			if err != nil {
				t.Fatal(err)
			}
			if tc.want == "" {
				if !strings.HasPrefix(res.Comment, "adjudicated after 10 plies") {
					t.Errorf("comment %q; want no resignation", res.Comment)
				}
				return
			}
			if res.Comment != tc.want || res.Result != rules.WhiteWins {
				t.Errorf("result %s, comment %q; want 1-0, %q", res.Result, res.Comment, tc.want)
			}
		})
	}
}
