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
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// Main runs the test binary as a helper process when args (os.Args[1:])
// ask for one, and reports whether they did:
//
//	fake-engine MODES GAME   a scripted UGI engine (see engine's modes)
//	fake-sleep [DIR]         sleep a minute (a grandchild for the group
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
		time.Sleep(time.Minute)
		return 0, true
	}
	return 0, false
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
func engine(modes, game string) int {
	g, err := games.Lookup(game)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	mode := map[string]string{}
	for _, m := range strings.Split(modes, ",") {
		k, v, _ := strings.Cut(m, ":")
		mode[k] = v
	}
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	if _, ok := mode["flood"]; ok {
		go func() {
			chunk := []byte(strings.Repeat("flood of diagnostics\n", 4096))
			for {
				if _, err := os.Stderr.Write(chunk); err != nil {
					return
				}
			}
		}()
	}
	if _, ok := mode["die"]; ok {
		fmt.Fprintln(os.Stderr, "fake engine: cannot open its book")
		return 1
	}
	if f, ok := mode["detach"]; ok {
		exe, _ := os.Executable()
		c := exec.Command(exe, "fake-sleep", f)
		c.Stdout = os.Stdout
		c.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := c.Start(); err != nil {
			return 4
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
	if _, ok := mode["exit"]; ok {
		return 0
	}
	if _, ok := mode["spawn"]; ok {
		exe, _ := os.Executable()
		c := exec.Command(exe, "fake-sleep")
		if err := c.Start(); err != nil {
			return 4
		}
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { out.WriteString(s); out.WriteByte('\n'); out.Flush() }
	var pos rules.Position
	// The position of the last position command, kept so that the next one,
	// which extends it by a move or two, costs only those moves: an instant
	// engine must not spend the game replaying it.
	var posStart, posMoves string
	var legal []rules.Move
	gos := 0
	newgame := false
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	for in.Scan() {
		text := strings.TrimSpace(in.Text())
		if text == "" {
			continue
		}
		cmd, _, _ := strings.Cut(text, " ")
		switch cmd {
		case "ugi":
			if v, ok := mode["slowugi"]; ok {
				time.Sleep(time.Duration(atoi(v)) * time.Millisecond)
			}
			if v, ok := mode["slowugionce"]; ok {
				ms, file, _ := strings.Cut(v, ":")
				if _, err := os.Stat(file); err == nil {
					time.Sleep(time.Duration(atoi(ms)) * time.Millisecond)
				} else {
					os.WriteFile(file, nil, 0o644)
				}
			}
			say("id name fake " + modes)
			say("id author arbiter tests")
			say("ugiok")
		case "uginewgame":
			newgame = true
		case "isready":
			_, never := mode["noready"]
			_, notInGame := mode["noreadygame"]
			if !never && !(notInGame && newgame) {
				say("readyok")
				if _, ok := mode["readyexit"]; ok {
					return 0
				}
			}
		case "quit":
			if _, ok := mode["spawn"]; ok {
				continue
			}
			return 0
		case "position":
			start := strings.TrimSpace(strings.TrimPrefix(text, "position"))
			var moves string
			if i := strings.Index(start, " moves"); i >= 0 {
				start, moves = start[:i], strings.TrimSpace(start[i+len(" moves"):])
			}
			if pos == nil || start != posStart || !strings.HasPrefix(moves, posMoves) ||
				(len(moves) > len(posMoves) && posMoves != "" && moves[len(posMoves)] != ' ') {
				tags := rules.TagMap{}
				if fen, ok := strings.CutPrefix(start, "fen "); ok {
					tags["FEN"], tags["SetUp"] = strings.TrimSpace(fen), "1"
				}
				pos, err = g.Start(tags)
				if err != nil {
					posStart, posMoves = "", ""
					say("error " + err.Error())
					continue
				}
				posStart, posMoves = start, ""
			}
			for _, mv := range strings.Fields(moves[len(posMoves):]) {
				m, err := pos.ParseMove(mv)
				if err == nil {
					err = pos.Play(m)
				}
				if err != nil {
					posStart = "" // replay the next position from its start
					say("error " + err.Error())
					break
				}
			}
			posMoves = moves
		case "go":
			n := gos
			gos++
			if v, ok := mode["crash"]; ok && atoi(v) == n {
				os.Exit(3)
			}
			if v, ok := mode["panic"]; ok && atoi(v) == n {
				panic("fake engine bug")
			}
			if _, ok := mode["nogo"]; ok {
				continue
			}
			if _, ok := mode["garbage"]; ok {
				say("hello there")
				continue
			}
			if _, ok := mode["endless"]; ok {
				chunk := []byte(strings.Repeat("x", 64<<10))
				for range 100 << 20 / len(chunk) {
					if _, err := os.Stdout.Write(chunk); err != nil {
						return 5
					}
				}
				continue
			}
			if _, ok := mode["longline"]; ok {
				say(strings.Repeat("x", 100<<10))
				continue
			}
			if v, ok := mode["slow"]; ok {
				time.Sleep(time.Duration(atoi(v)) * time.Millisecond)
			}
			if v, ok := mode["slowat"]; ok {
				at, ms, _ := strings.Cut(v, ":")
				if atoi(at) == n {
					time.Sleep(time.Duration(atoi(ms)) * time.Millisecond)
				}
			}
			if v, ok := mode["bad"]; ok {
				say("bestmove " + v)
				continue
			}
			if v, ok := mode["badat"]; ok {
				at, text, _ := strings.Cut(v, ":")
				if atoi(at) == n {
					say("bestmove " + text)
					continue
				}
			}
			if _, ok := mode["echogo"]; ok {
				say("info string " + text)
			}
			if v, ok := mode["eval"]; ok {
				list := strings.Split(v, "/")
				e := list[min(n, len(list)-1)]
				if e != "none" {
					kind := "cp"
					if strings.HasPrefix(e, "mate") {
						kind = "mate"
					}
					say(fmt.Sprintf("info depth 7 score %s %s nodes 1000 nps 50000 pv x", kind, strings.TrimLeft(e, "cpmate")))
				}
			}
			if _, ok := mode["info"]; ok {
				say("info depth 1 score cp 10")
				say("info depth 2 score cp 12 pv x")
			}
			if pos == nil {
				say("error no position")
				continue
			}
			legal = pos.Moves(legal[:0])
			ms := legal
			if len(ms) == 0 {
				say("error no legal move")
				continue
			}
			m := ms[0]
			if _, ok := mode["last"]; ok {
				m = ms[len(ms)-1]
			}
			text := pos.FormatMove(m)
			if _, ok := mode["bare"]; ok {
				text = strings.NewReplacer("-", "", "x", "").Replace(text)
			}
			say("bestmove " + text)
			if _, ok := mode["idledeath"]; ok {
				if after := pos.Clone(); after.Play(m) == nil && after.Outcome().Over() {
					return 0
				}
			}
		}
	}
	return 0
}
