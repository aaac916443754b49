package main

import (
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/internal/completion"
)

func completionCommand(e *env) *cli.Command {
	shells := completion.Shells()
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (" + strings.Join(shells, ", ") + ")",
		ArgsUsage: "SHELL",
		Description: "Prints a script that completes arbiter's commands, flags and game ids:\n" +
			"  source <(arbiter completion bash)\n" +
			"  arbiter completion zsh > \"${fpath[1]}/_arbiter\"\n" +
			"  arbiter completion fish > ~/.config/fish/completions/arbiter.fish",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErrorf("completion: want one shell (%s)", strings.Join(shells, ", "))
			}
			script, ok := completion.Script(c.Args().First())
			if !ok {
				return usageErrorf("completion: unknown shell %q (known: %s)", c.Args().First(), strings.Join(shells, ", "))
			}
			_, err := io.WriteString(e.stdout, script)
			return err
		},
	}
}
