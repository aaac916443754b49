// Command gen writes random but legal game records, for benchmarks: long
// random playouts of any game arbiter knows, each ended by the rules or cut
// at --max-plies with result "*".
//
//	go run ./bench/gen --game lines-of-action --games 20000 > loa.agn
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules/games"
)

func main() {
	gameID := flag.String("game", "lines-of-action", "game id: "+games.IDs())
	n := flag.Int("games", 1000, "how many games")
	maxPlies := flag.Int("max-plies", 300, "cut games longer than this (result *)")
	seed := flag.Uint64("seed", 1, "random seed")
	list := flag.Bool("list", false, "print the game ids, one a line, and exit")
	flag.Parse()
	if *list {
		for _, g := range games.All {
			fmt.Println(g.ID())
		}
		return
	}
	game, err := games.Lookup(*gameID)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	for i := 0; i < *n; i++ {
		white := fmt.Sprintf("random-%d", rng.IntN(10))
		black := fmt.Sprintf("random-%d", rng.IntN(10))
		g, err := testkit.RandomGame(game, rng, int64(rng.Uint64()>>1), *maxPlies)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		g.SetTag("Event", "bench")
		g.SetTag("White", white)
		g.SetTag("Black", black)
		w.WriteString(g.String())
	}
}
