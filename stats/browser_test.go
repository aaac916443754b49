package stats

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/browser"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
	"github.com/arbiter-games/arbiter/store"
	"github.com/chromedp/chromedp"
)

// chromium returns the path of a Chromium (or Chrome) binary, or skips t
// saying which it looked for; with ARBITER_REQUIRE_CHROMIUM=1 (as .ci/run
// sets it) a missing browser fails the test instead.
func chromium(t *testing.T) string {
	t.Helper()
	names := []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	if os.Getenv("ARBITER_REQUIRE_CHROMIUM") == "1" {
		t.Fatalf("no browser (%s) on PATH, and ARBITER_REQUIRE_CHROMIUM=1", strings.Join(names, ", "))
	}
	t.Skipf("no browser (%s) on PATH: apt-get install chromium to run this test", strings.Join(names, ", "))
	return ""
}

// browserFixture is a database of three game types with 40 players each,
// some with hostile names, every player meeting the next three both ways.
func browserFixture(t *testing.T) *store.DB {
	db := openDB(t)
	names := make([]string, 40)
	for i := range names {
		names[i] = fmt.Sprintf("engine-%02d", i)
	}
	// Names that try to run scripts, and names too long for a phone.
	names[0] = `<script>parent.document.title="pwned"</script>`
	names[1] = `<img src=x onerror="parent.document.title='pwned'">`
	names[2] = "Supercalifragilisticexpialidocious-Engine-Version-12345678901234567890"
	names[3] = "a very long name with many words that would wrap on a narrow screen if allowed"
	names[4] = `"quoted" & <b>bold</b> | pipe`
	results := []string{"1-0", "0-1", "1/2-1/2", "1-0", "1-0", "0-1", "1-0"}
	var games []g
	k := 0
	for _, game := range []string{"lines-of-action", "tank-battle", "knight-fight"} {
		for i := range names {
			for d := 1; d <= 3; d++ {
				a, b := names[i], names[(i+d)%len(names)]
				games = append(games, g{0, -1, game, a, b, results[k%len(results)], "", nil},
					g{0, -1, game, b, a, results[(k+3)%len(results)], "", nil})
				k++
			}
		}
	}
	insert(t, db, games)
	return db
}

// TestHTMLInBrowser renders a report in headless Chromium at 1280, 390 and
// 360 px and fails when the page is wider than the window or when any
// script ran (the page has none, and its Content-Security-Policy forbids
// them; hostile names try to add some).
func TestHTMLInBrowser(t *testing.T) {
	browser := chromium(t)
	db := browserFixture(t)
	r := compute(t, db, Query{FitAdvantage: true})
	var page bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	if regexp.MustCompile(`(?i)<script`).Match(page.Bytes()) {
		t.Fatalf("the page holds a script element")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "report.html"), page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// The harness loads the report in frames of each width and writes what
	// it measured into its own document, which --dump-dom prints.
	harness := `<!DOCTYPE html><html><head><title>harness</title></head><body>
<iframe id="w1280" src="report.html" style="width:1280px;height:900px;border:0"></iframe>
<iframe id="w390" src="report.html" style="width:390px;height:900px;border:0"></iframe>
<iframe id="w360" src="report.html" style="width:360px;height:900px;border:0"></iframe>
<pre id="out"></pre>
<script>
window.addEventListener("load", function () {
  var out = {title: document.title, frames: {}};
  ["w1280", "w390", "w360"].forEach(function (id) {
    var f = document.getElementById(id), w = f.contentWindow, d = f.contentDocument;
    var r = {innerWidth: w.innerWidth, scrollWidth: d.documentElement.scrollWidth,
      scripts: d.querySelectorAll("script, [onerror], [onload], [onclick]").length, title: d.title, tables: d.querySelectorAll("table").length,
      wide: []};
    d.querySelectorAll("body *").forEach(function (e) {
      var b = e.getBoundingClientRect();
      if (b.right > w.innerWidth + 1 && !e.closest(".scroll") && r.wide.length < 5) {
        r.wide.push(e.tagName + " " + Math.round(b.right));
      }
    });
    // A name cell that wrapped is taller than one line of its table.
    var broken = 0;
    d.querySelectorAll("td.name").forEach(function (e) {
      var one = parseFloat(w.getComputedStyle(e).lineHeight) || 20;
      if (e.getBoundingClientRect().height > 1.8 * one) broken++;
    });
    r.broken = broken;
    out.frames[id] = r;
  });
  document.getElementById("out").textContent = "RESULT" + JSON.stringify(out) + "END";
});
</script></body></html>`
	if err := os.WriteFile(filepath.Join(dir, "harness.html"), []byte(harness), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--allow-file-access-from-files",
		"--window-size=1400,1000", "--virtual-time-budget=10000", "--dump-dom",
		"file://"+filepath.Join(dir, "harness.html"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", browser, err, stderr.String())
	}
	m := regexp.MustCompile(`RESULT(.*)END`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("the harness wrote no result:\n%.2000s\n%s", out, stderr.String())
	}
	var res struct {
		Title  string
		Frames map[string]struct {
			InnerWidth, ScrollWidth, Scripts, Tables, Broken int
			Title                                            string
			Wide                                             []string
		}
	}
	if err := json.Unmarshal([]byte(strings.ReplaceAll(string(m[1]), "&quot;", `"`)), &res); err != nil {
		t.Fatalf("harness result %q: %v", m[1], err)
	}
	if res.Title != "harness" {
		t.Errorf("a script in the report ran: the harness's title is %q", res.Title)
	}
	for _, id := range []string{"w1280", "w390", "w360"} {
		f, ok := res.Frames[id]
		if !ok {
			t.Errorf("%s: not measured", id)
			continue
		}
		t.Logf("%s: innerWidth %d, scrollWidth %d, %d tables", id, f.InnerWidth, f.ScrollWidth, f.Tables)
		if f.Tables == 0 {
			t.Errorf("%s: the report did not load (no tables)", id)
		}
		if f.ScrollWidth > f.InnerWidth {
			t.Errorf("%s: the page is %d px wide in a %d px window; too wide: %q", id, f.ScrollWidth, f.InnerWidth, f.Wide)
		}
		if f.Broken != 0 {
			t.Errorf("%s: %d name cells wrap onto several lines", id, f.Broken)
		}
		if f.Scripts != 0 || f.Title != "arbiter report" {
			t.Errorf("%s: %d scripts, title %q; want none and the report's title", id, f.Scripts, f.Title)
		}
	}
}

// desktopFixture is a tournament as an engine author runs one: a Swiss of
// Knight Fight (points in the hundreds) between eleven engines with
// version-length names, every game with its engines' search statistics
// (nodes per second in the millions), so that the standings have every
// column: the Swiss tie-breaks and depth, ms/move and nps.
func desktopFixture(t *testing.T) *store.DB {
	db := openDB(t)
	ctx := context.Background()
	id := addTournament(t, db, "swiss 10+0.1", "knight-fight")
	if _, err := db.ExecContext(ctx, `UPDATE tournaments SET format = 'swiss' WHERE id = ?`, id); err != nil {
		t.Fatal(err)
	}
	names := []string{"Stockfish-like-KnightEngine-v2.3", "DeepKnight-NNUE-dev-20261201", "Springer-NNUE-2026.11",
		"KnightRider-3.1-avx2", "Cavalry-v0.42-experimental", "greedy-baseline-1.0", "Panzerfaust-0.9.7-beta",
		"Horsey-MCTS-8threads", "Lancelot-2.0.0-rc3", "Pegasus-tuned-spsa-1450", "Bucephalus-1.2"}
	in := db.NewInserter()
	defer in.Close()
	slot := 0
	var byes []store.Bye
	for round := range 5 {
		byes = append(byes, store.Bye{Round: round + 1, Player: names[(round*3)%len(names)]})
		var left []string
		for i := range names {
			if n := names[(i+round*4)%len(names)]; n != byes[round].Player {
				left = append(left, n)
			}
		}
		for i := 0; i+1 < len(left); i += 2 {
			w, b := left[i], left[i+1]
			sw, sb := 100+37*slot%150, 100+53*slot%140
			res := rules.WhiteWins
			if sw < sb {
				res = rules.BlackWins
			}
			stats := func(k int) *search.Stats {
				return &search.Stats{Moves: 40, Depth: 14.5 + float64(k%5), MoveMS: 97.3 + float64(k%7), Nodes: 1e6, NPS: 2412345 + 104729*int64(k%11)}
			}
			sg := &store.Game{TournamentID: id, Slot: slot, Pair: -1, Game: "knight-fight", White: w, Black: b,
				Result: res, Termination: notation.TermNormal, Plies: 80, HasScore: true, ScoreWhite: sw, ScoreBlack: sb,
				Record:     fmt.Sprintf("[Game \"Knight Fight\"]\n[Round \"%d\"]\n\n%s\n", slot, res),
				WhiteStats: stats(slot), BlackStats: stats(slot + 3)}
			if err := in.Insert(ctx, sg); err != nil {
				t.Fatal(err)
			}
			slot++
		}
	}
	if err := db.AddByes(ctx, id, byes); err != nil {
		t.Fatal(err)
	}
	return db
}

// TestHTMLFitsDesktop opens the report of desktopFixture at 1280 px: the
// page and every table fit, none needs its scrollbar.
func TestHTMLFitsDesktop(t *testing.T) {
	ctx := browser.New(t)
	r := compute(t, desktopFixture(t), Query{Tournament: "swiss 10+0.1"})
	s := r.Sections()[0]
	if !s.Swiss() || !s.hasEngineStats() || len(s.Players) != 11 {
		t.Fatalf("the fixture's standings: Swiss %v, engine statistics %v, %d players; want both and 11", s.Swiss(), s.hasEngineStats(), len(s.Players))
	}
	var page bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate("file://"+path)); err != nil {
		t.Fatal(err)
	}
	why, err := chromedp.Run(ctx, chromedp.Evaluate[string](browser.TablesFitScript))
	if err != nil {
		t.Fatal(err)
	}
	if why != "" {
		t.Errorf("at 1280 px: %s", why)
	}
}
