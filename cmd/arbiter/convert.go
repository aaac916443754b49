package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/replay"
)

func convertCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "convert record files between .agn and SGF, checked as validate checks them",
		ArgsUsage: "FILE... (- for standard input)",
		Description: "Replays every game of every FILE as validate does and writes each valid one,\n" +
			"in file order, to stdout (or --output) as its canonical record: .agn (as import\n" +
			"stores it and export writes it), or with --to sgf as boardspace.net's SGF of\n" +
			"Lines of Action (GM[9]; games of other types cannot be written so). No\n" +
			"database is used. Invalid games are listed on stderr as validate lists them and\n" +
			"left out, or with --keep-invalid written as they were read (unless their text\n" +
			"could not be read to its end); warnings go to stderr, then a summary line.\n" +
			"Exit status: 0 when every game was valid and written, 1 when any was not,\n" +
			"2 for usage errors or unreadable files (then nothing is written).\n\n" + recordHelp,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "to", Usage: "the format written: `agn` or sgf (default: sgf when --output ends in .sgf, else agn)"},
			outputFlag(),
			&cli.BoolFlag{Name: "keep-invalid", Usage: "write the invalid games too, as they were read"},
			strictFlag(),
		}, replayFlags()...),
		Action: func(c *cli.Context) error {
			to := c.String("to")
			switch to {
			case "agn", "sgf":
			case "":
				to = "agn"
				if strings.EqualFold(filepath.Ext(c.String("output")), ".sgf") {
					to = "sgf"
				}
			default:
				return usageErrorf("convert: --to %q: want agn or sgf", to)
			}
			files, opts, err := replayInput(e, c, "convert", true)
			if err != nil {
				return err
			}
			defer releaseFiles(files)
			w, finish, err := createOutput(e, "--output", c.String("output"))
			if err != nil {
				return err
			}
			cv := replay.Converter{Out: w, Log: e.stderr, SGF: to == "sgf", Keep: c.Bool("keep-invalid")}
			if err := cv.Files(c.Context, files, opts); err != nil {
				return finish(err)
			}
			if err := finish(nil); err != nil {
				return err
			}
			fmt.Fprintln(e.stderr, cv.Summary())
			if cv.Failed() {
				return withCode(exitFailure, nil)
			}
			return nil
		},
	}
}
