package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
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
