package view

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/arbiter-games/arbiter/internal/browser"
	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// browserRecords are three games: Lines of Action, Tank Battle from the
// samples, and an invalid Lines of Action game whose ply 5 is illegal.
func browserRecords(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, name := range []string{"lines-of-action", "tank-battle"} {
		gs := testkit.Records(t, "../testdata/samples/"+name+".agn")
		b.WriteString(gs[0].String())
		b.WriteString("\n")
	}
	b.WriteString(`[Game "Lines of Action"]
[White "<img src=x onerror=alert(1)>"]
[Black "b"]

1. c8-c6 {+0.35/12 0.120s} a2-c2 {-0.10/11 0.100s} 2. b1-b3 {+0.50/12 0.090s} h4-f2 3. c1-c4 a3-c3 *
`)
	dir := t.TempDir()
	path := filepath.Join(dir, "games.agn")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// piecesAfter returns the data-piece of every occupied square after ply
// plies of game n (1-based) of file, as the rules compute it.
func piecesAfter(t *testing.T, file string, n, plies int) map[string]string {
	t.Helper()
	g := testkit.Records(t, file)[n-1]
	gameTag, _ := g.Tag("Game")
	gm, err := games.Lookup(gameTag)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := gm.Start(g)
	if err != nil {
		t.Fatal(err)
	}
	for i := range plies {
		m, err := pos.ParseMove(g.Moves[i].Text)
		if err == nil {
			err = pos.Play(m)
		}
		if err != nil {
			t.Fatalf("game %d ply %d: %v", n, i+1, err)
		}
	}
	var pic rules.Picture
	pos.(rules.Drawer).Draw(&pic, rules.NoMove)
	out := map[string]string{}
	for sq, c := range pic.Squares {
		if c.Piece != "" {
			out[pic.Files[sq%len(pic.Files)]+pic.Ranks[sq/len(pic.Files)]] = c.Piece
		}
	}
	return out
}

// boardPieces reads the data-piece squares of the page's board.
const boardPieces = `(function () {
  var o = {};
  document.querySelectorAll("#board [data-piece]").forEach(function (e) { o[e.getAttribute("data-square")] = e.getAttribute("data-piece"); });
  return o;
})()`

func samePieces(got, want map[string]string) bool {
	if len(got) != len(want) {
		return false
	}
	for k, v := range want {
		if got[k] != v {
			return false
		}
	}
	return true
}

// TestViewInBrowser opens a viewer page in headless Chromium: → ten times
// from the start gives the position after ply 10; #g2p5 opens game 2 after
// ply 5; an invalid game opens at its failing ply with the validator's
// message; the evaluation graph is readable, with its scale, and says the
// ply under the pointer; the Score tag and the board's points say which
// is the final score and which the points now; at 390 px the selector
// shows the game chosen whole; the page fits 360, 390 and 1280 px; and no
// request leaves it.
func TestViewInBrowser(t *testing.T) {
	ctx := browser.New(t)
	file := browserRecords(t)
	_, _ = build(t, file) // the page must build before a browser is worth it
	p := New("viewer test")
	pageFile := filepath.Join(t.TempDir(), "view.html")
	samplesPage := filepath.Join(t.TempDir(), "samples.html") // the page of several files
	writePage(t, p, file, pageFile)
	url := "file://" + pageFile

	var mu sync.Mutex
	var requests []string
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	go chromedp.Listen(lctx, func(ev any) {
		if r, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			requests = append(requests, r.Request.URL)
			mu.Unlock()
		}
	})

	open := func(t *testing.T, frag string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(url+frag)); err != nil {
			t.Fatalf("open %s: %v", frag, err)
		}
		if err := waitReady(ctx); err != nil {
			t.Fatalf("open %s: %v", frag, err)
		}
	}
	pieces := func(t *testing.T) map[string]string {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](boardPieces))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	text := func(t *testing.T, expr string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	t.Run("arrow keys", func(t *testing.T) {
		open(t, "")
		if got, want := pieces(t), piecesAfter(t, file, 1, 0); !samePieces(got, want) {
			t.Fatalf("at the start the board has %v; want %v", got, want)
		}
		for range 10 {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
				t.Fatal(err)
			}
		}
		if got, want := pieces(t), piecesAfter(t, file, 1, 10); !samePieces(got, want) {
			t.Errorf("after → ten times the board has %v; want the position after ply 10, %v", got, want)
		}
		if got := text(t, `location.hash`); got != "#g1p10" {
			t.Errorf("the address says %q; want #g1p10", got)
		}
		if got := text(t, `document.querySelectorAll("#board [data-square]").length + ""`); got != "64" {
			t.Errorf("%s squares drawn; want 64", got)
		}
	})
	t.Run("fragment", func(t *testing.T) {
		open(t, "#g2p5")
		if got, want := pieces(t), piecesAfter(t, file, 2, 5); !samePieces(got, want) {
			t.Errorf("#g2p5 shows %v; want game 2 after ply 5, %v", got, want)
		}
		if got := text(t, `document.getElementById("status").textContent`); !strings.HasPrefix(got, "after ply 5 of") {
			t.Errorf("status %q; want after ply 5", got)
		}
	})
	t.Run("invalid game", func(t *testing.T) {
		open(t, "#g3")
		if got, want := pieces(t), piecesAfter(t, file, 3, 4); !samePieces(got, want) {
			t.Errorf("the invalid game shows %v; want the position before its failing ply 5, %v", got, want)
		}
		msg := text(t, `document.getElementById("error").hidden ? "" : document.getElementById("error").textContent`)
		if !strings.Contains(msg, `ply 5 "c1-c4"`) {
			t.Errorf("the error line is %q; want the validator's message about ply 5", msg)
		}
		if got := text(t, `document.querySelector("#moves .bad") ? document.querySelector("#moves .bad").textContent : ""`); got != "c1-c4" {
			t.Errorf("the failing move marked is %q; want c1-c4", got)
		}
		if got := text(t, `document.querySelectorAll("#graph polyline").length + " " + document.querySelectorAll("#moves .cmt").length`); got != "1 3" {
			t.Errorf("graph and comments: %q; want an evaluation graph and 3 move comments", got)
		}
		if got := text(t, `document.title`); got != "viewer test" {
			t.Errorf("title %q: a hostile name ran a script", got)
		}
	})
	t.Run("evaluation graph", func(t *testing.T) {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
			t.Fatal(err)
		}
		open(t, "#g3")
		// Readable: the width of its panel, 150 px high at least, with
		// the unit, the evaluations' ticks and the plies.
		size, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(function () {
  var r = document.querySelector("#graph svg").getBoundingClientRect();
  return [r.width, r.height, document.getElementById("side").clientWidth];
})()`))
		if err != nil {
			t.Fatal(err)
		}
		if size[0] < 0.95*size[2] || size[1] < 150 {
			t.Errorf("the graph is %.0f×%.0f px in a panel %.0f px wide; want its width and 150 px high at least", size[0], size[1], size[2])
		}
		labels := text(t, `[].map.call(document.querySelectorAll("#graph text"), function (e) { return e.textContent; }).join(" ")`)
		for _, want := range []string{"cp/100", "ply", "+0.5", "0", "-0.5", " 6 "} {
			if !strings.Contains(" "+labels+" ", " "+strings.TrimSpace(want)+" ") {
				t.Errorf("the graph's labels are %q; want %q among them", labels, want)
			}
		}
		// The pointer over ply 2 shows it: White's a2-c2 (Black moves
		// first in Lines of Action), -0.10.
		at, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(function () {
  var s = document.querySelector("#graph svg"), r = s.getBoundingClientRect(), W = +document.getElementById("graph").getAttribute("data-width");
  return [r.left + (40 + 2 / 6 * (W - 48)) * r.width / W, r.top + r.height / 2];
})()`))
		if err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at[0], at[1])); err != nil {
			t.Fatal(err)
		}
		if got := text(t, `document.querySelector("#graph .readout").textContent`); got != "ply 2 a2-c2: -0.10" {
			t.Errorf("with the pointer over ply 2 the graph says %q; want %q", got, "ply 2 a2-c2: -0.10")
		}
		if err := chromedp.Do(ctx, chromedp.MouseClickXY(at[0], at[1])); err != nil {
			t.Fatal(err)
		}
		if got := text(t, `location.hash`); got != "#g3p2" {
			t.Errorf("a click on ply 2 of the graph opened %q; want #g3p2", got)
		}
	})
	t.Run("final score and points now", func(t *testing.T) {
		open(t, "#g2p10")
		info := text(t, `document.getElementById("info").textContent`)
		caption := text(t, `document.querySelector('#board svg text[font-size="13"]').textContent`)
		if !strings.Contains(info, "Final score (Score tag)") || !strings.HasPrefix(caption, "points now: ") {
			t.Errorf("the tags say %q and the board %q; want the Score tag called the final score, the caption the points now", info, caption)
		}
	})
	t.Run("game selector at 390 px", func(t *testing.T) {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 800)); err != nil {
			t.Fatal(err)
		}
		defer chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900))
		// A page of the samples' files, as arbiter view writes it of
		// several files.
		many := New("samples")
		for _, name := range []string{"../testdata/samples/tank-battle.agn", "../testdata/samples/knight-fight.agn"} {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if err := fileInto(many, name, src); err != nil {
				t.Fatal(err)
			}
		}
		path := samplesPage
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := many.Write(f, ""); err != nil {
			t.Fatal(err)
		}
		f.Close()
		if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path+"#g2")); err != nil {
			t.Fatal(err)
		}
		if err := waitReady(ctx); err != nil {
			t.Fatal(err)
		}
		// The selector lies within the window, and the game chosen is
		// written whole in it (the width of its text, in the selector's
		// font, leaves room for the arrow).
		got := text(t, `(function () {
  var s = document.getElementById("games"), r = s.getBoundingClientRect(), o = s.options[s.selectedIndex];
  var c = document.createElement("canvas").getContext("2d"), st = getComputedStyle(s);
  c.font = st.fontSize + " " + st.fontFamily;
  var w = c.measureText(o.textContent).width;
  if (r.left < 0 || r.right > document.documentElement.clientWidth) return "the selector spans " + r.left + " to " + r.right + " px";
  if (w > s.clientWidth - 24) return "the game chosen, " + JSON.stringify(o.textContent) + ", is " + Math.round(w) + " px wide in a selector of " + s.clientWidth;
  return "";
})()`)
		if got != "" {
			t.Errorf("at 390 px %s", got)
		}
		// A page of one game has no selector: its heading names the game.
		one := New("one game")
		if err := fileInto(one, "one.agn", []byte(testkit.Records(t, file)[1].String())); err != nil {
			t.Fatal(err)
		}
		f, err = os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := one.Write(f, ""); err != nil {
			t.Fatal(err)
		}
		f.Close()
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate("file://"+path)); err != nil {
			t.Fatal(err)
		}
		if err := waitReady(ctx); err != nil {
			t.Fatal(err)
		}
		if got := text(t, `document.getElementById("games").getBoundingClientRect().height + ""`); got != "0" {
			t.Errorf("a page of one game shows its selector (%s px high); want none", got)
		}
	})
	t.Run("games between two players", func(t *testing.T) {
		gs := testkit.Records(t, file)
		w, _ := gs[0].Tag("White")
		b, _ := gs[0].Tag("Black")
		open(t, "#"+PlayerLink(b, w, "lines-of-action"))
		if got := text(t, `document.getElementById("filter").hidden ? "" : document.getElementById("filter").textContent`); !strings.Contains(got, "games between") {
			t.Errorf("the filter line is %q; want the games between %s and %s", got, b, w)
		}
		if got := text(t, `location.hash`); got != "#g1p0" {
			t.Errorf("the page opened %q; want game 1, the first between them", got)
		}
	})
	for _, w := range browser.Widths {
		open(t, "#g2p40")
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 800)); err != nil {
			t.Fatal(err)
		}
		if why := text(t, browser.FitsScript); why != "" {
			t.Errorf("at %d px the page is too wide: %s", w, why)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(requests) == 0 {
		t.Error("no request seen, not even the page's own: the listener is deaf")
	}
	for _, r := range requests {
		if !strings.HasPrefix(r, "file://"+pageFile) && !strings.HasPrefix(r, "file://"+samplesPage) && r != "about:blank" {
			t.Errorf("the page asked for %s", r)
		}
	}
}

// TestManyCaptionsInBrowser opens a page with more distinct captions than
// one rune per id holds at a ply whose caption id takes several runes, and
// checks that Chromium draws the caption and pieces the rules draw there.
func TestManyCaptionsInBrowser(t *testing.T) {
	ctx := browser.New(t)
	file := manyCaptions(t)
	page, d := build(t, file)
	// The last game's end whose caption came late enough to the page to
	// have a wide id: the caption as the rules draw it, and its id.
	recs := testkit.Records(t, file)
	n, ply, want := 0, 0, ""
	for gi := len(d.Games) - 1; gi >= 0 && n == 0; gi-- {
		c := captionAt(t, recs[gi], d.Games[gi].Valid)
		if slices.Index(d.Captions, c) >= idRange {
			n, ply, want = gi+1, d.Games[gi].Valid, c
		}
	}
	if n == 0 {
		t.Fatalf("no game of the %d ends with a caption id from %d on", len(d.Games), idRange)
	}
	path := filepath.Join(t.TempDir(), "many.html")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	frag := fmt.Sprintf("#g%dp%d", n, ply)
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path+frag)); err != nil {
		t.Fatal(err)
	}
	if err := waitReady(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function () {
  var c = document.querySelector('#board svg text[font-size="13"]');
  return c ? c.textContent : "";
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("%s shows the caption %q; want %q", frag, got, want)
	}
	pieces, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](boardPieces))
	if err != nil {
		t.Fatal(err)
	}
	if want := piecesAfter(t, file, n, ply); !samePieces(pieces, want) {
		t.Errorf("%s shows the pieces %v; want %v", frag, pieces, want)
	}
}

// readyWait bounds waitReady: the page of the 4,795 real games takes
// seconds to become interactive on a loaded machine, and tens of seconds
// under a load of 20 on 2 cores.
const readyWait = 3 * time.Minute

// waitReady waits until the page's script has drawn its first board.
func waitReady(ctx context.Context) error {
	var err error
	for start := time.Now(); time.Since(start) < readyWait; time.Sleep(50 * time.Millisecond) {
		var ok bool
		ok, err = chromedp.Run(ctx, chromedp.Evaluate[bool](`document.body !== null && document.body.getAttribute("data-ready") === "1"`))
		if err == nil && ok {
			return nil
		}
		if ctx.Err() != nil {
			return fmt.Errorf("the page's script did not say it was ready before the browser's time ran out: %w", ctx.Err())
		}
	}
	if err == nil {
		err = fmt.Errorf("the page's script did not say it was ready within %v", readyWait)
	}
	return err
}

// writePage writes the page of the games of file to path.
func writePage(t *testing.T, p *Page, file, path string) {
	t.Helper()
	_, _ = build(t, file)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	src, _ := os.ReadFile(file)
	if err := fileInto(p, file, src); err != nil {
		t.Fatal(err)
	}
	if err := p.Write(f, ""); err != nil {
		t.Fatal(err)
	}
}

// realGamesPage writes the viewer of the 4,795 real Lines of Action games
// into a file of its own and returns its path and the number of games.
func realGamesPage(tb testing.TB) (string, int) {
	tb.Helper()
	names, _ := filepath.Glob("../testdata/loa-real/*.agn")
	p := New("real games")
	for _, n := range names {
		src, err := os.ReadFile(n)
		if err != nil {
			tb.Fatal(err)
		}
		if err := fileInto(p, n, src); err != nil {
			tb.Fatal(err)
		}
	}
	path := filepath.Join(tb.TempDir(), "real.html")
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	if err := p.Write(f, ""); err != nil {
		tb.Fatal(err)
	}
	return path, p.Games()
}

// openReal opens the page at path at the last game's ply 30 and waits until
// its script has drawn the board.
func openReal(tb testing.TB, ctx context.Context, path string) {
	tb.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		tb.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path+"#g4795p30")); err != nil {
		tb.Fatal(err)
	}
	if err := waitReady(ctx); err != nil {
		tb.Fatal(err)
	}
}

// TestRealGamesInBrowser writes the viewer of the 4,795 real Lines of
// Action games and opens it in Chromium: every game is written and listed.
// How long each takes is BenchmarkRealGamesInBrowser's (see
// docs/viewing.md for the figures measured).
func TestRealGamesInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no page of the real games")
	}
	ctx := browser.New(t)
	path, games := realGamesPage(t)
	openReal(t, ctx, path)
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#games option").length`))
	if err != nil {
		t.Fatal(err)
	}
	if games != 4795 || n != 4795 {
		t.Errorf("%d games written, %d listed; want 4795", games, n)
	}
}

// BenchmarkRealGamesInBrowser measures the viewer of the 4,795 real Lines
// of Action games: writing the page (goal: 1 s), and opening it in
// Chromium until its script has drawn the board (goal: 2 s).
func BenchmarkRealGamesInBrowser(b *testing.B) {
	b.Run("write", func(b *testing.B) {
		for b.Loop() {
			realGamesPage(b)
		}
	})
	b.Run("interactive", func(b *testing.B) {
		ctx := browser.New(b)
		path, _ := realGamesPage(b)
		for b.Loop() {
			openReal(b, ctx, path)
		}
	})
}
