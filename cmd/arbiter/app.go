package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/arbiter-games/arbiter/internal/cliargs"
	"github.com/arbiter-games/arbiter/internal/completion"
	"github.com/arbiter-games/arbiter/internal/version"
	"github.com/arbiter-games/arbiter/rules/games"
	"github.com/arbiter-games/arbiter/worker"
)

// Exit codes.
const (
	exitOK          = 0
	exitFailure     = 1 // a command failed, or the data it checked is invalid
	exitUsage       = 2 // bad flags or arguments, unreadable input files
	exitInterrupted = 130
)

// env is what every subcommand reads and writes: stdout carries data,
// stderr is for people.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// exitError carries an exit code back to run; err may be nil when the
// command has already said everything it had to say.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageErrorf reports a usage error (exit 2).
func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// withCode attaches an exit code to err (err may be nil: exit quietly).
func withCode(code int, err error) error { return &exitError{code: code, err: err} }

func newApp(e *env) *cli.App {
	return &cli.App{
		Name:  "arbiter",
		Usage: "record, validate, play and report " + games.Names() + " games",
		Description: "arbiter reads and writes game records (*.agn, and boardspace.net's SGF of Lines\n" +
			"of Action), replays them against the rules,\n" +
			"runs engine tournaments over the UGI protocol and reports win rates.\n" +
			"Games: " + games.IDs() + ". See README.md and docs/.",
		Version:                version.String(),
		Reader:                 e.stdin,
		Writer:                 e.stdout,
		ErrWriter:              e.stderr,
		UseShortOptionHandling: false,
		// A repeatable flag's value is taken whole: a player's name may
		// have a comma in it.
		DisableSliceFlagSeparator: true,
		Commands: []*cli.Command{
			validateCommand(e),
			showCommand(e),
			solveCommand(e),
			viewCommand(e),
			perftCommand(e),
			newCommand(e),
			engineCommand(e),
			tournamentCommand(e),
			matchCommand(e),
			tuneCommand(e),
			openingsCommand(e),
			workerCommand(e),
			reportCommand(e),
			serveCommand(e),
			importCommand(e),
			exportCommand(e),
			convertCommand(e),
			copyCommand(e),
			completionCommand(e),
		},
		// Errors come back to run, which prints them once and picks the code.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(c *cli.Context, err error, isSubcommand bool) error {
			return usageErrorf("%v", err)
		},
	}
}

// run runs arbiter with args (args[0] is the program name) and returns the
// exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if worker.Is(args) {
		// A tournament's worker process, started once per game at once.
		return exitCode(ctx, stderr, serveWorker(ctx, e))
	}
	app := newApp(e)
	// Setup adds the help command; every command, help included, reports
	// a usage error through OnUsageError (exit 2, stdout empty).
	app.Setup()
	for _, c := range app.Commands {
		if c.OnUsageError == nil {
			c.OnUsageError = app.OnUsageError
		}
	}
	if len(args) > 1 && args[len(args)-1] == completion.Flag {
		completion.Write(app, e.stdout, args[1:len(args)-1])
		return exitOK
	}
	if len(args) > 1 && !strings.HasPrefix(args[1], "-") && args[1] != "help" && app.Command(args[1]) == nil {
		fmt.Fprintf(stderr, "arbiter: unknown command %q; run 'arbiter --help' for the list\n", args[1])
		return exitUsage
	}
	if len(args) > 2 && args[1] == "tournament" && slices.ContainsFunc(args[2:], func(a string) bool {
		return slices.Contains([]string{"-engine", "--engine", "-each", "--each"}, a)
	}) {
		fmt.Fprintln(stderr, "arbiter: tournament reads its games from a CONFIG.yaml; a match given on the command line, "+
			"as fastchess and cutechess-cli take it, is arbiter match -game GAME -engine cmd=... -engine ... (see arbiter match --help)")
		return exitUsage
	}
	argv, err := cliargs.Interspersed(app, args)
	if err != nil {
		err = withCode(exitUsage, err)
	} else {
		err = app.RunContext(ctx, argv)
	}
	return exitCode(ctx, stderr, typedFlagNames(err, args))
}

// exitCode prints err, the outcome of a command run under ctx, on stderr
// and returns the exit code for it.
func exitCode(ctx context.Context, stderr io.Writer, err error) int {
	var ee *exitError
	if errors.As(err, &ee) && ee.code == exitOK {
		// A command that finished its work whatever signal came after.
		return exitOK
	}
	if ctx.Err() != nil {
		if err != nil && !errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "arbiter: %v\n", err)
		}
		fmt.Fprintln(stderr, "arbiter: interrupted")
		return exitInterrupted
	}
	if err == nil {
		return exitOK
	}
	code := exitFailure
	if errors.As(err, &ee) {
		code = ee.code
		err = ee.err
	}
	if err != nil {
		fmt.Fprintf(stderr, "arbiter: %v\n", err)
	}
	return code
}

// typedFlagNames rewrites the flag names in err's message as the user typed
// them in args (see cliargs.TypedFlagNames); other errors pass unchanged.
func typedFlagNames(err error, args []string) error {
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitUsage || ee.err == nil {
		return err
	}
	msg := ee.err.Error()
	fixed := cliargs.TypedFlagNames(msg, args)
	if fixed == msg {
		return err
	}
	return &exitError{code: ee.code, err: errors.New(fixed)}
}
