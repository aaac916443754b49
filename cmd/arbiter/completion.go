package main

import (
	"io"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/internal/completion"
)

// version is arbiter's version and VCS revision from the build info, as
// "v1.2.3 (revision 0123abcd, 2026-12-01T10:00:00Z, modified)"; "(devel)"
// for a build outside a module version, "unknown" without build info.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return v + " (no VCS revision in the build info)"
	}
	details := []string{"revision " + rev}
	if at != "" {
		details = append(details, at)
	}
	if modified {
		details = append(details, "modified")
	}
	return v + " (" + strings.Join(details, ", ") + ")"
}

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
