package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules/games"
)

func validateCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "replay game records against the rules and report every invalid game",
		ArgsUsage: "FILE... (- for standard input)",
		Description: "Replays every game of every FILE and prints one line per invalid game:\n\n" +
			"   file:line:col: game N (White vs Black): ply K \"c3-e5\": why\n\n" +
			"and one per warning (\"...: warning: why\": a Date that cannot be read, the\n" +
			"variations of an SGF file left out, with --strict a tag arbiter does not know),\n" +
			"then a summary line. With --json, prints one JSON object per game instead\n" +
			"(the summary goes to stderr). Exit status: 0 when every game is valid,\n" +
			"1 when any is invalid, 2 for usage errors or unreadable files (then nothing\n" +
			"is validated and stdout stays empty).\n\n" +
			recordHelp,
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "write one JSON object per game (JSON Lines) on stdout"},
			strictFlag(),
		}, replayFlags()...),
		Action: func(c *cli.Context) error {
			// The files are mapped, not read: the reports point into
			// them only until fn returns.
			files, opts, err := replayInput(e, c, "validate", true)
			if err != nil {
				return err
			}
			opts.NoRecord = true // the reports say all validate writes
			defer releaseFiles(files)
			out := bufio.NewWriterSize(e.stdout, 64<<10)
			vo := replay.ValidateOptions{Out: out, JSON: c.Bool("json"), Summary: out}
			if vo.JSON {
				vo.Summary = e.stderr
			}
			invalid, err := replay.Validate(c.Context, files, opts, vo)
			if err != nil {
				out.Flush()
				return err
			}
			if err := out.Flush(); err != nil {
				return err
			}
			if invalid > 0 {
				return withCode(exitFailure, nil)
			}
			return nil
		},
	}
}

// plural returns one for 1, many for any other count.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// nGames counts games for people: "1 game", "0 games", "12 games".
func nGames(n int) string { return strconv.Itoa(n) + " " + plural(n, "game", "games") }

// replayFlags are the flags that the commands reading records in bulk
// (validate, import, convert) share, which replayInput reads: --jobs and
// the recordFlags.
func replayFlags() []cli.Flag {
	return append([]cli.Flag{jobsFlag()}, recordFlags(false)...)
}

// replaySelectFlags are replayFlags for a command that also chooses a game
// of its files by number, as view does: --game takes N as well as ID (read
// the number with gameNumber).
func replaySelectFlags() []cli.Flag {
	flags := recordFlags(true)
	flags[0].(*cli.GenericFlag).DefaultText = "every game"
	return append([]cli.Flag{jobsFlag()}, flags...)
}

func jobsFlag() cli.Flag {
	return &cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "games replayed in parallel (at most 4 per CPU)"}
}

// strictFlag is validate's and convert's --strict.
func strictFlag() cli.Flag {
	return &cli.BoolFlag{Name: "strict", Usage: "warn about every tag arbiter does not know (it is kept either way), naming a known tag close to it"}
}

// replayInput checks the FILE arguments and the replayFlags of command
// cmd, reads (or with mapped, maps) the files as readFiles does, and returns
// them with the replay options the flags set (--strict too, where cmd has
// it).
func replayInput(e *env, c *cli.Context, cmd string, mapped bool) ([]*input.File, replay.Options, error) {
	if c.NArg() == 0 {
		return nil, replay.Options{}, usageErrorf("%s: no FILE given (use - for standard input)", cmd)
	}
	opts, err := recordOptions(c, cmd)
	if err != nil {
		return nil, replay.Options{}, err
	}
	if choice, _ := c.Generic("game").(*gameChoice); choice != nil && choice.numbered && !choice.selects {
		return nil, replay.Options{}, usageErrorf("%s: --game %d: a game number chooses a game in show and view; here --game takes the game ID of records without a Game tag (one of %s)",
			cmd, choice.number, games.IDs())
	}
	opts.Strict = c.Bool("strict")
	jobs := c.Int("jobs")
	if jobs < 1 {
		return nil, replay.Options{}, usageErrorf("%s: --jobs must be at least 1, not %d", cmd, jobs)
	}
	if most := replay.MaxJobs(); jobs > most {
		fmt.Fprintf(e.stderr, "%s: --jobs %d is more than %d (4 per CPU): using %d\n", cmd, jobs, most, most)
		jobs = most
	}
	files, err := readFiles(c.Context, e, c.Args().Slice(), mapped)
	var tl *replay.TooLongError
	if errors.As(err, &tl) || err != nil && c.Context.Err() != nil {
		return nil, replay.Options{}, err
	}
	if err != nil {
		return nil, replay.Options{}, withCode(exitUsage, err)
	}
	opts.Jobs = jobs
	return files, opts, nil
}

// readFiles reads every named file ("-" is standard input) before any work
// starts, or with mapped maps them (see input.ReadAll); releaseFiles
// unmaps them.
func readFiles(ctx context.Context, e *env, names []string, mapped bool) ([]*input.File, error) {
	return input.ReadAll(ctx, names, input.Options{Map: mapped, Stdin: e.stdin, Records: streamBound})
}

// releaseFiles unmaps the files readFiles mapped.
func releaseFiles(files []*input.File) { input.ReleaseAll(files) }

// streamBound bounds a stream of records read as a file (a pipe, a FIFO,
// standard input) at the longest game arbiter reads.
func streamBound() input.Bound { return replay.NewStreamBound() }
