package main

import (
	"errors"

	"github.com/urfave/cli/v2"
)

// validateCommand is a placeholder until the validate command lands.
func validateCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "validate",
		Hidden: true,
		Action: func(c *cli.Context) error { return errors.New("validate: not available yet") },
	}
}
