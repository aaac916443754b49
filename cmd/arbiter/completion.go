package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/matchline"
	"github.com/arbiter-games/arbiter/rules/games"
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

// completeFlag, as the last argument, asks for the completions of the
// words before it (the protocol of urfave/cli's completion scripts).
const completeFlag = "--generate-bash-completion"

// complete writes the completions of words, one a line: the commands when
// none is typed yet, game ids after --game, the command's flags when the
// last word starts with "-"; nothing (the shell then completes file
// names) otherwise.
func complete(app *cli.App, w io.Writer, words []string) {
	var cmd *cli.Command
	for _, word := range words {
		if cmd = app.Command(word); cmd != nil {
			break
		}
		if !strings.HasPrefix(word, "-") {
			break
		}
	}
	last := ""
	if len(words) > 0 {
		last = words[len(words)-1]
	}
	switch {
	case cmd == nil && !strings.HasPrefix(last, "-"):
		for _, c := range app.Commands {
			if !c.Hidden {
				fmt.Fprintln(w, c.Name)
			}
		}
	case cmd == nil:
		fmt.Fprintln(w, "--help")
		fmt.Fprintln(w, "--version")
	case last == "--game" || last == "-game":
		for _, g := range games.All {
			fmt.Fprintln(w, g.ID())
		}
	case cmd.Name == "match":
		matchline.Complete(w, words, last)
	case strings.HasPrefix(last, "-"):
		for _, f := range cmd.Flags {
			for _, n := range f.Names() {
				if len(n) > 1 {
					fmt.Fprintln(w, "--"+n)
				}
			}
		}
		fmt.Fprintln(w, "--help")
	}
}

// completionScripts are the scripts of arbiter completion, by shell. Each
// asks arbiter itself for the completions of the words typed so far.
var completionScripts = map[string]string{
	"bash": `# bash completion for arbiter: source it, or put it in
# /etc/bash_completion.d/arbiter
_arbiter_complete() {
  local cur words
  COMPREPLY=()
  cur="${COMP_WORDS[COMP_CWORD]}"
  words=("${COMP_WORDS[@]:0:COMP_CWORD}")
  local opts
  if [[ "$cur" == -* ]]; then
    opts=$("${words[0]}" "${words[@]:1}" "$cur" --generate-bash-completion 2>/dev/null)
  else
    opts=$("${words[0]}" "${words[@]:1}" --generate-bash-completion 2>/dev/null)
  fi
  COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
  # A key of match's (cmd=, option.) takes its value right after it.
  if [[ ${#COMPREPLY[@]} -eq 1 && "${COMPREPLY[0]}" == *[=.] ]]; then
    compopt -o nospace
  fi
  return 0
}
complete -o bashdefault -o default -F _arbiter_complete arbiter
`,
	"zsh": `#compdef arbiter
# zsh completion for arbiter: put it in a directory of $fpath as _arbiter
_arbiter() {
  local -a opts
  local cur=${words[CURRENT]}
  if [[ "$cur" == -* ]]; then
    opts=("${(@f)$(${words[1]} ${words[2,CURRENT-1]} $cur --generate-bash-completion 2>/dev/null)}")
  else
    opts=("${(@f)$(${words[1]} ${words[2,CURRENT-1]} --generate-bash-completion 2>/dev/null)}")
  fi
  if [[ "${opts[1]}" != "" ]]; then
    # A key of match's (cmd=, option.) takes its value right after it.
    local -a keys words
    keys=(${(M)opts:#*[=.]})
    words=(${opts:#*[=.]})
    (( ${#keys} )) && compadd -S '' -a keys
    (( ${#words} )) && compadd -a words
  else
    _files
  fi
}
compdef _arbiter arbiter
`,
	"fish": `# fish completion for arbiter: put it in ~/.config/fish/completions/arbiter.fish
function __arbiter_complete
    set -l words (commandline -opc)
    set -l cur (commandline -ct)
    if string match -q -- '-*' $cur
        $words[1] $words[2..-1] $cur --generate-bash-completion 2>/dev/null
    else
        $words[1] $words[2..-1] --generate-bash-completion 2>/dev/null
    end
end
complete -c arbiter -a '(__arbiter_complete)'
`,
}

func completionCommand(e *env) *cli.Command {
	shells := slices.Sorted(func(yield func(string) bool) {
		for k := range completionScripts {
			if !yield(k) {
				return
			}
		}
	})
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
			script, ok := completionScripts[c.Args().First()]
			if !ok {
				return usageErrorf("completion: unknown shell %q (known: %s)", c.Args().First(), strings.Join(shells, ", "))
			}
			_, err := io.WriteString(e.stdout, script)
			return err
		},
	}
}
