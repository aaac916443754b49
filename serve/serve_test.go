package serve

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
			Result: "*", Termination: "normal", Plies: 1, StartedAt: time.Now(), Record: rec}
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
		{"game", "GET", "/game/1", 200, `"w":"\u003cimg src=x onerror=alert(1)\u003e"`},
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
