package completion

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/matchline"
	"github.com/arbiter-games/arbiter/rules/games"
)

// Flag, as the last argument, asks for the completions of the words
// before it (the protocol of urfave/cli's completion scripts).
const Flag = "--generate-bash-completion"

// Write writes the completions of words, the command line of app typed so
// far, one a line: the commands when none is typed yet, game ids after
// --game, the command's flags when the last word starts with "-" (match's
// options and their keys as matchline completes them; tune's options
// besides its flags, and their keys); nothing (the shell then completes
// file names) otherwise.
func Write(app *cli.App, w io.Writer, words []string) {
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
	case cmd.Name == "tune" && (!strings.HasPrefix(last, "-") || matchline.IsTuneOption(strings.TrimLeft(last, "-"))):
		matchline.CompleteTune(w, words, last)
	case strings.HasPrefix(last, "-"):
		if cmd.Name == "tune" {
			matchline.CompleteTune(w, words, last) // its options, then its flags
		}
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

// scripts are the scripts of arbiter completion, by shell. Each asks
// arbiter itself for the completions of the words typed so far.
var scripts = map[string]string{
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

// Shells are the shells Script has a script for, sorted.
func Shells() []string {
	return slices.Sorted(func(yield func(string) bool) {
		for k := range scripts {
			if !yield(k) {
				return
			}
		}
	})
}

// Script returns the completion script of shell; ok is false for a shell
// not among Shells.
func Script(shell string) (script string, ok bool) {
	script, ok = scripts[shell]
	return script, ok
}
