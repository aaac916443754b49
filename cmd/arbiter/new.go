package main

import (
	"io"
	"math/rand/v2"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/rules/games"
)

// newCommand prints an empty record of a game, ready to be played: the
// seven standard tags, Game, and the tags the game needs to start (Knight
// Fight's random Board, with the Seed that made it).
func newCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "new",
		Usage:     "print an empty record of a game, with a fresh random start where the game has one",
		ArgsUsage: " ",
		Description: "Prints a record with no moves on stdout: the tags Event, Site, Date (today),\n" +
			"Round, White, Black, Result \"*\", Game, and the tags the game needs to start.\n" +
			"Knight Fight gets a random Board made from --seed (the same seed gives the\n" +
			"same board) and a Seed tag that records it; without --seed a random seed is\n" +
			"picked. Fill in the tags and append the moves, or hand it to a tournament.\n\n" +
			"   arbiter new --game knight-fight --seed 7 > game.agn",
		Flags: []cli.Flag{
			gameFlag("the game, by id or name (required): "+games.IDs(), "g"),
			&cli.Int64Flag{Name: "seed", DefaultText: "random", Usage: "seed of the random start"},
		},
		Action: func(c *cli.Context) error {
			game, err := gameOnly(c, "new")
			if err != nil {
				return err
			}
			seed := c.Int64("seed")
			if !c.IsSet("seed") {
				seed = rand.Int64()
			}
			g := book.NewRecord(game, seed, time.Now())
			_, err = io.WriteString(e.stdout, g.String())
			return err
		},
	}
}
