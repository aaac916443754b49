package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/engine"
	"github.com/arbiter-games/arbiter/rules/loa"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/ugi"
)

// readSuite reads the Lines of Action suite that openings wrote, every
// opening made whole.
func readSuite(text string) ([]book.Opening, error) {
	suite, err := book.Read(context.Background(), loa.Game, "suite.agn", "", []byte(text), -1)
	if err != nil {
		return nil, err
	}
	out := make([]book.Opening, suite.Len())
	for i := range out {
		out[i] = suite.Opening(i)
	}
	return out, nil
}

func TestOpeningsCommand(t *testing.T) {
	args := []string{"openings", "--game", "lines-of-action", "--plies", "5", "--count", "12", "--seed", "9"}
	a := runCLI(t, "", args...)
	if a.code != exitOK || a.stderr != "" {
		t.Fatalf("openings: %v", a)
	}
	if b := runCLI(t, "", args...); b.stdout != a.stdout {
		t.Errorf("the same seed wrote two suites:\n%s\n%s", a.stdout, b.stdout)
	}
	other := append(append([]string{}, args[:len(args)-1]...), "10")
	if c := runCLI(t, "", other...); c.stdout == a.stdout {
		t.Errorf("seeds 9 and 10 wrote the same suite")
	}
	suite, err := readSuite(a.stdout)
	if err != nil {
		t.Fatal(err)
	}
	distinct, _ := book.Distinct(context.Background(), loa.Game, suite)
	if len(suite) != 12 || len(distinct) != 12 {
		t.Errorf("%d openings, %d distinct; want 12", len(suite), len(distinct))
	}
	for _, o := range suite {
		if len(o.Moves) != 5 {
			t.Errorf("opening %v: want 5 plies", o.Moves)
		}
	}
	if v := runCLI(t, a.stdout, "validate", "-"); v.code != exitOK {
		t.Errorf("the suite does not validate: %v", v)
	}
	if !strings.HasPrefix(a.stdout, "; 12 openings of Lines of Action, 5 plies each\n; made by: arbiter "+strings.Join(args, " ")+"\n") {
		t.Errorf("header:\n%s", clip(a.stdout))
	}
}

// TestOpeningsBalanced checks that --balanced writes no opening that the
// engine scores outside the window, and that it kept some out.
func TestOpeningsBalanced(t *testing.T) {
	const cp = 15
	r := runCLI(t, "", "openings", "--game", "lines-of-action", "--plies", "4", "--count", "8",
		"--balanced", strconv.Itoa(cp), "--depth", "2")
	if r.code != exitOK {
		t.Fatalf("openings --balanced: %v", r)
	}
	m := regexp.MustCompile(`(\d+) candidates evaluated, (\d+) outside ±15 kept out`).FindStringSubmatch(r.stderr)
	if m == nil || m[2] == "0" {
		t.Errorf("stderr = %q; want some candidates kept out", r.stderr)
	}
	suite, err := readSuite(r.stdout)
	if err != nil || len(suite) != 8 {
		t.Fatalf("%d openings, %v; want 8", len(suite), err)
	}
	for _, o := range suite {
		pos, _ := o.Position(loa.Game)
		in := engine.New(loa.Game, engine.Options{Level: engine.Search, HashMB: 1}).Think(pos, nil, ugi.Limits{Depth: 2}, nil, nil).Info
		if ev := in.Eval; ev.Mate || ev.Value > cp || ev.Value < -cp {
			t.Errorf("opening %v written with an evaluation of %+v", o.Moves, ev)
		}
	}
}

// TestOpeningsFrom checks that --from skips the games that are over within
// --plies plies or shorter, and says so, and that the files may follow it
// as arguments, as a shell pattern gives them.
func TestOpeningsFrom(t *testing.T) {
	real := "../../testdata/loa-real/real_loa.agn"
	undecided := "../../testdata/loa-real/real_loa_undecided.agn"
	r := runCLI(t, "", "openings", "--game", "lines-of-action", "--plies", "40", "--count", "5", "--from", real)
	if r.code != exitOK {
		t.Fatalf("openings --plies 40 --from real_loa.agn: exit %d, %s", r.code, r.stderr)
	}
	suite, err := readSuite(r.stdout)
	if err != nil || len(suite) != 5 {
		t.Fatalf("%d openings, %v; want 5", len(suite), err)
	}
	for _, o := range suite {
		if len(o.Moves) != 40 {
			t.Errorf("opening %v: %d plies; want 40", o.Moves, len(o.Moves))
		}
	}
	m := regexp.MustCompile(`^openings: (\d+) games read, 5 openings written; (\d+) games skipped: (\d+) over within 40 plies, (\d+) shorter than 40 plies\n$`).FindStringSubmatch(r.stderr)
	if m == nil || m[3] == "0" {
		t.Errorf("stderr = %q; want the games read and the ones skipped, over and shorter", r.stderr)
	}

	// Several files: repeated --from, --from followed by arguments, and
	// the arguments before the flags, all alike.
	base := []string{"openings", "--game", "lines-of-action", "--plies", "6", "--count", "500"}
	want := runCLI(t, "", append(base, "--from", real, "--from", undecided)...)
	if want.code != exitOK {
		t.Fatalf("two --from: exit %d, %s", want.code, want.stderr)
	}
	for _, args := range [][]string{
		append(base, "--from", real, undecided),
		{"openings", "--from", real, undecided, "--game", "lines-of-action", "--plies", "6", "--count", "500"},
	} {
		got := runCLI(t, "", args...)
		if got.code != exitOK || got.stdout != want.stdout || got.stderr != want.stderr {
			t.Errorf("arbiter %s: exit %d, stderr %q; want the file of two --from", strings.Join(args, " "), got.code, got.stderr)
		}
	}
	if !strings.Contains(want.stdout, "--from "+real+" --from "+undecided+"\n") {
		t.Errorf("header does not name both files:\n%s", clip(want.stdout))
	}

	// Too many plies: every game is over or shorter.
	r = runCLI(t, "", "openings", "--game", "lines-of-action", "--plies", "500", "--from", undecided)
	if r.code != exitFailure || !strings.Contains(r.stderr, "has 500 plies without being over") || r.stdout != "" {
		t.Errorf("openings --plies 500: exit %d, %s", r.code, r.stderr)
	}
	// A game that breaks the rules is still an error.
	bad := filepath.Join(t.TempDir(), "bad.agn")
	os.WriteFile(bad, []byte("[Game \"Lines of Action\"]\n\n1. c8-c6 a2-a4 *\n"), 0o666)
	r = runCLI(t, "", "openings", "--game", "lines-of-action", "--plies", "2", "--from", bad)
	if r.code != exitFailure || !strings.Contains(r.stderr, `bad.agn:3:10: opening 1: ply 2 "a2-a4"`) {
		t.Errorf("openings --from bad.agn: exit %d, %s", r.code, r.stderr)
	}
}

func TestOpeningsCommandErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--plies", "4", "--count", "2"}, "--game is required"},
		{[]string{"-g", "loa", "--plies", "4", "--count", "2"}, `unknown game "loa"`},
		{[]string{"-g", "tank-battle", "--count", "2"}, "--plies is required"},
		{[]string{"-g", "tank-battle", "--plies", "4"}, "--count is required"},
		{[]string{"-g", "tank-battle", "--plies", "0", "--count", "2"}, "--plies must be at least 1"},
		{[]string{"-g", "tank-battle", "--plies", "2", "--count", "0"}, "--count must be at least 1"},
		{[]string{"-g", "tank-battle", "--plies", "2", "--count", "2", "--depth", "3"}, "--depth only goes with --balanced"},
		{[]string{"-g", "tank-battle", "--plies", "2", "--count", "2", "--balanced", "9", "--level", "random"}, "--level must be greedy or search"},
		{[]string{"-g", "lines-of-action", "--plies", "2", "--from", "x.agn", "--seed", "3"}, "--seed does not go with --from"},
		{[]string{"-g", "lines-of-action", "--plies", "2", "extra"}, `unexpected argument "extra"`},
		{[]string{"-g", "lines-of-action", "--plies", "2", "--count", "2", "extra.agn"}, `unexpected argument "extra.agn"`},
	}
	for _, tc := range tests {
		r := runCLI(t, "", append([]string{"openings"}, tc.args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, tc.want) || r.stdout != "" {
			t.Errorf("openings %v: %v; want exit 2 and %q", tc.args, r, tc.want)
		}
	}
	// Far more openings than the game has positions at that depth.
	r := runCLI(t, "", "openings", "-g", "lines-of-action", "--plies", "1", "--count", "500")
	if r.code != exitFailure || !strings.Contains(r.stderr, "distinct openings of 1 plies") || r.stdout != "" {
		t.Errorf("openings of too many: %v", r)
	}
}

// TestShippedOpenings runs again the command each suite of
// examples/openings says made it, and gets the same file.
func TestShippedOpenings(t *testing.T) {
	t.Chdir("../..")
	files, _ := filepath.Glob("examples/openings/*.agn")
	if len(files) < 4 {
		t.Fatalf("examples/openings has %d suites; want one per game and loa-real", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			_, rest, _ := strings.Cut(string(data), "; made by: arbiter ")
			line, _, _ := strings.Cut(rest, "\n")
			r := runCLI(t, "", strings.Fields(line)...)
			if r.code != exitOK || r.stdout != string(data) {
				t.Errorf("%s: arbiter %s gives another file (exit %d, %s)", f, line, r.code, r.stderr)
			}
		})
	}
}

// stderrLines starts cmd and returns its stderr, one line at a time; the
// channel closes at its end.
func stderrLines(t *testing.T, cmd *exec.Cmd) <-chan string {
	t.Helper()
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ch := make(chan string, 100)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			ch <- sc.Text()
		}
	}()
	return ch
}

// startSearchTournament starts arbiter tournament, two games at a time in
// worker processes, of games Lines of Action games (about a second each)
// between two search engines, as tournament name; it returns the command,
// its database, its stdout and its stderr lines.
func startSearchTournament(t *testing.T, name string, games int) (*exec.Cmd, string, *strings.Builder, <-chan string) {
	t.Helper()
	dir := t.TempDir()
	exe, _ := os.Executable()
	path := selfEngines(t, dir, name+".yaml", fmt.Sprintf("name: %s\ngame: lines-of-action\ngames_per_encounter: %d\n", name, games)+
		"time_control: {move_ms: 40}\ntime_margin_ms: 30000\nmax_plies: 30\n",
		"a args: [engine, --game, lines-of-action, --level, search]",
		"b args: [engine, --game, lines-of-action, --level, search, --seed, \"2\"]")
	dbPath := filepath.Join(dir, name+".db")
	cmd := exec.Command(exe, "tournament", "--db", dbPath, "--log", filepath.Join(dir, "engines.log"), "-j", "2", path)
	stdout := new(strings.Builder)
	cmd.Stdout = stdout
	return cmd, dbPath, stdout, stderrLines(t, cmd)
}

// awaitGamesInPlay waits until the engine log next to the database at
// dbPath shows a go sent in n games: they have begun. The log is written
// every tenth of a second, and a game lasts about a second.
func awaitGamesInPlay(t *testing.T, dbPath string, n int) {
	t.Helper()
	path := filepath.Join(filepath.Dir(dbPath), "engines.log")
	const guard = time.Minute
	for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
		b, _ := os.ReadFile(path)
		slots := map[string]bool{}
		for _, l := range strings.Split(string(b), "\n") {
			// "1530 2/17 alpha > go movetime 40": worker 2, slot 17.
			if f := strings.Fields(l); len(f) >= 5 && f[3] == ">" && f[4] == "go" {
				if _, slot, ok := strings.Cut(f[1], "/"); ok && slot != "-" {
					slots[slot] = true
				}
			}
		}
		if len(slots) >= n {
			return
		}
		if time.Since(start) > guard {
			t.Fatalf("no go sent in %d games within %v (in %d)", n, guard, len(slots))
		}
	}
}

// TestTournamentInterrupt sends SIGINT (or SIGTERM) to a tournament of two games at a
// time (in worker processes) in arbiter's real main: the first lets the
// games in play finish and stores them, the second abandons them; both exit
// with status 130.
func TestTournamentInterrupt(t *testing.T) {
	for _, tc := range []struct {
		first os.Signal
		twice bool
	}{{syscall.SIGINT, false}, {syscall.SIGTERM, false}, {syscall.SIGINT, true}} {
		twice := tc.twice
		t.Run(fmt.Sprintf("%v twice=%v", tc.first, twice), func(t *testing.T) {
			cmd, dbPath, stdout, lines := startSearchTournament(t, "intr", 8)
			defer cmd.Process.Kill()
			next := func(what string) string {
				t.Helper()
				select {
				case l, ok := <-lines:
					if !ok {
						t.Fatalf("stderr ended while waiting for %s", what)
					}
					return l
				case <-time.After(60 * time.Second):
					t.Fatalf("no %s within 60s", what)
				}
				return ""
			}
			// After the first game of 8, two at a time: the next ones are
			// in play, in the runner's queue or begun.
			before, inPlay := 0, -1
			for !strings.HasPrefix(next("the first game"), "game 1/8") {
			}
			before++
			cmd.Process.Signal(tc.first)
			for inPlay < 0 {
				l := next("the finishing line")
				if strings.HasPrefix(l, "game ") {
					before++
				}
				if m := finishingRE.FindStringSubmatch(l); m != nil {
					inPlay, _ = strconv.Atoi(m[1])
				}
			}
			// In play: a game from its start until it is stored and
			// reported. At most 2 are being played (-j 2), 2 wait in the
			// runner's queue and 1 is being stored.
			if inPlay < 1 || inPlay > 5 {
				t.Errorf("finishing %d games; want from 1 to 5 in play", inPlay)
			}
			if twice {
				cmd.Process.Signal(syscall.SIGINT)
			}
			after := 0
			var rest []string
			for l := range lines {
				rest = append(rest, l)
				if strings.HasPrefix(l, "game ") {
					after++
				}
			}
			err := cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != exitInterrupted {
				t.Errorf("exit %d (%v); want %d\n%s", code, err, exitInterrupted, strings.Join(rest, "\n"))
			}
			if stdout.String() != "" {
				t.Errorf("stdout = %q; want it empty", stdout.String())
			}
			db, err := store.Open(context.Background(), dbPath)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var stored, full int
			db.QueryRow(`SELECT count(*), count(CASE WHEN termination IN ('normal', 'adjudication') THEN 1 END) FROM games`).Scan(&stored, &full)
			// Once: every game in play is stored. Twice: they are abandoned
			// (one may have ended between the two signals).
			ok := after == inPlay
			if twice {
				ok = after < inPlay
			}
			if !ok || full != stored || stored != before+after {
				t.Errorf("%d games stored (%d played out), %d reported before the stop, %d after, %d in play\n%s",
					stored, full, before, after, inPlay, strings.Join(rest, "\n"))
			}
		})
	}
}

// finishingRE is the line a graceful stop begins with.
var finishingRE = regexp.MustCompile(`^arbiter: finishing (\d+) games? in play; press Ctrl-C again to abandon them$`)

// TestTournamentInterruptLastGames sends SIGINT while the schedule's last
// games are in play: they are finished and stored, and as for any
// interrupted run stdout stays empty and the exit status is 130; stderr
// says that every game is stored.
func TestTournamentInterruptLastGames(t *testing.T) {
	cmd, dbPath, stdout, lines := startSearchTournament(t, "last", 2)
	defer cmd.Process.Kill()
	var rest []string
	for l := range lines {
		rest = append(rest, l)
		if strings.HasPrefix(l, "tournament last:") {
			awaitGamesInPlay(t, dbPath, 2)
			cmd.Process.Signal(syscall.SIGINT)
		}
	}
	cmd.Wait()
	text := strings.Join(rest, "\n")
	if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || stdout.String() != "" ||
		!strings.Contains(text, "every game is stored now") || strings.Count(text, "\ngame ") != 2 {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant 130, nothing on stdout, both games and 'every game is stored now'", code, stdout.String(), text)
	}
}
