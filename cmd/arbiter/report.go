package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/internal/outfile"
	"github.com/arbiter-games/arbiter/rating"
	"github.com/arbiter-games/arbiter/rules/games"
	"github.com/arbiter-games/arbiter/stats"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/view"
)

func reportCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "report",
		Usage:     "print win rates, standings, ratings and a crosstable from the database",
		ArgsUsage: " ",
		Description: "report reads the games stored by 'arbiter tournament' and 'arbiter import' and prints,\n" +
			"per game type, the white/black/draw split as BrainKing shows it, then for each game type\n" +
			"on its own: the standings; maximum likelihood Elo ratings with 95 % intervals (with\n" +
			"--white-advantage, White's advantage in the model, fitted with 'auto'); the head-to-head\n" +
			"lines as cutechess-cli and fastchess print them; a crosstable and the termination counts\n" +
			"per player. Games with an unknown player (?, - or no name) count in the split only.\n" +
			fmt.Sprintf("Above %d players in a game type, head to head and crosstable need --pairs.\n", stats.PairLimit) +
			"Then an SPRT section for every stored SPRT match. --sprt tests a hypothesis over the\n" +
			"games between the two --player (the first is tested against the second), e.g.\n" +
			"  arbiter report --sprt 0,5 --player new --player base\n" +
			"See docs/reports.md.",
		Flags: append(selectionFlags(),
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output `FORMAT`: " + strings.Join(stats.Formats, ", ")},
			outputFlag(),
			&cli.StringFlag{Name: "anchor", Usage: "fix one rating: `NAME=ELO` (default: the average is 0)"},
			&cli.StringFlag{Name: "sprt", Usage: "an SPRT of the first --player against the second over the selected games: " +
				"`ELO0,ELO1[,ALPHA,BETA[,MODEL]]` (alpha and beta default to 0.05, the model to normalized; models: " +
				strings.Join(rating.Models, ", ") + ")"},
			&cli.StringFlag{Name: "white-advantage", Value: "0", Usage: "White's advantage in the rating model, `auto|ELO`: " +
				"auto fits it with the ratings (as Ordo's -W), a number fixes it in Elo"},
			&cli.BoolFlag{Name: "pairs", Usage: fmt.Sprintf("print head to head and crosstables also for game types "+
				"with more than %d players", stats.PairLimit)},
			&cli.StringFlag{Name: "games", Usage: "with --format html, also write the selected games as a viewer page to `FILE.html`, " +
				"and link each crosstable cell to its games there"},
		),
		Action: func(c *cli.Context) error {
			if err := noArgs(c, "report"); err != nil {
				return err
			}
			format := c.String("format")
			if !slices.Contains(stats.Formats, format) {
				return usageErrorf("report: unknown format %q (known: %s)", format, strings.Join(stats.Formats, ", "))
			}
			q, err := reportQuery(c)
			if err != nil {
				return err
			}
			gamesPage := c.String("games")
			if gamesPage != "" && format != "html" {
				return usageErrorf("report: --games writes a viewer page for --format html, not %s", format)
			}
			if os.Getenv("GOMEMLIMIT") == "" {
				// The report's live data stays well under this; the soft
				// limit makes the collector return the garbage of
				// formatting millions of lines before the process grows
				// past it (see docs/reports.md, "Memory").
				debug.SetMemoryLimit(stats.MemoryLimit)
			}
			db, err := openExisting(c, "db")
			if err != nil {
				return err
			}
			defer db.Close()
			r, err := stats.Compute(c.Context, db, q)
			if err != nil {
				return fmt.Errorf("report: %w", err)
			}
			if gamesPage != "" {
				if err := checkOutput(gamesPage, c.String("db")); err != nil {
					return err
				}
				if err := writeGamesPage(c.Context, e, db, q, gamesPage); err != nil {
					return err
				}
				r.GameLink = view.Linker(c.String("output"), gamesPage)
			}
			// The report is written as it is formatted (a big one is
			// hundreds of MB of text), to a regular file through a
			// temporary file renamed into place at the end (see
			// createOutput).
			w, finish, err := createOutput(e, "--output", c.String("output"))
			if err != nil {
				return err
			}
			if err := r.Write(outfile.Interruptible(c.Context, w), format); err != nil {
				return finish(fmt.Errorf("report: %w", err))
			}
			return finish(nil)
		},
	}
}

// reportQuery reads report's selection of games and the flags that shape
// its numbers: --sprt, --anchor, --white-advantage and --pairs.
func reportQuery(c *cli.Context) (stats.Query, error) {
	q, err := selection(c, "report")
	if err != nil {
		return q, err
	}
	if c.IsSet("sprt") {
		test, err := rating.ParseSPRT(c.String("sprt"))
		if err != nil {
			return q, usageErrorf("report: --sprt %q: %v", c.String("sprt"), err)
		}
		if q.Opponent == "" {
			return q, usageErrorf("report: --sprt needs the two players: --player TESTED --player OPPONENT")
		}
		q.SPRT = &test
	}
	if a := c.String("anchor"); a != "" {
		if q.Anchor, q.AnchorElo, err = rating.ParseAnchor(a); err != nil {
			return q, usageErrorf("report: --anchor %q: %v", a, err)
		}
	}
	advantage := c.String("white-advantage")
	if q.FitAdvantage, q.Advantage, err = rating.ParseAdvantage(advantage); err != nil {
		return q, usageErrorf("report: --white-advantage %q: %v", advantage, err)
	}
	q.Pairs = c.Bool("pairs")
	return q, nil
}

// selectionFlags are the flags of report and export: the database, and
// which of its games (see selection).
func selectionFlags() []cli.Flag {
	return []cli.Flag{
		dbFlag(""),
		&cli.StringFlag{Name: "tournament", Usage: "only the games of the tournament `NAME`"},
		gameFlag("only games of the game `ID` (" + games.IDs() + ")"),
		&cli.StringSliceFlag{Name: "player", Usage: "only games the player `NAME` took part in; given twice, only the games between the two"},
	}
}

// selection is the games selectionFlags choose; cmd names the command in
// a usage error. An unknown game id is a usage error that lists the known
// ones, as perft and new say it.
func selection(c *cli.Context, cmd string) (stats.Query, error) {
	q := stats.Query{Tournament: c.String("tournament"), Game: c.String("game")}
	if c.IsSet("game") {
		g, err := games.Lookup(q.Game)
		if err != nil {
			return q, usageErrorf("%s: %v", cmd, err)
		}
		q.Game = g.ID()
	}
	players := c.StringSlice("player")
	switch len(players) {
	case 0:
	case 1:
		q.Player = players[0]
	case 2:
		q.Player, q.Opponent = players[0], players[1]
		if q.Player == q.Opponent {
			return q, usageErrorf("%s: --player %q is given twice", cmd, q.Player)
		}
	default:
		return q, usageErrorf("%s: --player is given %d times; at most two (the games between them)", cmd, len(players))
	}
	return q, nil
}

// outputFlag is --output, which createOutput honours.
func outputFlag() cli.Flag {
	return &cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of stdout"}
}

// openExisting opens the database that the command's flag (db, from)
// names, which must exist: a mistyped path is an error, not a new empty
// database, and the error names the flag. The command's --output must
// not be the database (see checkOutput). In a folder arbiter cannot write
// to, the database is opened read only (see store.OpenReadOnly).
func openExisting(c *cli.Context, flag string) (*store.DB, error) {
	path := c.String(flag)
	if store.IsPostgres(path) {
		return store.OpenReader(c.Context, path)
	}
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, withCode(exitUsage, fmt.Errorf("database %s does not exist (give its path with --%s)", path, flag))
		}
		return nil, withCode(exitUsage, fmt.Errorf("database %s: %w", path, input.UnwrapPath(err)))
	}
	if err := checkOutput(c.String("output"), path); err != nil {
		return nil, err
	}
	return store.OpenReader(c.Context, path)
}

// checkOutput refuses an output path that would replace the database at
// db or one of its companion files (see store.Overwrites): writing the
// output there would destroy the data it is made from.
func checkOutput(output, db string) error {
	if what := store.Overwrites(output, db); what != "" {
		return usageErrorf("output %s is %s: writing there would destroy it", output, what)
	}
	return nil
}

// createOutput returns a writer to stdout (path "" or "-") or to path,
// which the flag names, and finish, which commits it (see
// outfile.Buffered); a directory is a usage error.
func createOutput(e *env, flag, path string) (io.Writer, func(err error) error, error) {
	w, finish, err := outfile.Buffered(e.stdout, path)
	if errors.Is(err, syscall.EISDIR) {
		return nil, nil, usageErrorf("%s %s is a directory: give a file name", flag, path)
	}
	return w, finish, err
}
