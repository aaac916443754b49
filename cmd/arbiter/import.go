package main

import (
	"errors"

	"github.com/urfave/cli/v2"
)

// importCommand is a placeholder until the import command lands; its owner
// replaces this file.
func importCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "import",
		Usage:  "(not available yet)",
		Hidden: true,
		Action: func(c *cli.Context) error { return errors.New("import: not available yet") },
	}
}
