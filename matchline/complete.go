package matchline

import (
	"fmt"
	"io"
	"strings"
)

// Complete writes the completions of a match command line (words, the
// command's arguments so far), one a line, for a shell's completion
// script. The last word is either the word being typed or, when nothing
// is typed yet, the word before: a part of an option name gets the options, spelt with as many
// dashes as typed; a whole one gets what follows it (its keys, the
// formats, the options after a flag); a key=value word gets its option's
// keys not given yet; right after the command, the options. Nothing else
// is listed, so that the shell completes file names.
func Complete(w io.Writer, words []string, last string) { matchLine.complete(w, words, last) }

// complete writes the completions of a command line of l (see Complete).
// A tune line may be a CONFIG.yaml instead: without an option typed, it
// completes nothing, so that the shell completes file names.
func (l language) complete(w io.Writer, words []string, last string) {
	options := func() {
		dash := "-"
		if strings.HasPrefix(last, "--") {
			dash = "--"
		}
		for _, s := range l.specs {
			fmt.Fprintln(w, dash+s.name)
		}
		fmt.Fprintln(w, dash+"help")
	}
	if last == "-" || last == "--" {
		options()
		return
	}
	for i := len(words) - 1; i >= 0; i-- {
		if !isOption(words[i]) {
			continue
		}
		spec, known := l.specOf(strings.TrimLeft(words[i], "-"))
		switch {
		case i == len(words)-1 && (!known || spec.flag):
			options()
		case spec.value == "FORMAT":
			if i == len(words)-1 {
				for _, f := range []string{"roundrobin", "gauntlet", "knockout", "swiss"} {
					fmt.Fprintln(w, f)
				}
			}
		case len(spec.keys) > 0:
			given := map[string]bool{}
			for _, word := range words[i+1:] {
				if k, _, ok := strings.Cut(word, "="); ok {
					given[k] = true
				}
			}
			for _, k := range spec.keys {
				switch {
				case strings.HasSuffix(k, "."):
					fmt.Fprintln(w, k)
				case !given[k]:
					fmt.Fprintln(w, k+"=")
				}
			}
		}
		return
	}
	if l.cmd == "match" {
		options() // match's arguments start with an option
	}
}
