package cliargs

import (
	"slices"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestFlags: a command's flags are read wherever they stand among its
// words; a word its line takes too is the line's when the words are a line.
func TestFlags(t *testing.T) {
	line := func(name string) bool { return slices.Contains([]string{"game", "concurrency", "pairs"}, name) }
	tests := []struct {
		args    []string
		rest    []string
		dry     bool
		conc    int
		db, err string
	}{
		{[]string{"--dry-run", "x.yaml", "-j", "3"}, []string{"x.yaml"}, true, 3, "arbiter.db", ""},
		{[]string{"x.yaml", "--concurrency=2", "--db", "t.db"}, []string{"x.yaml"}, false, 2, "t.db", ""},
		{[]string{"-game", "loa", "--db=t.db", "-concurrency", "2", "-pairs", "5", "-j", "4", "--dry-run"},
			[]string{"-game", "loa", "-concurrency", "2", "-pairs", "5"}, true, 4, "t.db", ""},
		{[]string{"--", "--dry-run"}, []string{"--dry-run"}, false, 0, "arbiter.db", ""},
		{[]string{"x.yaml", "--db"}, nil, false, 0, "", "flag needs an argument: --db"},
		{[]string{"-j", "many"}, nil, false, 0, "", `invalid value "many" for flag -j: parse error`},
	}
	for _, tt := range tests {
		var got []string
		var dry bool
		var conc int
		var db string
		var err error
		app := &cli.App{Commands: []*cli.Command{{
			Name:            "tune",
			SkipFlagParsing: true,
			Flags: []cli.Flag{
				&cli.BoolFlag{Name: "dry-run"},
				&cli.StringFlag{Name: "db", Value: "arbiter.db"},
				&cli.IntFlag{Name: "concurrency", Aliases: []string{"j"}},
			},
			Action: func(c *cli.Context) error {
				var fc *cli.Context
				fc, got, err = Flags(c, c.Args().Slice(), line)
				if err == nil {
					dry, conc, db = fc.Bool("dry-run"), fc.Int("concurrency"), fc.String("db")
				}
				return nil
			},
		}}}
		if runErr := app.Run(append([]string{"arbiter", "tune"}, tt.args...)); runErr != nil {
			t.Fatal(runErr)
		}
		switch {
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("Flags(%q): %v; want error %q", tt.args, err, tt.err)
		case tt.err == "" && (err != nil || !slices.Equal(got, tt.rest) || dry != tt.dry || conc != tt.conc || db != tt.db):
			t.Errorf("Flags(%q) = %q, dry-run %v, concurrency %d, db %q, %v; want %q, %v, %d, %q",
				tt.args, got, dry, conc, db, err, tt.rest, tt.dry, tt.conc, tt.db)
		}
	}
}
