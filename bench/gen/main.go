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

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

func main() {
	gameID := flag.String("game", "lines-of-action", "game id: "+games.IDs())
	n := flag.Int("games", 1000, "how many games")
	maxPlies := flag.Int("max-plies", 300, "cut games longer than this (result *)")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	game, err := games.Lookup(*gameID)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	var buf []rules.Move
	for i := 0; i < *n; i++ {
		g := &notation.Game{}
		g.SetTag("Event", "bench")
		g.SetTag("White", fmt.Sprintf("random-%d", rng.IntN(10)))
		g.SetTag("Black", fmt.Sprintf("random-%d", rng.IntN(10)))
		g.SetTag("Game", game.Name())
		tags := rules.TagMap{}
		for _, kv := range game.NewTags(int64(rng.Uint64() >> 1)) {
			g.SetTag(kv[0], kv[1])
			tags[kv[0]] = kv[1]
		}
		pos, err := game.Start(tags)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		for ply := 0; ply < *maxPlies && !pos.Outcome().Over(); ply++ {
			buf = pos.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			m := buf[rng.IntN(len(buf))]
			g.Moves = append(g.Moves, notation.Move{Text: pos.FormatMove(m)})
			if err := pos.Play(m); err != nil {
				fmt.Fprintln(os.Stderr, "gen: generated move failed:", err)
				os.Exit(1)
			}
		}
		g.Result = pos.Outcome().Result.String()
		g.SetTag("Result", g.Result)
		if sc, ok := pos.Score(); ok {
			g.SetTag("Score", sc.String())
		}
		w.WriteString(g.String())
	}
}
