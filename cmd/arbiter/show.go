package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/view"
)

func showCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "print the board of a recorded game after a given ply",
		ArgsUsage: "FILE (- for standard input)",
		Description: "Replays game N of FILE up to ply K (default: the whole game) and prints\n" +
			"the board as ASCII, the side to move, the position text (FEN) and the\n" +
			"result so far. --format svg prints the board as an SVG picture (the last\n" +
			"move framed), --format html a viewer page of the game opened at ply K.\n\n" + recordHelp,
		Flags: append(recordFlags(true),
			&cli.IntFlag{Name: "ply", Aliases: []string{"p"}, Value: -1, Usage: "show the position after this many plies, 0 to the game's plies", DefaultText: "all"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "`FORMAT` of the output: text, svg or html"}),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErrorf("show: want exactly one FILE, got %d", c.NArg())
			}
			opts, err := recordOptions(c, "show")
			if err != nil {
				return err
			}
			output := c.String("format")
			if !slices.Contains([]string{"text", "svg", "html"}, output) {
				return usageErrorf("show: unknown format %q (known: text, svg, html)", output)
			}
			at, err := recordPosition(c, e, "show", opts)
			if err != nil {
				return err
			}
			switch output {
			case "svg":
				_, err = fmt.Fprint(e.stdout, view.PositionSVG(at.file, at.game, &at.report, at.pos))
				return err
			case "html":
				return showHTML(e, at.file, at.game, at.report.Plies)
			}
			_, err = fmt.Fprint(e.stdout, view.PositionText(&at.report, at.pos))
			return err
		},
	}
}

// showHTML writes the viewer page of game g alone, opened after ply.
func showHTML(e *env, file string, g *notation.Game, ply int) error {
	page := view.New(fmt.Sprintf("arbiter show: %s, game %d", filepath.Base(file), g.Index))
	r := replay.Game(file, g, replay.Options{})
	page.Add(r)
	return page.Write(e.stdout, fmt.Sprintf("g1p%d", ply))
}

// recordedPosition is a position of a recorded game, as show and solve
// take it.
type recordedPosition struct {
	file   string
	game   *notation.Game
	report replay.Report // the replay up to the position
	rules  rules.Game    // the game's rules
	pos    rules.Position
}

// recordPosition replays game --game N (default 1) of command cmd's one
// FILE up to --ply K (default: the whole game) and returns the position
// reached; what is wrong past it goes to stderr as notes.
func recordPosition(c *cli.Context, e *env, cmd string, opts replay.Options) (*recordedPosition, error) {
	files, err := readFiles(c.Context, e, c.Args().Slice(), false)
	if err != nil {
		return nil, withCode(exitUsage, err)
	}
	f := files[0]
	n, _ := gameNumber(c)
	g, games := replay.Nth(f.Name, f.Data, n, opts)
	if g == nil {
		return nil, usageErrorf("%s: %s has %d games; --game %d is out of range", cmd, f.Name, games, n)
	}
	// An unset --ply is the whole game, which replay.Position asks
	// for with -1 (and then checks the declared result too); -1
	// given on the command line is a negative ply like any other.
	ply := -1
	if c.IsSet("ply") {
		ply = c.Int("ply")
		if ply < 0 || ply > len(g.Moves) {
			return nil, usageErrorf("%s: game %d has %d plies; --ply %d is out of range (0 to %d)", cmd, n, len(g.Moves), ply, len(g.Moves))
		}
	}
	r, game, pos := replay.Position(f.Name, g, ply, opts)
	want := ply
	if want < 0 {
		want = len(g.Moves)
	}
	if pos == nil || r.Plies < want {
		// The replay stopped before the ply asked for.
		if r.Err == nil {
			return nil, fmt.Errorf("%s: game %d cannot be replayed", f.Name, n)
		}
		return nil, withCode(exitFailure, errors.New(r.Describe()))
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(e.stderr, "arbiter: note: %s: warning: %s\n", r.Heading(w.Line, w.Col), w.Msg)
	}
	if r.Err != nil {
		// The position is reached; what is wrong is said on the side.
		fmt.Fprintf(e.stderr, "arbiter: note: %s\n", r.Describe())
	}
	return &recordedPosition{file: f.Name, game: g, report: r, rules: game, pos: pos}, nil
}
