package cliargs

import (
	"testing"

	"github.com/urfave/cli/v2"
)

func TestLine(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"x", "cmd"}, "cmd"},
		{[]string{"x", "cmd", "--plies", "4", "--game", "loa"}, "cmd --game loa --plies 4"},
		{[]string{"x", "cmd", "--from", "a.agn", "b.agn", "--from", "c.agn"}, "cmd --from a.agn --from c.agn --from b.agn"},
	} {
		var got string
		app := &cli.App{Commands: []*cli.Command{{
			Name: "cmd",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "game"},
				&cli.IntFlag{Name: "plies"},
				&cli.StringSliceFlag{Name: "from"},
			},
			Action: func(c *cli.Context) error { got = Line(c, "from"); return nil },
		}}}
		args, err := Interspersed(app, tt.args)
		if err != nil {
			t.Fatal(err)
		}
		if err := app.Run(args); err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("Line(%q) = %q; want %q", tt.args, got, tt.want)
		}
	}
}
