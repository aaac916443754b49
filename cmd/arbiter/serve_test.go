package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/arbiter-games/arbiter/internal/browser"
	"github.com/arbiter-games/arbiter/internal/pgtest"
)

// TestServeLive starts arbiter serve on a database and a tournament of
// built-in engines writing to it, opens the tournament's page in headless
// Chromium and waits for its stored count to rise without a reload; the
// pages fit 360, 390 and 1280 px; Ctrl-C ends the server at once with exit
// status 130. Once on SQLite, once on PostgreSQL.
func TestServeLive(t *testing.T) {
	for _, backend := range []string{"sqlite", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "live.db")
			if backend == "postgres" {
				db = pgtest.URL(t)
			}
			serveLive(t, db, backend == "postgres")
		})
	}
}

func serveLive(t *testing.T, db string, leases bool) {
	ctx := browser.New(t)
	// The database exists before the server starts: one imported game.
	if r := runCLI(t, "", "import", "--db", db, write(t, "one.agn", validLOA)); r.code != 0 {
		t.Fatalf("import: %v", r)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	srv := exec.Command(exe, "serve", "--db", db, "--addr", "127.0.0.1:0")
	srv.Env = append(os.Environ(), mainEnv+"=1")
	stderr, err := srv.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Process.Kill()
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() {
		t.Fatalf("serve said nothing on start")
	}
	m := regexp.MustCompile(`http://[0-9.:]+/`).FindString(lines.Text())
	if m == "" {
		t.Fatalf("serve's first line %q names no address", lines.Text())
	}
	go func() {
		for lines.Scan() {
		}
	}()

	cfg := selfEngines(t, t.TempDir(), "live.yaml", "name: live <b>&\"x\"\ngame: lines-of-action\ngames_per_encounter: 4000\nrounds: 1\nseed: 3\nconcurrency: 2\n"+
		"time_control: {move_ms: 20}\ntime_margin_ms: 30000\nmax_plies: 40\nadjudication: draw\n",
		"'<script>document.title=\"pwned\"</script>' args: [engine, --game, lines-of-action, --level, random, --seed, '1']",
		"r2 args: [engine, --game, lines-of-action, --level, random, --seed, '2']")
	// A guard: the test ends the tournament (cancel) once it has looked.
	tctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	tour := exec.CommandContext(tctx, exe, "tournament", "--db", db, cfg)
	tour.Env = append(os.Environ(), mainEnv+"=1")
	// Stopped as a person stops it: Ctrl-C, and the games in play end.
	tour.Cancel = func() error { return tour.Process.Signal(os.Interrupt) }
	tour.WaitDelay = 20 * time.Second
	if err := tour.Start(); err != nil {
		t.Fatal(err)
	}
	defer tour.Wait()
	defer cancel()

	eval := func(expr string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// The index shows the tournament once the runner has registered it.
	if err := chromedp.Do(ctx, chromedp.Navigate(m)); err != nil {
		t.Fatal(err)
	}
	link := ""
	for deadline := time.Now().Add(60 * time.Second); link == "" && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		link = eval(`(document.querySelector("#live a[href^='/t/']") || {href: ""}).href`)
	}
	if link == "" {
		t.Fatal("the index did not list the tournament within 60 s")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	first := eval(`document.getElementById("stored").textContent + ""`)
	eval(`window.arbiterMark = "same page"; ""`)
	seen := first
	for deadline := time.Now().Add(60 * time.Second); seen == first && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		seen = eval(`document.getElementById("stored").textContent + ""`)
	}
	var a, b int
	fmt.Sscan(first, &a)
	fmt.Sscan(seen, &b)
	if b <= a {
		t.Errorf("the stored count stayed at %s for 60 s", first)
	}
	if got := eval(`window.arbiterMark || "reloaded"`); got != "same page" {
		t.Errorf("the page was reloaded to show the new count")
	}
	if got := eval(`document.title`); strings.Contains(got, "pwned") {
		t.Errorf("a hostile name ran a script: title %q", got)
	}
	if got := eval(`document.querySelector("h1").textContent`); got != `live <b>&"x"` {
		t.Errorf("the heading is %q; want the tournament's name as text", got)
	}
	t.Logf("stored count %s, then %s without a reload", first, seen)
	if leases {
		// PostgreSQL's slots say which runner holds each game in play.
		held := ""
		for deadline := time.Now().Add(30 * time.Second); held == "" && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			held = eval(`(function () { var h = [].find.call(document.querySelectorAll("h2"), function (e) { return e.textContent === "Games in play"; });
				return h ? h.nextElementSibling.querySelector("td.name").textContent : ""; })()`)
		}
		if !strings.Contains(held, ":") {
			t.Errorf("the page did not show a game in play with its runner (host:pid:…) within 30 s: %q", held)
		}
	}
	for _, page := range []string{m, link, m + "game/1"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
			t.Fatal(err)
		}
		for _, w := range browser.Widths {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 800)); err != nil {
				t.Fatal(err)
			}
			if why := eval(browser.FitsScript); why != "" {
				t.Errorf("%s at %d px: %s", page, w, why)
			}
		}
	}
	// Ctrl-C: the server ends at once, with 130.
	start := time.Now()
	if err := srv.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- srv.Wait() }()
	const guard = time.Minute
	select {
	case err = <-waited:
	case <-time.After(guard):
		t.Fatalf("serve still running %v after Ctrl-C", guard)
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
		t.Errorf("serve after Ctrl-C: %v; want exit status 130", err)
	}
	// At once: not after a grace period for the browser's connections.
	// A loaded machine may take seconds.
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("serve took %v to stop after Ctrl-C", d)
	}
}

// TestServeErrors checks serve's usage errors and a missing or damaged
// database, said as report says them, before anything is served.
func TestServeErrors(t *testing.T) {
	damaged := write(t, "bad.db", "SQLite format 3\x00"+strings.Repeat("garbage ", 600))
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"missing database", []string{"serve", "--db", "/nonexistent/x.db"}, 2, "does not exist"},
		{"damaged database", []string{"serve", "--db", damaged}, 1, damaged},
		{"bad address", []string{"serve", "--db", damaged, "--addr", "8080"}, 2, "HOST:PORT"},
		{"argument", []string{"serve", "x"}, 2, "unexpected argument"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, "", tt.args...)
			if r.code != tt.code || r.stdout != "" || !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("arbiter %q: %v; want exit %d, no output, and %q said", tt.args, r, tt.code, tt.stderr)
			}
		})
	}
}

// TestServeReplacedFile: a SQLite file renamed over the one serve opened
// is said on stderr, once, and on the pages.
func TestServeReplacedFile(t *testing.T) {
	dir := t.TempDir()
	db, other := filepath.Join(dir, "served.db"), filepath.Join(dir, "other.db")
	for _, path := range []string{db, other} {
		if r := runCLI(t, "", "import", "--db", path, write(t, "one.agn", validLOA)); r.code != 0 {
			t.Fatalf("import: %v", r)
		}
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	srv := exec.Command(exe, "serve", "--db", db, "--addr", "127.0.0.1:0")
	srv.Env = append(os.Environ(), mainEnv+"=1")
	stderr, err := srv.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		srv.Process.Signal(os.Interrupt)
		srv.Wait()
	}()
	said := make(chan string, 16)
	go func() {
		defer close(said)
		for lines := bufio.NewScanner(stderr); lines.Scan(); {
			said <- lines.Text()
		}
	}()
	addr := regexp.MustCompile(`http://[0-9.:]+/`).FindString(<-said)
	if addr == "" {
		t.Fatal("serve's first line names no address")
	}
	if err := os.Rename(other, db); err != nil {
		t.Fatal(err)
	}
	want := "serve: the database file " + db + " was replaced after arbiter serve opened it"
	select {
	case line := <-said:
		if !strings.HasPrefix(line, want) {
			t.Errorf("serve said %q after the rename; want %q…", line, want)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("serve said nothing in 30s after its database file was replaced; want %q…", want)
	}
	res, err := http.Get(addr)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(b), `id="note"`) || !strings.Contains(string(b), "was replaced") {
		t.Errorf("index after the rename: %.600q; want the note", b)
	}
}
