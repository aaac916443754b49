package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// twoRandom is a match's command line up to its options: two built-in
// Lines of Action engines that play random moves, at once, with a clock
// no machine runs out of.
func twoRandom(db string) []string {
	args := append([]string{"match", "-db", db, "-game", "lines-of-action"}, builtin("a", "random", "1")...)
	return append(append(args, builtin("b", "random", "2")...), "-each", "tc=600+1")
}

// TestMatchPlaysFastchessDefaults plays a match without -rounds and -games:
// 4 games, as fastchess, with the no-openings warning on stderr.
func TestMatchPlaysFastchessDefaults(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	r := arbiterMain(t, "", twoRandom(db)...)
	if r.code != 0 || !strings.Contains(r.stdout, "4 of 4 games stored") ||
		!strings.Contains(r.stderr, "arbiter: warning: no opening suite (-openings file=...)") {
		t.Errorf("%v; want 4 games and the no-openings warning", r)
	}
}

// TestMatchConcurrency checks that a -concurrency above the processors is
// a usage error (matchline's tests check that -force-concurrency takes it).
func TestMatchConcurrency(t *testing.T) {
	n := strconv.Itoa(runtime.NumCPU() + 1)
	db := filepath.Join(t.TempDir(), "m.db")
	r := runCLI(t, "", append(twoRandom(db), "-concurrency", n)...)
	want := "-concurrency " + n + ": more games at once than the " + strconv.Itoa(runtime.NumCPU()) + " processors of this machine"
	if r.code != exitUsage || !strings.Contains(r.stderr, want) || !strings.Contains(r.stderr, "-force-concurrency") {
		t.Errorf("%v; want exit 2 and %q", r, want)
	}
}

// TestMatchOpeningsErrors checks that a bad openings file is told under
// -openings with the file's lines, and under no other option.
func TestMatchOpeningsErrors(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "bad.fen")
	os.WriteFile(book, []byte("hello\nworld\n"), 0o644)
	r := runCLI(t, "", append(twoRandom(filepath.Join(dir, "m.db")), "-concurrency", "1", "-openings", "file="+book, "format=fen")...)
	for _, want := range []string{"-openings: " + book + ":1: not a Lines of Action position", "\n-openings: " + book + ":2: not a Lines of Action"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("%v; want %q", r, want)
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(r.stderr), "\n") {
		if !strings.HasPrefix(l, "-openings: ") && !strings.HasPrefix(l, "arbiter: match: -openings: ") {
			t.Errorf("line %q is not under -openings", l)
		}
	}
	if r.code != exitUsage {
		t.Errorf("exit %d; want %d", r.code, exitUsage)
	}
}

// TestMatchStrict checks -strict: the no-openings warning ends the match
// before it starts, and an engine's warning (an error reply to a
// setoption) ends it while it plays; both exit 1.
func TestMatchStrict(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "m.db")
	r := runCLI(t, "", append(twoRandom(db), "-strict")...)
	if r.code != exitFailure || r.stdout != "" || !strings.Contains(r.stderr, "-strict: the warning above ends the match") {
		t.Errorf("%v; want exit 1 and the warning ending the match", r)
	}
	if _, err := os.Stat(db); err == nil {
		t.Errorf("a database was made: %s", db)
	}
	r = runCLI(t, "", append(twoRandom(db), "-strict", "-openings", "file=../../examples/openings/lines-of-action.agn",
		"-concurrency", "100000000", "-force-concurrency")...)
	if r.code != exitFailure || !strings.Contains(r.stderr, "(4 per CPU): playing") || !strings.Contains(r.stderr, "-strict: the concurrency cut above ends it") {
		t.Errorf("%v; want exit 1 on the concurrency's cut", r)
	}
	if _, err := os.Stat(db); err == nil {
		t.Errorf("a database was made: %s", db)
	}
	r = arbiterMain(t, "", append(twoRandom(db), "-strict", "-openings", "file=../../examples/openings/lines-of-action.agn",
		"-engine", "cmd=arbiter", "name=c", "args=engine --game lines-of-action", "option.Hash=0")...)
	if r.code != exitFailure || r.stdout != "" || !strings.Contains(r.stderr, "setoption Hash") ||
		!strings.Contains(r.stderr, "-strict: the warning above ends it") {
		t.Errorf("%v; want exit 1 after the engine's warning", r)
	}
}

// TestMatchMakesDirectories checks that -pgnout and -log make the
// directories of their files, as fastchess does.
func TestMatchMakesDirectories(t *testing.T) {
	dir := t.TempDir()
	pgn, log := filepath.Join(dir, "games", "new", "x.agn"), filepath.Join(dir, "logs", "e.log")
	r := arbiterMain(t, "", append(twoRandom(filepath.Join(dir, "m.db")), "-rounds", "1",
		"-pgnout", "file="+pgn, "-log", "file="+log)...)
	if r.code != 0 {
		t.Fatalf("match: %v", r)
	}
	for _, f := range []string{pgn, log} {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v; want it written", f, err)
		}
	}
}

// TestMatchInterruptResults interrupts a match after its first game: it
// writes the result block of the games stored so far on stderr, nothing
// on stdout, and exits 130.
func TestMatchInterruptResults(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], append(twoRandom(filepath.Join(dir, "m.db")), "-rounds", "5000", "-ratinginterval", "0")...)
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	stdout := new(strings.Builder)
	cmd.Stdout = stdout
	lines := stderrLines(t, cmd)
	defer cmd.Process.Kill()
	var rest []string
	for l := range lines {
		rest = append(rest, l)
		if strings.HasPrefix(l, "game 1/10000 ") {
			cmd.Process.Signal(syscall.SIGINT)
		}
	}
	cmd.Wait()
	text := strings.Join(rest, "\n")
	if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || stdout.String() != "" ||
		!strings.Contains(text, "\nResults of a vs b (600+1):\n") || !strings.Contains(text, "\nGames: ") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant 130, nothing on stdout, the result block on stderr", code, stdout.String(), text)
	}
}

// TestMatchEachOption checks that an option of -each an engine does not
// declare is a warning, and the option is not sent, while the same option
// of the engine's own -engine stops it.
func TestMatchEachOption(t *testing.T) {
	dir := t.TempDir()
	r := arbiterMain(t, "", append(twoRandom(filepath.Join(dir, "each.db")), "option.Threads=1", "option.Seed=7", "restart=on",
		"-rounds", "1", "-log", "file="+filepath.Join(dir, "each.log"))...)
	// restart=on starts the engines for each game: the warning is said once.
	if n := strings.Count(r.stderr, `arbiter: warning: engine a does not declare option "Threads": not sent (it declares: `); r.code != 0 || n != 1 {
		t.Errorf("-each option.Threads=1: %v; want the match played, with a warning once", r)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "each.log"))
	if !strings.Contains(string(log), "setoption name Seed value 7") || strings.Contains(string(log), "setoption name Threads") {
		t.Errorf("engine log:\n%s\nwant Seed set and Threads not sent", log)
	}
	args := append(twoRandom(filepath.Join(dir, "own.db")), "-rounds", "1")
	args[slices.Index(args, "name=b")] = "option.Threads=1" // engine b's name is now its command's
	r = arbiterMain(t, "", args...)
	if r.code == 0 || !strings.Contains(r.stderr, `sets "Threads", which it does not declare`) {
		t.Errorf("-engine option.Threads=1: %v; want it failed", r)
	}
}

// TestMatchRefused checks that the options that cannot apply to these
// games, and the values that cannot, are refused with the reason: exit
// 2, nothing stored.
func TestMatchRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "fischerandom"}, "-variant: not taken: these games have no variants: the game is -game"},
		{[]string{"-tb", "/syzygy"}, "-tb: not taken: there are no tablebases for these games"},
		{[]string{"-tbpieces", "6"}, "-tbpieces: not taken: there are no tablebases"},
		{[]string{"-tbignore50"}, "-tbignore50: not taken: there are no tablebases"},
		{[]string{"-tbadjudicate", "BOTH"}, "-tbadjudicate: not taken: there are no tablebases"},
		{[]string{"-quick", "cmd=a", "cmd=b", "book=x.epd"}, "-quick: not taken: it plays from a chess opening book"},
		{[]string{"-config", "file=config.json"}, "-config: not taken: a match resumes from its database"},
		{[]string{"--compliance", "./engine"}, "--compliance: not taken: it checks a UCI engine"},
		{[]string{"-crc32", "pgn=true"}, "-crc32: not taken: it is a checksum of a PGN file"},
		{[]string{"-check-mate-pvs"}, "-check-mate-pvs: not taken: it checks chess mates"},
		{[]string{"-testEnv"}, "-testEnv: not taken: it is for chess's test frameworks"},
		{[]string{"-startup-ms", "5000"}, "-startup-ms: not taken: the start-up timeout is the config's startup_timeout_ms"},
		{[]string{"-ucinewgame-ms", "5000"}, "-ucinewgame-ms: not taken: the new game's timeout is the config's ping_timeout_ms"},
		{[]string{"-ping-ms", "5000"}, "-ping-ms: not taken: the ping timeout is the config's ping_timeout_ms"},
		{[]string{"-pgnout", "file=x.agn", "match_line=.*"}, "-pgnout match_line=: not taken: records keep no engine output"},
		{[]string{"-pgnout", "file=x.agn", "tbhits=true"}, "-pgnout tbhits=true: not taken: there are no tablebases"},
		{[]string{"-pgnout", "file=x.agn", "notation=fen"}, "-pgnout notation=fen: want san, lan or uci"},
		{[]string{"-pgnout", "nodes=true"}, "-pgnout: file= is missing"},
		{[]string{"-pgnout", "file=x.agn", "nodes=yes"}, "-pgnout nodes=yes: want true or false"},
		{[]string{"-log", "file=e.log", "compress=true"}, "-log compress=true: not taken: the log is written as text"},
		{[]string{"-log", "file=e.log", "level=loud"}, "-log level=loud: want trace, info, warn, err or fatal"},
		{[]string{"-output", "format=xml"}, "-output format=xml: want fastchess or cutechess"},
		{[]string{"-scoreinterval", "0"}, `-scoreinterval "0": want a whole number from 1`},
		{[]string{"-wait", "-1"}, `-wait "-1": want a whole number from 0`},
		{[]string{"restart=maybe"}, "-each restart=maybe: want on or off"},
		{[]string{"-engine", "cmd=arbiter", "name=c", "restart=on", "args=engine --game lines-of-action"},
			"-engine name=c restart=on but not -engine name=b: engines are restarted between games all or none"},
		{[]string{"plies=2", "depth=3"}, "-each plies=2: give plies or depth, not both"},
		{[]string{"-use-affinity", "1-x"}, `-use-affinity: "1-x" is not a list of CPUs`},
		{[]string{"-noswap", "-tournament", "knockout"}, "-noswap: no_swap is for round-robin and gauntlet tournaments, not knockout"},
		{[]string{"-reverse", "-tournament", "swiss"}, "-reverse: reverse_colours is for round-robin and gauntlet tournaments, not swiss"},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "m.db")
			r := runCLI(t, "", append(twoRandom(db), tc.args...)...)
			if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, tc.want) {
				t.Errorf("%q: %v; want exit 2 and %q", tc.args, r, tc.want)
			}
			if _, err := os.Stat(db); err == nil {
				t.Errorf("a database was made: %s", db)
			}
		})
	}
}

// matchRounds1 plays a match of one round (two games) of the random
// engines with args in dir's database, and returns its result.
func matchRounds1(t *testing.T, dir string, args ...string) result {
	t.Helper()
	// args first: a key=value word of args then belongs to -each.
	r := arbiterMain(t, "", append(append(twoRandom(filepath.Join(dir, "m.db")), args...), "-rounds", "1",
		"-openings", "file=../../examples/openings/lines-of-action.agn")...)
	if r.code != 0 {
		t.Fatalf("match %q: %v", args, r)
	}
	return r
}

// TestMatchColours plays a round with -noswap and with -reverse: the
// first engine White in both games, and the second White first.
func TestMatchColours(t *testing.T) {
	for _, tc := range []struct {
		option string
		want   []string
	}{
		{"", []string{"a - b", "b - a"}},
		{"-noswap", []string{"a - b", "a - b"}},
		{"-reverse", []string{"b - a", "a - b"}},
	} {
		t.Run(tc.option, func(t *testing.T) {
			var args []string
			if tc.option != "" {
				args = []string{tc.option}
			}
			r := matchRounds1(t, t.TempDir(), args...)
			for i, w := range tc.want {
				if want := fmt.Sprintf("game %d/2 (slot %d, round 1.%d): %s ", i+1, i, i+1, w); !strings.Contains(r.stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
				}
			}
		})
	}
}

// TestMatchRecordsOut plays a round with -event, -site, -pgnout with
// per-move fields and append=false, and -epdout: the records have the
// tags and fields, the file only this match's games, and -epdout a
// position a game.
func TestMatchRecordsOut(t *testing.T) {
	dir := t.TempDir()
	pgn, epd := filepath.Join(dir, "x.agn"), filepath.Join(dir, "x.epd")
	os.WriteFile(pgn, []byte("not a record\n"), 0o644)
	args := append([]string{"match", "-db", filepath.Join(dir, "m.db"), "-game", "lines-of-action"}, builtin("a", "search", "1")...)
	args = append(append(args, builtin("b", "random", "2")...), "-each", "tc=600+1", "plies=2", "-rounds", "1",
		"-openings", "file=../../examples/openings/lines-of-action.agn", "-maxmoves", "30",
		"-event", "Club Cup", "-site", "Here",
		"-pgnout", "file="+pgn, "append=false", "nodes=true", "pv=true", "timeleft=true",
		"-epdout", "file="+epd)
	if r := arbiterMain(t, "", args...); r.code != 0 {
		t.Fatalf("match: %v", r)
	}
	text, _ := os.ReadFile(pgn)
	for _, want := range []string{`[Event "Club Cup"]`, `[Site "Here"]`, ", tl=", ", n=", `, pv="`} {
		if !strings.Contains(string(text), want) {
			t.Errorf("records lack %q:\n%s", want, text)
		}
	}
	if strings.Contains(string(text), "not a record") || strings.Count(string(text), "[Event ") != 2 {
		t.Errorf("append=false: the file has other than the match's 2 games:\n%s", text)
	}
	lines := strings.Split(strings.TrimSpace(func() string { b, _ := os.ReadFile(epd); return string(b) }()), "\n")
	for _, l := range lines {
		if strings.Count(l, "/") != 7 || !strings.HasSuffix(l, " b") && !strings.HasSuffix(l, " w") {
			t.Errorf("-epdout line %q is not a Lines of Action position", l)
		}
	}
	if len(lines) != 2 {
		t.Errorf("-epdout has %d lines; want one a game, 2", len(lines))
	}
}

// TestMatchCutechessOutput checks -output format=cutechess: cutechess-cli's
// score line every -scoreinterval games and its Elo line at the end, and
// no fastchess block; and -show-latency's line of each engine.
func TestMatchCutechessOutput(t *testing.T) {
	r := matchRounds1(t, t.TempDir(), "-output", "format=cutechess", "-scoreinterval", "2", "-show-latency")
	score := regexp.MustCompile(`(?m)^Score of a vs b: \d+ - \d+ - \d+  \[\d\.\d{3}\] 2$`)
	if !score.MatchString(r.stdout) || !strings.Contains(r.stdout, "\nElo difference: ") || strings.Contains(r.stdout+r.stderr, "Results of") {
		t.Errorf("stdout:\n%s\nwant cutechess-cli's score and Elo lines, no fastchess block", r.stdout)
	}
	if n := strings.Count(r.stderr, "Score of a vs b: "); n != 1 {
		t.Errorf("%d score lines on stderr; want 1, after the 2nd game:\n%s", n, r.stderr)
	}
	for _, name := range []string{"a", "b"} {
		if !strings.Contains(r.stdout, "\nLatency of "+name+": ") {
			t.Errorf("stdout lacks the latency of %s:\n%s", name, r.stdout)
		}
	}
}

// TestMatchWait checks -wait: the two games of a round, one at a time,
// are at least the wait apart.
func TestMatchWait(t *testing.T) {
	at := time.Now()
	matchRounds1(t, t.TempDir(), "-wait", "400")
	if d := time.Since(at); d < 400*time.Millisecond {
		t.Errorf("the match took %v; want at least the wait, 400ms", d)
	}
}

// TestMatchLogRestart checks -log append=false (the log holds this match's
// lines only) and restart=on (each game's engines are new: more
// handshakes than with restart=off).
func TestMatchLogRestart(t *testing.T) {
	handshakes := map[string]int{}
	for _, restart := range []string{"off", "on"} {
		dir := t.TempDir()
		log := filepath.Join(dir, "e.log")
		os.WriteFile(log, []byte("an old line\n"), 0o644)
		matchRounds1(t, dir, "restart="+restart, "-log", "file="+log, "append=false", "engine=true", "level=trace")
		text, _ := os.ReadFile(log)
		if strings.Contains(string(text), "an old line") {
			t.Errorf("append=false: the old line is still in the log")
		}
		handshakes[restart] = len(regexp.MustCompile(`(?m) > ugi$`).FindAllString(string(text), -1))
	}
	if handshakes["on"] <= handshakes["off"] || handshakes["off"] == 0 {
		t.Errorf("handshakes: %v; want more with restart=on", handshakes)
	}
}
