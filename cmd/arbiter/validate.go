package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
)

func validateCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "replay game records against the rules and report every invalid game",
		ArgsUsage: "FILE... (- for standard input)",
		Description: "Replays every game of every FILE and prints one line per invalid game:\n\n" +
			"   file:line:col: game N (White vs Black): ply K \"c3-e5\": why\n\n" +
			"then a summary line. With --json, prints one JSON object per game instead\n" +
			"(the summary goes to stderr). Exit status: 0 when every game is valid,\n" +
			"1 when any is invalid, 2 for usage errors or unreadable files (then nothing\n" +
			"is validated and stdout stays empty).",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "write one JSON object per game (JSON Lines) on stdout"},
		}, replayFlags()...),
		Action: func(c *cli.Context) error {
			// The files are mapped, not read: the reports point into
			// them only until fn returns.
			files, opts, err := replayInput(e, c, "validate", true)
			if err != nil {
				return err
			}
			defer releaseFiles(files)
			out := bufio.NewWriterSize(e.stdout, 64<<10)
			var total, invalid int
			asJSON := c.Bool("json")
			enc := json.NewEncoder(out)
			enc.SetEscapeHTML(false)
			for _, f := range files {
				err := replay.File(c.Context, f.name, f.data, opts, func(r replay.Report) {
					total++
					if !r.Valid {
						invalid++
					}
					if asJSON {
						enc.Encode(jsonReport(&r))
					} else if !r.Valid {
						fmt.Fprintln(out, r.Describe())
					}
				})
				if err != nil {
					out.Flush()
					return err
				}
			}
			summary := fmt.Sprintf("%d games, %d valid, %d invalid", total, total-invalid, invalid)
			if asJSON {
				fmt.Fprintln(e.stderr, summary)
			} else {
				fmt.Fprintln(out, summary)
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

// replayFlags are the flags that validate and import share, which
// replayInput reads.
func replayFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "games replayed in parallel (at most 4 per CPU)"},
	}
}

// replayInput checks the FILE arguments and the replayFlags of command
// cmd, reads (or with mapped, maps) the files as readFiles does, and returns
// them with the replay options the flags set.
func replayInput(e *env, c *cli.Context, cmd string, mapped bool) ([]inputFile, replay.Options, error) {
	if c.NArg() == 0 {
		return nil, replay.Options{}, usageErrorf("%s: no FILE given (use - for standard input)", cmd)
	}
	jobs := c.Int("jobs")
	if jobs < 1 {
		return nil, replay.Options{}, usageErrorf("%s: --jobs must be at least 1, not %d", cmd, jobs)
	}
	if most := maxJobs(); jobs > most {
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
	return files, replay.Options{Jobs: jobs}, nil
}

// maxJobs is the most games replayed in parallel: 4 per CPU. More would
// not be faster, and each job holds a window of blocks of games.
func maxJobs() int { return 4 * runtime.NumCPU() }

type inputFile struct {
	name    string
	data    []byte
	release func() // unmaps data; nil when data was read
}

// releaseFiles unmaps the files readFiles mapped.
func releaseFiles(files []inputFile) {
	for _, f := range files {
		if f.release != nil {
			f.release()
		}
	}
}

// readFiles reads every named file ("-" is standard input) before any work
// starts, so that an unreadable file fails the command with nothing done.
// With mapped, regular files are mapped into memory instead (see mapFile);
// releaseFiles unmaps them. Opening and reading stop when ctx is done,
// even while the system call waits (a FIFO with no writer, a terminal): it
// is left waiting on a goroutine of its own, and the command ends.
func readFiles(ctx context.Context, e *env, names []string, mapped bool) ([]inputFile, error) {
	files := make([]inputFile, 0, len(names))
	for _, name := range names {
		type result struct {
			f   inputFile
			err error
		}
		done := make(chan result, 1)
		go func() {
			var r result
			r.f, r.err = readInput(ctx, e, name, mapped)
			done <- r
		}()
		var r result
		select {
		case r = <-done:
		case <-ctx.Done():
			r.err = ctx.Err()
			go func() { // release what the read may still return
				if r := <-done; r.f.release != nil {
					r.f.release()
				}
			}()
		}
		if r.err != nil {
			releaseFiles(files)
			return nil, r.err
		}
		files = append(files, r.f)
	}
	return files, nil
}

// readInput reads (or maps) the file name, "-" for standard input.
func readInput(ctx context.Context, e *env, name string, mapped bool) (inputFile, error) {
	f := inputFile{name: name}
	var err error
	var ok bool
	switch {
	case name == "-":
		f.name = "<stdin>"
		f.data, err = readStream(ctx, f.name, e.stdin, 0)
	case mapped:
		if f.data, f.release, ok, err = mapFile(name); err == nil && !ok {
			f.data, err = readFile(ctx, name)
		}
	default:
		f.data, err = readFile(ctx, name)
	}
	if err != nil {
		var tl *replay.TooLongError
		if errors.As(err, &tl) || errors.Is(err, ctx.Err()) && ctx.Err() != nil {
			return f, err
		}
		return f, fmt.Errorf("read %s: %w", f.name, unwrapPath(err))
	}
	return f, nil
}

// readFile reads the file name: a regular file whole (replay checks the
// size of its games), anything else (a pipe, a FIFO, a device) as
// readStream does.
func readFile(ctx context.Context, name string) ([]byte, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if st.Mode().IsRegular() {
		return readStream(ctx, "", fh, st.Size())
	}
	return readStream(ctx, name, fh, 0)
}

// readStream reads r to its end, checking ctx between reads. With a
// name, it reads no further than replay.MaxGame bytes past the start of
// the last game it has seen, and then fails with replay's
// *replay.TooLongError: the memory a stream takes is what its games take,
// plus at most MaxGame (issue 17: /dev/zero was read without end). size is
// a hint of the length.
func readStream(ctx context.Context, name string, r io.Reader, size int64) ([]byte, error) {
	const chunk = 1 << 20
	buf := make([]byte, 0, max(min(size+1, 1<<30), 512))
	var game stream
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):min(cap(buf), len(buf)+chunk)])
		buf = buf[:len(buf)+n]
		if name != "" {
			if tl := game.check(name, buf, err == io.EOF); tl != nil {
				return nil, tl
			}
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// stream follows where the last game of a stream starts as it is read.
type stream struct {
	start   int // where the last game begins (the earlier ones are whole)
	scanned int // bytes read when it was last looked for
}

// check looks for the start of the last game of data when 8 MiB came in
// since it last looked (so that the text is scanned about twice at most),
// and returns a *replay.TooLongError when that game is longer than
// replay.MaxGame.
func (s *stream) check(name string, data []byte, eof bool) *replay.TooLongError {
	if len(data)-s.scanned < 8<<20 && !eof {
		return nil
	}
	s.scanned = len(data)
	last, ok := -1, false
	sp := notation.NewSplitter(data[s.start:])
	for ch, more := sp.Next(); more; ch, more = sp.Next() {
		last, ok = ch.Start, true
	}
	if ok {
		s.start += last
	}
	if len(data)-s.start <= replay.MaxGame {
		return nil
	}
	// Locate the game as replay does (the first game is the whole
	// input when no chunk was found).
	games := 0
	sp = notation.NewSplitter(data[:s.start])
	for _, more := sp.Next(); more; _, more = sp.Next() {
		games++
	}
	line := 1 + bytes.Count(data[:s.start], []byte("\n"))
	col := s.start - bytes.LastIndexByte(data[:s.start], '\n')
	return &replay.TooLongError{File: name, Line: line, Col: col, Index: games + 1}
}

// unwrapPath drops the path that os errors repeat.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// gameJSON is one line of validate --json.
type gameJSON struct {
	File        string          `json:"file"`
	Index       int             `json:"index"`
	Line        int             `json:"line"`
	Game        string          `json:"game"`
	White       string          `json:"white"`
	Black       string          `json:"black"`
	Plies       int             `json:"plies"`
	Valid       bool            `json:"valid"`
	Result      string          `json:"result"`
	Score       string          `json:"score"`
	Termination string          `json:"termination"`
	Error       *notation.Error `json:"error"`
}

func jsonReport(r *replay.Report) gameJSON {
	j := gameJSON{File: r.File, Index: r.Index, Line: r.Line, Game: r.Game, White: r.White, Black: r.Black,
		Plies: r.Plies, Valid: r.Valid, Result: r.Result.String(), Termination: r.Termination, Error: r.Err}
	if r.Score != nil {
		j.Score = r.Score.String()
	}
	return j
}
