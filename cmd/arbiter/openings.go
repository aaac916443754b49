package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/engine"
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
			var suite []book.Opening
			if len(from) > 0 {
				if c.IsSet("seed") {
					return usageErrorf("openings: --seed does not go with --from, which takes the files' games in order")
				}
				var st fromStats
				suite, st, err = fromGames(ctx, g, from, plies, count, keep)
				if err == nil {
					fmt.Fprintf(e.stderr, "openings: %s\n", st.summary(plies))
				}
			} else {
				var filter func(rules.Position) (bool, error)
				if keep != nil {
					filter = func(pos rules.Position) (bool, error) { return keep.keep(ctx, pos) }
				}
				suite, err = book.Generate(ctx, g, c.Int64("seed"), plies, count, 1000+200*count, filter)
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
				fmt.Fprintf(e.stderr, "openings: %d candidates evaluated, %d outside ±%d kept out\n", keep.seen, keep.seen-keep.kept, keep.cp)
			}
			return writeSuite(e.stdout, c, g, plies, suite, keep)
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

// writeSuite writes suite to w as a record file: a head comment, then each
// opening as a record with its Event and Round, and with --balanced its
// evaluation as the comment of its last move.
func writeSuite(w io.Writer, c *cli.Context, g rules.Game, plies int, suite []book.Opening, keep *balanced) error {
	b := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(b, "; %s\n; made by: arbiter %s\n\n", fmt.Sprintf("%d openings of %s, %d plies each", len(suite), g.Name(), plies), commandLine(c))
	for i, o := range suite {
		rec := o.Record(g)
		rec.Tags = append([]notation.Tag{{Name: "Event", Value: g.ID() + " openings"}, {Name: "Round", Value: strconv.Itoa(i + 1)}}, rec.Tags...)
		if keep != nil {
			if pos, err := o.Position(g); err == nil {
				if len(rec.Moves) > 0 {
					rec.Moves[len(rec.Moves)-1].Comment = keep.evals[pos.FEN()]
				} else {
					rec.Comment = keep.evals[pos.FEN()]
				}
			}
		}
		b.WriteString(rec.String())
	}
	return b.Flush()
}

// balanced keeps the positions the built-in engine evaluates within ±cp.
type balanced struct {
	game       rules.Game
	level      engine.Level
	lim        ugi.Limits
	cp         int
	seen, kept int
	evals      map[string]string // position text → the evaluation's comment
}

// balancedFilter reads the --balanced flags; nil without --balanced.
func balancedFilter(c *cli.Context, g rules.Game) (*balanced, error) {
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
	return &balanced{game: g, level: lvl, cp: cp, evals: map[string]string{},
		lim: ugi.Limits{MoveTime: time.Duration(ms) * time.Millisecond, Depth: depth}}, nil
}

// eval is the engine's evaluation of pos for the side to move: a fresh
// engine each time, so that one evaluation does not depend on the others.
// The search stops when ctx is done, and eval then returns ctx.Err().
func (b *balanced) eval(ctx context.Context, pos rules.Position) (engine.Info, error) {
	e := engine.New(b.game, engine.Options{Level: b.level, HashMB: 1})
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	in := e.Think(pos, nil, b.lim, &stop, nil).Info
	return in, ctx.Err()
}

// keep is book.Generate's filter.
func (b *balanced) keep(ctx context.Context, pos rules.Position) (bool, error) {
	b.seen++
	in, err := b.eval(ctx, pos)
	if err != nil {
		return false, err
	}
	if ev := in.Eval; ev.Mate || ev.Value > b.cp || ev.Value < -b.cp {
		return false, nil
	}
	b.kept++
	b.evals[pos.FEN()] = fmt.Sprintf("%s: %+d for the side to move, depth %d", b.level, in.Eval.Value, in.Depth)
	return true, nil
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

// fromStats counts what fromGames did with the games it read.
type fromStats struct {
	games    int
	skipped  book.Skipped
	repeated int // positions an earlier opening reached
	written  int
}

// summary is the line stderr gets about a suite of plies plies from games.
func (st fromStats) summary(plies int) string {
	s := fmt.Sprintf("%s read, %d %s written", nGames(st.games), st.written, plural(st.written, "opening", "openings"))
	var out []string
	if st.skipped.Over > 0 {
		out = append(out, fmt.Sprintf("%d over within %d plies", st.skipped.Over, plies))
	}
	if st.skipped.Short > 0 {
		out = append(out, fmt.Sprintf("%d shorter than %d plies", st.skipped.Short, plies))
	}
	if len(out) > 0 {
		s += fmt.Sprintf("; %s skipped: %s", nGames(st.skipped.Over+st.skipped.Short), strings.Join(out, ", "))
	}
	if st.repeated > 0 {
		s += fmt.Sprintf("; %d repeated positions left out", st.repeated)
	}
	return s
}

// fromGames makes a suite of the first plies plies of the games of files,
// in order, distinct positions only, at most count of them when count > 0
// (after keep, when set). The games that are over within plies plies, or
// shorter, are skipped. The files are read as validate reads them (a FIFO
// too, a stream no further than its games need); it all stops when ctx is
// done.
func fromGames(ctx context.Context, g rules.Game, files []string, plies, count int, keep *balanced) ([]book.Opening, fromStats, error) {
	var (
		all []book.Opening
		st  fromStats
	)
	for _, name := range files {
		f, err := input.Read(ctx, name, input.Options{Map: true, Records: streamBound})
		var tl *notation.TooLongError
		switch {
		case ctx.Err() != nil:
			return nil, st, ctx.Err()
		case errors.As(err, &tl):
			return nil, st, err
		case err != nil:
			return nil, st, withCode(exitUsage, err)
		}
		suite, skipped, err := book.ReadFirst(ctx, g, name, f.Data, plies)
		f.Release() // the openings hold copies
		if err != nil {
			return nil, st, err
		}
		st.games += len(suite) + skipped.Over + skipped.Short
		st.skipped.Over += skipped.Over
		st.skipped.Short += skipped.Short
		all = append(all, suite...)
	}
	distinct, err := book.Distinct(ctx, g, all)
	if err != nil {
		return nil, st, err
	}
	st.repeated = len(all) - len(distinct)
	var out []book.Opening
	for _, o := range distinct {
		if count > 0 && len(out) == count {
			break
		}
		if keep != nil {
			pos, err := o.Position(g)
			if err != nil {
				return nil, st, err
			}
			ok, err := keep.keep(ctx, pos)
			if err != nil {
				return nil, st, err
			}
			if !ok {
				continue
			}
		}
		out = append(out, o)
	}
	st.written = len(out)
	if len(out) == 0 {
		return nil, st, fmt.Errorf("no game of %s has %d plies without being over (%s)", strings.Join(files, ", "), plies, st.summary(plies))
	}
	return out, st, nil
}

// commandLine is the command as given: "openings" and its flags that are
// set, for the header of the file it writes.
func commandLine(c *cli.Context) string {
	parts := []string{c.Command.Name}
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		if !c.IsSet(name) {
			continue
		}
		if name == "from" {
			for _, v := range fromFiles(c) {
				parts = append(parts, "--"+name, v)
			}
			continue
		}
		parts = append(parts, "--"+name, fmt.Sprint(c.Value(name)))
	}
	return strings.Join(parts, " ")
}
