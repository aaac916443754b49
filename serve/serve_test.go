package serve

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/store"
)

const hostile = `<script>alert("t")</script>`

// fixture is a database with a tournament of hostile name and players,
// two games stored of four.
func fixture(t *testing.T) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tour := &store.Tournament{Name: hostile, Game: "lines-of-action", Config: "x", ConfigHash: "h", TotalGames: 4}
	if err := db.Register(ctx, tour, []store.Engine{{Name: "<img src=x onerror=alert(1)>", Cmd: "x"}, {Name: "b", Cmd: "x"}}); err != nil {
		t.Fatal(err)
	}
	in := db.NewInserter()
	defer in.Close()
	for slot, rec := range []string{
		"[Game \"Lines of Action\"]\n[White \"<img src=x onerror=alert(1)>\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. c8-c6 *\n",
		"[Game \"Lines of Action\"]\n[White \"b\"]\n[Black \"<img src=x onerror=alert(1)>\"]\n[Result \"*\"]\n\n1. b8-b6 *\n",
	} {
		g := &store.Game{TournamentID: tour.ID, Slot: slot, Pair: -1, Game: "lines-of-action", White: "<img src=x onerror=alert(1)>", Black: "b",
			Result: rules.Unfinished, Termination: notation.TermNormal, Plies: 1, StartedAt: time.Now(), Record: rec}
		if slot == 1 {
			g.White, g.Black = g.Black, g.White
		}
		if err := in.Insert(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

// TestPages checks every page's status, its escaping of hostile names,
// the live part's 204, and that nothing but GET and HEAD is answered.
func TestPages(t *testing.T) {
	srv := httptest.NewServer(New(fixture(t), "s.db").Handler())
	defer srv.Close()
	get := func(method, path string) (int, http.Header, string) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header, string(b)
	}
	tpath := "/t/" + url.PathEscape(hostile)
	tests := []struct {
		name, method, path string
		status             int
		want               string
	}{
		{"index", "GET", "/", 200, `href="/t/%3Cscript%3Ealert%28%22t%22%29%3C%2Fscript%3E"`},
		{"tournament", "GET", tpath, 200, `Stored <b id="stored">2</b> of 4 games`},
		{"index title", "GET", "/", 200, "<title>arbiter serve</title>"},
		{"tournament title", "GET", tpath, 200, "<title>&lt;script&gt;alert(&#34;t&#34;)&lt;/script&gt; · arbiter serve</title>"},
		{"game", "GET", "/game/1", 200, `"w":"\u003cimg src=x onerror=alert(1)\u003e"`},
		{"game caption", "GET", "/game/2", 200, "<h1>Game #2 of tournament &lt;script&gt;alert(&#34;t&#34;)&lt;/script&gt;: b vs &lt;img src=x onerror=alert(1)&gt;, *</h1>"},
		{"game back", "GET", "/game/2", 200, `<nav class="back"><a href="/t/%3Cscript%3Ealert%28%22t%22%29%3C%2Fscript%3E">← tournament &lt;script&gt;`},
		{"game names no file", "GET", "/game/2", 200, `"stored":true`},
		{"no tournament", "GET", "/t/nope", 404, `tournament &#34;nope&#34;`},
		{"no game", "GET", "/game/99", 404, "game 99"},
		{"not a game", "GET", "/game/x", 404, "not a game number"},
		{"post", "POST", "/", 405, "only reads"},
		{"delete", "DELETE", tpath, 405, "only reads"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, h, body := get(tt.method, tt.path)
			if status != tt.status || !strings.Contains(body, tt.want) {
				t.Errorf("%s %s: %d %.300q; want %d holding %q", tt.method, tt.path, status, body, tt.status, tt.want)
			}
			if !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'none'") {
				t.Errorf("%s %s: CSP %q", tt.method, tt.path, h.Get("Content-Security-Policy"))
			}
			for _, bad := range []string{"<script>alert", "<img src=x"} {
				if strings.Contains(body, bad) {
					t.Errorf("%s %s: a hostile name is written as markup: %q", tt.method, tt.path, bad)
				}
			}
		})
	}
	_, h, _ := get("GET", tpath+"/live?v=old")
	v := h.Get("X-Version")
	if status, _, _ := get("GET", tpath+"/live?v="+url.QueryEscape(v)); v == "" || status != http.StatusNoContent {
		t.Errorf("live part at the latest version %q: %d; want 204", v, status)
	}
}

// TestTook checks the rounding of the page's "Computed in".
func TestTook(t *testing.T) {
	for d, want := range map[time.Duration]string{1234567 * time.Nanosecond: "1.23ms", 45678912 * time.Nanosecond: "45.7ms",
		812345 * time.Nanosecond: "812µs", 1234567890 * time.Nanosecond: "1.23s", 999 * time.Nanosecond: "999ns", 0: "0s"} {
		if got := took(d); got != want {
			t.Errorf("took(%v) = %q; want %q", d, got, want)
		}
	}
}

// TestWhen checks the writing of the tournaments' creation times.
func TestWhen(t *testing.T) {
	for s, want := range map[string]string{"2026-12-06T17:18:21.881307183Z": "2026-12-06 17:18:21 UTC",
		"2026-12-06T18:18:21+01:00": "2026-12-06 17:18:21 UTC", "yesterday": "yesterday"} {
		if got := when(s); got != want {
			t.Errorf("when(%q) = %q; want %q", s, got, want)
		}
	}
}

// TestLoopback checks which addresses serve calls loopback.
func TestLoopback(t *testing.T) {
	for addr, want := range map[string]bool{"127.0.0.1:8080": true, "localhost:1": true, "[::1]:80": true,
		"0.0.0.0:8080": false, ":8080": false, "192.168.1.2:80": false, "bad": false} {
		if got := Loopback(addr); got != want {
			t.Errorf("Loopback(%q) = %v; want %v", addr, got, want)
		}
	}
}

// TestProvisionalPage: a tournament page asked for before its report is
// made answers at once with the progress and latest games, and says that
// the standings come; its live part then brings them without a reload.
func TestProvisionalPage(t *testing.T) {
	defer func(p time.Duration) { patience = p }(patience)
	patience = time.Nanosecond // the report is never ready this soon
	srv := httptest.NewServer(New(fixture(t), "s.db").Handler())
	defer srv.Close()
	tpath := srv.URL + "/t/" + url.PathEscape(hostile)
	res, err := http.Get(tpath)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	body := string(b)
	for _, want := range []string{`id="pending"`, `Stored <b id="stored">2</b> of 4 games`, `data-version="pending"`, "Latest games"} {
		if !strings.Contains(body, want) {
			t.Errorf("first page: %d, no %q in %.400q", res.StatusCode, want, body)
		}
	}
	for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
		res, err := http.Get(tpath + "/live?v=" + pendingVersion)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusOK && res.Header.Get("X-Version") != pendingVersion {
			if strings.Contains(string(b), `id="pending"`) || !strings.Contains(string(b), "Crosstable") {
				t.Errorf("live part once made: %.400q; want the report's parts", b)
			}
			return
		}
		if res.StatusCode != http.StatusNoContent || time.Since(start) > time.Minute {
			t.Fatalf("live part: %d %q after %v; want 204 until the report is made, then it", res.StatusCode, res.Header.Get("X-Version"), time.Since(start))
		}
	}
}

// TestProgressText: a tournament's progress never passes 100 %, and a
// knockout's says that tie-breaks add games to its bracket's, as the
// runner counts them (the games stored when more than the minimum).
func TestProgressText(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tests := []struct {
		name, format  string
		total, stored int
		page, index   string // in the tournament's page, in its row of the index
	}{
		{"ko", "knockout", 2, 6,
			`Stored <b id="stored">6</b> of at least 6 games (100 %; tie-breaks added 4 to the 2 of the bracket).</p>` +
				"\n" + `<progress value="6" max="6">`,
			`<td class="stored">6</td><td>at least 6</td>`},
		{"ko-early", "knockout", 4, 1,
			`Stored <b id="stored">1</b> of at least 4 games (25 %).</p>` + "\n" + `<progress value="1" max="4">`,
			`<td class="stored">1</td><td>at least 4</td>`},
		{"rr", "round-robin", 4, 2,
			`Stored <b id="stored">2</b> of 4 games (50 %).</p>` + "\n" + `<progress value="2" max="4">`,
			`<td class="stored">2</td><td>4</td>`},
		{"import", "", 0, 1, `Stored <b id="stored">1</b> games.</p>`, `<td class="stored">1</td><td>0</td>`},
	}
	in := db.NewInserter()
	defer in.Close()
	for _, tt := range tests {
		tour := &store.Tournament{Name: tt.name, Game: "lines-of-action", Config: tt.name, ConfigHash: tt.name, Format: tt.format, TotalGames: tt.total}
		if err := db.Register(ctx, tour, []store.Engine{{Name: "a", Cmd: "x"}, {Name: "b", Cmd: "x"}}); err != nil {
			t.Fatal(err)
		}
		for slot := range tt.stored {
			g := &store.Game{TournamentID: tour.ID, Slot: slot, Pair: -1, Game: "lines-of-action", White: "a", Black: "b",
				Result: rules.Unfinished, Termination: notation.TermNormal, Plies: 1, StartedAt: time.Now(),
				Record: fmt.Sprintf("[Game \"Lines of Action\"]\n[Event \"%s %d\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. c8-c6 *\n", tt.name, slot)}
			if err := in.Insert(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
	}
	srv := httptest.NewServer(New(db, "p.db").Handler())
	defer srv.Close()
	get := func(path string) string {
		t.Helper()
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	index := get("/")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if page := get("/t/" + tt.name); !strings.Contains(page, tt.page) {
				at := max(strings.Index(page, "Stored <b"), 0)
				t.Errorf("page of %s, %d stored of %d: %.200q; want %q", tt.format, tt.stored, tt.total, page[at:], tt.page)
			}
			if row := `<a href="/t/` + tt.name + `">` + tt.name + `</a></td><td class="name">Lines of Action</td>` + tt.index; !strings.Contains(index, row) {
				t.Errorf("index: %.1200q; want %q", index[max(strings.Index(index, "<table>"), 0):], row)
			}
		})
	}
}

// TestReplacedFile: a SQLite file replaced under the server (a database
// renamed over it), then removed, is said on the pages, their live parts
// included, and once on stderr per change.
func TestReplacedFile(t *testing.T) {
	ctx := context.Background()
	db := fixture(t)
	s := New(db, "s.db")
	var mu sync.Mutex
	var warned []string
	s.Warn = func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		warned = append(warned, msg)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	get := func(path string) (int, http.Header, string) {
		t.Helper()
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header, string(b)
	}
	tpath := "/t/" + url.PathEscape(hostile)
	path := db.Path()
	steps := []struct {
		name   string
		change func() error
		note   string // in every page; "" for none
		warns  int
	}{
		{"opened", func() error { return nil }, "", 0},
		{"replaced", func() error {
			other := filepath.Join(filepath.Dir(path), "other.db")
			odb, err := store.Open(ctx, other)
			if err != nil {
				return err
			}
			if err := odb.Close(); err != nil {
				return err
			}
			return os.Rename(other, path)
		}, "the database file " + path + " was replaced after arbiter serve opened it", 1},
		{"unchanged since", func() error { return nil }, "was replaced", 1},
		{"removed", func() error { return os.Remove(path) }, "the database file " + path + " was removed", 2},
	}
	_, h, _ := get(tpath + "/live?v=old")
	version, warns := h.Get("X-Version"), 0
	for _, st := range steps {
		if err := st.change(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		s.look(ctx)
		for _, p := range []string{"/", "/live?v=old", tpath} {
			if _, _, body := get(p); st.note == "" && strings.Contains(body, `id="note"`) ||
				st.note != "" && !strings.Contains(body, st.note) {
				t.Errorf("%s: %s: %.500q; want the note %q", st.name, p, body, st.note)
			}
		}
		// An open page gets the note through its live part: a new note is
		// a new version.
		status, h, body := get(tpath + "/live?v=" + url.QueryEscape(version))
		want := http.StatusNoContent
		if st.warns > warns {
			want = http.StatusOK
		}
		if status != want || want == http.StatusOK && !strings.Contains(body, st.note) {
			t.Errorf("%s: the live part of the page at version %q: %d %.300q; want %d with the note", st.name, version, status, body, want)
		}
		if status == http.StatusOK {
			version = h.Get("X-Version")
		}
		warns = st.warns
		mu.Lock()
		if len(warned) != st.warns || st.warns > 0 && !strings.Contains(warned[st.warns-1], st.note) {
			t.Errorf("%s: stderr says %q; want %d lines, the last holding %q", st.name, warned, st.warns, st.note)
		}
		mu.Unlock()
	}
}
