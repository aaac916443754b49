package engine

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// The protocol tests re-run the test binary as an engine: with
// ARBITER_ENGINE_GAME set, TestMain speaks UGI on stdin and stdout instead
// of running the tests.
const childEnv = "ARBITER_ENGINE_GAME"

func TestMain(m *testing.M) {
	if name := os.Getenv(childEnv); name != "" {
		os.Exit(runChild(name))
	}
	os.Exit(m.Run())
}

func runChild(name string) int {
	g := toy
	if name != toy.ID() {
		var err error
		if g, err = games.Lookup(name); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
	}
	if err := Run(context.Background(), g, Options{Level: Search, Seed: 1, HashMB: 4}, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// child is an engine process under test.
type child struct {
	t     testing.TB
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startChild(t testing.TB, game string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+game)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{t: t, cmd: cmd, in: in, lines: make(chan string, 1000)}
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(answerWait):
			cmd.Process.Kill()
			<-done
			t.Errorf("engine did not end within %v of its input closing", answerWait)
		}
	})
	return c
}

func (c *child) send(lines ...string) {
	c.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(c.in, l+"\n"); err != nil {
			c.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// answerWait is how long a test waits for a line the engine owes: only an
// engine that never answers runs out of it, however loaded the machine.
// How fast it answers is the benchmarks' business (BenchmarkAnswer).
const answerWait = time.Minute

// next returns the next line, failing the test when none comes within
// answerWait.
func (c *child) next() string {
	c.t.Helper()
	select {
	case l, ok := <-c.lines:
		if !ok {
			c.t.Fatalf("engine closed its output")
		}
		return l
	case <-time.After(answerWait):
		c.t.Fatalf("no line from the engine within %v", answerWait)
	}
	return ""
}

// expect reads lines until one starts with prefix (skipping info lines,
// failing on anything else) and returns it.
func (c *child) expect(prefix string) string {
	c.t.Helper()
	for {
		l := c.next()
		if strings.HasPrefix(l, prefix) {
			return l
		}
		if !strings.HasPrefix(l, "info ") {
			c.t.Fatalf("got %q; want a line starting with %q", l, prefix)
		}
	}
}

// searching waits for the first info line of a search just started: an
// iteration has finished, the search is under way.
func (c *child) searching() {
	c.t.Helper()
	if l := c.next(); !strings.HasPrefix(l, "info ") {
		c.t.Fatalf("got %q; want the search's first info line", l)
	}
}

// quiet checks that no line but info lines comes within d.
func (c *child) quiet(d time.Duration) {
	c.t.Helper()
	timeout := time.After(d)
	for {
		select {
		case l := <-c.lines:
			if !strings.HasPrefix(l, "info ") {
				c.t.Fatalf("unexpected line %q", l)
			}
		case <-timeout:
			return
		}
	}
}

func (c *child) handshake() {
	c.t.Helper()
	c.send("ugi")
	l := c.next()
	if !strings.HasPrefix(l, "id name ") {
		c.t.Fatalf("first reply to ugi = %q; want id name …", l)
	}
	c.expectLines("id author ", "option name Level type combo", "option name Hash type spin", "option name Seed type spin", "ugiok")
}

func (c *child) expectLines(prefixes ...string) {
	c.t.Helper()
	for _, p := range prefixes {
		if l := c.next(); !strings.HasPrefix(l, p) {
			c.t.Fatalf("got %q; want a line starting with %q", l, p)
		}
	}
}

func TestProtocolToy(t *testing.T) {
	c := startChild(t, toy.ID())
	c.handshake()
	c.send("isready")
	c.expectLines("readyok")

	// Garbage, malformed and misplaced commands all get one error line.
	for _, bad := range []string{
		"hello world", "go depth", "go depth x", "go wtime", "go sideways 3",
		"position", "position nowhere", "position fen", "position fen x/y/z w",
		"position startpos moves a1 a1", "position startpos moves z9",
		"position startpos a1", "setoption", "setoption name Level value expert",
		"setoption name Colour value red", "setoption name Hash value 0", "query", "query colour",
		"uginewgame now",
	} {
		c.send(bad)
		if l := c.next(); !strings.HasPrefix(l, "error ") {
			t.Errorf("%q: reply %q; want error …", bad, l)
		}
	}
	c.send("", "   ")
	c.quiet(50 * time.Millisecond)

	// go before any position is an error too.
	c.send("uginewgame", "go depth 1")
	c.expectLines("error go: no position")

	c.send("setoption name Hash value 2", "setoption name Seed value 7", "setoption name Level value search", "isready")
	c.expectLines("readyok")

	// x to move can win on c1; the illegal move after a game is rejected
	// and the old position kept.
	c.send("position fen .../oo./xx. w", "go depth 3")
	if l := c.expect("bestmove "); l != "bestmove c1" {
		t.Errorf("got %q; want bestmove c1", l)
	}
	c.send("position fen .../oo./xx. w moves c1 a3")
	c.expectLines("error position: move 2 \"a3\"")
	c.send("query gameover", "query p1turn", "query result")
	c.expectLines("response false", "response true", "response none")
	c.send("position startpos moves a1 a2 b1 b2 c1", "query gameover", "query p1turn", "query result", "go movetime 50")
	c.expectLines("response true", "response false", "response p1win", "bestmove none")

	c.send("position startpos moves b2 a1 a3 c1 b1 b3 a2 c2 c3", "query result", "go depth 2")
	c.expectLines("response draw", "bestmove none")

	// go nodes, depth and clock answers; the answer is a legal move.
	for _, goCmd := range []string{"go nodes 100", "go depth 9", "go p1time 1000 p2time 1000 p1inc 10 p2inc 10", "go p1time 100 p2time 100 movestogo 5"} {
		c.send("position startpos moves b2", goCmd)
		l := c.expect("bestmove ")
		if l == "bestmove b2" || l == "bestmove none" {
			t.Errorf("%s: got %q", goCmd, l)
		}
	}
}

func TestProtocolStop(t *testing.T) {
	c := startChild(t, toy.ID())
	c.handshake()
	c.send("position startpos", "go infinite")
	// isready and query are answered while thinking: an infinite search
	// sends no bestmove before stop, so a readyok that comes first came
	// during the search.
	c.searching()
	c.send("isready")
	c.expect("readyok")
	c.send("query p1turn")
	c.expect("response true")
	c.quiet(100 * time.Millisecond) // infinite: no bestmove before stop
	c.send("stop")
	c.expect("bestmove ")
	// position, go and what follows them wait for the search to end.
	c.send("go infinite", "position startpos moves b2", "isready", "query p1turn", "go depth 2")
	c.quiet(100 * time.Millisecond)
	c.send("stop")
	c.expect("bestmove ")
	c.expectLines("readyok", "response false")
	if l := c.expect("bestmove "); l == "bestmove b2" {
		t.Errorf("queued search played %q", l)
	}
	c.send("stop") // stop with nothing running is quietly ignored
	c.send("isready")
	c.expectLines("readyok")

	// quit in the middle of a search ends the process.
	c.send("go infinite", "quit")
	c.expect("bestmove ")
	select {
	case _, ok := <-c.lines:
		if ok {
			t.Errorf("output after quit")
		}
	case <-time.After(answerWait):
		t.Errorf("engine still running %v after quit", answerWait)
	}
}

// startCommand returns a start position of g as the protocol sends it.
func startCommand(t testing.TB, g rules.Game, seed int64) (string, rules.Position) {
	t.Helper()
	tags := rules.TagMap{}
	for _, kv := range g.NewTags(seed) {
		tags[kv[0]] = kv[1]
	}
	p, err := g.Start(tags)
	if err != nil {
		t.Fatalf("%s: start: %v", g.ID(), err)
	}
	if len(tags) == 0 {
		return "position startpos", p
	}
	return "position fen " + p.FEN(), p
}

func realGames() []rules.Game {
	var gs []rules.Game
	for _, g := range games.All {
		if g != nil {
			gs = append(gs, g)
		}
	}
	return gs
}

// TestProtocolGames plays a few moves of every game over the protocol.
func TestProtocolGames(t *testing.T) {
	for _, g := range realGames() {
		t.Run(g.ID(), func(t *testing.T) {
			c := startChild(t, g.ID())
			c.handshake()
			c.send("uginewgame", "isready")
			c.expectLines("readyok")
			if g.NewTags(0) != nil {
				c.send("position startpos")
				c.expectLines("error position startpos")
			}
			posCmd, p := startCommand(t, g, 3)
			var played []string
			for ply := 0; ply < 6 && !p.Outcome().Over(); ply++ {
				cmd := posCmd
				if len(played) > 0 {
					cmd += " moves " + strings.Join(played, " ")
				}
				lim := "go movetime 50"
				if ply%2 == 1 {
					lim = "go depth 2"
				}
				c.send(cmd, lim)
				l := c.expect("bestmove ")
				text := strings.TrimPrefix(l, "bestmove ")
				m, err := p.ParseMove(text)
				if err == nil {
					err = p.Play(m)
				}
				if err != nil {
					t.Fatalf("ply %d: bestmove %q: %v", ply+1, text, err)
				}
				played = append(played, text)
			}
			c.send(posCmd+" moves "+strings.Join(played, " ")+" pass pass", "query p1turn")
			c.expectLines("error position: move", "response ")

			// A long search answers isready at once and stops on stop.
			c.send(posCmd, "go infinite")
			c.searching()
			c.send("isready")
			c.expect("readyok")
			c.send("stop")
			c.expect("bestmove ")
			// A node limit after uginewgame gives the same move every time.
			var best []string
			for range 2 {
				c.send("uginewgame", posCmd, "go nodes 3000")
				best = append(best, c.expect("bestmove "))
			}
			if best[0] != best[1] {
				t.Errorf("go nodes 3000 twice: %q, then %q", best[0], best[1])
			}
			// A clock and a move time are answered (how fast: see
			// BenchmarkAnswer).
			c.send(posCmd, "go p1time 500 p2time 500 p1inc 0 p2inc 0")
			c.expect("bestmove ")
			c.send(posCmd, "go movetime 50")
			c.expect("bestmove ")
			c.send("quit")
		})
	}
}

// TestRunScript runs the loop in process on a script, as a pipe feeds it:
// at the end of input a bounded search finishes and the commands queued
// behind it run; an infinite one is stopped.
func TestRunScript(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"queued", "position startpos\ngo depth 9\nposition startpos moves b2\nquery p1turn\ngo depth 1\n",
			[]string{"bestmove ", "response false", "bestmove "}},
		{"infinite at eof", "position startpos\ngo infinite\nquery p1turn\n", []string{"response true", "bestmove "}},
		{"quit first", "quit\nisready\n", nil},
		{"no newline at the end", "isready", []string{"readyok"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			if err := Run(context.Background(), toy, Options{Level: Search}, strings.NewReader(tc.in), &out); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				if l != "" && !strings.HasPrefix(l, "info ") {
					got = append(got, l)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("Run(%q) wrote %q; want lines starting %q", tc.in, got, tc.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("line %d = %q; want it to start with %q", i+1, got[i], tc.want[i])
				}
			}
		})
	}
}

func TestRunContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	defer w.Close()
	errc := make(chan error, 1)
	go func() { errc <- Run(ctx, toy, Options{}, r, io.Discard) }()
	io.WriteString(w, "position startpos\ngo infinite\n")
	cancel()
	select {
	case err := <-errc:
		if err != context.Canceled {
			t.Errorf("Run = %v; want context.Canceled", err)
		}
	case <-time.After(answerWait):
		t.Fatalf("Run still running %v after its context ended", answerWait)
	}
}

// TestPositionIncremental sends the position commands of games as a runner
// does (each repeating the last one's moves and adding one), with some that
// do not extend the last one, and checks that the loop ends up where a
// fresh loop given the same command does, history included.
func TestPositionIncremental(t *testing.T) {
	type step struct {
		line string
		bad  bool // refused: the position before it stays
	}
	for _, g := range realGames() {
		t.Run(g.ID(), func(t *testing.T) {
			rec, err := testkit.RandomGame(g, rand.New(rand.NewPCG(3, 4)), 11, 60)
			if err != nil {
				t.Fatal(err)
			}
			start, _ := startCommand(t, g, 11)
			var moves []string
			for _, m := range rec.Moves {
				moves = append(moves, m.Text)
			}
			if len(moves) < 25 {
				t.Fatalf("a game of %d plies; want 25 or more", len(moves))
			}
			cmd := func(ms ...string) string {
				if len(ms) == 0 {
					return start
				}
				return start + " moves " + strings.Join(ms, " ")
			}
			// Another start: the moves of the last command (none) do not
			// make it the same position.
			_, p := startCommand(t, g, 11)
			for _, m := range moves[:2] {
				mv, err := p.ParseMove(m)
				if err != nil || p.Play(mv) != nil {
					t.Fatalf("move %q: %v", m, err)
				}
			}
			steps := []step{{line: cmd()}, {line: "position fen " + p.FEN() + " moves " + moves[2]}}
			for i := range moves {
				steps = append(steps, step{line: cmd(moves[:i+1]...)})
				switch i {
				case 10:
					steps = append(steps,
						step{line: cmd(moves[:4]...)}, // back to an earlier position
						step{line: cmd(append(moves[:8:8], "zz99")...), bad: true},
						step{line: cmd(moves[:4]...)}, // the same again
						step{line: cmd(append(moves[:3:3], moves[4], moves[3])...), bad: true})
				case 20:
					steps = append(steps, step{line: "uginewgame"})
				}
			}
			newLoop := func() *loop {
				return &loop{g: g, e: New(g, Options{Level: Random}), out: &lineWriter{w: io.Discard}}
			}
			l, want := newLoop(), ""
			for _, st := range steps {
				l.take(st.line)
				if st.line == "uginewgame" {
					continue
				}
				if !st.bad {
					want = st.line
				}
				fresh := newLoop()
				fresh.take(want)
				if got, want := l.pos.FEN(), fresh.pos.FEN(); got != want {
					t.Fatalf("after %q: position %q; want %q", st.line, got, want)
				}
				if len(l.history) != len(fresh.history) {
					t.Fatalf("after %q: %d positions of history; want %d", st.line, len(l.history), len(fresh.history))
				}
				for k := range l.history {
					if got, want := l.history[k].FEN(), fresh.history[k].FEN(); got != want {
						t.Fatalf("after %q: history[%d] %q; want %q", st.line, k, got, want)
					}
				}
			}
		})
	}
}

// BenchmarkAnswer measures how fast the engine answers over the protocol,
// in each game: a move time of 50 ms and a clock of half a second (which
// it spends sparingly) should take no more than 50 ms, a readyok during a
// search and the bestmove after a stop a small part of that.
func BenchmarkAnswer(b *testing.B) {
	for _, g := range realGames() {
		posCmd, _ := startCommand(b, g, 3)
		for _, tc := range []struct{ name, goCmd string }{
			{"movetime-50", "go movetime 50"},
			{"clock-500", "go p1time 500 p2time 500 p1inc 0 p2inc 0"},
		} {
			b.Run(g.ID()+"/"+tc.name, func(b *testing.B) {
				c := readyChild(b, g)
				for b.Loop() {
					c.send(posCmd, tc.goCmd)
					c.expect("bestmove ")
				}
				c.send("quit")
			})
		}
		b.Run(g.ID()+"/readyok-searching", func(b *testing.B) {
			c := readyChild(b, g)
			c.send(posCmd, "go infinite")
			c.searching()
			for b.Loop() {
				c.send("isready")
				c.expect("readyok")
			}
			c.send("stop")
			c.expect("bestmove ")
			c.send("quit")
		})
		b.Run(g.ID()+"/stop", func(b *testing.B) {
			c := readyChild(b, g)
			for b.Loop() {
				b.StopTimer()
				c.send(posCmd, "go infinite")
				c.searching()
				b.StartTimer()
				c.send("stop")
				c.expect("bestmove ")
			}
			c.send("quit")
		})
	}
}

// readyChild starts an engine playing g and waits for its readyok.
func readyChild(tb testing.TB, g rules.Game) *child {
	tb.Helper()
	c := startChild(tb, g.ID())
	c.handshake()
	c.send("uginewgame", "isready")
	c.expectLines("readyok")
	return c
}
