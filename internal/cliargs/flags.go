package cliargs

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// Flags reads the flags of c's command among args, wherever they stand,
// for a command that skips urfave/cli's flag parsing because its arguments
// may be a line of options of its own (arbiter tune's, read by matchline).
// It returns a context that reads them and the other words, in order. A
// word naming a flag goes to the flags, unless the words are a line (one
// of them names an option that line takes and that is no flag) and line
// takes it too: then it is the line's. A "--" ends the flags. A flag's
// value is passed from one of its names to the others as text: not for
// slice flags.
func Flags(c *cli.Context, args []string, line func(name string) bool) (*cli.Context, []string, error) {
	set := flag.NewFlagSet(c.Command.Name, flag.ContinueOnError)
	set.SetOutput(io.Discard)
	takesValue := map[string]bool{}
	for _, f := range c.Command.Flags {
		if err := f.Apply(set); err != nil {
			return nil, nil, err
		}
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	name := func(a string) string {
		n, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		return n
	}
	dashed := func(a string) bool { return len(a) > 1 && a[0] == '-' }
	isLine := slices.ContainsFunc(args, func(a string) bool {
		_, isFlag := takesValue[name(a)]
		return dashed(a) && !isFlag && line(name(a))
	})
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		value, isFlag := takesValue[name(a)]
		if !dashed(a) || !isFlag || isLine && line(name(a)) {
			rest = append(rest, a)
			continue
		}
		flags = append(flags, a)
		if value && !strings.Contains(a, "=") {
			if i+1 == len(args) {
				return nil, nil, fmt.Errorf("flag needs an argument: %s", a)
			}
			i++
			flags = append(flags, args[i])
		}
	}
	if err := set.Parse(flags); err != nil {
		return nil, nil, err
	}
	// A flag's names are each a flag of the set: the one given sets the
	// others (-j sets --concurrency), as urfave/cli does after its parse.
	given := map[string]bool{}
	set.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, f := range c.Command.Flags {
		names := f.Names()
		if i := slices.IndexFunc(names, func(n string) bool { return given[n] }); i >= 0 {
			v := set.Lookup(names[i]).Value.String()
			for _, n := range names {
				if err := set.Set(n, v); err != nil {
					return nil, nil, err
				}
			}
		}
	}
	return cli.NewContext(c.App, set, c), rest, nil
}
