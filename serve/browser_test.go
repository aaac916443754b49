package serve

import (
	"context"
	"fmt"
	"net"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/arbiter-games/arbiter/internal/browser"
	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
	"github.com/arbiter-games/arbiter/store"
)

// TestTournamentPageFitsDesktop opens the page of a round robin of eight
// engines with version-length names and search statistics at 1280 px:
// the page and every table (latest games, standings with nps, LOS,
// crosstable, terminations) fit without a scrollbar.
func TestTournamentPageFitsDesktop(t *testing.T) {
	ctx := browser.New(t)
	bg := context.Background()
	db, err := store.Open(bg, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	names := []string{"Stockfish-like-TankEngine-v2.3", "DeepTank-NNUE-dev-20261201", "greedy-baseline-1.0",
		"Panzerfaust-0.9.7-beta", "TigerTank-experimental", "Leopard-2A7-avx512-pgo", "Sherman-MCTS-8threads", "Abrams-tuned-spsa-1450"}
	var engines []store.Engine
	for _, n := range names {
		engines = append(engines, store.Engine{Name: n, Cmd: "x"})
	}
	tour := &store.Tournament{Name: "tank-battle round robin 10+0.1", Game: "tank-battle", Config: "x", ConfigHash: "h", TotalGames: 2 * len(names) * (len(names) - 1)}
	if err := db.Register(bg, tour, engines); err != nil {
		t.Fatal(err)
	}
	in := db.NewInserter()
	slot := 0
	for i, w := range names {
		for j, b := range names {
			if i == j {
				continue
			}
			res := [3]rules.Result{rules.WhiteWins, rules.BlackWins, rules.Draw}[(i+2*j)%3]
			stats := func(k int) *search.Stats {
				return &search.Stats{Moves: 40, Depth: 12.5 + float64(k%5), MoveMS: 97.3 + float64(k%7), Nodes: 1e6, NPS: 2412345 + 104729*int64(k%11)}
			}
			g := &store.Game{TournamentID: tour.ID, Slot: slot, Pair: -1, Game: "tank-battle", White: w, Black: b, Result: res,
				Termination: [2]notation.Termination{notation.TermNormal, notation.TermTimeForfeit}[slot%2], Plies: 60, HasScore: true, ScoreWhite: 10 + slot%7, ScoreBlack: 9 + slot%5,
				StartedAt: time.Now(), Record: fmt.Sprintf("[Game \"Tank Battle\"]\n[Round \"%d\"]\n[Result %q]\n\n%s\n", slot, res, res),
				WhiteStats: stats(i), BlackStats: stats(j)}
			if err := in.Insert(bg, g); err != nil {
				t.Fatal(err)
			}
			slot++
		}
	}
	in.Close()
	srv := httptest.NewServer(New(db, "s.db").Handler())
	defer srv.Close()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+"/t/"+url.PathEscape(tour.Name))); err != nil {
		t.Fatal(err)
	}
	// The page fills its sections as its script runs: wait for them.
	enginetest.WaitFor(t, "page with its 5 tables and the nps column", func() bool {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelectorAll("table").length + " " + (document.body.textContent.indexOf("nps") >= 0)`))
		if err != nil {
			t.Fatal(err)
		}
		return got == "5 true"
	})
	why, err := chromedp.Run(ctx, chromedp.Evaluate[string](browser.TablesFitScript))
	if err != nil {
		t.Fatal(err)
	}
	if why != "" {
		t.Errorf("at 1280 px: %s", why)
	}
}

// TestTuneLive opens the index page of a database with a tuning run in
// play: its table and each parameter's trajectory are drawn, and a pair
// stored while the page is open shows without a reload.
func TestTuneLive(t *testing.T) {
	ctx := browser.New(t)
	bg := context.Background()
	db, err := store.Open(bg, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	run := &store.TuneRun{Name: "loa-spsa", Game: "lines-of-action", Engine: "arbiter-search", Config: "x", ConfigHash: "h",
		Pairs: 10, Params: []store.TuneParam{{Name: "Group", Start: 40, Min: 0, Max: 400}, {Name: "Tempo", Start: 10, Min: 0, Max: 100}},
		Theta: []float64{40, 10}}
	if err := db.RegisterTune(bg, run); err != nil {
		t.Fatal(err)
	}
	storePair := func() {
		take, ok, _, err := db.TakeTunePair(bg, run.ID, "me", time.Minute)
		if err != nil || !ok {
			t.Fatalf("take: %v, %v", ok, err)
		}
		p := &store.TunePair{Pair: take.Pair, K: take.K, Flips: []int{1, 1}, Plus: []float64{48, 12}, Minus: []float64{32, 8},
			Games: []string{"1-0", "1-0"}, Result: 0}
		if err := db.StoreTunePair(bg, run.ID, "me", p, func(th []float64) { th[0] += 20; th[1] += 5 }); err != nil {
			t.Fatal(err)
		}
	}
	storePair()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(bg)
	done := make(chan struct{})
	go func() {
		defer close(done)
		New(db, "s.db").Run(sctx, ln)
	}()
	t.Cleanup(func() {
		stop()
		<-done
	})
	if err := chromedp.Do(ctx, chromedp.Navigate("http://"+ln.Addr().String()+"/")); err != nil {
		t.Fatal(err)
	}
	state := func() string {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelectorAll("svg.tune polyline").length + " " +
			(document.body.textContent.match(/\d+ of 10 pairs/) || ["none"])[0]`))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	enginetest.WaitFor(t, "page with 2 trajectories and 1 of 10 pairs", func() bool { return state() == "2 1 of 10 pairs" })
	storePair()
	enginetest.WaitFor(t, "the second pair on the page", func() bool { return state() == "2 2 of 10 pairs" })
}
