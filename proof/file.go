package proof

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
)

// FileOptions say how AnnotateFile works through a file.
type FileOptions struct {
	Nodes int64 // the budget of each position
	Jobs  int   // games annotated at once (at least 1)
	Game  int   // annotate only game Game of the file; 0 for every game
	// Create opens the output once the file is read and holds games:
	// the writer, and the function that ends it (given the error the
	// writing ended with, it returns the error of the whole).
	Create func() (io.Writer, func(error) error, error)
}

// FileResult counts what AnnotateFile did.
type FileResult struct {
	Games, Annotated, Invalid, Unsolvable int
}

// Errors of AnnotateFile before it writes anything.
var (
	ErrNoGame = errors.New("no such game") // FileOptions.Game is not in the file
	ErrEmpty  = errors.New("holds no games")
)

// read is one game of the file, as the replay gave it.
type read struct {
	report replay.Report  // Record and Extra not kept
	game   *notation.Game // nil for an invalid game
	text   string         // the record as read, "" when it cannot be written
}

// AnnotateFile is arbiter solve --annotate: the games of the file name
// (data) replayed as validate replays them, then each valid one annotated
// (Annotate, o.Jobs at once) and written in the file's order: invalid
// games as read (or left out when their text cannot be read to its end)
// with their located error on log, games without a solver as read. When
// ctx ends, every game is still written: those annotated, the one in
// progress with what was proven, the rest as read; the error is then
// ctx's.
func AnnotateFile(ctx context.Context, name string, data []byte, ro replay.Options, o FileOptions, log io.Writer) (FileResult, error) {
	var res FileResult
	ro.Text = true
	var list []read
	err := replay.File(ctx, name, data, ro, func(r replay.Report) {
		if o.Game > 0 && r.Index != o.Game {
			return
		}
		a := read{report: r}
		a.report.Record, a.report.Extra = nil, nil
		switch {
		case r.Valid:
			g := *r.Canonical()
			g.Tags = append([]notation.Tag(nil), g.Tags...)
			g.Moves = append([]notation.Move(nil), g.Moves...)
			a.game, a.text = &g, r.Text
		case r.Record.Err == nil || r.Record.Err.Code == notation.CodeResultMismatch:
			a.text = r.Canonical().String()
		}
		list = append(list, a)
	})
	if err != nil {
		return res, err
	}
	if len(list) == 0 {
		if o.Game > 0 {
			return res, fmt.Errorf("%s has no game %d: %w", name, o.Game, ErrNoGame)
		}
		return res, fmt.Errorf("%s %w", name, ErrEmpty)
	}
	res.Games = len(list)
	w, finish, err := o.Create()
	if err != nil {
		return res, err
	}
	fmt.Fprintf(log, "solve: annotating %s of %s, at most %d nodes a position (Ctrl-C writes them with what is proven)\n",
		nGames(len(list)), name, o.Nodes)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // an early return ends the annotations in progress
	results := annotateAll(ctx, list, o.Nodes, max(o.Jobs, 1))
	for i, a := range list {
		r := &a.report
		r.WriteWarnings(log)
		text := a.text
		switch {
		case a.game == nil:
			res.Invalid++
			fmt.Fprintln(log, r.Describe())
			if text == "" {
				fmt.Fprintf(log, "%s: left out: its text cannot be read to its end\n", r.Heading(r.Line, 1))
			}
		default:
			got := <-results[i]
			if !got.started {
				break // interrupted before it: written as read
			}
			if errors.Is(got.err, ErrNoSolver) {
				res.Unsolvable++
				fmt.Fprintf(log, "%s: written as read: %v\n", r.Heading(r.Line, 1), got.err)
				break
			}
			if got.err != nil {
				return res, finish(fmt.Errorf("%s: %w", r.Heading(r.Line, 1), got.err))
			}
			res.Annotated++
			text = got.annotation.Record.String()
			fmt.Fprintf(log, "%s: %s\n", r.Heading(r.Line, 1), got.annotation.summary(len(a.game.Moves)))
		}
		if text == "" {
			continue
		}
		if _, err := io.WriteString(w, text); err != nil {
			return res, finish(err)
		}
		if text[len(text)-1] != '\n' {
			io.WriteString(w, "\n")
		}
	}
	if err := finish(nil); err != nil {
		return res, err
	}
	return res, ctx.Err()
}

// String says what AnnotateFile did, in the words of its last line.
func (r FileResult) String() string {
	line := fmt.Sprintf("%s annotated, %d invalid", nGames(r.Annotated), r.Invalid)
	if r.Unsolvable > 0 {
		line += fmt.Sprintf(", %d without a solver", r.Unsolvable)
	}
	return line
}

// annotated is what Annotate made of a game, or that it did not start
// (interrupted before).
type annotated struct {
	annotation Annotation
	err        error
	started    bool
}

// annotateAll annotates the valid games of list, jobs at a time, in the
// order of the list; each result comes on the game's channel (none for
// an invalid game).
func annotateAll(ctx context.Context, list []read, nodes int64, jobs int) []chan annotated {
	results := make([]chan annotated, len(list))
	for i := range results {
		results[i] = make(chan annotated, 1)
	}
	go func() {
		sem := make(chan struct{}, jobs)
		for i, a := range list {
			if a.game == nil {
				continue
			}
			sem <- struct{}{}
			go func() {
				defer func() { <-sem }()
				if ctx.Err() != nil {
					results[i] <- annotated{}
					return
				}
				an, err := Annotate(ctx, a.game, nodes)
				results[i] <- annotated{annotation: an, err: err, started: true}
			}()
		}
	}()
	return results
}

// summary says what Annotate did to a game of plies plies.
func (a Annotation) summary(plies int) string {
	if a.Solved == 0 {
		return "nothing solved"
	}
	s := fmt.Sprintf("plies %d to %d solved, %d proven, %d %s", a.From, plies, a.Proven, a.Marks, plural(a.Marks, "comment", "comments"))
	if a.Thrown > 0 {
		s += fmt.Sprintf(" (%d thrown away)", a.Thrown)
	}
	return s + fmt.Sprintf("; %d nodes in %.2f s", a.Nodes, a.Elapsed.Seconds())
}

// nGames counts games for people: "1 game", "0 games", "12 games".
func nGames(n int) string { return strconv.Itoa(n) + " " + plural(n, "game", "games") }
