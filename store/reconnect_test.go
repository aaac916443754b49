package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/pgtest"
)

// TestReconnect loses the connection to the server while a runner's
// statements run (they failed with "conn closed"): each is tried again
// until the server is back, a game whose commit went through before the
// loss is found stored and not taken for a duplicate, a claim whose answer
// was lost is found again, and a server that stays away ends the tries
// with a *LostError that says so.
func TestReconnect(t *testing.T) {
	defer func(d time.Duration) { ReconnectFor = d }(ReconnectFor)
	ReconnectFor = time.Minute
	ctx := context.Background()
	proxy, dsn := pgtest.NewProxy(t, pgtest.URL(t))
	db := openTest(t, dsn)
	tour := registered(t, db, 10)
	l, err := db.NewLeases(ctx, tour.ID, 10, "a", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	in := db.NewInserter()
	defer in.Close()
	game := func(slot int) *Game {
		g := testGame(slot)
		g.TournamentID, g.Slot = tour.ID, slot
		return g
	}
	// down cuts the connection for d.
	down := func(d time.Duration) {
		proxy.Cut()
		time.AfterFunc(d, proxy.Restore)
	}
	steps := []struct {
		name string
		do   func() error
	}{
		{"claim", func() error {
			if k, _, err := l.Claim(ctx, 10); err != nil || k != 0 {
				return errors.Join(err, errors.New("not slot 0"))
			}
			return nil
		}},
		{"insert", func() error { return in.Insert(ctx, game(0)) }},
		{"slot games", func() error {
			gs, err := db.SlotGames(ctx, tour.ID, 0)
			if err == nil && len(gs) != 1 {
				err = errors.New("not the one game")
			}
			return err
		}},
		{"renew", func() error { return l.Renew(ctx) }},
		{"busy", func() error { _, err := l.Busy(ctx); return err }},
		{"save sprt", func() error {
			return db.SaveSPRT(ctx, &SPRT{TournamentID: tour.ID, Player: "a", Opponent: "b", Model: "normalized"}, []SPRTPoint{{1, 0.5}}, false)
		}},
		{"release", func() error { return l.Release(ctx) }},
	}
	for _, st := range steps {
		down(500 * time.Millisecond)
		start := time.Now()
		if err := st.do(); err != nil {
			t.Errorf("%s with the connection lost for 0.5 s: %v", st.name, err)
		}
		if d := time.Since(start); d < 400*time.Millisecond {
			t.Errorf("%s took %v: did the connection go down?", st.name, d)
		}
	}

	// A commit made before the loss took its answer: stored once, and
	// this Insert's own.
	if err := in.Insert(ctx, game(1)); err != nil {
		t.Fatal(err)
	}
	down(500 * time.Millisecond)
	if err := in.Insert(ctx, game(1)); err != nil {
		t.Errorf("Insert of a game stored just before the loss = %v; want nil (it is this one's)", err)
	}
	// ... but a game another runner stored is still a duplicate.
	other := game(2)
	other.Record = "another record"
	if err := in.Insert(ctx, other); err != nil {
		t.Fatal(err)
	}
	down(500 * time.Millisecond)
	if err := in.Insert(ctx, game(2)); !errors.Is(err, ErrDuplicate) {
		t.Errorf("Insert of a slot another stored, over a loss = %v; want ErrDuplicate", err)
	}

	// A claim made, whose answer the loss took: the next claim after the
	// loss finds its slot. (The SPRT row saved above counts none of the
	// games stored since, which would hold every claim back.)
	if _, err := db.ExecContext(ctx, `DELETE FROM sprt WHERE tournament_id = ?`, tour.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `UPDATE slots SET owner = 'a', lease_until = now() + interval '1 hour'
		WHERE tournament_id = ? AND slot = 3`, tour.ID); err != nil {
		t.Fatal(err)
	}
	down(500 * time.Millisecond)
	if k, _, err := l.Claim(ctx, 10); err != nil || k != 3 {
		t.Errorf("Claim after a lost claim of slot 3 = %d, %v; want 3", k, err)
	}
	if k, _, err := l.Claim(ctx, 10); err != nil || k != 4 {
		t.Errorf("next Claim = %d, %v; want 4", k, err)
	}

	// A server that stays away.
	ReconnectFor = time.Second
	proxy.Cut()
	defer proxy.Restore()
	start := time.Now()
	_, err = db.SlotGames(ctx, tour.ID, 0)
	var lost *LostError
	if !errors.As(err, &lost) || !strings.Contains(err.Error(), "the connection to the server is lost and did not come back within 1s") {
		t.Errorf("SlotGames with the server away = %v; want a *LostError", err)
	}
	// At least the second it was given, and well short of the minute
	// given before: a loaded machine may add seconds, not tens of them.
	if d := time.Since(start); d < time.Second || d > 15*time.Second {
		t.Errorf("SlotGames gave up after %v; want about 1 s", d)
	}
}
