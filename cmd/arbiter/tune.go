package main

import (
	"context"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/config"
)

// tuneCommand tunes an engine's parameters by SPSA. Only the dry run is
// available yet: the runner of the pairs plugs in where runTune says.
func tuneCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "tune",
		Usage:     "tune an engine's parameters by SPSA (fishtest's classic SPSA)",
		ArgsUsage: "CONFIG.yaml",
		Description: "Tunes the parameters (UGI options) of the engine that CONFIG.yaml names by game\n" +
			"pairs of the engine against itself, one side at θ + c_k·flip, the other at θ − c_k·flip,\n" +
			"as fishtest's classic SPSA does (see docs/tune.md).\n\n" +
			"--dry-run checks the config and prints the schedule without playing: each\n" +
			"parameter's c and a, then for every pair k from 1 to N each parameter's c_k and\n" +
			"R_k; with --json, one object a line: {\"k\":1,\"params\":[{\"name\":\"X\",\"c\":4.2,\"R\":0.0019}]}.\n" +
			"Playing the pairs is not available yet.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "dry-run", Usage: "check the config and print the schedule without playing"},
			&cli.BoolFlag{Name: "json", Usage: "with --dry-run, write the schedule as one JSON object per pair (JSON Lines)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErrorf("tune: give exactly one CONFIG.yaml (got %d arguments)", c.NArg())
			}
			if c.Bool("json") && !c.Bool("dry-run") {
				return usageErrorf("tune: --json goes with --dry-run")
			}
			cfg, err := config.LoadTune(c.Context, c.Args().First())
			if err != nil {
				return withCode(exitUsage, err)
			}
			s := cfg.Schedule()
			if c.Bool("dry-run") {
				if c.Bool("json") {
					return s.WriteJSON(e.stdout)
				}
				return s.WriteText(e.stdout)
			}
			return runTune(c.Context, e, cfg)
		},
	}
}

// runTune plays the run's pairs (cfg.Schedule().Start() hands them out,
// each with its two sides' values): the seam of the runner, which is not
// written yet.
func runTune(_ context.Context, _ *env, cfg *config.Tune) error {
	return usageErrorf("tune: playing the pairs is not available yet; %s can be checked with --dry-run", cfg.File)
}
