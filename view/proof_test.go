package view

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/arbiter-games/arbiter/internal/browser"
	"github.com/arbiter-games/arbiter/internal/testkit"
)

// provenRecords writes the first sample Lines of Action game with arbiter
// solve's comments on plies 50 (the first proof, after an engine's
// comment) and 60 (a proven win thrown away), and no evaluations, and
// returns its path.
func provenRecords(t *testing.T) string {
	t.Helper()
	g := testkit.Records(t, "../testdata/samples/lines-of-action.agn")[0]
	g.Moves[49].Comment = "book; proven: White wins"
	g.Moves[59].Comment = "proven: draw; White's 30... c2xf2 threw away a proven win"
	g.Moves[60].Comment = "not proven: a note"
	path := filepath.Join(t.TempDir(), "proven.agn")
	if err := os.WriteFile(path, []byte(g.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestProofMarks: the page carries the proofs' marks of each move.
func TestProofMarks(t *testing.T) {
	_, d := build(t, provenRecords(t))
	pv := d.Games[0].Proofs
	if len(pv) != len(d.Games[0].Moves) || pv[49] != 1 || pv[59] != 2 || slices.ContainsFunc(slices.Delete(slices.Clone(pv), 59, 60), func(m int) bool { return m == 2 }) {
		t.Errorf("the marks are %v; want 1 at ply 50, 2 at ply 60 alone", pv)
	}
	if n := slices.Index(pv, 1); n != 49 || slices.Index(pv[50:], 1) >= 0 {
		t.Errorf("the marks are %v; want 1 at ply 50 alone (not at ply 61's note)", pv)
	}
	_, d = build(t, "../testdata/samples/lines-of-action.agn")
	if d.Games[0].Proofs != nil {
		t.Errorf("a game without proofs has marks %v; want none", d.Games[0].Proofs)
	}
}

// TestProofMarksInBrowser: the viewer marks the plies of proofs in the
// move list, and more strongly the one that threw a win away, and draws
// them on the graph, which a game with proofs and no evaluations has.
func TestProofMarksInBrowser(t *testing.T) {
	ctx := browser.New(t)
	file := provenRecords(t)
	pageFile := filepath.Join(t.TempDir(), "view.html")
	writePage(t, New("proofs"), file, pageFile)
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+pageFile+"#g1p55")); err != nil {
		t.Fatal(err)
	}
	if err := waitReady(ctx); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ expr, want string }{
		{`Array.from(document.querySelectorAll("#moves .mv.proven")).map(function (e) { return e.getAttribute("data-ply"); }).join(" ")`, "50"},
		{`Array.from(document.querySelectorAll("#moves .mv.thrown")).map(function (e) { return e.getAttribute("data-ply") + " " + e.textContent; }).join(" ")`, "60 c2xf2"},
		{`getComputedStyle(document.querySelector("#moves .mv.thrown")).fontWeight + " " + getComputedStyle(document.querySelector("#moves .mv.thrown")).color`, "700 rgb(183, 28, 28)"},
		{`getComputedStyle(document.querySelector("#moves .mv.proven")).fontWeight`, "400"},
		{`document.querySelectorAll("#graph svg").length + " " + document.querySelectorAll("#graph polyline").length`, "1 0"},
		{`Array.from(document.querySelectorAll("#graph line.proven, #graph line.thrown")).map(function (e) { return e.getAttribute("class") + "@" + e.getAttribute("data-ply"); }).join(" ")`, "proven@50 thrown@60"},
		{`document.querySelectorAll("#graph .flag").length + ""`, "1"},
		{`(+document.querySelector("#graph line.thrown").getAttribute("x1") > +document.querySelector("#graph line.proven").getAttribute("x1")) + ""`, "true"},
		{`document.querySelector("#graph svg").getAttribute("aria-label")`, "the plies where the proven result changes (green) or is thrown away (red), against the ply"},
	} {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](tc.expr))
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		if got != tc.want {
			t.Errorf("%s = %q; want %q", tc.expr, got, tc.want)
		}
	}
	// The thrown move shown is the current one, marked as such.
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+pageFile+"#g1p60")); err != nil {
		t.Fatal(err)
	}
	if err := waitReady(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.querySelector("#moves .mv.thrown")).color + " " + document.querySelector("#moves .cur").getAttribute("data-ply")`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got, "rgb(255, 255, 255) 60") {
		t.Errorf("the thrown move, shown: %q; want it drawn as the current move", got)
	}
}
