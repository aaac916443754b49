package main

import (
	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/engine"
	"github.com/arbiter-games/arbiter/rules/games"
)

// engineCommand runs a built-in player that speaks UGI on stdin and stdout.
func engineCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "engine",
		Usage:     "run a built-in player that speaks UGI on stdin/stdout",
		ArgsUsage: " ",
		Description: "engine reads UGI commands (ugi, isready, setoption, uginewgame, position, go, stop,\n" +
			"query, quit) on stdin and answers on stdout until quit or the end of input, so it can\n" +
			"play in an arbiter tournament or any UGI runner. Levels: random (a random legal move),\n" +
			"greedy (the best move one ply deep), search (alpha-beta search; the default).\n" +
			"The protocol is described in docs/protocol.md.",
		Flags: []cli.Flag{
			gameFlag("game to play (required): " + games.IDs()),
			&cli.StringFlag{Name: "level", Value: "search", Usage: "random, greedy or search"},
			&cli.Int64Flag{Name: "seed", Usage: "seed of the random choices (same seed, same moves)"},
			&cli.IntFlag{Name: "hash", Value: engine.DefaultHashMB, Usage: "transposition table size in MiB (1-1024)"},
		},
		Action: func(c *cli.Context) error {
			g, err := gameOnly(c, "engine")
			if err != nil {
				return err
			}
			level, err := engine.ParseLevel(c.String("level"))
			if err != nil {
				return usageErrorf("engine: --level: %v", err)
			}
			if h := c.Int("hash"); h < 1 || h > 1024 {
				return usageErrorf("engine: --hash %d: want 1 to 1024", h)
			}
			if c.Int64("seed") < 0 {
				return usageErrorf("engine: --seed %d: want 0 or more", c.Int64("seed"))
			}
			o := engine.Options{Level: level, Seed: c.Int64("seed"), HashMB: c.Int("hash")}
			return engine.Run(c.Context, g, o, e.stdin, e.stdout)
		},
	}
}
