package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/rules/games"
)

// toyEnv adds tic-tac-toe to the games of this test binary when set to
// "1": the engines and workers that TestNewGame starts inherit it.
const toyEnv = "ARBITER_TEST_TOY_GAME"

// addToyGame adds tic-tac-toe to games.All, the one list a new game is
// written in, and returns the function that takes it out again.
func addToyGame() (restore func()) {
	old := games.All
	games.All = append(slices.Clip(old), toygames.TicTacToe)
	return func() { games.All = old }
}

// TestNewGame proves that a game needs nothing but its own package and
// its place in games.All: tic-tac-toe, written through the rules contract
// alone, is validated, played by the built-in engine in a tournament, and
// reported on.
func TestNewGame(t *testing.T) {
	t.Cleanup(addToyGame())
	t.Setenv(toyEnv, "1") // for the engines and workers
	dir := t.TempDir()

	// validate: a won game, and a game with a move to a taken square.
	records := filepath.Join(dir, "ttt.agn")
	os.WriteFile(records, []byte("[Game \"Tic-tac-toe\"]\n[White \"x\"]\n[Black \"o\"]\n[Result \"1-0\"]\n\n1. b2 a1 2. a3 b1 3. c1 1-0\n\n"+
		"[Game \"tic-tac-toe\"]\n[White \"x\"]\n[Black \"o\"]\n[Result \"*\"]\n\n1. b2 a1 2. b2 *\n"), 0o644)
	r := runCLI(t, "", "validate", records)
	if r.code != exitFailure || !strings.Contains(r.stdout, `ttt.agn:13:13: game 2 (x vs o): ply 3 "b2": b2 is taken`) ||
		!strings.Contains(r.stdout, "2 games, 1 valid, 1 invalid") {
		t.Errorf("validate: want exit %d and the taken square of game 2\n%v", exitFailure, r)
	}

	// tournament: the search engine against the random one, two at a time.
	path := selfEngines(t, dir, "ttt.yaml", "name: ttt\ngame: tic-tac-toe\ngames_per_encounter: 4\nseed: 3\n"+
		"time_control: {move_ms: 50}\ntime_margin_ms: 30000\n",
		"search args: [engine, --game, tic-tac-toe, --level, search]",
		"random args: [engine, --game, tic-tac-toe, --level, random]")
	db, out := filepath.Join(dir, "ttt.db"), filepath.Join(dir, "played.agn")
	r = runCLI(t, "", "tournament", "--db", db, "--out", out, "-j", "2", path)
	if r.code != exitOK || !strings.Contains(r.stdout, "(4 played now, 0 before)") {
		t.Fatalf("tournament: want 4 games played\n%v", r)
	}
	if r := runCLI(t, "", "validate", out); r.code != exitOK {
		t.Errorf("validate the played games: exit %d\n%v", r.code, r)
	}
	played, _ := os.ReadFile(out)
	if n := strings.Count(string(played), `[Game "Tic-tac-toe"]`); n != 4 {
		t.Errorf("%d tic-tac-toe records in --out; want 4:\n%s", n, played)
	}

	// report: both engines, in the games of tic-tac-toe.
	r = runCLI(t, "", "report", "--db", db, "--format", "json")
	if r.code != exitOK {
		t.Fatalf("report: exit %d\n%v", r.code, r)
	}
	var rep struct {
		Games   map[string]struct{ Name string }
		Players []struct {
			Name          string
			Games, Losses int
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("report --format json: %v\n%s", err, r.stdout)
	}
	if rep.Games["tic-tac-toe"].Name != "Tic-tac-toe" {
		t.Errorf("report games = %+v; want Tic-tac-toe", rep.Games)
	}
	if len(rep.Players) != 2 {
		t.Fatalf("report players = %+v; want search and random", rep.Players)
	}
	for _, p := range rep.Players {
		if p.Games != 4 || p.Name == "search" && p.Losses != 0 {
			t.Errorf("report: %+v; want 4 games each, and no loss of the search engine (tic-tac-toe is searched to the end)", p)
		}
	}
}

// TestHelpNamesGames checks that the help text names the games of
// games.All, a game added there included.
func TestHelpNamesGames(t *testing.T) {
	for _, toy := range []bool{false, true} {
		if toy {
			t.Cleanup(addToyGame())
		}
		r := runCLI(t, "", "--help")
		for _, g := range games.All {
			if !strings.Contains(r.stdout, g.Name()) || !strings.Contains(r.stdout, g.ID()) {
				t.Errorf("toy %v: --help lacks %s (%s):\n%s", toy, g.Name(), g.ID(), r.stdout)
			}
		}
	}
}

// selfEngines writes dir/file, a tournament config: config (the keys
// before engines), then the engines, each this test binary as arbiter's
// main (mainEnv is set for the test, and the engines inherit it) with its
// name and the rest of its flow map: "NAME args: [...]" gives
// "{name: NAME, cmd: EXE, args: [...]}". It returns the file's path.
func selfEngines(t *testing.T, dir, file, config string, engines ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(mainEnv, "1")
	var b strings.Builder
	b.WriteString(config + "engines:\n")
	for _, e := range engines {
		name, rest, _ := strings.Cut(e, " ")
		fmt.Fprintf(&b, "  - {name: %s, cmd: %s, %s}\n", name, exe, rest)
	}
	path := filepath.Join(dir, file)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
