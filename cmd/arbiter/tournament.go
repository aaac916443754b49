package main

import (
	"errors"

	"github.com/urfave/cli/v2"
)

// tournamentCommand is a placeholder until the tournament command lands; its owner
// replaces this file.
func tournamentCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "tournament",
		Usage:  "(not available yet)",
		Hidden: true,
		Action: func(c *cli.Context) error { return errors.New("tournament: not available yet") },
	}
}
