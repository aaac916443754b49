package completion

import (
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

func TestWrite(t *testing.T) {
	app := &cli.App{Commands: []*cli.Command{
		{Name: "report", Flags: []cli.Flag{&cli.StringFlag{Name: "db"}, &cli.BoolFlag{Name: "pairs", Aliases: []string{"p"}}}},
		{Name: "secret", Hidden: true},
	}}
	tests := []struct {
		name  string
		words []string
		want  []string
	}{
		{"commands", nil, []string{"report"}},
		{"app flags", []string{"-"}, []string{"--help", "--version"}},
		{"command flags", []string{"report", "--"}, []string{"--db", "--pairs", "--help"}},
		{"game ids", []string{"report", "--game"}, []string{"lines-of-action", "tank-battle", "knight-fight"}},
		{"files", []string{"report", "x"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			Write(app, &b, tt.words)
			got := strings.Fields(b.String())
			if !slices.Equal(got, tt.want) {
				t.Errorf("Write(%q) = %q; want %q", tt.words, got, tt.want)
			}
		})
	}
}

func TestScript(t *testing.T) {
	if got, want := Shells(), []string{"bash", "fish", "zsh"}; !slices.Equal(got, want) {
		t.Errorf("Shells() = %q; want %q", got, want)
	}
	for _, shell := range Shells() {
		if s, ok := Script(shell); !ok || !strings.Contains(s, Flag) {
			t.Errorf("Script(%q) = %.60q, %v; want a script that asks with %s", shell, s, ok, Flag)
		}
	}
	if _, ok := Script("tcsh"); ok {
		t.Errorf("Script(\"tcsh\") is ok; want none")
	}
}
