package main

import (
	"strings"
	"testing"
)

// TestVersion checks that --version and -v print the version and the VCS
// revision from the build info (a test binary has no revision: it says so).
func TestVersion(t *testing.T) {
	for _, flag := range []string{"--version", "-v"} {
		code, out, errs := runCLI(t, "", flag).parts()
		if code != 0 || !strings.HasPrefix(out, "arbiter version ") || errs != "" {
			t.Errorf("arbiter %s: exit %d, stdout %q, stderr %q; want exit 0 and the version", flag, code, out, errs)
		}
		if !strings.Contains(out, "revision") {
			t.Errorf("arbiter %s = %q; want the VCS revision or a word on its absence", flag, out)
		}
	}
}

func TestCompletion(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string // lines of stdout
		not  []string
	}{
		{"commands", []string{"--generate-bash-completion"}, 0, []string{"validate", "report", "completion"}, []string{"--db"}},
		{"flags", []string{"report", "--", "--generate-bash-completion"}, 0, []string{"--db", "--white-advantage", "--pairs", "--help"}, []string{"validate"}},
		{"game ids", []string{"perft", "--game", "--generate-bash-completion"}, 0, []string{"lines-of-action", "tank-battle", "knight-fight"}, nil},
		{"game ids later", []string{"report", "--db", "x.db", "--game", "--generate-bash-completion"}, 0, []string{"knight-fight"}, []string{"--db"}},
		{"files", []string{"validate", "--generate-bash-completion"}, 0, nil, []string{"validate", "--jobs"}},
		{"match options", []string{"match", "-", "--generate-bash-completion"}, 0, []string{"-game", "-engine", "-each", "-sprt", "-concurrency", "-config-out", "-help"}, []string{"--help", "--engine"}},
		{"match options, two dashes", []string{"match", "-game", "knight-fight", "--con", "--generate-bash-completion"}, 0, []string{"--concurrency", "--config-out"}, []string{"-concurrency"}},
		{"match first word", []string{"match", "--generate-bash-completion"}, 0, []string{"-game", "-engine"}, nil},
		{"match game ids", []string{"match", "-game", "--generate-bash-completion"}, 0, []string{"tank-battle"}, []string{"-engine"}},
		{"match engine keys", []string{"match", "-engine", "cmd=./a", "name=a", "--generate-bash-completion"}, 0, []string{"tc=", "args=", "option."}, []string{"cmd=", "name=", "-engine"}},
		{"match after a flag", []string{"match", "-repeat", "--generate-bash-completion"}, 0, []string{"-rounds"}, nil},
		{"match value", []string{"match", "-rounds", "--generate-bash-completion"}, 0, nil, []string{"-rounds"}},
		{"match formats", []string{"match", "-tournament", "--generate-bash-completion"}, 0, []string{"gauntlet", "swiss"}, nil},
		{"tune options and flags", []string{"tune", "-", "--generate-bash-completion"}, 0, []string{"-engine", "-pairs", "-params", "-spsa", "-config-out", "--dry-run", "--lease"}, []string{"-rounds"}},
		{"tune first word", []string{"tune", "--generate-bash-completion"}, 0, nil, []string{"-game", "--dry-run"}},
		{"tune spsa keys", []string{"tune", "-spsa", "A=0.1", "--generate-bash-completion"}, 0, []string{"alpha=", "gamma="}, []string{"A=", "--dry-run"}},
		{"tune engine keys", []string{"tune", "-engine", "--generate-bash-completion"}, 0, []string{"cmd=", "depth=", "option."}, []string{"timemargin=", "restart="}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, _ := runCLI(t, "", tt.args...).parts()
			lines := strings.Split(strings.TrimSpace(out), "\n")
			has := map[string]bool{}
			for _, l := range lines {
				has[l] = true
			}
			if code != tt.code {
				t.Errorf("exit %d; want %d", code, tt.code)
			}
			for _, w := range tt.want {
				if !has[w] {
					t.Errorf("completions of %q = %q; want %q among them", tt.args, lines, w)
				}
			}
			for _, n := range tt.not {
				if has[n] {
					t.Errorf("completions of %q = %q; want no %q", tt.args, lines, n)
				}
			}
		})
	}
	for _, shell := range []string{"bash", "zsh", "fish"} {
		code, out, errs := runCLI(t, "", "completion", shell).parts()
		if code != 0 || !strings.Contains(out, "--generate-bash-completion") || !strings.Contains(out, "arbiter") {
			t.Errorf("completion %s: exit %d, stdout %.100q, stderr %q", shell, code, out, errs)
		}
	}
	if code, out, errs := runCLI(t, "", "completion", "tcsh").parts(); code != 2 || out != "" || !strings.Contains(errs, "known: bash, fish, zsh") {
		t.Errorf("completion tcsh: exit %d, stdout %q, stderr %q; want exit 2 naming the shells", code, out, errs)
	}
}

// TestFlagErrors checks that a flag error names the flag as typed and never
// shows a value the user did not type (`validate ./-x.agn --jobs` must not
// say `invalid value "--" for flag -jobs`), and that flags after arguments
// still work.
func TestFlagErrors(t *testing.T) {
	good := write(t, "g.agn", "[Game \"Lines of Action\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. b1-b3 *\n")
	tests := []struct {
		name string
		args []string
		code int
		err  string
		not  []string
	}{
		{"value missing at the end", []string{"validate", "./-x.agn", "--jobs"}, 2, "flag needs an argument: --jobs", []string{`"--"`}},
		{"single dash at the end", []string{"validate", "x.agn", "-jobs"}, 2, "flag needs an argument: -jobs", []string{`"--"`}},
		{"bad value", []string{"validate", "x.agn", "--jobs", "many"}, 2, `invalid value "many" for flag --jobs`, []string{"flag -jobs"}},
		{"bad value with =", []string{"validate", "--jobs=many", "x.agn"}, 2, `invalid value "many" for flag --jobs`, nil},
		{"unknown flag", []string{"validate", "x.agn", "--bogus"}, 2, "flag provided but not defined: --bogus", nil},
		{"flags after arguments", []string{"validate", good, "--jobs", "1", "--json"}, 0, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := runCLI(t, "", tt.args...).parts()
			if code != tt.code || !strings.Contains(errs, tt.err) {
				t.Errorf("arbiter %q: exit %d, stderr %q; want exit %d, stderr with %q", tt.args, code, errs, tt.code, tt.err)
			}
			for _, n := range tt.not {
				if strings.Contains(errs, n) {
					t.Errorf("arbiter %q: stderr %q shows %s, which the user did not type", tt.args, errs, n)
				}
			}
		})
	}
}
