package main

import (
	"errors"

	"github.com/urfave/cli/v2"
)

// engineCommand is a placeholder until the engine command lands; its owner
// replaces this file.
func engineCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "engine",
		Usage:  "(not available yet)",
		Hidden: true,
		Action: func(c *cli.Context) error { return errors.New("engine: not available yet") },
	}
}
