package cliargs

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"
)

// Interspersed moves a subcommand's flags that follow its arguments in front
// of them ("show FILE --game 2" becomes "show --game 2 FILE"), since
// urfave/cli v2 stops reading flags at the first argument. A "--" ends the
// flags as usual. A flag that takes a value but ends the line is an error
// here: moved in front of the "--" that separates the arguments, it
// would take "--" for its value.
func Interspersed(app *cli.App, args []string) ([]string, error) {
	if len(args) < 3 {
		return args, nil
	}
	var cmd *cli.Command
	for _, c := range app.Commands {
		if c.HasName(args[1]) {
			cmd = c
		}
	}
	if cmd == nil || cmd.SkipFlagParsing {
		return args, nil
	}
	takesValue := map[string]bool{}
	known := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			known[n] = true
			takesValue[n] = !isBool
		}
	}
	var flags, rest []string
	rest = append(rest, "--")
	for i := 2; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' {
			name := strings.TrimLeft(a, "-")
			name, _, hasValue := strings.Cut(name, "=")
			flags = append(flags, a)
			if known[name] && takesValue[name] && !hasValue {
				if i+1 == len(args) {
					return nil, fmt.Errorf("%s: flag needs an argument: %s", cmd.Name, a)
				}
				i++
				flags = append(flags, args[i])
			}
			continue
		}
		rest = append(rest, a)
	}
	out := append([]string{args[0], args[1]}, flags...)
	if len(rest) > 1 {
		out = append(out, rest...)
	}
	return out, nil
}

// flagInMessage matches the flag name in the messages of Go's flag package
// ("invalid value "x" for flag -jobs: ...", "flag needs an argument: -jobs",
// "flag provided but not defined: -x"), which always write one dash. It is
// compiled on the first usage error, not as every command starts.
var flagInMessage = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(for flag |needs an argument: |not defined: |for )-([A-Za-z0-9][-A-Za-z0-9_]*)`)
})

// TypedFlagNames rewrites the flag names in msg, the message of a usage
// error, as the user typed them in args ("--jobs" rather than "-jobs").
func TypedFlagNames(msg string, args []string) string {
	typed := map[string]string{}
	for _, a := range args[1:] {
		if a == "--" {
			break
		}
		if len(a) > 1 && a[0] == '-' {
			name, _, _ := strings.Cut(a, "=")
			if _, seen := typed[strings.TrimLeft(name, "-")]; !seen {
				typed[strings.TrimLeft(name, "-")] = name
			}
		}
	}
	re := flagInMessage()
	return re.ReplaceAllStringFunc(msg, func(m string) string {
		sub := re.FindStringSubmatch(m)
		if t, ok := typed[sub[2]]; ok {
			return sub[1] + t
		}
		return m
	})
}
