package tournament

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
)

// solverBudget is the solver's budget in the tests of its adjudication:
// small, so that its proofs are short enough for the test to play them
// out.
const solverBudget = 3000

// nearEndOpenings writes dir/near-end.agn, n openings of Lines of Action
// from the positions a few plies before the end of real games
// (testdata/loa-real) that the rules end, as FEN records, and returns its
// path.
func nearEndOpenings(t *testing.T, dir string, n int) string {
	t.Helper()
	data, err := os.ReadFile("../testdata/loa-real/real_loa.agn")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	found := 0
	err = replay.File(context.Background(), "real_loa.agn", data, replay.Options{Jobs: 1}, func(r replay.Report) {
		if found == n || !r.Valid || r.Termination != notation.TermNormal || r.Result == rules.Unfinished || r.Plies < 20 {
			return
		}
		// 6 to 11 plies before the end, varied from game to game.
		_, _, pos := replay.Position("real_loa.agn", r.Record, r.Plies-6-found%6, replay.Options{})
		if pos == nil || pos.Outcome().Over() {
			return
		}
		fmt.Fprintf(&b, "[Game \"Lines of Action\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n*\n\n", pos.FEN())
		found++
	})
	if err != nil || found < n {
		t.Fatalf("%d near-end openings of %d (%v)", found, n, err)
	}
	path := filepath.Join(dir, "near-end.agn")
	writeFile(t, path, b.String())
	return path
}

// solverConfig writes dir/solved.yaml, a round robin of arbiter's own Lines
// of Action engines (exe) from openings near the end of real games,
// adjudicated by the solver, and returns its path.
func solverConfig(t *testing.T, exe, dir string, rounds int) string {
	t.Helper()
	nearEndOpenings(t, dir, rounds)
	eng := func(name, level, seed string) string {
		return fmt.Sprintf("  - {name: %s, cmd: %s, args: [engine, --game, lines-of-action, --level, %s, --seed, %q]}\n", name, exe, level, seed)
	}
	text := fmt.Sprintf("name: solved\ngame: lines-of-action\nrounds: %d\ngames_per_encounter: 2\nseed: 5\n"+
		"time_control: {move_ms: 5}\ntime_margin_ms: 30000\nmax_plies: 300\n"+
		"adjudication: {solver: {nodes: %d}}\nopenings: {file: near-end.agn}\nengines:\n", rounds, solverBudget) +
		eng("greedy", "greedy", "1") + eng("random", "random", "2")
	path := filepath.Join(dir, "solved.yaml")
	writeFile(t, path, text)
	return path
}

// TestSolverAdjudicationBuiltin plays arbiter's own engines from near the
// end of real games with adjudication by the solver, in worker processes
// (the budget goes to them in the settings), kills the runner with SIGKILL
// midway and resumes it. Then: every game is stored once; some end
// solved, each with the proof's closing comment and its solver figures
// stored with it; the result of each is confirmed by playing on from the
// adjudicated position (the winner's moves, the solver's first, against
// every reply, within the plies the comment says, the rules judging every
// end); and arbiter validate accepts the exported records, .agn and SGF.
func TestSolverAdjudicationBuiltin(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a tournament of built-in engines")
	}
	exe := buildArbiter(t)
	dir := t.TempDir()
	const rounds = 16
	path := solverConfig(t, exe, dir, rounds)
	dbPath := filepath.Join(dir, "t.db")
	db := killAfterStored(t, path, dbPath, "FAKE_RUNNER_WORKERS=2", 4, time.Minute)
	var before int
	db.QueryRow(`SELECT count(*) FROM games`).Scan(&before)
	if before >= 2*rounds {
		t.Fatalf("the runner finished (%d games) before it was killed", before)
	}
	cfg, err := config.Load(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), cfg, Options{DB: db, Concurrency: 2, Workers: workerCmd(t)})
	if err != nil {
		t.Fatalf("resumed run: %v", err)
	}
	if sv := sum.Solver; sv.Games != sum.Played || sv.Nodes < int64(sv.Games) || sv.Time < 0 {
		t.Errorf("the resumed run's solver totals %+v; want the %d games it played, a node each at least", sv, sum.Played)
	}
	var n, slots int
	db.QueryRow(`SELECT count(*), count(DISTINCT slot) FROM games`).Scan(&n, &slots)
	if n != 2*rounds || slots != 2*rounds {
		t.Errorf("after resume: %d games in %d slots; want %d (killed after %d)", n, slots, 2*rounds, before)
	}

	solved := 0
	for _, r := range rows(t, db) {
		if r.Termination != notation.TermSolved {
			if r.Termination != notation.TermNormal {
				t.Errorf("slot %d ended by %s\n%s", r.Slot, r.Termination, r.Record)
			}
			continue
		}
		solved++
		var ms, nodes *float64
		if err := db.QueryRow(`SELECT s.solver_ms, s.solver_nodes FROM game_engine_stats s JOIN games g ON g.id = s.game_id
			WHERE g.slot = ?`, r.Slot).Scan(&ms, &nodes); err != nil || ms == nil || nodes == nil || *nodes < 1 {
			t.Errorf("slot %d: solver figures %v ms, %v nodes (%v); want them stored with the game", r.Slot, ms, nodes, err)
		}
		confirmSolved(t, r)
	}
	t.Logf("%d of %d games solved (killed after %d)", solved, n, before)
	if solved == 0 {
		t.Fatal("no game ended solved")
	}

	var none int
	db.QueryRow(`SELECT count(*) FROM game_engine_stats WHERE solver_ms IS NULL`).Scan(&none)
	if none > 0 {
		t.Errorf("%d games without the solver's figures; want every game's", none)
	}
	for _, format := range []string{"agn", "sgf"} {
		out := filepath.Join(dir, "all."+format)
		if b, err := exec.Command(exe, "export", "--db", dbPath, "--format", format, "--output", out).CombinedOutput(); err != nil {
			t.Fatalf("export --format %s: %v\n%s", format, err, b)
		}
		if b, err := exec.Command(exe, "validate", out).CombinedOutput(); err != nil {
			t.Errorf("validate of the exported %s records: %v\n%s", format, err, b)
		}
	}
	// A solved record whose proof is cut short of what it needs, or whose
	// result is turned around, is invalid.
	for _, r := range rows(t, db) {
		if r.Termination != notation.TermSolved || !strings.Contains(r.Record, " within 3000}") {
			continue
		}
		other := map[string]string{"1-0": "0-1", "0-1": "1-0"}[r.Result]
		for _, bad := range []struct{ name, record, want string }{
			{"turned", strings.ReplaceAll(strings.ReplaceAll(r.Record, "\n"+r.Result+"\n", "\n"+other+"\n"), `[Result "`+r.Result+`"]`, `[Result "`+other+`"]`),
				"result " + other + " declared, but the closing comment says the solver proved " + r.Result},
			{"no budget", strings.Replace(r.Record, " within 3000}", " within 0}", 1), "the solver does not prove " + r.Result + " within 0 nodes (it proves nothing)"},
		} {
			path := filepath.Join(dir, bad.name+".agn")
			writeFile(t, path, bad.record)
			b, err := exec.Command(exe, "validate", path).CombinedOutput()
			if err == nil || !strings.Contains(string(b), bad.want) {
				t.Errorf("validate of a solved record %s: %v\n%s\nwant it invalid: %s", bad.name, err, b, bad.want)
			}
		}
		break
	}
	b, err := exec.Command(exe, "report", "--db", dbPath, "--format", "json").Output()
	if err != nil {
		t.Fatalf("report: %v", err)
	}
	var rep struct {
		Games map[string]struct {
			Solver *struct{ Games int } `json:"solver"`
		} `json:"games"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if s := rep.Games["lines-of-action"].Solver; s == nil || s.Games != n {
		t.Errorf("report's solver figures %+v; want those of the %d games", s, n)
	}
}

// confirmSolved checks a solved game's result without the solver's word
// for it: from the position it was adjudicated in, the winner wins within
// the plies of the closing comment whatever the loser replies (every reply
// tried), the rules judging every end; the solver only suggests the
// winner's move to try first. A draw is not checked so (the LOA solver
// proves none).
func confirmSolved(t *testing.T, r row) {
	t.Helper()
	games, err := notation.Parse("store", []byte(r.Record))
	if err != nil || len(games) != 1 {
		t.Fatalf("slot %d: %v", r.Slot, err)
	}
	g := games[0]
	rep, _, pos := replay.Position("store", g, -1, replay.Options{})
	if !rep.Valid {
		t.Fatalf("slot %d: %s", r.Slot, rep.Describe())
	}
	closing := g.Comment
	if len(g.Moves) > 0 {
		closing = g.Moves[len(g.Moves)-1].Comment
	}
	s, ok := notation.ParseSolved(closing)
	if !ok || s.Result != r.Result || s.Budget != solverBudget {
		t.Fatalf("slot %d: closing comment %q; want the solver's proof of %s within %d", r.Slot, closing, r.Result, solverBudget)
	}
	res, _ := rules.ParseResult(r.Result)
	if res == rules.Draw {
		t.Fatalf("slot %d: a draw proven by a solver that proves none", r.Slot)
	}
	winner := rules.White
	if res == rules.BlackWins {
		winner = rules.Black
	}
	suggest := func(p rules.Position) rules.Move {
		proof, _ := rules.Solve(context.Background(), p, solverBudget)
		return proof.Move
	}
	if w, err := testkit.ForcedWin(pos, winner, s.Plies, suggest); err != nil || !w {
		t.Errorf("slot %d: %s does not win within %d plies of\n%s\nby playing on (%v); the record:\n%s", r.Slot, winner, s.Plies, pos, err, r.Record)
	}
}

// TestWorkerSettingsSolver checks that the players get the solver's
// budget of a config that adjudicates by it.
func TestWorkerSettingsSolver(t *testing.T) {
	cfg, err := config.Load(context.Background(), solverConfig(t, "arbiter", t.TempDir(), 2))
	if err != nil {
		t.Fatal(err)
	}
	if s := workerSettings(cfg).Rules.Solver; s == nil || s.Nodes != solverBudget {
		t.Errorf("workerSettings: solver %+v; want a budget of %d nodes", s, solverBudget)
	}
}
