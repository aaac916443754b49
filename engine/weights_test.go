package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/loa"
	"github.com/arbiter-games/arbiter/ugi"
)

// fixedGame plays one game of g from a fixed opening between a Search
// player at a node limit and a Greedy one, then a second between two Search
// players, and writes every ply: the move, and the searcher's evaluation,
// depth and nodes. set, when not nil, is called on every player before the
// game (to set its weights).
func fixedGame(t *testing.T, g rules.Game, set func(*Player)) string {
	t.Helper()
	var b strings.Builder
	for i, pair := range [][2]Level{{Search, Greedy}, {Search, Search}} {
		start, err := opening(g, int64(11+i), openingPlies(g))
		if err != nil {
			t.Fatal(err)
		}
		players := [2]*Player{New(g, Options{Level: pair[0], Seed: 1, HashMB: 1}), New(g, Options{Level: pair[1], Seed: 2, HashMB: 1})}
		for _, p := range players {
			if set != nil {
				set(p)
			}
		}
		fmt.Fprintf(&b, "game %d: %s against %s from %s\n", i+1, pair[0], pair[1], start.FEN())
		p := start.Clone()
		var history []rules.Position
		for ply := 1; ply <= 160 && !p.Outcome().Over(); ply++ {
			side := 0
			if p.Turn() != g.FirstMover() {
				side = 1
			}
			res := players[side].Think(p, history, ugi.Limits{Nodes: 1500}, nil, nil)
			if !res.OK {
				t.Fatalf("ply %d: no move in a game that is not over", ply)
			}
			fmt.Fprintf(&b, "%d %s eval %s depth %d nodes %d\n", ply, p.FormatMove(res.Move), res.Info.Eval, res.Info.Depth, res.Info.Nodes)
			history = append(history, p.Clone())
			if err := p.Play(res.Move); err != nil {
				t.Fatal(err)
			}
		}
		fmt.Fprintf(&b, "end: %s\n", p.Outcome().Result)
	}
	return b.String()
}

// TestFixedGames: the built-in players' games from a fixed start and seed
// are those of the golden files, move for move and evaluation for
// evaluation, so that a change meant not to change play (such as reading
// the evaluation's weights from options) shows if it does.
func TestFixedGames(t *testing.T) {
	for _, g := range realGames() {
		t.Run(g.ID(), func(t *testing.T) {
			testkit.Golden(t, "game-"+g.ID()+".golden", fixedGame(t, g, nil))
		})
	}
}

// TestFixedGamesAtDefaults: weights set to their defaults (SetWeight, which
// setoption calls) leave the golden games as they are.
func TestFixedGamesAtDefaults(t *testing.T) {
	for _, g := range realGames() {
		t.Run(g.ID(), func(t *testing.T) {
			got := fixedGame(t, g, func(p *Player) {
				for _, w := range Weights(g) {
					if err := p.SetWeight(strings.ToLower(w.Name), w.Default); err != nil {
						t.Fatal(err)
					}
				}
			})
			testkit.Golden(t, "game-"+g.ID()+".golden", got)
		})
	}
}

// TestWeightsDeclared: every game of arbiter's own has weights, each with
// its default within its bounds, a name no other option of the engine
// has, and a doc.
func TestWeightsDeclared(t *testing.T) {
	for _, g := range realGames() {
		ws := Weights(g)
		if len(ws) == 0 {
			t.Errorf("%s: no weights", g.ID())
		}
		seen := map[string]bool{"level": true, "hash": true, "seed": true}
		for _, w := range ws {
			if seen[strings.ToLower(w.Name)] {
				t.Errorf("%s: weight %s: the name is taken", g.ID(), w.Name)
			}
			seen[strings.ToLower(w.Name)] = true
			if w.Min > w.Default || w.Default > w.Max || w.Doc == "" {
				t.Errorf("%s: weight %+v: want Min ≤ Default ≤ Max and a doc", g.ID(), w)
			}
		}
	}
	if ws := Weights(toy); ws != nil {
		t.Errorf("Weights(toy) = %v; want none (no model of its own)", ws)
	}
}

// TestWeightsCount: each weight changes the evaluation of some position of
// a few random games, and at the bounds of every weight the evaluation
// stays below the scores of finished games.
func TestWeightsCount(t *testing.T) {
	for _, g := range realGames() {
		t.Run(g.ID(), func(t *testing.T) {
			var positions []rules.Position
			for seed := int64(1); seed <= 4; seed++ {
				p, err := opening(g, seed, 0)
				if err != nil {
					t.Fatal(err)
				}
				var buf []rules.Move
				for ply := 0; ply < 60 && !p.Outcome().Over(); ply++ {
					positions = append(positions, p.Clone())
					buf = p.Moves(buf[:0])
					if err := p.Play(buf[(int(seed)*13+ply*7)%len(buf)]); err != nil {
						t.Fatal(err)
					}
				}
			}
			evals := func(e *Player) []int {
				var vs []int
				for _, p := range positions {
					prepare(e.model, p)
					vs = append(vs, e.model.eval(p))
				}
				return vs
			}
			base := evals(New(g, Options{}))
			for _, w := range Weights(g) {
				for _, v := range []int{w.Min, w.Max} {
					e := New(g, Options{})
					if err := e.SetWeight(w.Name, v); err != nil {
						t.Fatal(err)
					}
					vs := evals(e)
					if v != w.Default && slices.Equal(vs, base) {
						t.Errorf("%s at %d: no evaluation changes", w.Name, v)
					}
					for i, x := range vs {
						if x <= -winBound || x >= winBound {
							t.Errorf("%s at %d: eval %d of %s is out of range", w.Name, v, x, positions[i].FEN())
						}
					}
				}
			}
			e := New(g, Options{})
			for _, w := range Weights(g) {
				if err := e.SetWeight(w.Name, w.Max); err != nil {
					t.Fatal(err)
				}
			}
			for i, x := range evals(e) {
				if x <= -winBound || x >= winBound {
					t.Errorf("all at their most: eval %d of %s is out of range", x, positions[i].FEN())
				}
			}
		})
	}
}

// TestSetWeight: a value out of bounds, an unknown name and a game without
// weights are errors that say so.
func TestSetWeight(t *testing.T) {
	e := New(loa.Game, Options{})
	for _, tc := range []struct {
		name string
		v    int
		want string
	}{
		{"group", 41, ""},
		{"Group", 401, "weight Group: 401 is not from 0 to 400"},
		{"Tempo", -1, "weight Tempo: -1 is not from 0 to 100"},
		{"Grup", 1, `unknown weight "Grup" (known: Group, Concentration, Centre, MassEdge, Tempo)`},
	} {
		err := e.SetWeight(tc.name, tc.v)
		if got := fmt.Sprint(err); (tc.want == "" && err != nil) || (tc.want != "" && got != tc.want) {
			t.Errorf("SetWeight(%q, %d) = %v; want %q", tc.name, tc.v, err, tc.want)
		}
	}
	if err := New(toy, Options{}).SetWeight("Group", 1); err == nil || !strings.Contains(err.Error(), "has no evaluation weights") {
		t.Errorf("SetWeight on tic-tac-toe = %v; want no evaluation weights", err)
	}
}

// TestWeightOptions: the weights are options of the protocol: declared on
// ugi, set by setoption (any letter case), a bad value refused.
func TestWeightOptions(t *testing.T) {
	in := "ugi\nsetoption name group value 50\nsetoption name Group value 401\nsetoption name Tempo value x\n" +
		"setoption name Grup value 1\nisready\n"
	var out strings.Builder
	if err := Run(context.Background(), loa.Game, Options{Level: Search}, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"option name Group type spin default 40 min 0 max 400",
		"option name Concentration type spin default 12 min 0 max 100",
		"option name Centre type spin default 3 min 0 max 50",
		"option name MassEdge type spin default 10 min 0 max 100",
		"option name Tempo type spin default 10 min 0 max 100",
		"ugiok",
		`error setoption Group: "401" is not a whole number from 0 to 400`,
		`error setoption Tempo: "x" is not a whole number from 0 to 100`,
		`error setoption: unknown option "Grup" (known: Level, Hash, Seed, Group, Concentration, Centre, MassEdge, Tempo)`,
		"readyok",
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if strings.HasPrefix(l, "id ") || strings.Contains(l, "name Level ") || strings.Contains(l, "name Hash ") || strings.Contains(l, "name Seed ") {
			continue
		}
		got = append(got, l)
	}
	if !slices.Equal(got, want) {
		t.Errorf("Run wrote\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
