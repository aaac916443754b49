// Package enginetest helps the tests of code that runs engines (the UGI
// client, the tournament runner): the test binary doubles as a scripted
// UGI engine (Main, Command), and checks find the processes an engine left
// behind (Sleepers, CheckEnded, ChildrenLeft).
//
// A test package's TestMain hands its arguments to Main first:
//
//	func TestMain(m *testing.M) {
//		if code, ok := enginetest.Main(os.Args[1:]); ok {
//			os.Exit(code)
//		}
//		os.Exit(m.Run())
//	}
package enginetest

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// Main runs the test binary as a helper process when args (os.Args[1:])
// ask for one, and reports whether they did:
//
//	fake-engine MODES GAME   a scripted UGI engine (see engine's modes)
//	fake-sleep [DIR]         sleep five minutes (a grandchild for the group
//	                         tests), first writing a file named by its pid
//	                         into DIR when given
func Main(args []string) (code int, ok bool) {
	if len(args) == 0 {
		return 0, false
	}
	switch args[0] {
	case "fake-engine":
		if len(args) < 3 {
			fmt.Fprintln(os.Stderr, "fake-engine MODES GAME")
			return 2, true
		}
		return engine(args[1], args[2]), true
	case "fake-sleep":
		if len(args) > 1 {
			os.WriteFile(filepath.Join(args[1], strconv.Itoa(os.Getpid())), nil, 0o644)
		}
		// Longer than CheckEnded waits, so that a sleeper nobody ended is
		// still there when it looks.
		time.Sleep(5 * time.Minute)
		return 0, true
	}
	return 0, false
}

// Guard is how long WaitFor waits: long enough for a fake engine or a
// worker to start and answer on a machine loaded far beyond its cores and
// under the race detector, so that only something that never happens
// reaches it.
const Guard = time.Minute

// WaitFor polls cond until it holds, and fails t naming what it waited
// for when it does not within Guard.
func WaitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for start := time.Now(); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Since(start) > Guard {
			t.Fatalf("no %s within %v", what, Guard)
		}
	}
}

// AwaitFIFOOpen waits until a thread of process pid waits in open(2) for
// the other end of a FIFO, and fails t naming what when it does not within
// Guard; where /proc cannot tell, it gives the process a second.
func AwaitFIFOOpen(t testing.TB, pid int, what string) {
	t.Helper()
	if _, ok := FIFOOpenWaits(pid); !ok {
		time.Sleep(time.Second)
		return
	}
	WaitFor(t, what+" waiting in the open(2) of a FIFO", func() bool {
		waits, _ := FIFOOpenWaits(pid)
		return waits
	})
}

// Marks counts the commands cmd (ugi, go, …) that the mark engines of dir
// have read.
func Marks(dir, cmd string) int {
	names, _ := filepath.Glob(filepath.Join(dir, "*-"+cmd+"-*"))
	return len(names)
}

// AwaitMark waits until the mark engines of dir have read more than n
// commands cmd, and fails t naming what it waited for when they have not
// within Guard. It may run in a goroutine of its own.
func AwaitMark(t testing.TB, dir, cmd string, n int) bool {
	for start := time.Now(); Marks(dir, cmd) <= n; time.Sleep(5 * time.Millisecond) {
		if time.Since(start) > Guard {
			t.Errorf("no %s read by an engine within %v (%d before)", cmd, Guard, n)
			return false
		}
	}
	return true
}

// Command returns the command line of a fake engine playing game with
// modes: this test binary, run as "fake-engine MODES GAME".
func Command(t testing.TB, modes, game string) (path string, args []string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe, []string{"fake-engine", modes, game}
}

// engine is a scripted UGI engine. modes is a comma-separated list:
//
//	first, last       play the first (default) or last legal move
//	crash:N           exit with status 3 on the N-th go (0-based)
//	panic:N           panic on the N-th go (a Go engine's bug)
//	nogo              never answer go
//	bad:TEXT          answer "bestmove TEXT"
//	badat:N:TEXT      answer "bestmove TEXT" on the N-th go only
//	garbage           answer "hello there" instead of bestmove
//	longline          answer a 100 KB line
//	flood             write to stderr without pause while playing
//	slowugi:MS        wait MS before ugiok
//	noready           never answer isready
//	noreadygame       never answer isready after uginewgame
//	slowugionce:MS:F  wait MS before ugiok when file F exists; create it
//	readyexit         exit after the first readyok (a preflight's engine that dies while idle)
//	die               exit with status 1 at once, a message on stderr
//	bare              write moves without separators (c1a3 for c1-a3 or c1xa3)
//	idledeath         exit after a bestmove that ends the game (dies while idle)
//	slow:MS           wait MS before every bestmove
//	slowat:N:MS       wait MS before the N-th bestmove
//	info              write info lines before bestmove
//	eval:E1/E2/...    write "info depth 7 score E nodes 1000 nps 50000" before
//	                  the N-th bestmove, E the N-th of the list (the last one
//	                  repeats): "cp-700", "mate3", "none" (no info line)
//	echogo            write the go command as "info string go ..." first
//	spawn             start a grandchild and ignore quit
//	detach:DIR        start a grandchild in a session of its own (as "setsid sleep &"),
//	                  holding stdout open, which writes a file named by its pid into DIR
//	exit              exit 0 at once (after detach), reading nothing
//	endless           answer go with 100 MB without a newline
//	declare:A/B       declare the options A and B (spin) in the handshake
//	seterror          answer every setoption with an error
//	peak:V            declare the spin option Skill (0 to 100, default 50) and
//	                  play a move that wins by perfect play, when there is
//	                  one, with probability 1 − |Skill − V|/100, else a random
//	                  move: a strength whose best value is V (the tests of
//	                  arbiter tune)
//	mark:DIR          write a file named PID-CMD-N into DIR on reading the N-th
//	                  (0-based) ugi, isready or go, before answering it: a test
//	                  sees that the engine is being started, or thinking
func engine(modes, game string) int {
	g, err := games.Lookup(game)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	e := &fake{game: g, modes: modes, mode: map[string]string{}, out: bufio.NewWriter(os.Stdout)}
	for _, m := range strings.Split(modes, ",") {
		k, v, _ := strings.Cut(m, ":")
		e.mode[k] = v
	}
	if code, done := e.begin(); done {
		return code
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	for in.Scan() {
		text := strings.TrimSpace(in.Text())
		if text == "" {
			continue
		}
		cmd, _, _ := strings.Cut(text, " ")
		e.mark(cmd)
		var code int
		done := false
		switch cmd {
		case "ugi":
			e.handshake()
		case "uginewgame":
			e.newgame = true
		case "isready":
			code, done = e.isready()
		case "quit":
			if !e.has("spawn") {
				return 0
			}
		case "setoption":
			if rest, ok := strings.CutPrefix(text, "setoption name Skill value "); ok {
				e.skill, _ = strconv.ParseFloat(strings.TrimSpace(rest), 64)
			}
			if e.has("seterror") {
				e.say("error no such option: " + strings.TrimPrefix(text, "setoption "))
			}
		case "position":
			e.position(text)
		case "go":
			code, done = e.goCmd(text)
		}
		if done {
			return code
		}
	}
	return 0
}

// fake is the state of a scripted engine.
type fake struct {
	game  rules.Game
	modes string
	mode  map[string]string
	out   *bufio.Writer
	pos   rules.Position
	// The position of the last position command, kept so that the next
	// one, which extends it by a move or two, costs only those moves: an
	// instant engine must not spend the game replaying it.
	posStart, posMoves string
	legal              []rules.Move
	gos                int
	newgame            bool
	marks              map[string]int // commands read, for the mark mode
	skill              float64        // the Skill option (peak mode)
	rnd                *rand.Rand     // the peak mode's draws
	wins               map[string]bool
}

// mark writes the file of the mark mode for cmd, when it is one of those
// marked.
func (e *fake) mark(cmd string) {
	dir, ok := e.mode["mark"]
	if !ok || cmd != "ugi" && cmd != "isready" && cmd != "go" {
		return
	}
	if e.marks == nil {
		e.marks = map[string]int{}
	}
	name := fmt.Sprintf("%d-%s-%d", os.Getpid(), cmd, e.marks[cmd])
	e.marks[cmd]++
	os.WriteFile(filepath.Join(dir, name), nil, 0o644)
}

func (e *fake) has(m string) bool { _, ok := e.mode[m]; return ok }

func (e *fake) say(s string) { e.out.WriteString(s); e.out.WriteByte('\n'); e.out.Flush() }

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// begin does what the modes do before the engine reads a command: it
// reports whether the engine ends there, with its exit status.
func (e *fake) begin() (int, bool) {
	if e.has("flood") {
		go func() {
			chunk := []byte(strings.Repeat("flood of diagnostics\n", 4096))
			for {
				if _, err := os.Stderr.Write(chunk); err != nil {
					return
				}
			}
		}()
	}
	if e.has("die") {
		fmt.Fprintln(os.Stderr, "fake engine: cannot open its book")
		return 1, true
	}
	if f, ok := e.mode["detach"]; ok {
		exe, _ := os.Executable()
		c := exec.Command(exe, "fake-sleep", f)
		c.Stdout = os.Stdout
		c.SysProcAttr = newSession()
		if err := c.Start(); err != nil {
			return 4, true
		}
		// The grandchild is up (it has written its pid) before the engine
		// goes on: an engine that exits next is ended, with what it
		// started, and a grandchild killed before it wrote would leave the
		// test nothing to check.
		for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(2 * time.Millisecond) {
			if _, err := os.Stat(filepath.Join(f, strconv.Itoa(c.Process.Pid))); err == nil {
				break
			}
		}
	}
	if e.has("exit") {
		return 0, true
	}
	if e.has("spawn") {
		exe, _ := os.Executable()
		if err := exec.Command(exe, "fake-sleep").Start(); err != nil {
			return 4, true
		}
	}
	return 0, false
}

func (e *fake) handshake() {
	if v, ok := e.mode["slowugi"]; ok {
		time.Sleep(time.Duration(atoi(v)) * time.Millisecond)
	}
	if v, ok := e.mode["slowugionce"]; ok {
		ms, file, _ := strings.Cut(v, ":")
		if _, err := os.Stat(file); err == nil {
			time.Sleep(time.Duration(atoi(ms)) * time.Millisecond)
		} else {
			os.WriteFile(file, nil, 0o644)
		}
	}
	e.say("id name fake " + e.modes)
	e.say("id author arbiter tests")
	if e.has("peak") {
		e.say("option name Skill type spin default 50 min 0 max 100")
		e.skill = 50
	}
	if v, ok := e.mode["declare"]; ok {
		for _, name := range strings.Split(v, "/") {
			e.say("option name " + name + " type spin default 1 min 1 max 1024")
		}
	}
	e.say("ugiok")
}

func (e *fake) isready() (int, bool) {
	if !e.has("noready") && !(e.has("noreadygame") && e.newgame) {
		e.say("readyok")
		if e.has("readyexit") {
			return 0, true
		}
	}
	return 0, false
}

func (e *fake) position(text string) {
	start := strings.TrimSpace(strings.TrimPrefix(text, "position"))
	var moves string
	if i := strings.Index(start, " moves"); i >= 0 {
		start, moves = start[:i], strings.TrimSpace(start[i+len(" moves"):])
	}
	if e.pos == nil || start != e.posStart || !strings.HasPrefix(moves, e.posMoves) ||
		(len(moves) > len(e.posMoves) && e.posMoves != "" && moves[len(e.posMoves)] != ' ') {
		tags := rules.TagMap{}
		if fen, ok := strings.CutPrefix(start, "fen "); ok {
			tags["FEN"], tags["SetUp"] = strings.TrimSpace(fen), "1"
		}
		var err error
		e.pos, err = e.game.Start(tags)
		if err != nil {
			e.posStart, e.posMoves = "", ""
			e.say("error " + err.Error())
			return
		}
		e.posStart, e.posMoves = start, ""
	}
	for _, mv := range strings.Fields(moves[len(e.posMoves):]) {
		m, err := e.pos.ParseMove(mv)
		if err == nil {
			err = e.pos.Play(m)
		}
		if err != nil {
			e.posStart = "" // replay the next position from its start
			e.say("error " + err.Error())
			break
		}
	}
	e.posMoves = moves
}

// misbehave answers go as the modes that do not play a move say: it
// reports whether it did.
func (e *fake) misbehave(n int) bool {
	switch {
	case e.has("nogo"):
	case e.has("garbage"):
		e.say("hello there")
	case e.has("endless"):
		chunk := []byte(strings.Repeat("x", 64<<10))
		for range 100 << 20 / len(chunk) {
			if _, err := os.Stdout.Write(chunk); err != nil {
				os.Exit(5)
			}
		}
	case e.has("longline"):
		e.say(strings.Repeat("x", 100<<10))
	default:
		return false
	}
	return true
}

// goCmd answers go as the modes say: it reports whether the engine ends
// there.
func (e *fake) goCmd(text string) (int, bool) {
	n := e.gos
	e.gos++
	if v, ok := e.mode["crash"]; ok && atoi(v) == n {
		return 3, true
	}
	if v, ok := e.mode["panic"]; ok && atoi(v) == n {
		panic("fake engine bug")
	}
	if e.misbehave(n) {
		return 0, false
	}
	if v, ok := e.mode["slow"]; ok {
		time.Sleep(time.Duration(atoi(v)) * time.Millisecond)
	}
	if v, ok := e.mode["slowat"]; ok {
		if at, ms, _ := strings.Cut(v, ":"); atoi(at) == n {
			time.Sleep(time.Duration(atoi(ms)) * time.Millisecond)
		}
	}
	if v, ok := e.mode["bad"]; ok {
		e.say("bestmove " + v)
		return 0, false
	}
	if v, ok := e.mode["badat"]; ok {
		if at, text, _ := strings.Cut(v, ":"); atoi(at) == n {
			e.say("bestmove " + text)
			return 0, false
		}
	}
	e.infos(text, n)
	if e.pos == nil {
		e.say("error no position")
		return 0, false
	}
	e.legal = e.pos.Moves(e.legal[:0])
	if len(e.legal) == 0 {
		e.say("error no legal move")
		return 0, false
	}
	m := e.legal[0]
	if e.has("last") {
		m = e.legal[len(e.legal)-1]
	}
	if v, ok := e.mode["peak"]; ok {
		m = e.peakMove(atoi(v))
	}
	text = e.pos.FormatMove(m)
	if e.has("bare") {
		text = strings.NewReplacer("-", "", "x", "").Replace(text)
	}
	e.say("bestmove " + text)
	if e.has("idledeath") {
		if after := e.pos.Clone(); after.Play(m) == nil && after.Outcome().Over() {
			return 0, true
		}
	}
	return 0, false
}

// infos writes the info lines the modes ask for before the n-th bestmove.
func (e *fake) infos(text string, n int) {
	if e.has("echogo") {
		e.say("info string " + text)
	}
	if v, ok := e.mode["eval"]; ok {
		list := strings.Split(v, "/")
		if ev := list[min(n, len(list)-1)]; ev != "none" {
			kind := "cp"
			if strings.HasPrefix(ev, "mate") {
				kind = "mate"
			}
			e.say(fmt.Sprintf("info depth 7 score %s %s nodes 1000 nps 50000 pv x", kind, strings.TrimLeft(ev, "cpmate")))
		}
	}
	if e.has("info") {
		e.say("info depth 1 score cp 10")
		e.say("info depth 2 score cp 12 pv x")
	}
}

// peakMove is the peak mode's move: a winning move, when there is one,
// with probability 1 − |skill − peak|/100, else a random legal move.
func (e *fake) peakMove(peak int) rules.Move {
	if e.rnd == nil {
		e.rnd = rand.New(rand.NewPCG(uint64(os.Getpid()), uint64(time.Now().UnixNano())))
		e.wins = map[string]bool{}
	}
	legal := slices.Clone(e.legal)
	if e.rnd.Float64() < 1-math.Abs(e.skill-float64(peak))/100 {
		for _, m := range legal {
			after := e.pos.Clone()
			if after.Play(m) == nil && !e.winning(after) {
				return m
			}
		}
	}
	return legal[e.rnd.IntN(len(legal))]
}

// winning reports whether the side to move in pos wins by perfect play
// (a game over is lost for it when the other side won).
func (e *fake) winning(pos rules.Position) bool {
	if o := pos.Outcome(); o.Over() {
		return o.Result == rules.Win(pos.Turn())
	}
	key := pos.FEN()
	if w, ok := e.wins[key]; ok {
		return w
	}
	w := false
	for _, m := range pos.Moves(nil) {
		after := pos.Clone()
		if after.Play(m) == nil && !e.winning(after) {
			w = true
			break
		}
	}
	e.wins[key] = w
	return w
}
