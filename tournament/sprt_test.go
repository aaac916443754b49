package tournament

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/rating"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/store"
)

// sprtHead is a toy match of up to 2·rounds games with an SPRT.
func sprtHead(rounds int, sprt string) string {
	return fmt.Sprintf("name: t\ngame: toy-race\nrounds: %d\ngames_per_encounter: 2\nseed: 7\ntime_control: {move_ms: 50}\nsprt: %s\n", rounds, sprt)
}

// walkSPRT recomputes an SPRT from the stored games, in slot order, with
// nothing of the runner: the LLR after each slot over the complete pairs
// before it (or every game when !penta), and the first point at a bound.
func walkSPRT(t *testing.T, db *store.DB, test rating.SPRT, first string, penta bool) (verdict string, at int, llrs []float64) {
	t.Helper()
	var tri [3]int
	var pt [5]int
	pairs := map[int]int{}
	rs, err := db.Query(`SELECT slot, pair, white, result FROM games ORDER BY slot`)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	want := 0
	for rs.Next() {
		var slot, pair int
		var white, result string
		if err := rs.Scan(&slot, &pair, &white, &result); err != nil {
			t.Fatal(err)
		}
		if slot != want {
			break // a gap: the walk stops
		}
		want++
		s := map[string]int{"1-0": 2, "1/2-1/2": 1, "0-1": 0}[result]
		if white != first {
			s = 2 - s
		}
		tri[s]++
		if p, ok := pairs[pair]; ok {
			pt[p+s]++
		} else {
			pairs[pair] = s
		}
		c := tri[:]
		if penta {
			c = pt[:]
		}
		llr := test.LLR(c)
		llrs = append(llrs, llr)
		if verdict == "" {
			if verdict = test.Decide(llr); verdict != "" {
				at = slot + 1
			}
		}
	}
	return verdict, at, llrs
}

func storedSPRT(t *testing.T, db *store.DB) (verdict string, decided *int, games int, points []float64) {
	t.Helper()
	if err := db.QueryRow(`SELECT verdict, decided_after, games FROM sprt`).Scan(&verdict, &decided, &games); err != nil {
		t.Fatal(err)
	}
	rs, err := db.Query(`SELECT games, llr FROM sprt_llr ORDER BY games`)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	for rs.Next() {
		var n int
		var llr float64
		rs.Scan(&n, &llr)
		if n != len(points)+1 {
			t.Errorf("trajectory point %d is after %d games", len(points)+1, n)
		}
		points = append(points, llr)
	}
	return verdict, decided, games, points
}

// TestSPRTStopsEarly plays a toy match whose results are a function of the
// slot (fake engines always play their first or last move), serially and
// three games at a time in worker processes: both stop long before the
// cap, at the same point of the slot order, with the verdict and the
// trajectory that the stored games give.
func TestSPRTStopsEarly(t *testing.T) {
	head := sprtHead(100, "{elo0: 0, elo1: 40, model: normalized}")
	var first *Summary
	for _, r := range []struct {
		name    string
		conc    int
		workers []string
	}{{"serial", 1, nil}, {"concurrency 3 in worker processes", 3, workerCmd(t)}} {
		t.Run(r.name, func(t *testing.T) {
			cfg, db := loadTournament(t, t.TempDir(), head, "a=last,info", "b=first")
			var progress []*SPRTStatus
			doneAtVerdict := 0
			sum, err := Run(context.Background(), cfg, Options{DB: db, Concurrency: r.conc, Workers: r.workers,
				Progress: func(p Progress) {
					progress = append(progress, p.SPRT)
					if doneAtVerdict == 0 && p.SPRT.Verdict != "" {
						doneAtVerdict = p.Done
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
			sp := sum.SPRT
			if sp == nil || (sp.Verdict != rating.H0 && sp.Verdict != rating.H1) {
				t.Fatalf("SPRT = %+v; want a verdict", sp)
			}
			stored := len(rows(t, db))
			if stored >= 100 || sum.Played != stored || sp.Games != stored {
				t.Errorf("stored %d games, played %d, SPRT over %d; want the same, far below the cap of 200", stored, sum.Played, sp.Games)
			}
			// No game starts after the verdict: only the games that had
			// started follow it, at most one in play and one waiting to be
			// stored per worker.
			if stored > doneAtVerdict+2*r.conc || doneAtVerdict < sp.DecidedAfter {
				t.Errorf("%d games stored; %d when the verdict came (after %d in slot order) with %d at a time",
					stored, doneAtVerdict, sp.DecidedAfter, r.conc)
			}
			verdict, at, llrs := walkSPRT(t, db, cfg.SPRT.Test(), "a", true)
			if verdict != sp.Verdict || at != sp.DecidedAfter {
				t.Errorf("runner: %s after %d; recomputed from the stored games: %s after %d", sp.Verdict, sp.DecidedAfter, verdict, at)
			}
			sv, sd, sg, points := storedSPRT(t, db)
			if sv != sp.Verdict || sd == nil || *sd != sp.DecidedAfter || sg != stored {
				t.Errorf("stored verdict %q after %v, %d games; want %q after %d, %d", sv, sd, sg, sp.Verdict, sp.DecidedAfter, stored)
			}
			if fmt.Sprint(points) != fmt.Sprint(llrs) {
				t.Errorf("stored trajectory %v; want %v", points, llrs)
			}
			if last := progress[len(progress)-1]; last == nil || last.Verdict != sp.Verdict {
				t.Errorf("last progress %+v; want the verdict", last)
			}
			if !strings.Contains(sp.Line(), sp.Verdict+" after ") {
				t.Errorf("Line() = %q", sp.Line())
			}
			if first == nil {
				first = sum
			} else if first.SPRT.Verdict != sp.Verdict || first.SPRT.DecidedAfter != sp.DecidedAfter {
				t.Errorf("%s after %d; serially %s after %d", sp.Verdict, sp.DecidedAfter, first.SPRT.Verdict, first.SPRT.DecidedAfter)
			}

			// Resuming plays nothing and gives the same verdict.
			again, err := Run(context.Background(), cfg, Options{DB: db, Concurrency: r.conc, Workers: r.workers})
			if err != nil {
				t.Fatal(err)
			}
			if again.Played != 0 || again.Resumed != stored || again.SPRT.Line() != sp.Line() {
				t.Errorf("resumed: played %d, found %d, %q; want 0, %d, %q", again.Played, again.Resumed, again.SPRT.Line(), stored, sp.Line())
			}
			t.Logf("%s", sp.Line())
		})
	}
}

// TestSPRTStoppedAtCap checks the verdict of a match that plays every game
// without reaching a bound.
func TestSPRTStoppedAtCap(t *testing.T) {
	cfg, db := loadTournament(t, t.TempDir(), sprtHead(2, "{elo0: 0, elo1: 10}"), "a=last", "b=first")
	sum, err := Run(context.Background(), cfg, Options{DB: db})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != 4 || sum.SPRT.Verdict != rating.StoppedAtCap || sum.SPRT.DecidedAfter != 0 {
		t.Errorf("played %d, SPRT %+v; want 4 games, stopped at the cap", sum.Played, sum.SPRT)
	}
	if v, _, _, points := storedSPRT(t, db); v != rating.StoppedAtCap || len(points) != 4 {
		t.Errorf("stored %q with %d points", v, len(points))
	}
}

// TestSPRTResumeAfterKill kills a runner mid-match and resumes it: the
// verdict comes after the same game of the slot order as in a run that
// was not interrupted.
func TestSPRTResumeAfterKill(t *testing.T) {
	head := sprtHead(100, "{elo0: 0, elo1: 40, model: normalized}")
	// Uninterrupted.
	cfg, db := loadTournament(t, t.TempDir(), head, "a=last", "b=first")
	want, err := Run(context.Background(), cfg, Options{DB: db})
	if err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	marker := fmt.Sprintf("sprtkill%d", os.Getpid())
	path := writeConfig(t, dir, head, "a=last,slow:8,"+marker, "b=first,slow:8,"+marker)
	dbPath := filepath.Join(dir, "t.db")
	kdb := killAfterStored(t, path, dbPath, "FAKE_RUNNER_WORKERS=2", 3, time.Minute)
	checkNoEngines(t, marker)
	var before int
	kdb.QueryRow(`SELECT count(*) FROM games`).Scan(&before)
	if before >= want.SPRT.DecidedAfter {
		t.Fatalf("the runner reached the verdict (%d games) before it was killed", before)
	}
	kcfg, err := config.Load(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Run(context.Background(), kcfg, Options{DB: kdb, Concurrency: 2, Workers: workerCmd(t)})
	if err != nil {
		t.Fatal(err)
	}
	if got.SPRT.Verdict != want.SPRT.Verdict || got.SPRT.DecidedAfter != want.SPRT.DecidedAfter {
		t.Errorf("killed after %d games and resumed: %s after %d; uninterrupted: %s after %d", before,
			got.SPRT.Verdict, got.SPRT.DecidedAfter, want.SPRT.Verdict, want.SPRT.DecidedAfter)
	}
	checkNoEngines(t, marker)
}

// BenchmarkSPRTGame is what the runner does for the SPRT after each stored
// game: count it, walk on in slot order recomputing the LLR, and store the
// state and the new trajectory point (one transaction). The match is long
// (20,000 games); results cycle through a fixed pattern.
func BenchmarkSPRTGame(b *testing.B) {
	cfg, err := config.Load(context.Background(), writeConfig(b, b.TempDir(), sprtHead(10000, "{elo0: 0, elo1: 5}"), "a=first", "b=last"))
	if err != nil {
		b.Fatal(err)
	}
	db := openDB(b, filepath.Join(b.TempDir(), "t.db"))
	p, err := cfg.Pairing()
	if err != nil {
		b.Fatal(err)
	}
	sched := newSchedule(p)
	if _, err := sched.advance(); err != nil {
		b.Fatal(err)
	}
	total := sched.total()
	t := &store.Tournament{Name: cfg.Name, Game: cfg.Game, ConfigHash: cfg.Hash(), TotalGames: total}
	if err := db.Register(context.Background(), t, nil); err != nil {
		b.Fatal(err)
	}
	results := []rules.Result{rules.WhiteWins, rules.BlackWins, rules.Draw, rules.WhiteWins, rules.WhiteWins, rules.BlackWins, rules.Draw}
	for _, save := range []bool{false, true} {
		b.Run(fmt.Sprintf("store=%v", save), func(b *testing.B) {
			b.ReportAllocs()
			sp := newSPRTRun(cfg, t.ID, sched)
			k := 0
			for b.Loop() {
				if k == total {
					sp, k = newSPRTRun(cfg, t.ID, sched), 0
				}
				sp.add(k, results[k%len(results)])
				if save {
					if err := sp.save(context.Background(), db, false); err != nil {
						b.Fatal(err)
					}
				} else {
					sp.points = sp.points[:0]
				}
				k++
			}
		})
	}
}

// TestSPRTGracefulStop checks that the SPRT and a graceful stop share the
// gate but not the outcome: a stop before the verdict ends the run with
// ErrStopped and the test still running; running it again goes on to the
// verdict, which ends the run with no error.
func TestSPRTGracefulStop(t *testing.T) {
	cfg, db := loadTournament(t, t.TempDir(), sprtHead(100, "{elo0: 0, elo1: 40}"), "a=last", "b=first")
	stop := make(chan struct{})
	sum, err := Run(context.Background(), cfg, Options{DB: db, Stop: stop, Progress: func(p Progress) {
		if p.Done == 4 {
			close(stop)
		}
	}})
	if !errors.Is(err, ErrStopped) || sum.SPRT.Verdict != "" || sum.Played < 4 || sum.Played > 6 {
		t.Fatalf("Run = %v, played %d, SPRT %+v; want ErrStopped after about 4 games, no verdict", err, sum.Played, sum.SPRT)
	}
	sum, err = Run(context.Background(), cfg, Options{DB: db})
	if err != nil || sum.SPRT.Verdict != rating.H1 {
		t.Errorf("Run again = %v, %+v; want the verdict and no error", err, sum.SPRT)
	}
}
