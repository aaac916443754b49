package main

import (
	"errors"

	"github.com/urfave/cli/v2"
)

// newCommand is a placeholder until the new command lands; its owner
// replaces this file.
func newCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "new",
		Usage:  "(not available yet)",
		Hidden: true,
		Action: func(c *cli.Context) error { return errors.New("new: not available yet") },
	}
}
