package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
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
			files, err := readFiles(c.Context, e, c.Args().Slice(), false)
			if err != nil {
				return withCode(exitUsage, err)
			}
			f := files[0]
			// Only the game shown is parsed.
			n, _ := gameNumber(c)
			format := replay.FormatOf(f.Name, f.Data)
			var shown notation.Chunk
			games := 0
			sp := format.Splitter(f.Data)
			for ch, ok := sp.Next(); ok; ch, ok = sp.Next() {
				if games++; games == n {
					shown = ch
				}
			}
			if n < 1 || n > games {
				return usageErrorf("show: %s has %d games; --game %d is out of range", f.Name, games, n)
			}
			g := new(notation.Game)
			format.Parse(g, f.Name, string(f.Data), shown, n, opts)
			// An unset --ply is the whole game, which replay.Position asks
			// for with -1 (and then checks the declared result too); -1
			// given on the command line is a negative ply like any other.
			ply := -1
			if c.IsSet("ply") {
				ply = c.Int("ply")
				if ply < 0 || ply > len(g.Moves) {
					return usageErrorf("show: game %d has %d plies; --ply %d is out of range (0 to %d)", n, len(g.Moves), ply, len(g.Moves))
				}
			}
			r, _, pos := replay.Position(f.Name, g, ply, opts)
			want := ply
			if want < 0 {
				want = len(g.Moves)
			}
			if pos == nil || r.Plies < want {
				// The replay stopped before the ply asked for.
				if r.Err == nil {
					return fmt.Errorf("%s: game %d cannot be replayed", f.Name, n)
				}
				return withCode(exitFailure, errors.New(r.Describe()))
			}
			for _, w := range r.Warnings {
				fmt.Fprintf(e.stderr, "arbiter: note: %s: warning: %s\n", r.Heading(w.Line, w.Col), w.Msg)
			}
			if r.Err != nil {
				// The position is reached; what is wrong is said on the side.
				fmt.Fprintf(e.stderr, "arbiter: note: %s\n", r.Describe())
			}
			switch output {
			case "svg":
				_, err = fmt.Fprint(e.stdout, showSVG(f.Name, g, &r, pos))
				return err
			case "html":
				return showHTML(e, f.Name, g, r.Plies)
			}
			var b strings.Builder
			fmt.Fprintf(&b, "%s: %s vs %s, after ply %d\n\n", r.Game, name(r.White), name(r.Black), r.Plies)
			b.WriteString(pos.String())
			if !strings.HasSuffix(b.String(), "\n") {
				b.WriteByte('\n')
			}
			fmt.Fprintf(&b, "\nFEN: %s\n", pos.FEN())
			out := pos.Outcome()
			if out.Over() {
				fmt.Fprintf(&b, "result: %s (%s)\n", out.Result, out.Reason)
			} else {
				fmt.Fprintf(&b, "to move: %s\nresult so far: *\n", pos.Turn())
			}
			if sc, ok := pos.Score(); ok {
				fmt.Fprintf(&b, "score: %s\n", sc)
			}
			_, err = fmt.Fprint(e.stdout, b.String())
			return err
		},
	}
}

// showSVG draws pos, reached by the replay r of g, as an SVG picture with
// its last move framed; a game that cannot draw itself gets its text board.
func showSVG(file string, g *notation.Game, r *replay.Report, pos rules.Position) string {
	o := rules.SVGOptions{Title: fmt.Sprintf("%s: %s vs %s, after ply %d", games.Name(r.Game), name(r.White), name(r.Black), r.Plies)}
	if out := pos.Outcome(); out.Over() {
		o.Desc = fmt.Sprintf("result %s (%s)", out.Result, out.Reason)
	} else {
		o.Desc = pos.Turn().String() + " to move"
	}
	d, ok := pos.(rules.Drawer)
	if !ok {
		return rules.TextSVG(pos.String(), o)
	}
	last := rules.NoMove
	if r.Plies > 0 {
		// The move of the last ply, read in the position before it.
		if _, _, before := replay.Position(file, g, r.Plies-1, replay.Options{}); before != nil {
			if m, err := before.ParseMove(g.Moves[r.Plies-1].Text); err == nil {
				last = m
			}
		}
	}
	var pic rules.Picture
	d.Draw(&pic, last)
	return pic.SVG(o)
}

// showHTML writes the viewer page of game g alone, opened after ply.
func showHTML(e *env, file string, g *notation.Game, ply int) error {
	page := view.New(fmt.Sprintf("arbiter show: %s, game %d", filepath.Base(file), g.Index))
	r := replay.Game(file, g, replay.Options{})
	page.Add(r)
	return page.Write(e.stdout, fmt.Sprintf("g1p%d", ply))
}

func name(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
