package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// realLOA is the file of real Lines of Action games.
const realLOA = "../../testdata/loa-real/real_loa.agn"

// wonAt is a position near the end of a real game that the solver proves:
// game 1 of realLOA after ply 25, White to move and win in at most 3
// plies.
const wonGame, wonPly = 1, 25

// positionOf replays game n of file to ply and returns the position.
func positionOf(t *testing.T, file string, n, ply int) rules.Position {
	t.Helper()
	g := testkit.Records(t, file)[n-1]
	name, _ := g.Tag("Game")
	game, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := game.Start(g)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ply {
		m, err := pos.ParseMove(g.Moves[i].Text)
		if err == nil {
			err = pos.Play(m)
		}
		if err != nil {
			t.Fatalf("game %d ply %d: %v", n, i+1, err)
		}
	}
	return pos
}

// solveJSON is solve --json's object.
type solveJSON struct {
	Result  string  `json:"result"`
	Move    string  `json:"move"`
	Plies   int     `json:"plies"`
	Nodes   int64   `json:"nodes"`
	Seconds float64 `json:"seconds"`
}

// TestSolveForms: a position of a real game, taken from its FILE and ply
// or from its FEN, is proven a win for the side to move, in the text and
// the JSON forms; the move is legal and an exhaustive search of the
// proof's length agrees.
func TestSolveForms(t *testing.T) {
	pos := positionOf(t, realLOA, wonGame, wonPly)
	const nodes = "500000"
	file := runCLI(t, "", "solve", realLOA, "--game", "1", "--ply", "25", "--nodes", nodes, "--json")
	fen := runCLI(t, "", "solve", "--game", "lines-of-action", "--fen", pos.FEN(), "--nodes", nodes, "--json")
	for _, r := range []result{file, fen} {
		if r.code != 0 || !strings.Contains(r.stderr, "solve: Lines of Action, white to move: at most 500000 nodes") {
			t.Fatalf("solve --json: %v", r)
		}
		var keys map[string]any
		if err := json.Unmarshal([]byte(r.stdout), &keys); err != nil || !strings.HasSuffix(r.stdout, "}\n") || strings.Count(r.stdout, "\n") != 1 {
			t.Fatalf("solve --json printed %q (%v); want one JSON object on a line", r.stdout, err)
		}
		names := slices.Sorted(func(yield func(string) bool) {
			for k := range keys {
				yield(k)
			}
		})
		if want := []string{"move", "nodes", "plies", "result", "seconds"}; !slices.Equal(names, want) {
			t.Errorf("solve --json keys %v; want %v", names, want)
		}
		var j solveJSON
		json.Unmarshal([]byte(r.stdout), &j)
		if j.Result != "win" || j.Plies < 1 || j.Plies > 5 || j.Nodes < 1 || j.Nodes > 600000 || j.Seconds < 0 {
			t.Fatalf("solve --json = %+v; want a win within 5 plies, in at most the budget", j)
		}
		m, err := pos.ParseMove(j.Move)
		q := pos.Clone()
		if err == nil {
			err = q.Play(m)
		}
		if err != nil {
			t.Fatalf("solve --json: move %q: %v; want a legal move", j.Move, err)
		}
		if w, err := testkit.ForcedWin(q, pos.Turn(), j.Plies-1, nil); err != nil || !w {
			t.Errorf("solve --json: %s wins in %d plies after %s, says the solver; an exhaustive search finds no such win (%v)", pos.Turn(), j.Plies-1, j.Move, err)
		}
	}
	if a, b := strings.Split(file.stdout, `"seconds"`)[0], strings.Split(fen.stdout, `"seconds"`)[0]; a != b {
		t.Errorf("FILE --ply gives %s, --fen %s; want the same proof", file.stdout, fen.stdout)
	}
	text := runCLI(t, "", "solve", realLOA, "--ply", "25", "--nodes", nodes)
	var j solveJSON
	json.Unmarshal([]byte(file.stdout), &j)
	want := regexp.MustCompile(`^win for white \(side to move\): ` + regexp.QuoteMeta(j.Move) + `, at most \d plies; \d+ nodes in \d+\.\d\d s\n$`)
	if text.code != 0 || !want.MatchString(text.stdout) {
		t.Errorf("solve: %v\nwant a line matching %s", text, want)
	}

	// The end of a game: the result of the rules, no move.
	end := runCLI(t, "", "solve", realLOA, "--json")
	if end.code != 0 || !strings.HasPrefix(end.stdout, `{"result":"loss","move":"","plies":0,`) {
		t.Errorf("solve at the end of a game White won, Black to move: %v; want a loss and no move", end)
	}
	end = runCLI(t, "", "solve", realLOA)
	if end.code != 0 || !strings.HasPrefix(end.stdout, "loss for black (side to move): the game is over (white connected); ") {
		t.Errorf("solve at the end of a game: %v; want a loss, the game over", end)
	}
	// Knight Fight scores points: the margin, from the side to move's
	// view (the first sample ends 158-107, Black to move).
	kf := runCLI(t, "", "solve", "../../testdata/samples/knight-fight.agn", "--json")
	if kf.code != 0 || !strings.HasPrefix(kf.stdout, `{"result":"loss","move":"","plies":0,`) || !strings.HasSuffix(kf.stdout, `,"margin":-51}`+"\n") {
		t.Errorf("solve --json at the end of a Knight Fight game: %v; want a loss by 51 points", kf)
	}
	kf = runCLI(t, "", "solve", "../../testdata/samples/knight-fight.agn")
	if kf.code != 0 || !strings.HasPrefix(kf.stdout, "loss for black (side to move) by 51 points: the game is over (") {
		t.Errorf("solve at the end of a Knight Fight game: %v; want a loss by 51 points", kf)
	}
	// Nothing proven within the budget.
	early := runCLI(t, "", "solve", realLOA, "--ply", "4", "--nodes", "2000")
	if early.code != 0 || !strings.HasPrefix(early.stdout, "unknown (black to move): no proof within 2000 nodes; ") {
		t.Errorf("solve early in a game with 2000 nodes: %v; want unknown", early)
	}
}

// TestSolveErrors: usage errors exit 2 with stdout empty; a game without
// a solver exits 1 naming it.
func TestSolveErrors(t *testing.T) {
	pos := positionOf(t, realLOA, wonGame, wonPly)
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"unknown game", []string{"--game", "chess", "--fen", "x"}, exitUsage, `"chess" is neither a game id (lines-of-action, tank-battle, knight-fight) nor a game number`},
		{"bad fen", []string{"--game", "lines-of-action", "--fen", "x"}, exitUsage, "solve: --fen: FEN"},
		{"fen without game", []string{"--fen", pos.FEN()}, exitUsage, "--fen needs the game: --game ID"},
		{"fen and file", []string{realLOA, "--game", "lines-of-action", "--fen", pos.FEN()}, exitUsage, "give a FILE or --fen, not both"},
		{"fen and ply", []string{"--game", "lines-of-action", "--fen", pos.FEN(), "--ply", "3"}, exitUsage, "--fen takes no game number, --ply or --annotate"},
		{"nothing", nil, exitUsage, "want one FILE or --game ID --fen TEXT"},
		{"ply out of range", []string{realLOA, "--ply", "99"}, exitUsage, "solve: game 1 has 28 plies; --ply 99 is out of range (0 to 28)"},
		{"game out of range", []string{realLOA, "--game", "99999"}, exitUsage, "has 4652 games; --game 99999 is out of range"},
		{"nodes", []string{realLOA, "--nodes", "0"}, exitUsage, "--nodes must be at least 1"},
		{"output", []string{realLOA, "-o", filepath.Join(t.TempDir(), "x")}, exitUsage, "--output is where --annotate writes"},
		{"jobs", []string{realLOA, "--jobs", "2"}, exitUsage, "--jobs is for --annotate"},
		{"annotate json", []string{realLOA, "--annotate", "--json"}, exitUsage, "--annotate solves every ply and writes records"},
		{"no file", []string{filepath.Join(t.TempDir(), "none.agn")}, exitUsage, "none.agn"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", append([]string{"solve"}, tc.args...)...)
			if r.code != tc.code || r.stdout != "" || !strings.Contains(r.stderr, tc.msg) {
				t.Errorf("solve %q: %v\nwant exit %d, stdout empty, %q on stderr", tc.args, r, tc.code, tc.msg)
			}
		})
	}
	t.Run("no solver", func(t *testing.T) {
		t.Cleanup(addToyGame())
		r := runCLI(t, "", "solve", "--game", "tic-tac-toe", "--fen", "x../.o./... w")
		if r.code != exitFailure || r.stdout != "" || !strings.Contains(r.stderr, "arbiter: solve: Tic-tac-toe has no solver (games with one: lines-of-action") {
			t.Errorf("solve of a game without a solver: %v\nwant exit 1 naming the game and those with one", r)
		}
		file := write(t, "ttt.agn", "[Game \"Tic-tac-toe\"]\n[Result \"*\"]\n\n1. b2 a1 *\n")
		r = runCLI(t, "", "solve", file)
		if r.code != exitFailure || r.stdout != "" || !strings.Contains(r.stderr, "Tic-tac-toe has no solver") {
			t.Errorf("solve FILE of a game without a solver: %v\nwant exit 1 naming the game", r)
		}
		r = runCLI(t, "", "solve", "--annotate", file)
		if r.code != exitFailure || r.stdout != "[Result \"*\"]\n[Game \"Tic-tac-toe\"]\n\n1. b2 a1 *\n\n" ||
			!strings.Contains(r.stderr, "game 1 (? vs ?): written as read: Tic-tac-toe has no solver") {
			t.Errorf("solve --annotate of a game without a solver: %v\nwant the game written as read, exit 1", r)
		}
	})
}

// TestSolveAnnotate: three real games annotated with proven results (the
// golden file), which validate accepts and view marks; annotated again,
// they are the same; -o writes the same file; an invalid game is reported
// and written as read.
func TestSolveAnnotate(t *testing.T) {
	const in = "testdata/annotate.agn"
	r := runCLI(t, "", "solve", in, "--annotate", "--nodes", "100000", "--jobs", "3")
	if r.code != 0 || strings.Count(r.stderr, "solved") != 3 || !strings.Contains(r.stderr, "solve: 3 games annotated, 0 invalid") {
		t.Fatalf("solve --annotate: %v", r)
	}
	testkit.Golden(t, "annotate.agn.golden", r.stdout)
	for _, want := range []string{"{proven: White wins}", "threw away a proven win}"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("solve --annotate wrote no %q", want)
		}
	}
	if serial := runCLI(t, "", "solve", in, "--annotate", "--nodes", "100000", "--jobs", "1"); serial.code != 0 || serial.stdout != r.stdout {
		t.Errorf("solve --annotate --jobs 1: %v\nwant what --jobs 3 wrote", serial)
	}
	out := write(t, "annotated.agn", r.stdout)
	if v := runCLI(t, "", "validate", out); v.code != 0 || !strings.Contains(v.stdout, "3 games, 3 valid, 0 invalid") {
		t.Errorf("validate of the annotated games: %v", v)
	}
	again := runCLI(t, "", "solve", out, "--annotate", "--nodes", "100000")
	if again.code != 0 || again.stdout != r.stdout {
		t.Errorf("annotated twice: %v\nwant the same records", again)
	}
	page := runCLI(t, "", "view", out)
	if page.code != 0 || strings.Count(page.stdout, `"pv":[`) != 3 {
		t.Errorf("view of the annotated games: exit %d, %d games with marks; want 3", page.code, strings.Count(page.stdout, `"pv":[`))
	}
	o := filepath.Join(t.TempDir(), "o.agn")
	if w := runCLI(t, "", "solve", in, "--annotate", "--nodes", "100000", "-o", o); w.code != 0 || w.stdout != "" {
		t.Errorf("solve --annotate -o: %v", w)
	}
	if b, _ := os.ReadFile(o); string(b) != r.stdout {
		t.Errorf("solve --annotate -o wrote %q; want what stdout had", b)
	}
	// One game alone; an invalid game around it.
	src, _ := os.ReadFile(in)
	bad := "[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n[Game \"Lines of Action\"]\n\n1. b1-b3 a2-c2 2. b3-b3 *\n\n"
	mixed := write(t, "mixed.agn", bad+string(src))
	m := runCLI(t, "", "solve", mixed, "--annotate", "--nodes", "100000")
	if m.code != exitFailure || !strings.HasPrefix(m.stdout, bad) || !strings.HasSuffix(m.stdout, r.stdout) ||
		!strings.Contains(m.stderr, `mixed.agn:6:19: game 1 (w vs b): ply 3 "b3-b3"`) || !strings.Contains(m.stderr, "3 games annotated, 1 invalid") {
		t.Errorf("solve --annotate of a file with an invalid game: %v\nwant it written as read and reported, exit 1", m)
	}
	one := runCLI(t, "", "solve", in, "--annotate", "--nodes", "100000", "--game", "2")
	if one.code != 0 || strings.Count(one.stdout, "[Event ") != 1 || !strings.Contains(r.stdout, one.stdout) {
		t.Errorf("solve --annotate --game 2: %v\nwant game 2 alone", one)
	}
}
