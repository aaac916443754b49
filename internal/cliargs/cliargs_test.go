package cliargs

import (
	"slices"
	"testing"

	"github.com/urfave/cli/v2"
)

func TestInterspersed(t *testing.T) {
	app := &cli.App{Commands: []*cli.Command{
		{Name: "show", Flags: []cli.Flag{&cli.IntFlag{Name: "game", Aliases: []string{"g"}}, &cli.BoolFlag{Name: "json"}}},
		{Name: "match", SkipFlagParsing: true},
	}}
	tests := []struct {
		args []string
		want []string
		err  string
	}{
		{[]string{"arbiter", "show", "f.agn", "--game", "2"}, []string{"arbiter", "show", "--game", "2", "--", "f.agn"}, ""},
		{[]string{"arbiter", "show", "f.agn", "--json", "g.agn"}, []string{"arbiter", "show", "--json", "--", "f.agn", "g.agn"}, ""},
		{[]string{"arbiter", "show", "-g=3", "--", "-x.agn"}, []string{"arbiter", "show", "-g=3", "--", "-x.agn"}, ""},
		{[]string{"arbiter", "show", "--json"}, []string{"arbiter", "show", "--json"}, ""},
		{[]string{"arbiter", "match", "-engine", "cmd=x"}, []string{"arbiter", "match", "-engine", "cmd=x"}, ""},
		{[]string{"arbiter", "show", "f.agn", "--game"}, nil, "show: flag needs an argument: --game"},
	}
	for _, tt := range tests {
		got, err := Interspersed(app, tt.args)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("Interspersed(%q) = %q, %v; want error %q", tt.args, got, err, tt.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Interspersed(%q) = %q, %v; want %q", tt.args, got, err, tt.want)
		}
	}
}

func TestTypedFlagNames(t *testing.T) {
	tests := []struct {
		msg  string
		args []string
		want string
	}{
		{`invalid value "x" for flag -jobs: parse error`, []string{"arbiter", "validate", "--jobs", "x"}, `invalid value "x" for flag --jobs: parse error`},
		{"flag provided but not defined: -bogus", []string{"arbiter", "validate", "--bogus=1"}, "flag provided but not defined: --bogus"},
		{"flag needs an argument: -jobs", []string{"arbiter", "validate", "-jobs"}, "flag needs an argument: -jobs"},
		{"flag provided but not defined: -x", []string{"arbiter", "validate", "--", "--x"}, "flag provided but not defined: -x"},
	}
	for _, tt := range tests {
		if got := TypedFlagNames(tt.msg, tt.args); got != tt.want {
			t.Errorf("TypedFlagNames(%q, %q) = %q; want %q", tt.msg, tt.args, got, tt.want)
		}
	}
}
