package main

import (
	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// dbUsage is --db's usage where the command says nothing more of its
// database.
const dbUsage = "the database: a SQLite `FILE` or a postgres:// URL"

// dbFlag is --db, the database of every command that opens one: arbiter.db
// unless ARBITER_DB names another. usage is what the command does with it
// ("": dbUsage).
func dbFlag(usage string) cli.Flag {
	if usage == "" {
		usage = dbUsage
	}
	return &cli.StringFlag{Name: "db", Value: "arbiter.db", EnvVars: []string{"ARBITER_DB"}, Usage: usage}
}

// gameFlag is --game of the commands that take a game by its id (or
// name), with the command's usage and aliases; readGame reads it. The
// commands that read records have their own, which takes a game's number
// too (recordFlags).
func gameFlag(usage string, aliases ...string) cli.Flag {
	return &cli.StringFlag{Name: "game", Aliases: aliases, Usage: usage}
}

// noArgs is the usage error of command cmd, which takes no arguments, when
// it was given some.
func noArgs(c *cli.Context, cmd string) error {
	if c.NArg() > 0 {
		return usageErrorf("%s: unexpected argument %q", cmd, c.Args().First())
	}
	return nil
}

// gameOnly returns the game that command cmd's --game flag names, cmd
// taking no arguments (see noArgs and readGame).
func gameOnly(c *cli.Context, cmd string) (rules.Game, error) {
	if err := noArgs(c, cmd); err != nil {
		return nil, err
	}
	return readGame(c, cmd)
}

// readGame returns the game that command cmd's --game flag names. The flag
// is checked here rather than marked Required: a missing required flag makes
// urfave/cli print the help on stdout.
func readGame(c *cli.Context, cmd string) (rules.Game, error) {
	if !c.IsSet("game") {
		return nil, usageErrorf("%s: --game is required (one of %s)", cmd, games.IDs())
	}
	g, err := games.Lookup(c.String("game"))
	if err != nil {
		return nil, usageErrorf("%s: %v", cmd, err)
	}
	return g, nil
}
