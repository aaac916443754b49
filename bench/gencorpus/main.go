// Command gencorpus writes random but legal Lines of Action games as records
// on stdout, for the import benchmark (bench/report.sh). Each game is played
// by uniformly random moves until it ends or reaches -plies plies (then its
// result is "*"); the same -seed gives the same file.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

func main() {
	n := flag.Int("games", 10000, "number of games")
	plies := flag.Int("plies", 120, "longest game, in plies")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if err := gen(*n, *plies, *seed); err != nil {
		fmt.Fprintf(os.Stderr, "gencorpus: %v\n", err)
		os.Exit(1)
	}
}

func gen(n, maxPlies int, seed uint64) error {
	game, err := games.Lookup("lines-of-action")
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	players := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta"}
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	var moves []rules.Move
	for i := range n {
		pos, err := game.Start(rules.TagMap{})
		if err != nil {
			return err
		}
		w := rng.IntN(len(players))
		b := (w + 1 + rng.IntN(len(players)-1)) % len(players)
		g := &notation.Game{}
		g.SetTag("Event", "gencorpus")
		g.SetTag("Round", fmt.Sprint(i+1))
		g.SetTag("Game", game.Name())
		g.SetTag("White", players[w])
		g.SetTag("Black", players[b])
		for ply := 0; ply < maxPlies && !pos.Outcome().Over(); ply++ {
			moves = pos.Moves(moves[:0])
			m := moves[rng.IntN(len(moves))]
			g.Moves = append(g.Moves, notation.Move{Text: pos.FormatMove(m)})
			if err := pos.Play(m); err != nil {
				return err
			}
		}
		g.Result = pos.Outcome().Result.String()
		g.SetTag("Result", g.Result)
		out.WriteString(g.String())
	}
	return out.Flush()
}
