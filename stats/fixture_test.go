package stats

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/store"
)

// g is a compact game for fixtures.
type g struct {
	tournament int64 // 0: imported
	pair       int   // -1: none
	game       string
	white      string
	black      string
	result     string
	term       string
	score      *[2]int
}

func sc(w, b int) *[2]int { return &[2]int{w, b} }

// onPostgres makes openDB open PostgreSQL databases (see TestOnPostgres).
var onPostgres bool

// openDB opens a fresh database: a SQLite file in a temporary directory,
// or with onPostgres a database on pgtest's server.
func openDB(t testing.TB) *store.DB {
	t.Helper()
	dsn := filepath.Join(t.TempDir(), "test.db")
	if onPostgres {
		dsn = pgtest.URL(t)
	}
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// addTournament inserts a tournament row and returns its id.
func addTournament(t testing.TB, db *store.DB, name, game string) int64 {
	t.Helper()
	var id int64
	err := db.QueryRow(`INSERT INTO tournaments (name, game, created_at) VALUES (?, ?, ?) RETURNING id`,
		name, game, time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC).Format(time.RFC3339)).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// insert stores the fixture games; slots number the games of each
// tournament in order.
func insert(t testing.TB, db *store.DB, games []g) {
	t.Helper()
	ctx := context.Background()
	slots := map[int64]int{}
	in := db.NewInserter()
	defer in.Close()
	for i, x := range games {
		res, ok := rules.ParseResult(x.result)
		if !ok {
			t.Fatalf("fixture game %d: result %q", i, x.result)
		}
		sg := &store.Game{TournamentID: x.tournament, Slot: -1, Pair: x.pair, Game: x.game,
			White: x.white, Black: x.black, Result: res, Termination: notation.Termination(x.term), Plies: 10,
			Record: fmt.Sprintf("[Game %q]\n[Round \"%d\"]\n\n%s\n", x.game, i, x.result)}
		if x.tournament != 0 {
			sg.Slot = slots[x.tournament]
			slots[x.tournament]++
		}
		if x.score != nil {
			sg.HasScore, sg.ScoreWhite, sg.ScoreBlack = true, x.score[0], x.score[1]
		}
		if err := in.Insert(ctx, sg); err != nil {
			t.Fatalf("insert game %d: %v", i, err)
		}
	}
}

// compute runs Compute on db with q and fails t on an error.
func compute(t testing.TB, db *store.DB, q Query) *Report {
	t.Helper()
	r, err := Compute(context.Background(), db, q)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// clubFixture is the hand-computed fixture of the tests (see
// TestComputeByHand for the figures).
func clubFixture(t testing.TB) *store.DB {
	db := openDB(t)
	club := addTournament(t, db, "club", "lines-of-action")
	const loa, tank = "lines-of-action", "tank-battle"
	insert(t, db, []g{
		{club, 0, loa, "A", "B", "1-0", "", nil},
		{club, 0, loa, "B", "A", "1/2-1/2", "", nil},
		{club, 1, loa, "A", "B", "0-1", "", nil},
		{club, 1, loa, "B", "A", "1-0", "", nil},
		{club, 2, loa, "B", "C", "1-0", "", nil},
		{club, 2, loa, "C", "B", "0-1", "", nil},
		{club, 3, loa, "A", "C", "1/2-1/2", "", nil},
		{club, 3, loa, "C", "A", "1/2-1/2", "", nil},
		{0, -1, tank, "A", "C", "1-0", "normal", sc(30, 20)},
		{0, -1, tank, "C", "A", "0-1", "time forfeit", sc(10, 25)},
		{0, -1, loa, "A", "B", "*", "abandoned", nil},
	})
	return db
}

func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }

// TestOnPostgres runs the report tests again on PostgreSQL: the same
// fixtures, the same expectations (golden files included).
func TestOnPostgres(t *testing.T) {
	pgtest.URL(t) // skips, saying what is missing, without PostgreSQL
	onPostgres = true
	defer func() { onPostgres = false }()
	for _, tt := range []struct {
		name string
		f    func(*testing.T)
	}{
		{"ComputeByHand", TestComputeByHand},
		{"TuneSection", TestTuneSection},
		{"ComputeFilters", TestComputeFilters},
		{"CountsAgreeWithSQL", TestCountsAgreeWithSQL},
		{"PairLimit", TestPairLimit},
		{"PentanomialPerGame", TestPentanomialPerGame},
		{"SelfPlay", TestSelfPlay},
		{"UnknownPlayers", TestUnknownPlayers},
		{"WhiteAdvantageReport", TestWhiteAdvantageReport},
		{"EngineStats", TestEngineStats},
		{"Golden", TestGolden},
		{"JSONKeys", TestJSONKeys},
		{"HostileNames", TestHostileNames},
		{"AllGamesWon", TestAllGamesWon},
		{"PairNumbersAgree", TestPairNumbersAgree},
		{"SPRTAdHoc", TestSPRTAdHoc},
		{"SPRTStoredMatch", TestSPRTStoredMatch},
	} {
		t.Run(tt.name, tt.f)
	}
}
