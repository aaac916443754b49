package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
)

func showCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "print the board of a recorded game after a given ply",
		ArgsUsage: "FILE (- for standard input)",
		Description: "Replays game N of FILE up to ply K (default: the whole game) and prints\n" +
			"the board as ASCII, the side to move, the position text (FEN) and the\n" +
			"result so far.\n\n" + recordHelp,
		Flags: append(recordFlags(true),
			&cli.IntFlag{Name: "ply", Aliases: []string{"p"}, Value: -1, Usage: "show the position after this many plies", DefaultText: "all"}),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErrorf("show: want exactly one FILE, got %d", c.NArg())
			}
			opts, err := recordOptions(c, "show")
			if err != nil {
				return err
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
			ply := c.Int("ply")
			if ply > len(g.Moves) {
				return usageErrorf("show: game %d has %d plies; --ply %d is out of range", n, len(g.Moves), ply)
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

func name(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
