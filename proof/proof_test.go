package proof

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// solving is tic-tac-toe with a solver: an exhaustive search, within the
// budget, that proves a position's result or gives up.
type solving struct{ *toygames.TicTacToePosition }

func (s solving) Clone() rules.Position {
	return solving{s.TicTacToePosition.Clone().(*toygames.TicTacToePosition)}
}

func (s solving) Solve(ctx context.Context, nodes int64) rules.Proof {
	var n int64
	v, plies, m, ok := negamax(ctx, s.TicTacToePosition, &n, nodes)
	p := rules.Proof{Result: rules.Unfinished, Move: rules.NoMove, Nodes: n}
	if !ok {
		return p
	}
	p.Plies, p.Move = plies, m
	switch v {
	case 1:
		p.Result = rules.Win(s.Turn())
	case -1:
		p.Result = rules.Win(s.Turn().Other())
	default:
		p.Result = rules.Draw
	}
	return p
}

// negamax is pos's value for its side to move (1 win, 0 draw, -1 loss),
// the plies of its longest line with best play (the fastest win, the
// longest defence), and a best move; ok is false when the budget ran out
// or ctx ended.
func negamax(ctx context.Context, pos *toygames.TicTacToePosition, n *int64, budget int64) (v, plies int, best rules.Move, ok bool) {
	*n++
	if *n > budget || ctx.Err() != nil {
		return 0, 0, rules.NoMove, false
	}
	if o := pos.Outcome(); o.Over() {
		return int(ValueOf(o.Result, pos.Turn()).score()), 0, rules.NoMove, true
	}
	v, best = -2, rules.NoMove
	for _, m := range pos.Moves(nil) {
		q := *pos
		q.PlayUnchecked(m)
		cv, cp, _, ok := negamax(ctx, &q, n, budget)
		if !ok {
			return 0, 0, rules.NoMove, false
		}
		cv, cp = -cv, cp+1
		if cv > v || cv == v && (cv == 1) == (cp < plies) {
			v, plies, best = cv, cp, m
		}
	}
	return v, plies, best, true
}

func (v Value) score() int {
	return map[Value]int{Win: 1, Loss: -1}[v]
}

type solvingGame struct{ rules.Game }

func (g solvingGame) Start(tags rules.Tags) (rules.Position, error) {
	pos, err := g.Game.Start(tags)
	if err != nil {
		return nil, err
	}
	return solving{pos.(*toygames.TicTacToePosition)}, nil
}

// withTicTacToe adds tic-tac-toe to the games for t, with a solver when
// solver is set.
func withTicTacToe(t *testing.T, solver bool) {
	saved := games.All
	t.Cleanup(func() { games.All = saved })
	g := toygames.TicTacToe
	if solver {
		g = solvingGame{g}
	}
	games.All = append(append([]rules.Game(nil), saved...), g)
}

func parse(t *testing.T, text string) *notation.Game {
	t.Helper()
	gs, err := notation.Parse("test.agn", []byte(text))
	if err != nil || len(gs) != 1 {
		t.Fatalf("parse: %v, %d games", err, len(gs))
	}
	return gs[0]
}

// won is a game of tic-tac-toe that O loses on its first move (an edge
// against X in the centre), X then winning in the fewest moves.
const won = `[Game "Tic-tac-toe"]
[Result "1-0"]

1. b2 a2 {book} 2. a1 c3 3. c1 b1 4. a3 1-0
`

func TestSolve(t *testing.T) {
	withTicTacToe(t, true)
	game := solvingGame{toygames.TicTacToe}
	for _, tc := range []struct {
		fen, text, json string
	}{
		{"x../.o./... w", "draw (white to move): ", `{"result":"draw","move":"`},
		{"xx./.o./x.o b", "loss for black (side to move): ", `{"result":"loss","move":"`},
		{"xx./oo./... w", "win for white (side to move): c3, at most 1 ply; ", `{"result":"win","move":"c3","plies":1,`},
		{"xxx/oo./... b", "loss for black (side to move): the game is over (", `{"result":"loss","move":"","plies":0,"nodes":1,`},
	} {
		pos, err := game.Start(rules.TagMap{"FEN": tc.fen, "SetUp": "1"})
		if err != nil {
			t.Fatal(err)
		}
		s, err := Solve(context.Background(), game, pos, 1e6)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(s.String(), tc.text) {
			t.Errorf("Solve(%s).String() = %q; want it to start %q", tc.fen, s, tc.text)
		}
		b, _ := json.Marshal(s)
		if !strings.HasPrefix(string(b), tc.json) {
			t.Errorf("Solve(%s) JSON = %s; want it to start %s", tc.fen, b, tc.json)
		}
	}
	pos, _ := game.Start(rules.TagMap{})
	if s, _ := Solve(context.Background(), game, pos, 100); s.Value != Unknown || !strings.Contains(s.String(), "no proof within 100 nodes") {
		t.Errorf("Solve(start, 100 nodes) = %q; want unknown", s)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if s, _ := Solve(ctx, game, pos, 1e9); s.Value != Unknown || !s.Interrupted {
		t.Errorf("Solve(start) after the context ended = %q; want unknown, interrupted", s)
	}
	plain, _ := toygames.TicTacToe.Start(rules.TagMap{})
	if _, err := Solve(context.Background(), toygames.TicTacToe, plain, 1e6); !errors.Is(err, ErrNoSolver) ||
		!strings.Contains(err.Error(), "Tic-tac-toe has no solver (games with one: ") {
		t.Errorf("Solve(a game without a solver) = %v; want ErrNoSolver naming the games with one", err)
	}
}

func TestAnnotate(t *testing.T) {
	withTicTacToe(t, true)
	g := parse(t, won)
	a, err := Annotate(context.Background(), g, 1e6)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"", "book; proven: White wins; Black's 1... a2 threw away a proven draw", "", "", "", "", ""}
	for i, m := range a.Record.Moves {
		if m.Comment != want[i] {
			t.Errorf("ply %d %s: comment %q; want %q", i+1, m.Text, m.Comment, want[i])
		}
		if g.Moves[i].Comment != map[int]string{1: "book"}[i] {
			t.Errorf("ply %d: the game given was changed: %q", i+1, g.Moves[i].Comment)
		}
	}
	if a.From != 0 || a.Solved != 8 || a.Proven != 8 || a.Marks != 1 || a.Thrown != 1 {
		t.Errorf("Annotate: from %d, %d solved, %d proven, %d marks, %d thrown; want 0, 8, 8, 1, 1", a.From, a.Solved, a.Proven, a.Marks, a.Thrown)
	}
	if m := MarkOf(a.Record.Moves[1].Comment); m != Thrown {
		t.Errorf("MarkOf(%q) = %v; want Thrown", a.Record.Moves[1].Comment, m)
	}
	// Annotated again, the record keeps one annotation per move.
	again, err := Annotate(context.Background(), a.Record, 1e6)
	if err != nil {
		t.Fatal(err)
	}
	if again.Record.String() != a.Record.String() {
		t.Errorf("annotated twice:\n%s\nwant\n%s", again.Record, a.Record)
	}

	// With a small budget the start is not proven: going back stops
	// after GiveUp unknowns, and the first proof is announced.
	a, err = Annotate(context.Background(), parse(t, "[Game \"Tic-tac-toe\"]\n\n1. a1 b1 2. a2 b2 3. c3 a3 *\n"), 60)
	if err != nil {
		t.Fatal(err)
	}
	if a.From != 6+1-GiveUp-a.Proven || a.Proven == 0 || a.Values[6].Value != Loss {
		t.Errorf("Annotate with 60 nodes: from %d, %d proven, last %v; want %d unknowns before the proofs", a.From, a.Proven, a.Values[6].Value, GiveUp)
	}
	first := a.From + GiveUp // the first position proven
	if c := a.Record.Moves[first-1].Comment; c != "proven: Black wins" {
		t.Errorf("ply %d: comment %q; want the first proof", first, c)
	}
}

func TestAnnotateNoSolver(t *testing.T) {
	withTicTacToe(t, false)
	if _, err := Annotate(context.Background(), parse(t, won), 1e6); !errors.Is(err, ErrNoSolver) {
		t.Errorf("Annotate(a game without a solver) = %v; want ErrNoSolver", err)
	}
}

func TestComment(t *testing.T) {
	unknown := Solution{}
	white := Solution{Result: rules.WhiteWins}
	black := Solution{Result: rules.BlackWins}
	draw := Solution{Result: rules.Draw}
	over := Solution{Result: rules.BlackWins, Over: "three in a row"}
	for _, tc := range []struct {
		name          string
		before, after Solution
		mover         rules.Color
		want          string
		thrown        bool
	}{
		{"first proof", unknown, black, rules.White, "proven: Black wins", false},
		{"same", black, black, rules.White, "", false},
		{"lost to unknown", white, unknown, rules.White, "", false},
		{"win thrown to a draw", white, draw, rules.White, "proven: draw; White's 23. g4-e6 threw away a proven win", true},
		{"draw thrown", draw, black, rules.White, "proven: Black wins; White's 23. g4-e6 threw away a proven draw", true},
		{"the end", unknown, over, rules.Black, "", false},
		{"thrown at the end", white, over, rules.White, "proven: Black wins; White's 23. g4-e6 threw away a proven win", true},
		{"margin", unknown, Solution{Result: rules.WhiteWins, HasMargin: true, Margin: -3}, rules.White, "proven: White wins by 3", false},
	} {
		c, thrown := Comment(tc.before, tc.after, tc.mover, "23. g4-e6")
		if c != tc.want || thrown != tc.thrown {
			t.Errorf("%s: Comment = %q, %v; want %q, %v", tc.name, c, thrown, tc.want, tc.thrown)
		}
	}
}

func TestMarkOf(t *testing.T) {
	for _, tc := range []struct {
		comment string
		want    Mark
	}{
		{"", None},
		{"+0.35/12 0.120s", None},
		{"proven: Black wins", Proven},
		{"+0.35/12 0.120s; proven: draw; White's 23. g4-e6 threw away a proven win", Thrown},
		{"not proven: yet", None},
	} {
		if got := MarkOf(tc.comment); got != tc.want {
			t.Errorf("MarkOf(%q) = %v; want %v", tc.comment, got, tc.want)
		}
	}
}

func TestNumbered(t *testing.T) {
	if got := Numbered(44, "g4-e6"); got != "23. g4-e6" {
		t.Errorf("Numbered(44) = %q; want 23. g4-e6", got)
	}
	if got := Numbered(45, "g4-e6"); got != "23... g4-e6" {
		t.Errorf("Numbered(45) = %q; want 23... g4-e6", got)
	}
}

// TestAnnotations: the comments of a game's moves from the values of its
// positions; an unknown stretch carries the proof before it.
func TestAnnotations(t *testing.T) {
	u := Solution{}
	w := Solution{Result: rules.WhiteWins}
	b := Solution{Result: rules.BlackWins}
	d := Solution{Result: rules.Draw}
	texts := []string{"m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"}
	for _, tc := range []struct {
		name   string
		values []Solution
		want   []string
	}{
		{"first proof", []Solution{u, u, u, w, w, w, w, w, w}, []string{"", "", "proven: White wins", "", "", "", "", ""}},
		{"the same after unknowns", []Solution{u, w, u, u, w, w, u, w, w}, []string{"proven: White wins", "", "", "", "", "", "", ""}},
		{"another after unknowns", []Solution{u, w, u, u, b, b, u, b, b}, []string{"proven: White wins", "", "", "proven: Black wins", "", "", "", ""}},
		{"thrown", []Solution{d, d, w, w, u, d, d, d, d}, []string{"", "proven: White wins; Black's 1... m2 threw away a proven draw", "", "", "proven: draw", "", "", ""}},
	} {
		got, _ := annotations(tc.values, rules.White, texts)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: annotations = %q; want %q", tc.name, got, tc.want)
		}
	}
}

// TestAnnotateFileChoice: a game number the file lacks and a file without
// games are errors before any output is made.
func TestAnnotateFileChoice(t *testing.T) {
	data, err := os.ReadFile("../testdata/samples/lines-of-action.agn")
	if err != nil {
		t.Fatal(err)
	}
	created := false
	o := FileOptions{Nodes: 10, Jobs: 1, Game: 1000, Create: func() (io.Writer, func(error) error, error) {
		created = true
		return io.Discard, func(err error) error { return err }, nil
	}}
	if _, err := AnnotateFile(context.Background(), "loa.agn", data, replay.Options{}, o, io.Discard); !errors.Is(err, ErrNoGame) {
		t.Errorf("game 1000: err = %v; want ErrNoGame", err)
	}
	o.Game = 0
	if _, err := AnnotateFile(context.Background(), "empty.agn", nil, replay.Options{}, o, io.Discard); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty file: err = %v; want ErrEmpty", err)
	}
	if created {
		t.Error("the output was created for a file with nothing to annotate")
	}
	var out, log strings.Builder
	o.Game, o.Create = 2, func() (io.Writer, func(error) error, error) {
		return &out, func(err error) error { return err }, nil
	}
	res, err := AnnotateFile(context.Background(), "loa.agn", data, replay.Options{}, o, &log)
	if err != nil || res.Games != 1 || res.Annotated != 1 || res.Invalid != 0 {
		t.Fatalf("game 2: %+v, %v; want one game annotated\n%s", res, err, log.String())
	}
	if !strings.Contains(out.String(), "[Game ") || !strings.Contains(log.String(), "game 2") {
		t.Errorf("game 2 written as\n%s\nlog:\n%s", out.String(), log.String())
	}
}
