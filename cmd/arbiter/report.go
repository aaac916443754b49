package main

import (
	"errors"

	"github.com/urfave/cli/v2"
)

// reportCommand is a placeholder until the report command lands; its owner
// replaces this file.
func reportCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "report",
		Usage:  "(not available yet)",
		Hidden: true,
		Action: func(c *cli.Context) error { return errors.New("report: not available yet") },
	}
}
