package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"

	"github.com/urfave/cli/v2"

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

// annotate is solve --annotate: the games of the FILE annotated and
// written in order (proof.AnnotateFile).
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
	o := proof.FileOptions{Nodes: nodes, Jobs: jobs, Create: func() (io.Writer, func(error) error, error) {
		return createOutput(e, "--output", c.String("output"))
	}}
	if n, selected := gameNumber(c); selected {
		if n < 1 {
			return usageErrorf("solve: --game %d: game numbers start at 1", n)
		}
		o.Game = n
	}
	res, err := proof.AnnotateFile(c.Context, f.Name, f.Data, opts, o, e.stderr)
	switch {
	case errors.Is(err, proof.ErrNoGame):
		return usageErrorf("solve: %v", err)
	case errors.Is(err, proof.ErrEmpty):
		return withCode(exitFailure, fmt.Errorf("solve: %w", err))
	case err != nil && c.Context.Err() != nil && res.Games > 0:
		fmt.Fprintf(e.stderr, "solve: %s annotated before the interrupt, the rest written as read\n", nGames(res.Annotated))
		return c.Context.Err()
	case err != nil:
		return err
	}
	fmt.Fprintf(e.stderr, "solve: %s\n", res)
	if res.Invalid > 0 || res.Annotated == 0 && res.Unsolvable > 0 {
		return withCode(exitFailure, nil) // each game said why
	}
	return nil
}
