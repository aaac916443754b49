package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/engine"
	"github.com/arbiter-games/arbiter/internal/cliargs"
	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
	"github.com/arbiter-games/arbiter/ugi"
)

// maxOpenings is the most openings --count asks for: the command holds
// them all, and the positions it has seen, before it writes the first.
const maxOpenings = 100_000

// openingsCommand writes an opening suite for tournaments.
func openingsCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "openings",
		Usage:     "write a suite of distinct openings (.agn) for a tournament's openings key",
		ArgsUsage: "[FILE.agn...] (with --from: more files)",
		Description: "Writes on stdout a record file of --count distinct openings of --plies random\n" +
			"legal plies each (no opening ends the game), made from --seed: the same flags\n" +
			"give the same file. Each opening is a record with result \"*\": its start tags\n" +
			"(Knight Fight: a random Board per opening) and its moves.\n\n" +
			"With --balanced CP, only openings whose position the built-in engine (--level,\n" +
			"searching --movetime MS or to --depth D) evaluates within ±CP for the side to\n" +
			"move are written, so that neither side starts lost. With --depth alone the\n" +
			"evaluation, and so the file, is the same on every machine; --movetime depends\n" +
			"on the machine's speed.\n\n" +
			"With --from FILE.agn, the openings are the first --plies plies of the games of\n" +
			"that file instead, in file order, distinct positions only; --count then caps\n" +
			"their number. The games that are over within --plies plies, or shorter, are\n" +
			"skipped (stderr says how many). More files follow --from, or each its own\n" +
			"--from: --from a.agn b.agn is --from a.agn --from b.agn, so a shell pattern\n" +
			"such as --from games/*.agn takes them all.\n\n" +
			"A tournament uses the file with its openings key (docs/tournament.md).\n\n" +
			"   arbiter openings --game lines-of-action --plies 8 --count 200 > loa.agn\n" +
			"   arbiter openings -g tank-battle --plies 6 --count 100 --balanced 50 --depth 4 > tb.agn\n" +
			"   arbiter openings -g lines-of-action --plies 6 --from testdata/loa-real/*.agn > real.agn\n\n" +
			"--count is at most 100000. Ctrl-C stops it at once (exit 130), writing nothing.",
		Flags: []cli.Flag{
			gameFlag("the game, by id or name (required): "+games.IDs(), "g"),
			&cli.IntFlag{Name: "plies", Usage: "plies of each opening (required)", DefaultText: "none"},
			&cli.IntFlag{Name: "count", Usage: "openings to write (required, except with --from: then at most this many)", DefaultText: "none"},
			&cli.Int64Flag{Name: "seed", Value: 1, Usage: "seed of the random openings"},
			&cli.IntFlag{Name: "balanced", Usage: "keep only openings the engine evaluates within ±`CP`", DefaultText: "off"},
			&cli.StringFlag{Name: "level", Value: "search", Usage: "engine level for --balanced: greedy or search"},
			&cli.IntFlag{Name: "movetime", Usage: "engine time per evaluation in `MS` for --balanced", DefaultText: "100, unless --depth is given"},
			&cli.IntFlag{Name: "depth", Usage: "engine search depth for --balanced (reproducible on any machine)", DefaultText: "none"},
			&cli.StringSliceFlag{Name: "from", Usage: "take the openings from the first plies of the games of `FILE.agn` (repeatable; the arguments are more files)"},
		},
		Action: func(c *cli.Context) error {
			from := fromFiles(c)
			if len(from) == 0 {
				if err := noArgs(c, "openings"); err != nil {
					return err
				}
			}
			g, err := readGame(c, "openings")
			if err != nil {
				return err
			}
			plies, count, err := openingsCounts(c, len(from) > 0)
			if err != nil {
				return err
			}
			ctx := c.Context
			keep, err := balancedFilter(c, g)
			if err != nil {
				return err
			}
			var filter func(rules.Position) (bool, error)
			var comments map[string]string
			if keep != nil {
				filter = func(pos rules.Position) (bool, error) { return keep.Keep(ctx, pos) }
				comments = keep.Evals
			}
			if len(from) > 0 && c.IsSet("seed") {
				return usageErrorf("openings: --seed does not go with --from, which takes the files' games in order")
			}
			suite, summary, err := book.Make(ctx, g, book.Source{Files: from, Open: openFrom(ctx),
				Seed: c.Int64("seed"), Plies: plies, Count: count, Keep: filter})
			if summary != "" {
				fmt.Fprintf(e.stderr, "openings: %s\n", summary)
			}
			var ee *exitError
			switch {
			case ctx.Err() != nil:
				return ctx.Err() // interrupted: run exits with 130
			case errors.As(err, &ee):
				return err
			case err != nil:
				return withCode(exitFailure, fmt.Errorf("openings: %w", err))
			}
			if keep != nil {
				fmt.Fprintf(e.stderr, "openings: %d candidates evaluated, %d outside ±%d kept out\n", keep.Seen, keep.Seen-keep.Kept, keep.CP)
			}
			return book.Write(e.stdout, g, plies, suite, "arbiter "+cliargs.Line(c, "from"), comments)
		},
	}
}

// openingsCounts reads and checks --plies and --count; withFrom says
// whether the openings come from files (--from), where --count is a cap.
func openingsCounts(c *cli.Context, withFrom bool) (plies, count int, err error) {
	plies, count = c.Int("plies"), c.Int("count")
	switch {
	case !c.IsSet("plies"):
		return 0, 0, usageErrorf("openings: --plies is required")
	case plies < 1 && !withFrom:
		return 0, 0, usageErrorf("openings: --plies must be at least 1, not %d", plies)
	case plies < 0:
		return 0, 0, usageErrorf("openings: --plies must not be negative, not %d", plies)
	case !withFrom && !c.IsSet("count"):
		return 0, 0, usageErrorf("openings: --count is required")
	case count < 1 && (!withFrom || c.IsSet("count")):
		return 0, 0, usageErrorf("openings: --count must be at least 1, not %d", count)
	case count > maxOpenings:
		return 0, 0, usageErrorf("openings: --count must be at most %d, not %d", maxOpenings, count)
	}
	return plies, count, nil
}

// balancedFilter reads the --balanced flags; nil without --balanced.
func balancedFilter(c *cli.Context, g rules.Game) (*engine.Balance, error) {
	for _, f := range []string{"level", "movetime", "depth"} {
		if c.IsSet(f) && !c.IsSet("balanced") {
			return nil, usageErrorf("openings: --%s only goes with --balanced", f)
		}
	}
	if !c.IsSet("balanced") {
		return nil, nil
	}
	cp := c.Int("balanced")
	if cp < 0 {
		return nil, usageErrorf("openings: --balanced must not be negative, not %d", cp)
	}
	lvl, err := engine.ParseLevel(c.String("level"))
	if err != nil || lvl == engine.Random {
		return nil, usageErrorf("openings: --level must be greedy or search, not %q", c.String("level"))
	}
	ms, depth := c.Int("movetime"), c.Int("depth")
	if ms < 0 || depth < 0 {
		return nil, usageErrorf("openings: --movetime and --depth must not be negative")
	}
	if !c.IsSet("movetime") && !c.IsSet("depth") {
		ms = 100
	}
	return &engine.Balance{Game: g, Level: lvl, CP: cp, Evals: map[string]string{},
		Limits: ugi.Limits{MoveTime: time.Duration(ms) * time.Millisecond, Depth: depth}}, nil
}

// fromFiles returns the record files of --from: the flag's values, then
// the command's arguments, which are more files when --from is given.
func fromFiles(c *cli.Context) []string {
	from := c.StringSlice("from")
	if len(from) == 0 {
		return nil
	}
	return append(from, c.Args().Slice()...)
}

// openFrom opens the files of --from as validate reads its files (a FIFO
// too, a stream no further than its games need), for book.FromGames: an
// unreadable file is a usage error; reading stops when ctx is done.
func openFrom(ctx context.Context) func(name string) ([]byte, func(), error) {
	return func(name string) ([]byte, func(), error) {
		f, err := input.Read(ctx, name, input.Options{Map: true, Records: streamBound})
		var tl *notation.TooLongError
		switch {
		case ctx.Err() != nil:
			return nil, nil, ctx.Err()
		case errors.As(err, &tl):
			return nil, nil, err
		case err != nil:
			return nil, nil, withCode(exitUsage, err)
		}
		return f.Data, f.Release, nil
	}
}
