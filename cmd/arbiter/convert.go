package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/sgf"
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
			opts.Text = true
			w, finish, err := createOutput(e, "--output", c.String("output"))
			if err != nil {
				return err
			}
			cv := converter{e: e, w: w, sgf: to == "sgf", keep: c.Bool("keep-invalid")}
			for _, f := range files {
				err := replay.File(c.Context, f.Name, f.Data, opts, cv.convert)
				if err == nil {
					err = cv.err
				}
				if err != nil {
					return finish(err)
				}
			}
			if err := finish(nil); err != nil {
				return err
			}
			fmt.Fprintln(e.stderr, cv.summary())
			if cv.invalid > 0 || cv.unwritable > 0 {
				return withCode(exitFailure, nil)
			}
			return nil
		},
	}
}

// converter writes the games that replay.File reports, as convert does.
type converter struct {
	e    *env
	w    io.Writer
	sgf  bool // write SGF, not .agn
	keep bool // --keep-invalid
	buf  []byte

	total, written, invalid, kept, unwritable int
	err                                       error // the first write error
}

// convert writes the game of r, or says on stderr why it does not.
func (cv *converter) convert(r replay.Report) {
	cv.total++
	if cv.err != nil {
		return
	}
	writeWarnings(cv.e.stderr, &r)
	if !r.Valid {
		cv.invalid++
		fmt.Fprintln(cv.e.stderr, r.Describe())
		if !cv.keep {
			return
		}
		if rec := r.Record.Err; rec != nil && rec.Code != notation.CodeResultMismatch {
			fmt.Fprintf(cv.e.stderr, "%s: left out: its text cannot be read to its end\n", r.Heading(r.Line, 1))
			return
		}
		if cv.write(&r, r.Canonical().String()) {
			cv.kept++
		}
		return
	}
	if cv.write(&r, r.Text) {
		cv.written++
	}
}

// write writes the record of r: text in .agn, or r.Canonical() as SGF.
// It reports whether it did.
func (cv *converter) write(r *replay.Report, text string) bool {
	if !cv.sgf {
		_, cv.err = io.WriteString(cv.w, text)
		return cv.err == nil
	}
	var err error
	cv.buf, err = sgf.Append(cv.buf[:0], r.Canonical())
	if err != nil {
		cv.unwritable++
		what := "cannot be written as SGF"
		if errors.Is(err, sgf.ErrNotLOA) {
			what = "is not Lines of Action: it cannot be written as SGF"
		}
		fmt.Fprintf(cv.e.stderr, "%s: %s (%v)\n", r.Heading(r.Line, 1), what, err)
		return false
	}
	// A blank line after each game, as after an .agn record.
	_, cv.err = cv.w.Write(append(cv.buf, '\n'))
	return cv.err == nil
}

// summary is convert's last line on stderr.
func (cv *converter) summary() string {
	s := fmt.Sprintf("%s: %d written, %d invalid", nGames(cv.total), cv.written, cv.invalid)
	if cv.keep {
		s += fmt.Sprintf(" (%d of them written as read)", cv.kept)
	}
	if cv.unwritable > 0 {
		s += fmt.Sprintf(", %d not written as SGF", cv.unwritable)
	}
	return s
}
