package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

func perftCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "perft",
		Usage:     "count the leaf positions of the move tree, depth by depth",
		ArgsUsage: "DEPTH",
		Description: "Prints one line per depth from 1 to DEPTH: the depth and the number of\n" +
			"move sequences of that length (timings go to stderr). Start from the game's\n" +
			"start position, from --fen, or from tags given with --tag (Knight Fight\n" +
			"needs a Board: give --tag Board=... or --seed N for a random one).",
		Flags: []cli.Flag{
			gameFlag("game id (required): " + games.IDs()),
			&cli.StringFlag{Name: "fen", Usage: "start from this position text"},
			&cli.StringSliceFlag{Name: "tag", Usage: "a record tag for the start, as Name=Value (repeatable)"},
			&cli.Int64Flag{Name: "seed", Usage: "seed for the game's new-record tags (Knight Fight's random Board)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErrorf("perft: want DEPTH")
			}
			depth, err := strconv.Atoi(c.Args().First())
			if err != nil || depth < 1 || depth > 20 {
				return usageErrorf("perft: DEPTH must be a whole number from 1 to 20, not %q", c.Args().First())
			}
			game, err := readGame(c, "perft")
			if err != nil {
				return err
			}
			tags := rules.TagMap{}
			for _, t := range c.StringSlice("tag") {
				k, v, ok := strings.Cut(t, "=")
				if !ok {
					return usageErrorf("perft: --tag %q is not Name=Value", t)
				}
				tags[k] = v
			}
			pos, err := rules.PerftStart(game, c.String("fen"), c.Int64("seed"), c.IsSet("seed"), tags)
			if err != nil {
				return usageErrorf("perft: %v", err)
			}
			for d := 1; d <= depth; d++ {
				if err := c.Context.Err(); err != nil {
					return err
				}
				start := time.Now()
				n, err := rules.PerftContext(c.Context, pos, d)
				if err != nil {
					return err
				}
				el := time.Since(start)
				fmt.Fprintf(e.stdout, "%d %d\n", d, n)
				fmt.Fprintf(e.stderr, "depth %d: %d in %.3f s (%.0f nodes/s)\n", d, n, el.Seconds(), float64(n)/max(el.Seconds(), 1e-9))
			}
			return nil
		},
	}
}
