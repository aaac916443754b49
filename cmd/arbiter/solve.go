package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/proof"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// defaultNodes is solve's --nodes: a round number that the Lines of
// Action solver searches in about a second in a middle game (the
// measurement is in the commit that set it).
const defaultNodes = 1_500_000

func solveCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "prove the result of a position with best play, or annotate records with proven results",
		ArgsUsage: "[FILE] (- for standard input)",
		Description: "Solves a position: --game ID --fen TEXT, or game N of FILE after ply K as show\n" +
			"takes it (FILE [--game N] [--ply K]; default: the end of game 1). Prints the\n" +
			"result for the side to move (win, loss, draw, or unknown when --nodes nodes\n" +
			"of search prove none), a best move, the length in plies of the proof's\n" +
			"longest line, the nodes searched and the time:\n\n" +
			"   win for black (side to move): c3-e5, at most 7 plies; 183211 nodes in 0.21 s\n\n" +
			"--json prints {\"result\", \"move\", \"plies\", \"nodes\", \"seconds\"} (and \"margin\",\n" +
			"the side to move's points minus the other's, in games that score points).\n" +
			"Ctrl-C stops the search: what is proven so far is printed (exit status 130).\n\n" +
			"--annotate solves every game of FILE from its last ply backwards, at most\n" +
			"--nodes nodes per position, until " + strconv.Itoa(proof.GiveUp) + " positions in a row are unknown, and\n" +
			"writes the records (.agn; --jobs games at once) with a comment where the\n" +
			"proven value changes:\n" +
			"{proven: Black wins}, {proven: draw; White's 23. g4-e6 threw away a proven win}.\n" +
			"Other comments are kept; invalid games are reported on stderr and written as\n" +
			"read; games without a solver are written as read. Ctrl-C writes every game\n" +
			"with what was proven until then. Exit status: 0, 1 when a game is invalid or\n" +
			"the game has no solver, 2 for usage errors. See docs/solving.md.\n\n" + recordHelp,
		Flags: append(recordFlags(true),
			&cli.StringFlag{Name: "fen", Usage: "solve this position `TEXT` of the game --game ID names, instead of a FILE's"},
			&cli.IntFlag{Name: "ply", Aliases: []string{"p"}, Value: -1, Usage: "solve the position after this many plies of the game", DefaultText: "all"},
			&cli.Int64Flag{Name: "nodes", Aliases: []string{"n"}, Value: defaultNodes, Usage: "search at most `N` nodes (positions), per position with --annotate"},
			&cli.BoolFlag{Name: "json", Usage: "print the result as a JSON object"},
			&cli.BoolFlag{Name: "annotate", Usage: "write the games of FILE annotated with their proven results"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "with --annotate, games solved at once"},
			outputFlag()),
		Action: func(c *cli.Context) error {
			nodes := c.Int64("nodes")
			if nodes < 1 {
				return usageErrorf("solve: --nodes must be at least 1, not %d", nodes)
			}
			choice, _ := c.Generic("game").(*gameChoice)
			fen := c.IsSet("fen")
			switch {
			case fen && c.NArg() > 0:
				return usageErrorf("solve: give a FILE or --fen, not both")
			case !fen && c.NArg() != 1:
				return usageErrorf("solve: want one FILE or --game ID --fen TEXT, got %d arguments", c.NArg())
			case fen && (choice == nil || choice.game == nil):
				return usageErrorf("solve: --fen needs the game: --game ID (one of %s)", games.IDs())
			case fen && (choice.numbered || c.IsSet("ply") || c.Bool("annotate")):
				return usageErrorf("solve: --fen takes no game number, --ply or --annotate: they choose in a FILE")
			case c.Bool("annotate") && (c.IsSet("ply") || c.Bool("json")):
				return usageErrorf("solve: --annotate solves every ply and writes records: no --ply or --json")
			case c.IsSet("jobs") && !c.Bool("annotate"):
				return usageErrorf("solve: --jobs is for --annotate: one position is solved on one CPU")
			case c.IsSet("output") && !c.Bool("annotate"):
				return usageErrorf("solve: --output is where --annotate writes; the result of one position goes to stdout")
			}
			opts, err := recordOptions(c, "solve")
			if err != nil {
				return err
			}
			if c.Bool("annotate") {
				return annotate(c, e, opts, nodes)
			}
			var game rules.Game
			var pos rules.Position
			if fen {
				game = choice.game
				pos, err = game.Start(rules.TagMap{"FEN": c.String("fen"), "SetUp": "1"})
				if err != nil {
					return usageErrorf("solve: --fen: %v", err)
				}
			} else {
				at, err := recordPosition(c, e, "solve", opts)
				if err != nil {
					return err
				}
				game, pos = at.rules, at.pos
			}
			if _, ok := pos.(rules.Solver); ok {
				fmt.Fprintf(e.stderr, "solve: %s, %s to move: at most %d nodes (Ctrl-C stops with what is proven)\n", game.Name(), pos.Turn(), nodes)
			}
			s, err := proof.Solve(c.Context, game, pos, nodes)
			if err != nil {
				return withCode(exitFailure, fmt.Errorf("solve: %w", err))
			}
			if c.Bool("json") {
				b, _ := json.Marshal(s)
				_, err = fmt.Fprintf(e.stdout, "%s\n", b)
			} else {
				_, err = fmt.Fprintln(e.stdout, s)
			}
			if err == nil && s.Interrupted {
				err = c.Context.Err()
			}
			return err
		},
	}
}

// annotated is one game of solve --annotate's FILE, as the replay gave it.
type annotated struct {
	report replay.Report // Record and Extra not kept
	game   *notation.Game
	text   string // the record as read, "" when it cannot be written
}

// annotate is solve --annotate: the games of the FILE replayed, then each
// valid one annotated and written in order.
func annotate(c *cli.Context, e *env, opts replay.Options, nodes int64) error {
	jobs := c.Int("jobs")
	if jobs < 1 {
		return usageErrorf("solve: --jobs must be at least 1, not %d", jobs)
	}
	files, err := readFiles(c.Context, e, c.Args().Slice(), false)
	if err != nil {
		return withCode(exitUsage, err)
	}
	defer releaseFiles(files)
	f := files[0]
	only, selected := gameNumber(c)
	if selected && only < 1 {
		return usageErrorf("solve: --game %d: game numbers start at 1", only)
	}
	opts.Text = true
	var list []annotated
	err = replay.File(c.Context, f.Name, f.Data, opts, func(r replay.Report) {
		if selected && r.Index != only {
			return
		}
		a := annotated{report: r}
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
		return err
	}
	if len(list) == 0 {
		if selected {
			return usageErrorf("solve: %s has no game %d", f.Name, only)
		}
		return withCode(exitFailure, fmt.Errorf("solve: %s holds no games", f.Name))
	}
	w, finish, err := createOutput(e, "--output", c.String("output"))
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "solve: annotating %s of %s, at most %d nodes a position (Ctrl-C writes them with what is proven)\n",
		nGames(len(list)), f.Name, nodes)
	ctx, cancel := context.WithCancel(c.Context)
	defer cancel() // an early return ends the annotations in progress
	results := annotateAll(ctx, list, nodes, jobs)
	var invalid, unsolvable, done int
	for i, a := range list {
		r := &a.report
		r.WriteWarnings(e.stderr)
		text := a.text
		switch {
		case a.game == nil:
			invalid++
			fmt.Fprintln(e.stderr, r.Describe())
			if text == "" {
				fmt.Fprintf(e.stderr, "%s: left out: its text cannot be read to its end\n", r.Heading(r.Line, 1))
			}
		default:
			res := <-results[i]
			an, err := res.annotation, res.err
			if !res.started {
				break // interrupted before it: written as read
			}
			if errors.Is(err, proof.ErrNoSolver) {
				unsolvable++
				fmt.Fprintf(e.stderr, "%s: written as read: %v\n", r.Heading(r.Line, 1), err)
				break
			}
			if err != nil {
				return finish(fmt.Errorf("%s: %w", r.Heading(r.Line, 1), err))
			}
			done++
			text = an.Record.String()
			fmt.Fprintf(e.stderr, "%s: %s\n", r.Heading(r.Line, 1), summary(an, len(a.game.Moves)))
		}
		if text == "" {
			continue
		}
		if _, err := io.WriteString(w, text); err != nil {
			return finish(err)
		}
		if text[len(text)-1] != '\n' {
			io.WriteString(w, "\n")
		}
	}
	if err := finish(nil); err != nil {
		return err
	}
	if err := c.Context.Err(); err != nil {
		fmt.Fprintf(e.stderr, "solve: %s annotated before the interrupt, the rest written as read\n", nGames(done))
		return err
	}
	line := fmt.Sprintf("solve: %s annotated, %d invalid", nGames(done), invalid)
	if unsolvable > 0 {
		line += fmt.Sprintf(", %d without a solver", unsolvable)
	}
	fmt.Fprintln(e.stderr, line)
	switch {
	case invalid > 0:
		return withCode(exitFailure, nil)
	case done == 0 && unsolvable > 0:
		// No game has a solver: each said so.
		return withCode(exitFailure, nil)
	}
	return nil
}

// annotation is what proof.Annotate made of a game, or that it did not
// start (interrupted before).
type annotation struct {
	annotation proof.Annotation
	err        error
	started    bool
}

// annotateAll annotates the valid games of list, jobs at a time, in the
// order of the list; each result comes on the game's channel (none for
// an invalid game).
func annotateAll(ctx context.Context, list []annotated, nodes int64, jobs int) []chan annotation {
	results := make([]chan annotation, len(list))
	for i := range results {
		results[i] = make(chan annotation, 1)
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
					results[i] <- annotation{}
					return
				}
				an, err := proof.Annotate(ctx, a.game, nodes)
				results[i] <- annotation{annotation: an, err: err, started: true}
			}()
		}
	}()
	return results
}

// summary says what Annotate did to a game of plies plies.
func summary(a proof.Annotation, plies int) string {
	if a.Solved == 0 {
		return "nothing solved"
	}
	s := fmt.Sprintf("plies %d to %d solved, %d proven, %d %s", a.From, plies, a.Proven, a.Marks, plural(a.Marks, "comment", "comments"))
	if a.Thrown > 0 {
		s += fmt.Sprintf(" (%d thrown away)", a.Thrown)
	}
	return s + fmt.Sprintf("; %d nodes in %.2f s", a.Nodes, a.Elapsed.Seconds())
}
