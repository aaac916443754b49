package main

import (
	"errors"

	"github.com/urfave/cli/v2"
)

// exportCommand is a placeholder until the export command lands; its owner
// replaces this file.
func exportCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "export",
		Usage:  "(not available yet)",
		Hidden: true,
		Action: func(c *cli.Context) error { return errors.New("export: not available yet") },
	}
}
