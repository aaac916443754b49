package main

import (
	"errors"

	"github.com/urfave/cli/v2"
)

// perftCommand is a placeholder until the perft command lands.
func perftCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "perft",
		Hidden: true,
		Action: func(c *cli.Context) error { return errors.New("perft: not available yet") },
	}
}
