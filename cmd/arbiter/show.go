package main

import (
	"errors"

	"github.com/urfave/cli/v2"
)

// showCommand is a placeholder until the show command lands.
func showCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "show",
		Hidden: true,
		Action: func(c *cli.Context) error { return errors.New("show: not available yet") },
	}
}
