package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/internal/outfile"
	"github.com/arbiter-games/arbiter/matchline"
	"github.com/arbiter-games/arbiter/tournament"
)

// matchCommand plays a tournament given on the command line as fastchess
// and cutechess-cli take theirs.
func matchCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "match",
		Usage:     "play a match or tournament given on the command line, as fastchess and cutechess-cli take it",
		ArgsUsage: "-game GAME -engine cmd=... name=... -engine ... [-each KEY=VALUE...] [OPTIONS]",
		Description: "Plays the tournament that the command line describes, with fastchess's option\n" +
			"syntax: an option (-engine or --engine) and its words up to the next option,\n" +
			"most of them key=value. It is a tournament like any other (see arbiter\n" +
			"tournament and docs/tournament.md): stored in the database game by game, and\n" +
			"resumed when the same command runs again with the same engines (its name is\n" +
			"made from its settings and its engines' files unless -name gives one: a\n" +
			"rebuilt engine starts a new match). Its first line on stderr says which:\n" +
			"\"new match NAME\" or \"resuming match NAME: N of M games stored\". -config-out\n" +
			"writes the equivalent config.\n\n" +
			"Example:\n\n" +
			"  arbiter match -game lines-of-action -engine cmd=./mine name=mine \\\n" +
			"      -engine cmd=arbiter args=\"engine --game lines-of-action\" name=builtin \\\n" +
			"      -each tc=10+0.1 -rounds 50 -repeat -concurrency 2\n\n" +
			"As fastchess, it plays 2 rounds of 2 games (a colour-swapped pair) unless\n" +
			"-rounds and -games say otherwise, and warns when no -openings is given.\n" +
			"docs/match.md lists fastchess's options and what each does here; those that\n" +
			"cannot apply to these games (-variant, -tb, -quick, ...) are refused with why.\n\n" +
			"Options:\n\n" + matchline.Help() + "\n" +
			"Time controls: tc=10+0.1 (seconds + increment), tc=40/60+0.6 (40 moves in 60 s,\n" +
			"then 60 s more for the next 40), tc=1:30+1 (minutes:seconds), tc=inf (no limit:\n" +
			"give nodes= or depth=); st=0.05 is a fixed time per move. A time (the base, the\n" +
			"increment, st=) is at most a year, 31536000 seconds.\n\n" +
			"At the end, and every -ratinginterval games (10 by default), it prints fastchess's\n" +
			"result block (on stderr while it plays, and after a Ctrl-C for the games stored),\n" +
			"with fastchess's figures: for two engines Elo, nElo, LOS, draw and pairs ratios,\n" +
			"the pentanomial counts and the SPRT; for more, fastchess's table of each engine's\n" +
			"Elo, nElo, score and draws. With -report penta=true (the default, as fastchess)\n" +
			"they come from the colour-swapped pairs, with penta=false (or -games 1) from the\n" +
			"games; they are not arbiter report's ratings.\n\n" +
			"Exit status: 0 done, 1 an engine cannot play, a database error or a warning\n" +
			"with -strict, 2 a bad command line (nothing is stored or started), 130\n" +
			"interrupted (Ctrl-C: as arbiter tournament).",
		SkipFlagParsing: true,
		Action: func(c *cli.Context) error {
			args := c.Args().Slice()
			for _, a := range args {
				if a == "-h" || a == "--help" || a == "-help" {
					// ShowCommandHelp looks for "match" among the commands
					// of the context it is given: the app's, not match's.
					return cli.ShowCommandHelp(c.Lineage()[1], "match")
				}
			}
			opts, err := matchline.Parse(args)
			if err != nil {
				return usageErrorf("match: %v", err)
			}
			m, err := matchline.Load(c.Context, opts)
			if err != nil {
				if c.Context.Err() != nil {
					return err // interrupted: run exits with 130
				}
				return usageErrorf("match: %v", err)
			}
			cfg, db := m.Config, m.DB
			if db == "" {
				db = os.Getenv("ARBITER_DB")
			}
			if db == "" {
				db = "arbiter.db"
			}
			if m.Strict && len(m.Warnings) > 0 {
				for _, w := range m.Warnings {
					fmt.Fprintf(e.stderr, "arbiter: warning: %s\n", w)
				}
				return withCode(exitFailure, errors.New("match: -strict: the warning above ends the match before it starts"))
			}
			// As fastchess, the files a match writes may be in a directory
			// that does not exist yet.
			for _, f := range []struct{ option, path string }{{"-pgnout", m.Out}, {"-epdout", m.EPDOut}, {"-log", cfg.LogPath()}} {
				if f.path == "" {
					continue
				}
				if err := checkOutput(f.path, db); err != nil {
					return err
				}
				if err := os.MkdirAll(filepath.Dir(f.path), 0o777); err != nil {
					return usageErrorf("match: %s: %v", f.option, err)
				}
			}
			// append=false: the file starts empty.
			for _, path := range m.Truncate {
				if err := os.WriteFile(path, nil, 0o644); err != nil {
					return usageErrorf("match: %v", err)
				}
			}
			if err := writeConfigOut("match", m.ConfigOut, m.ConfigFile(time.Now())); err != nil {
				return err
			}
			return play(c.Context, e, cfg, playOptions{cmd: "match", db: db, out: m.Out,
				lease: tournament.DefaultLease, source: "the command line", ratingInterval: m.RatingInterval, wdl: m.WDL,
				resultsOnStop: true, strict: m.Strict, epdOut: m.EPDOut, cutechess: m.Cutechess,
				scoreInterval: m.ScoreInterval, showLatency: m.ShowLatency, warnings: m.Warnings})
		},
	}
}

// writeConfigOut writes text, command cmd's config, to -config-out's path
// (none when it is "").
func writeConfigOut(cmd, path, text string) error {
	if path == "" {
		return nil
	}
	if err := outfile.WriteFile(path, text); err != nil {
		if errors.Is(err, syscall.EISDIR) {
			return usageErrorf("%s: -config-out %s is a directory: give a file name", cmd, path)
		}
		return fmt.Errorf("%s: -config-out: %w", cmd, err)
	}
	return nil
}
