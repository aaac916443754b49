// Package browser starts headless Chromium for the tests that look at
// arbiter's pages, driven through the DevTools protocol (chromedp): one
// browser per test, with a fresh profile in the test's temporary folder.
// Without Chromium on the PATH the test skips, saying so; with
// ARBITER_REQUIRE_CHROMIUM=1 (as CI sets it) it fails instead.
//
//	ctx := browser.New(t)
//	err := chromedp.Do(ctx, chromedp.Navigate(url), …)
package browser

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// RequireEnv is the environment variable that turns a missing browser into
// a test failure rather than a skip.
const RequireEnv = "ARBITER_REQUIRE_CHROMIUM"

// Path returns the path of a Chromium (or Chrome) binary, or skips t
// saying which it looked for (fails it under RequireEnv=1).
func Path(t testing.TB) string {
	t.Helper()
	names := []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	if os.Getenv(RequireEnv) == "1" {
		t.Fatalf("no browser (%s) on PATH, and %s=1", strings.Join(names, ", "), RequireEnv)
	}
	t.Skipf("no browser (%s) on PATH: apt-get install chromium to run this test", strings.Join(names, ", "))
	return ""
}

// New starts a headless browser for t and returns the context of its first
// tab, which ends (and the browser with it) when t ends or after five
// minutes: a guard, long enough for a page of thousands of games on a
// machine loaded far beyond its cores.
func New(t testing.TB) context.Context {
	t.Helper()
	path := Path(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 900),
	}
	// A browser that fails to start on a loaded machine gets a second try.
	var err error
	for range 2 {
		ctx, cancelTime := context.WithTimeout(context.Background(), 5*time.Minute)
		// A fresh profile each time.
		profile := chromedp.UserDataDir(filepath.Join(t.TempDir(), "profile"))
		actx, cancelAlloc := chromedp.NewExecAllocator(ctx, append(opts[:len(opts):len(opts)], profile)...)
		bctx, cancelBrowser := chromedp.NewContext(actx)
		if err = chromedp.Do(bctx); err == nil {
			t.Cleanup(func() {
				cancelBrowser()
				cancelAlloc()
				cancelTime()
			})
			return bctx
		}
		cancelBrowser()
		cancelAlloc()
		cancelTime()
	}
	t.Fatalf("start %s: %v", path, err)
	return nil
}

// Widths are the window widths every page must fit without a horizontal
// scrollbar: two phones and a desktop.
var Widths = []int64{360, 390, 1280}

// FitsScript is a JavaScript expression that is "" when the page fits its
// window, else says what sticks out.
const FitsScript = `(function () {
  var w = window.innerWidth, d = document.documentElement;
  if (d.scrollWidth <= w) return "";
  var out = [];
  document.querySelectorAll("body *").forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.right > w + 1 && out.length < 5) out.push(e.tagName + "#" + e.id + "." + e.className + " " + Math.round(r.right));
  });
  return "scrollWidth " + d.scrollWidth + " > " + w + ": " + out.join(", ");
})()`

// TablesFitScript is a JavaScript expression that is "" when the page fits
// its window and every table fits the box that scrolls it (its parent),
// else says what sticks out: at a desktop width no table should need its
// scrollbar.
const TablesFitScript = `(function () {
  var d = document.documentElement, out = [];
  if (d.scrollWidth > d.clientWidth) out.push("the page: scrollWidth " + d.scrollWidth + " > clientWidth " + d.clientWidth);
  document.querySelectorAll("table").forEach(function (t, i) {
    var box = t.parentElement, head = t.querySelector("th");
    if (box.scrollWidth > box.clientWidth) {
      out.push("table " + (i + 1) + " (" + (head ? head.textContent : "") + "…): scrollWidth " + box.scrollWidth + " > clientWidth " + box.clientWidth);
    }
  });
  return out.join("; ");
})()`
