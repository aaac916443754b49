package tournament

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/store"
)

// sharedTournament loads a toy tournament of head and engines and returns
// it with the URL of a new PostgreSQL database.
func sharedTournament(t *testing.T, head string, engines ...string) (*config.Tournament, string) {
	t.Helper()
	url := pgtest.URL(t)
	cfg, err := config.Load(context.Background(), writeConfig(t, t.TempDir(), head, engines...))
	if err != nil {
		t.Fatal(err)
	}
	return cfg, url
}

// TestSharedRun runs two runners of one tournament at once, as two
// machines would, each on its own connection: together they store every
// slot once, and each one's summary covers the whole tournament.
func TestSharedRun(t *testing.T) {
	url := pgtest.URL(t)
	path := writeConfig(t, t.TempDir(), toygames.RaceHeadGames(12), "a=", "b=")
	ctx := context.Background()
	var (
		wg   sync.WaitGroup
		sums [2]*Summary
		errs [2]error
	)
	for i := range 2 {
		// Each runner loads the config, as on a machine of its own.
		cfg, err := config.Load(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		db := openDB(t, url)
		wg.Add(1)
		go func() {
			defer wg.Done()
			sums[i], errs[i] = Run(ctx, cfg, Options{DB: db, Concurrency: 2, Lease: 5 * time.Second})
		}()
	}
	wg.Wait()
	played := 0
	for i, sum := range sums {
		if errs[i] != nil {
			t.Fatalf("runner %d: %v", i+1, errs[i])
		}
		played += sum.Played
		if got := sum.Played + sum.Resumed + sum.Elsewhere; got != 12 {
			t.Errorf("runner %d: played %d, resumed %d, by others %d; want 12 in all", i+1, sum.Played, sum.Resumed, sum.Elsewhere)
		}
		games := 0
		for _, s := range sum.Standings {
			games += s.Games
		}
		if games != 24 {
			t.Errorf("runner %d: standings count %d player-games; want 24 (the whole tournament)", i+1, games)
		}
	}
	if played != 12 {
		t.Errorf("the runners played %d games between them; want 12", played)
	}
	rs := rows(t, openDB(t, url))
	if len(rs) != 12 {
		t.Fatalf("stored %d games; want 12", len(rs))
	}
	for i, r := range rs {
		if r.Slot != i {
			t.Errorf("stored slots %v...; want each of 0..11 once", r.Slot)
			break
		}
	}
}

// TestSharedDiscard has another runner store the slot this one plays (as
// one that took it over after this runner's lease expired would): this
// runner drops its game, stores nothing twice, and counts the other's.
func TestSharedDiscard(t *testing.T) {
	cfg, url := sharedTournament(t, toygames.RaceHead, "a=slow:200", "b=slow:200")
	ctx := context.Background()
	db := openDB(t, url)
	done := make(chan struct{})
	var sum *Summary
	var err error
	go func() {
		defer close(done)
		sum, err = Run(ctx, cfg, Options{DB: db, Lease: 5 * time.Second})
	}()
	// Once the slot is claimed (the game is in play), the other runner
	// stores its game.
	other := openDB(t, url)
	for {
		var owner *string
		if e := other.QueryRowContext(ctx, `SELECT owner FROM slots WHERE slot = 0`).Scan(&owner); e == nil && owner != nil {
			break
		}
		select {
		case <-done:
			t.Fatalf("Run ended before the slot was seen claimed: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	var tid int64
	if e := other.QueryRowContext(ctx, `SELECT id FROM tournaments`).Scan(&tid); e != nil {
		t.Fatal(e)
	}
	in := other.NewInserter()
	defer in.Close()
	if e := in.Insert(ctx, &store.Game{TournamentID: tid, Slot: 0, Pair: -1, Game: cfg.Game, White: "a", Black: "b",
		Result: rules.BlackWins, Record: "the other runner's game"}); e != nil {
		t.Fatal(e)
	}
	<-done
	if err != nil {
		t.Fatal(err)
	}
	if sum.Discarded != 1 || sum.Played != 0 || sum.Elsewhere != 1 {
		t.Errorf("summary: played %d, discarded %d, by others %d; want 0, 1, 1", sum.Played, sum.Discarded, sum.Elsewhere)
	}
	if rs := rows(t, other); len(rs) != 1 || rs[0].Record != "the other runner's game" {
		t.Errorf("stored %+v; want the other runner's game alone", rs)
	}
}

// TestSharedAbandon cancels a shared run with games in play: the games
// are not stored, and their slots go back to the pool at once, not at
// lease expiry.
func TestSharedAbandon(t *testing.T) {
	cfg, url := sharedTournament(t, toygames.RaceHeadGames(4), "a=slow:200", "b=slow:200")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	db := openDB(t, url)
	done := make(chan error, 1)
	go func() {
		_, err := Run(ctx, cfg, Options{DB: db, Concurrency: 2, Lease: time.Hour})
		done <- err
	}()
	other := openDB(t, url)
	held := func() int {
		var n int
		if err := other.QueryRowContext(context.Background(),
			`SELECT count(*) FROM slots WHERE owner IS NOT NULL AND NOT stored`).Scan(&n); err != nil {
			return -1 // the slots are not there yet
		}
		return n
	}
	for held() < 1 {
		select {
		case err := <-done:
			t.Fatalf("Run ended before a slot was seen leased: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Run = %v; want context.Canceled", err)
	}
	if n := held(); n != 0 {
		t.Errorf("%d slots still leased after the run ended; want them given back", n)
	}
}

// TestSharedRunEndsAtOnce: a lone runner on PostgreSQL ends as soon as its
// last games are stored, without a player waiting a poll interval when the
// slots left are its own games in play, or when a slot two players claimed
// at once went to the other. The interval is an hour here, so that a wait
// shows on any machine: four instant games end within the guard by far.
func TestSharedRunEndsAtOnce(t *testing.T) {
	defer func(p time.Duration) { maxPoll = p }(maxPoll)
	maxPoll = time.Hour
	const guard = 2 * time.Minute
	for i := range 5 {
		cfg, url := sharedTournament(t, toygames.RaceHeadGames(4), "a=", "b=")
		db := openDB(t, url)
		done := make(chan error, 1)
		go func() {
			_, err := Run(context.Background(), cfg, Options{DB: db, Concurrency: 2, Lease: 100 * time.Hour})
			done <- err
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(guard):
			t.Fatalf("run %d did not end within %v: a player waits a poll interval (%v)", i+1, guard, maxPoll)
		}
	}
}
