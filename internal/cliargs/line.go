package cliargs

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"
)

// Line is the command of c as it was given, for the header of what it
// writes: its name, then the flags that are set, in the order the command
// declares them, with their values. The repeatable flag more (none when
// "") is given once per value, the command's arguments being more of its
// values (as openings --from a.agn b.agn).
func Line(c *cli.Context, more string) string {
	parts := []string{c.Command.Name}
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		if !c.IsSet(name) {
			continue
		}
		if name == more {
			for _, v := range append(c.StringSlice(name), c.Args().Slice()...) {
				parts = append(parts, "--"+name, v)
			}
			continue
		}
		parts = append(parts, "--"+name, fmt.Sprint(c.Value(name)))
	}
	return strings.Join(parts, " ")
}
