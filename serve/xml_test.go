package serve

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/xmltext"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/store"
)

// TestPagesIllegalCharacters serves a tournament and players whose names
// hold characters XML forbids: no page holds them.
func TestPagesIllegalCharacters(t *testing.T) {
	const tname, player = "t\uFFFE\x01", "al\uFFFEice"
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tour := &store.Tournament{Name: tname, Game: "lines-of-action", Config: "x", ConfigHash: "h", TotalGames: 2}
	if err := db.Register(ctx, tour, []store.Engine{{Name: player, Cmd: "x"}, {Name: "b\uFFFF", Cmd: "x"}}); err != nil {
		t.Fatal(err)
	}
	in := db.NewInserter()
	g := &store.Game{TournamentID: tour.ID, Pair: -1, Game: "lines-of-action", White: player, Black: "b\uFFFF",
		Result: rules.Unfinished, Termination: notation.TermNormal, Plies: 1, StartedAt: time.Now(),
		Record: "[Game \"Lines of Action\"]\n[White \"" + player + "\"]\n[Black \"b\uFFFF\"]\n[Result \"*\"]\n\n1. c8-c6 {+0.10/3 \x01} *\n"}
	if err := in.Insert(ctx, g); err != nil {
		t.Fatal(err)
	}
	in.Close()
	srv := httptest.NewServer(New(db, "s\uFFFE.db").Handler())
	defer srv.Close()
	tpath := "/t/" + url.PathEscape(tname)
	for _, path := range []string{"/", tpath, tpath + "/live?v=old", "/game/1", "/t/" + url.PathEscape("nope\uFFFE\x01")} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if body := string(b); xmltext.Clean(body) != body {
			t.Errorf("GET %s: %d, the page holds characters XML forbids: %.300q", path, res.StatusCode, body)
		}
	}
}
