package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/internal/proc"
	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// mainEnv makes the test binary behave as arbiter's main when set to "1",
// so that tests can check real exit codes and standard input.
const mainEnv = "ARBITER_TEST_MAIN"

func TestMain(m *testing.M) {
	// The test binary is arbiter: in a child process run by a test, and as
	// the tournament's worker processes (os.Executable is this binary).
	if os.Getenv(toyEnv) == "1" {
		addToyGame() // see newgame_test.go
	}
	if os.Getenv(mainEnv) == "1" || len(os.Args) > 1 && os.Args[1] == workerCommandName {
		main() // exits
	}
	os.Exit(pgtest.Run(m))
}

// result is what one arbiter run gave.
type result struct {
	code           int
	stdout, stderr string
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, clip(r.stdout), clip(r.stderr))
}

func clip(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}

// runCLI runs arbiter in-process with args (without the program name).
func runCLI(t testing.TB, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"arbiter"}, args...), strings.NewReader(stdin), &out, &errb)
	return result{code: code, stdout: out.String(), stderr: errb.String()}
}

// parts is r as exit code, stdout and stderr.
func (r result) parts() (int, string, string) { return r.code, r.stdout, r.stderr }

// arbiterMain runs the test binary as arbiter's real main, in a process of
// its own.
func arbiterMain(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %v: %v", args, err)
	}
	return result{code: code, stdout: out.String(), stderr: errb.String()}
}

// fixedBug fails a check that guards a bug found and fixed before: the
// message names where it was.
func fixedBug(t *testing.T, format string, args ...any) {
	t.Helper()
	t.Errorf("bug is back: %s", fmt.Sprintf(format, args...))
}

// failer returns a function that fails t as t.Errorf does, or as fixedBug
// does, naming bug, when the check guards a bug fixed before (bug != "").
func failer(t *testing.T, bug string) func(format string, args ...any) {
	return func(format string, args ...any) {
		t.Helper()
		if bug != "" {
			fixedBug(t, "%s: %s", bug, fmt.Sprintf(format, args...))
			return
		}
		t.Errorf(format, args...)
	}
}

func write(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Small records used by several tests.
const (
	validLOA = "[Game \"Lines of Action\"]\n[White \"alice\"]\n[Black \"bob\"]\n\n1. c8-c6 a2-c2 2. b1-b3 *\n\n"
	badLOA   = "[Game \"Lines of Action\"]\n[White \"carol\"]\n[Black \"dave\"]\n\n1. c8-c6 a2-c3 *\n\n"
	// codesFile holds a valid game and then one game per error code that
	// Lines of Action records can give.
	codesFile = "testdata/codes.agn"
)

var (
	// lineRE is one line of validate's text output for an invalid game.
	lineRE = regexp.MustCompile(`^(.+):(\d+):(\d+): game (\d+) \((.+) vs (.+)\): (?:ply (\d+) "((?:[^"\\]|\\.)*)": )?(.+)$`)
	// summaryRE is validate's last line.
	summaryRE = regexp.MustCompile(`^(\d+) games?, (\d+) valid, (\d+) invalid(?:, (\d+) warnings?)?$`)
	// warningRE is one line of validate's text output for a warning.
	warningRE = regexp.MustCompile(`^(.+):(\d+):(\d+): game (\d+) \((.+) vs (.+)\): warning: (.+)$`)
)

// checkText checks validate's text output line by line and returns the
// summary counts.
func checkText(t *testing.T, stdout string) (total, valid, invalid int, lines [][]string) {
	t.Helper()
	if !strings.HasSuffix(stdout, "\n") {
		t.Fatalf("stdout does not end with a newline: %q", clip(stdout))
	}
	ls := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	m := summaryRE.FindStringSubmatch(ls[len(ls)-1])
	if m == nil {
		t.Fatalf("last line %q is not a summary `N game(s), N valid, N invalid`", ls[len(ls)-1])
	}
	total, _ = strconv.Atoi(m[1])
	valid, _ = strconv.Atoi(m[2])
	invalid, _ = strconv.Atoi(m[3])
	if total != valid+invalid {
		t.Errorf("summary %q does not add up", ls[len(ls)-1])
	}
	warnings := 0
	for _, l := range ls[:len(ls)-1] {
		if warningRE.MatchString(l) {
			warnings++
			continue
		}
		m := lineRE.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("line %q is not `file:line:col: game N (White vs Black): [ply K \"move\": ]why`", clip(l))
			continue
		}
		if ln, _ := strconv.Atoi(m[2]); ln < 1 {
			t.Errorf("line %q: line number %d < 1", l, ln)
		}
		if col, _ := strconv.Atoi(m[3]); col < 1 {
			t.Errorf("line %q: column %d < 1", l, col)
		}
		lines = append(lines, m)
	}
	if len(lines) != invalid {
		t.Errorf("%d error lines, but the summary says %d invalid", len(lines), invalid)
	}
	if n, _ := strconv.Atoi(m[4]); n != warnings {
		t.Errorf("%d warning lines, but the summary says %d", warnings, n)
	}
	return total, valid, invalid, lines
}

// gameLine is validate --json's object for one game, decoded strictly. It
// repeats validate.go's gameJSON on purpose: the test states the documented
// keys and types on its own, so that a tag renamed there fails here instead
// of changing both sides (and errorLine spells out notation.Error's JSON).
type gameLine struct {
	File        string      `json:"file"`
	Index       int         `json:"index"`
	Line        int         `json:"line"`
	Game        string      `json:"game"`
	White       string      `json:"white"`
	Black       string      `json:"black"`
	Plies       int         `json:"plies"`
	Valid       bool        `json:"valid"`
	Result      string      `json:"result"`
	Score       string      `json:"score"`
	Termination string      `json:"termination"`
	Error       *errorLine  `json:"error"`
	Warnings    []errorLine `json:"warnings"` // left out when there are none
}

type errorLine struct {
	Code    string `json:"code"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Ply     int    `json:"ply"`
	Move    string `json:"move"`
	Message string `json:"message"`
}

var (
	gameKeys  = []string{"file", "index", "line", "game", "white", "black", "plies", "valid", "result", "score", "termination", "error"}
	errorKeys = []string{"code", "line", "col", "ply", "move", "message"}
	codes     = map[string]bool{"syntax": true, "unknown-game": true, "bad-tag": true, "notation": true,
		"illegal-move": true, "result-mismatch": true, "score-mismatch": true, "move-number": true}
	results = map[string]bool{"1-0": true, "0-1": true, "1/2-1/2": true, "*": true}
)

// checkJSON decodes validate --json's output, checks every object's keys,
// types and invariants, and returns the objects. missingMove collects the
// error objects that lack the "move" key.
func checkJSON(t *testing.T, stdout string) (out []gameLine, missingMove int) {
	t.Helper()
	if stdout == "" {
		return nil, 0
	}
	for i, l := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		var raw map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &raw); err != nil {
			t.Fatalf("line %d is not a JSON object: %v\n%s", i+1, err, clip(l))
		}
		for _, k := range gameKeys {
			if _, ok := raw[k]; !ok {
				t.Errorf("line %d lacks %q: %s", i+1, k, clip(l))
			}
		}
		// These fields at least (docs/notation.md); more are fine.
		var g gameLine
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatalf("line %d: a field has the wrong type: %v\n%s", i+1, err, clip(l))
		}
		if g.Index < 1 || g.Line < 1 || g.Plies < 0 || !results[g.Result] || g.Termination == "" {
			t.Errorf("line %d: index %d, line %d, plies %d, result %q, termination %q out of range",
				i+1, g.Index, g.Line, g.Plies, g.Result, g.Termination)
		}
		if g.Valid != (g.Error == nil) {
			t.Errorf("line %d: valid %v but error %+v", i+1, g.Valid, g.Error)
		}
		if g.Error != nil {
			var eraw map[string]json.RawMessage
			json.Unmarshal(raw["error"], &eraw)
			for _, k := range errorKeys {
				if _, ok := eraw[k]; !ok {
					if k == "move" {
						missingMove++
						continue
					}
					t.Errorf("line %d: error lacks %q: %s", i+1, k, clip(l))
				}
			}
			e := g.Error
			if !codes[e.Code] || e.Line < 1 || e.Col < 1 || e.Ply < 0 || e.Message == "" {
				t.Errorf("line %d: bad error object %+v", i+1, *e)
			}
			if (e.Ply > 0) != (e.Move != "") {
				t.Errorf("line %d: ply %d with move %q: a move error names both, others neither", i+1, e.Ply, e.Move)
			}
		}
		out = append(out, g)
	}
	return out, missingMove
}

func TestValidateExitCodes(t *testing.T) {
	valid := write(t, "valid.agn", validLOA+validLOA)
	mixed := write(t, "mixed.agn", validLOA+badLOA+validLOA)
	empty := write(t, "empty.agn", "")
	missing := filepath.Join(t.TempDir(), "missing.agn")
	tests := []struct {
		name      string
		args      []string
		stdin     string
		code      int
		stdout    string // a substring of stdout ("" with emptyOut: stdout must be empty)
		emptyOut  bool
		stderr    string // a substring of stderr
		emptyErr  bool
		fixedBugs string // non-empty: the bug this check guards against, fixed before
	}{
		{name: "all valid", args: []string{"validate", valid}, code: 0, stdout: "2 games, 2 valid, 0 invalid\n", emptyErr: true},
		{name: "some invalid", args: []string{"validate", mixed}, code: 1, stdout: "3 games, 2 valid, 1 invalid\n", emptyErr: true},
		{name: "no games", args: []string{"validate", empty}, code: 0, stdout: "0 games, 0 valid, 0 invalid\n"},
		{name: "missing file", args: []string{"validate", missing}, code: 2, emptyOut: true, stderr: missing},
		{name: "missing file after a good one", args: []string{"validate", valid, missing}, code: 2, emptyOut: true, stderr: missing},
		{name: "missing file with json", args: []string{"validate", "--json", valid, missing}, code: 2, emptyOut: true, stderr: missing},
		{name: "directory", args: []string{"validate", t.TempDir()}, code: 2, emptyOut: true, stderr: "read "},
		{name: "no args", args: []string{"validate"}, code: 2, emptyOut: true, stderr: "no FILE"},
		{name: "unknown flag", args: []string{"validate", "--bogus", valid}, code: 2, emptyOut: true, stderr: "bogus"},
		{name: "jobs 0", args: []string{"validate", "--jobs", "0", valid}, code: 2, emptyOut: true, stderr: "--jobs"},
		{name: "jobs negative", args: []string{"validate", "--jobs=-3", valid}, code: 2, emptyOut: true, stderr: "--jobs"},
		{name: "jobs not a number", args: []string{"validate", "--jobs", "many", valid}, code: 2, emptyOut: true, stderr: "many"},
		{name: "flags after files", args: []string{"validate", mixed, "--jobs", "1", "--json"}, code: 1, stdout: `"valid":false`},
		{name: "stdin", args: []string{"validate", "-"}, stdin: validLOA + badLOA, code: 1, stdout: "<stdin>:"},
		{name: "stdin json", args: []string{"validate", "--json", "-"}, stdin: validLOA, code: 0, stdout: `"valid":true`, stderr: "1 game, 1 valid"},
		{name: "unknown command", args: []string{"bogus"}, code: 2, emptyOut: true, stderr: "bogus",
			fixedBugs: "app.go: an unknown command exits 0"},
		{name: "perft without --game", args: []string{"perft", "2"}, code: 2, emptyOut: true, stderr: "perft: --game is required",
			fixedBugs: "perft.go: a missing --game printed the help on stdout"},
		{name: "engine without --game", args: []string{"engine"}, code: 2, emptyOut: true, stderr: "engine: --game is required"},
		{name: "new with an unknown game", args: []string{"new", "--game", "chess"}, code: 2, emptyOut: true, stderr: `new: unknown game "chess"`},
		{name: "help with an unknown flag", args: []string{"help", "--bogus"}, code: 2, emptyOut: true, stderr: "bogus",
			fixedBugs: "app.go: help's usage errors printed the help on stdout"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, tt.stdin, tt.args...)
			fail := failer(t, tt.fixedBugs)
			if r.code != tt.code {
				fail("arbiter %q: exit %d; want %d\n%v", tt.args, r.code, tt.code, r)
			}
			if tt.emptyOut && r.stdout != "" {
				fail("arbiter %q: stdout %q; want it empty on failure", tt.args, clip(r.stdout))
			}
			if !strings.Contains(r.stdout, tt.stdout) {
				fail("arbiter %q: stdout %q; want it to contain %q", tt.args, clip(r.stdout), tt.stdout)
			}
			if tt.emptyErr && r.stderr != "" {
				fail("arbiter %q: stderr %q; want it empty", tt.args, r.stderr)
			}
			if !strings.Contains(r.stderr, tt.stderr) {
				fail("arbiter %q: stderr %q; want it to name %q", tt.args, r.stderr, tt.stderr)
			}
			if r.code != 0 && tt.code != 0 && tt.emptyOut && strings.Count(r.stderr, "\n") > 3 {
				fail("arbiter %q: stderr has %d lines; want a short clear message", tt.args, strings.Count(r.stderr, "\n"))
			}
		})
	}
}

// TestValidateGolden checks the text and JSON outputs for one game per
// error code against golden files.
func TestValidateGolden(t *testing.T) {
	text := runCLI(t, "", "validate", "--jobs", "1", codesFile)
	if text.code != 1 || text.stderr != "" {
		t.Fatalf("validate %s: %v; want exit 1 and nothing on stderr", codesFile, text)
	}
	testkit.Golden(t, "codes.txt.golden", text.stdout)
	js := runCLI(t, "", "validate", "--json", "--jobs", "1", codesFile)
	if js.code != 1 {
		t.Fatalf("validate --json %s: %v; want exit 1", codesFile, js)
	}
	testkit.Golden(t, "codes.jsonl.golden", js.stdout)
}

// TestValidateCodes checks that the fixture gives every error code LOA
// records can give, and that the text and JSON outputs agree game by game.
func TestValidateCodes(t *testing.T) {
	text := runCLI(t, "", "validate", codesFile)
	js := runCLI(t, "", "validate", "--json", codesFile)
	total, valid, invalid, lines := checkText(t, text.stdout)
	games, missingMove := checkJSON(t, js.stdout)
	if len(games) != total {
		t.Fatalf("%d JSON objects; the text summary counts %d games", len(games), total)
	}
	if s := fmt.Sprintf("%d games, %d valid, %d invalid\n", total, valid, invalid); js.stderr != s {
		t.Errorf("validate --json: stderr %q; want the summary %q", js.stderr, s)
	}
	seen := map[string]bool{}
	i := 0
	for _, g := range games {
		if g.File != codesFile {
			t.Errorf("game %d: file %q; want %q", g.Index, g.File, codesFile)
		}
		if g.Valid {
			continue
		}
		seen[g.Error.Code] = true
		if i >= len(lines) {
			t.Fatalf("more invalid games in JSON than lines of text")
		}
		m := lines[i]
		i++
		e := g.Error
		white, black := cmp.Or(g.White, "?"), cmp.Or(g.Black, "?")
		want := []string{codesFile, strconv.Itoa(e.Line), strconv.Itoa(e.Col), strconv.Itoa(g.Index), white, black}
		if e.Ply > 0 {
			want = append(want, strconv.Itoa(e.Ply), e.Move)
		} else {
			want = append(want, "", "")
		}
		want = append(want, e.Message)
		if got := m[1:]; strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("text line %q disagrees with JSON %+v %+v", m[0], g, *e)
		}
	}
	for c := range codes {
		if !seen[c] {
			t.Errorf("no game of %s gives error code %q", codesFile, c)
		}
	}
	if missingMove > 0 {
		fixedBug(t, "validate.go/notation.Error: %d error objects lack the \"move\" key (json omitempty) though the documented error object has it", missingMove)
	}
}

// TestValidateJSONMoveNumberGame checks that a game whose only fault is a
// move number still names its game.
func TestValidateJSONMoveNumberGame(t *testing.T) {
	r := runCLI(t, "[Game \"Lines of Action\"]\n\n1. c8-c6 a2-c2 3. b1-b3 *\n", "validate", "--json", "-")
	gs, _ := checkJSON(t, r.stdout)
	if len(gs) != 1 || gs[0].Error == nil || gs[0].Error.Code != "move-number" {
		t.Fatalf("got %v; want one move-number error", r)
	}
	if gs[0].Game != "lines-of-action" {
		fixedBug(t, "replay: a game with a move-number (or any notation-level) error reports game %q, not its Game tag's id", gs[0].Game)
	}
}

func TestValidateSeveralFiles(t *testing.T) {
	a := write(t, "a.agn", validLOA+badLOA)
	b := write(t, "b.agn", badLOA+validLOA+validLOA)
	r := runCLI(t, validLOA, "validate", a, "-", b)
	if r.code != 1 {
		t.Fatalf("validate a - b: %v; want exit 1", r)
	}
	total, valid, invalid, lines := checkText(t, r.stdout)
	if total != 6 || valid != 4 || invalid != 2 {
		t.Errorf("summary %d/%d/%d; want 6 games, 4 valid, 2 invalid", total, valid, invalid)
	}
	if len(lines) == 2 && (lines[0][1] != a || lines[1][1] != b || lines[0][4] != "2" || lines[1][4] != "1") {
		t.Errorf("error lines name %s game %s and %s game %s; want %s game 2 and %s game 1",
			lines[0][1], lines[0][4], lines[1][1], lines[1][4], a, b)
	}
	js := runCLI(t, validLOA, "validate", "--json", a, "-", b)
	gs, _ := checkJSON(t, js.stdout)
	var got []string
	for _, g := range gs {
		got = append(got, fmt.Sprintf("%s#%d", filepath.Base(g.File), g.Index))
	}
	if want := "a.agn#1 a.agn#2 <stdin>#1 b.agn#1 b.agn#2 b.agn#3"; strings.Join(got, " ") != want {
		t.Errorf("games reported in order %q; want %q", strings.Join(got, " "), want)
	}
}

// randomGames writes n random but legal games of game (a few of them
// spoilt), as bench/gen does.
func randomGames(t *testing.T, game rules.Game, n, maxPlies int, seed uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0))
	var b strings.Builder
	for i := 0; i < n; i++ {
		g, err := testkit.RandomGame(game, rng, int64(i), rng.IntN(maxPlies+1))
		if err != nil {
			t.Fatal(err)
		}
		g.SetTag("White", fmt.Sprintf("w%d", i))
		g.SetTag("Black", fmt.Sprintf("b%d", i))
		switch {
		case i%17 == 5 && len(g.Moves) > 2: // a move played twice: illegal or unreadable
			g.Moves[len(g.Moves)-1] = g.Moves[len(g.Moves)-3]
		case i%23 == 7: // a result the position does not support
			g.Result = "1/2-1/2"
			g.SetTag("Result", g.Result)
		}
		b.WriteString(g.String())
	}
	return b.String()
}

// TestValidateJobs checks that parallel validation gives exactly the
// serial output, for every game arbiter knows.
func TestValidateJobs(t *testing.T) {
	for _, game := range games.All {
		t.Run(game.ID(), func(t *testing.T) {
			path := write(t, "gen.agn", randomGames(t, game, 400, 120, 1))
			for _, format := range [][]string{nil, {"--json"}} {
				args := append([]string{"validate"}, format...)
				one := runCLI(t, "", append(args, "--jobs", "1", path)...)
				if one.code != 1 {
					t.Fatalf("validate %q --jobs 1: exit %d; want 1 (some games are spoilt)\n%s", format, one.code, clip(one.stderr))
				}
				for _, jobs := range []string{"2", "3"} {
					par := runCLI(t, "", append(args, "--jobs", jobs, path)...)
					if par.code != one.code || par.stdout != one.stdout || par.stderr != one.stderr {
						t.Errorf("validate %q --jobs %s differs from --jobs 1:\n%v\nwant:\n%v", format, jobs, par, one)
					}
				}
				if format == nil {
					total, _, invalid, _ := checkText(t, one.stdout)
					if total != 400 || invalid == 0 || invalid > 60 {
						t.Errorf("validate: %d games, %d invalid; want 400 games, a few invalid", total, invalid)
					}
				} else {
					checkJSON(t, one.stdout)
				}
			}
		})
	}
}

// TestValidateHostile feeds broken and hostile input: validate must not
// panic or hang, must locate every error and must go on with the next game
// where the structure of the file allows.
func TestValidateHostile(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	garbage := make([]byte, 4096)
	for i := range garbage {
		garbage[i] = byte(rng.UintN(256))
	}
	long := strings.Repeat("a", 10<<20)
	const head = "[Game \"Lines of Action\"]\n[White \"w\"]\n[Black \"b\"]\n\n"
	tests := []struct {
		name      string
		data      string
		lastValid bool // the last game (validLOA) must be found valid
		allValid  bool // every game must be found valid
		invalid   int  // at least this many invalid games
		fixedBugs string
	}{
		{name: "empty", data: ""},
		{name: "only space", data: " \n\t\r\n\n"},
		{name: "binary garbage", data: string(garbage), invalid: 1},
		{name: "binary garbage between games", data: validLOA + "\n" + string(garbage) + "\n\n" + validLOA, invalid: 1},
		{name: "NUL bytes in movetext", data: head + "1. c8-c6 \x00\x00 *\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "10 MB move", data: head + "1. " + long + " *\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "10 MB tag value", data: "[Event \"" + long + "\"]\n" + validLOA + validLOA, lastValid: true, allValid: true},
		{name: "10 MB line of moves", data: head + strings.Repeat("c8-c6 ", 2<<20) + "*\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "10 MB comment never closed", data: head + "1. c8-c6 {" + long + "\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "unbalanced open brace", data: head + "1. c8-c6 { a2-c2 *\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "unbalanced close brace", data: head + "1. c8-c6 } a2-c2 *\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "nested braces", data: head + "1. c8-c6 {{{ a }}} *\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "brackets in movetext", data: head + "1. c8-c6 ] *\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "variation", data: head + "1. c8-c6 (1... a2-c2) *\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "truncated in a tag", data: validLOA + "[Game \"Lines of Act", invalid: 1},
		{name: "truncated in a tag name", data: validLOA + "[Ga", invalid: 1},
		{name: "truncated in a move", data: validLOA + head + "1. c8-c6 a2-c", invalid: 1},
		{name: "truncated after tags", data: validLOA + head, invalid: 1},
		{name: "truncated in a UTF-8 sequence", data: validLOA + head + "{é\xc3", invalid: 1},
		{name: "invalid UTF-8 in a tag", data: "[White \"\xff\xfe\"]\n" + validLOA[len("[White \"alice\"]\n"):] + validLOA, lastValid: true},
		{name: "unknown tags kept", data: "[Flavour \"vanilla\"]\n[X_1 \"\"]\n" + validLOA + validLOA, lastValid: true, allValid: true},
		{name: "PGN supplemental tags", data: "[WhiteElo \"2100\"]\n[PlyCount \"2\"]\n[TimeControl \"40/7200\"]\n" + validLOA + validLOA, lastValid: true, allValid: true},
		{name: "unknown game then a good one", data: "[Game \"Go\"]\n\n1. d4 *\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "duplicate tag", data: "[White \"a\"]\n[White \"b\"]\n" + validLOA + validLOA, lastValid: true, invalid: 1},
		{name: "CRLF line ends", data: strings.ReplaceAll(validLOA+badLOA+validLOA, "\n", "\r\n"), lastValid: true, invalid: 1},
		{name: "byte order mark", data: "\xef\xbb\xbf" + validLOA + validLOA, lastValid: true, allValid: true},
		// A line of brackets holds no movetext, so the splitter keeps the game
		// after it in the same chunk: only the error is required here.
		{name: "many open brackets", data: strings.Repeat("[", 1<<20) + "\n\n" + validLOA, invalid: 1},
		{name: "many open braces", data: head + strings.Repeat("{", 1<<20) + "\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "thousands of wrong move numbers", data: head + strings.Repeat("9. ", 100000) + "*\n\n" + validLOA, lastValid: true, invalid: 1,
			fixedBugs: "notation/parse.go: a move number with no move after it is never checked (\"1. c8-c6 a2-c2 9. *\" is valid)"},
		{name: "huge move number", data: head + "99999999999999999999999. c8-c6 *\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "1 MB Game tag", data: "[Game \"" + long[:1<<20] + "\"]\n\n*\n\n" + validLOA, lastValid: true, invalid: 1,
			fixedBugs: "games.Lookup / replay.go: the unknown-game message quotes the whole tag value (a 1 MB error line)"},
		{name: "1 MB Termination tag", data: "[Game \"Lines of Action\"]\n[Termination \"" + long[:1<<20] + "\"]\n\n*\n\n" + validLOA, lastValid: true, invalid: 1,
			fixedBugs: "replay.go: the unknown-Termination message quotes the whole tag value (a 1 MB error line)"},
		{name: "1 MB Date tag", data: "[Game \"Lines of Action\"]\n[Date \"" + long[:1<<20] + "\"]\n\n*\n\n" + validLOA, lastValid: true, allValid: true,
			fixedBugs: "replay.go: the bad-Date message quotes the whole tag value (a 1 MB line)"},
		{name: "1 MB Result tag", data: "[Game \"Lines of Action\"]\n[Result \"" + long[:1<<20] + "\"]\n\n*\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "1 MB FEN tag", data: "[Game \"Lines of Action\"]\n[SetUp \"1\"]\n[FEN \"" + long[:1<<20] + " b\"]\n\n*\n\n" + validLOA, lastValid: true, invalid: 1},
		{name: "two comment lines before the tags", data: "; one\n; two\n" + validLOA + validLOA, lastValid: true, allValid: true,
			fixedBugs: "notation/parse.go game(): a comment followed by another comment before the tags is taken as movetext"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := write(t, "hostile.agn", tt.data)
			start, cpu := time.Now(), proc.CPU()
			text := runCLI(t, "", "validate", "--jobs", "2", path)
			js := runCLI(t, "", "validate", "--json", "--jobs", "1", path)
			// A bound for behaviour worse than linear (minutes), not a
			// speed test: the slowest case takes under 3 s on a quiet
			// machine. It is on the CPU time the two runs take (they run
			// in this process), which a loaded machine does not stretch
			// as it does the wall-clock time.
			limit := 30 * time.Second
			if raceEnabled {
				limit *= 8
			}
			el := time.Duration(proc.CPU() - cpu)
			if cpu == 0 { // no CPU time here: the wall-clock time
				el = time.Since(start)
			}
			if el > limit {
				t.Errorf("validate took %v of CPU time on %d bytes; want at most %v", el, len(tt.data), limit)
			}
			fail := failer(t, tt.fixedBugs)
			if text.code != 0 && text.code != 1 {
				t.Fatalf("validate: %v; want exit 0 or 1", text)
			}
			if text.stderr != "" {
				t.Errorf("validate: stderr %q; want it empty", clip(text.stderr))
			}
			total, _, invalid, lines := checkText(t, text.stdout)
			for _, l := range lines {
				if l[1] != path {
					t.Errorf("line %q does not start with the file name %s", clip(l[0]), path)
				}
				if len(l[0]) > 1000 {
					fail("error line is %d bytes long; want it short: %q", len(l[0]), clip(l[0]))
				}
			}
			if invalid < tt.invalid {
				fail("validate: %d invalid games; want at least %d\n%s", invalid, tt.invalid, clip(text.stdout))
			}
			if tt.allValid && invalid > 0 {
				fail("validate: %d invalid games; want none\n%s", invalid, clip(text.stdout))
			}
			if (text.code == 1) != (invalid > 0) {
				t.Errorf("validate: exit %d with %d invalid games", text.code, invalid)
			}
			gs, _ := checkJSON(t, js.stdout)
			if len(gs) != total {
				t.Errorf("validate --json: %d objects; text counts %d games", len(gs), total)
			}
			if n := len(chunks([]byte(tt.data))); total != n {
				t.Errorf("validate: %d games; a notation.Splitter finds %d", total, n)
			}
			if tt.lastValid && (len(gs) == 0 || !gs[len(gs)-1].Valid || gs[len(gs)-1].White != "alice") {
				fail("the last game (a valid one) is not reported valid:\n%s", clip(js.stdout))
			}
		})
	}
}

func TestShow(t *testing.T) {
	two := write(t, "two.agn", validLOA+"[Game \"Lines of Action\"]\n[White \"eve\"]\n[Black \"fay\"]\n\n1. c8-c6 a2-c2 2. b1-b3 h4-f2 3. f1xh3 *\n\n")
	tests := []struct {
		name     string
		args     []string
		stdin    string
		code     int
		want     []string // substrings of stdout, in order
		stderr   string
		emptyOut bool
	}{
		{name: "after ply 2", args: []string{"show", "--ply", "2", two}, want: []string{"alice vs bob", "after ply 2",
			"8 . b . b b b b .", "7 w . . . . . . w", "2 . . w . . . . w", "1 . b b b b b b .", "  a b c d e f g h",
			"FEN: 1b1bbbb1/w6w/w1b4w/w6w/w6w/w6w/2w4w/1bbbbbb1 b", "to move: black", "result so far: *"}},
		{name: "whole game", args: []string{"show", two}, want: []string{"after ply 3", "to move: white"}},
		{name: "start", args: []string{"show", "--ply", "0", two}, want: []string{"after ply 0", "FEN: 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"}},
		{name: "flags after the file", args: []string{"show", two, "--game", "2", "--ply", "5"}, want: []string{"eve vs fay", "after ply 5",
			"FEN: 1b1bbbb1/w6w/w1b4w/w6w/w7/wb5b/2w2w1w/2bbb1b1 w"}},
		{name: "short flags", args: []string{"show", "-g", "2", "-p", "1", two}, want: []string{"eve vs fay", "after ply 1"}},
		{name: "stdin", args: []string{"show", "-", "--ply", "1"}, stdin: validLOA, want: []string{"alice vs bob", "after ply 1"}},
		{name: "game out of range", args: []string{"show", two, "--game", "3"}, code: 2, emptyOut: true, stderr: "--game 3"},
		{name: "game 0", args: []string{"show", "--game", "0", two}, code: 2, emptyOut: true, stderr: "--game 0"},
		{name: "ply out of range", args: []string{"show", two, "--ply", "99"}, code: 2, emptyOut: true, stderr: "--ply 99 is out of range (0 to 3)"},
		{name: "ply -1", args: []string{"show", two, "--ply", "-1"}, code: 2, emptyOut: true, stderr: "--ply -1 is out of range (0 to 3)"},
		{name: "ply -1 short", args: []string{"show", "-p", "-1", two}, code: 2, emptyOut: true, stderr: "--ply -1 is out of range (0 to 3)"},
		{name: "ply -5 svg", args: []string{"show", two, "--ply", "-5", "--format", "svg"}, code: 2, emptyOut: true, stderr: "--ply -5 is out of range (0 to 3)"},
		{name: "last ply", args: []string{"show", two, "--ply", "3"}, want: []string{"after ply 3"}},
		{name: "missing file", args: []string{"show", "/nonexistent/x.agn"}, code: 2, emptyOut: true, stderr: "/nonexistent/x.agn"},
		{name: "no file", args: []string{"show"}, code: 2, emptyOut: true, stderr: "FILE"},
		{name: "two files", args: []string{"show", two, two}, code: 2, emptyOut: true, stderr: "FILE"},
		{name: "illegal move before the ply", args: []string{"show", "-", "--ply", "2"}, stdin: badLOA, code: 1, emptyOut: true, stderr: "a2-c3"},
		{name: "illegal move after the ply", args: []string{"show", "-", "--ply", "1"}, stdin: badLOA, want: []string{"after ply 1"}},
		{name: "unknown game", args: []string{"show", "-"}, stdin: "[Game \"Go\"]\n\n*\n", code: 1, emptyOut: true, stderr: "Go"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, tt.stdin, tt.args...)
			if r.code != tt.code {
				t.Fatalf("arbiter %q: %v\nwant exit %d", tt.args, r, tt.code)
			}
			if tt.emptyOut && r.stdout != "" {
				t.Errorf("arbiter %q: stdout %q; want it empty", tt.args, r.stdout)
			}
			if w, ok := lacksInOrder(r.stdout, tt.want); ok {
				t.Errorf("arbiter %q: stdout lacks %q (in order)\n%s", tt.args, w, r.stdout)
			}
			if !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("arbiter %q: stderr %q; want it to name %q", tt.args, r.stderr, tt.stderr)
			}
		})
	}
}

// lacksInOrder returns the first of want that s does not hold after the
// ones before it, and whether there is one.
func lacksInOrder(s string, want []string) (string, bool) {
	for _, w := range want {
		i := strings.Index(s, w)
		if i < 0 {
			return w, true
		}
		s = s[i+len(w):]
	}
	return "", false
}

func TestShowGolden(t *testing.T) {
	r := runCLI(t, "", "show", codesFile, "--game", "1", "--ply", "3")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("show: %v", r)
	}
	testkit.Golden(t, "show.golden", r.stdout)
}

// TestShowResultMismatch: a record whose declared result disagrees with its
// final position still has a board to show; the fault goes to stderr.
func TestShowResultMismatch(t *testing.T) {
	for _, game := range []string{"7", "11"} {
		r := runCLI(t, "", "show", codesFile, "--game", game)
		if r.code != 0 {
			fixedBug(t, "show.go: show refuses to draw the board of a game whose only fault is its declared result: %v", r)
		}
		if !strings.Contains(r.stdout, "FEN: ") || !strings.Contains(r.stderr, "result 1-0 declared") {
			t.Errorf("show --game %s: %v\nwant the board on stdout and the mismatch on stderr", game, r)
		}
	}
}

func TestPerft(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   string
		stderr   string
		knownBug string
	}{
		{name: "lines of action", args: []string{"perft", "--game", "lines-of-action", "3"}, stdout: "1 36\n2 1244\n3 44952\n", stderr: "depth 3"},
		{name: "display name", args: []string{"perft", "--game", "Lines of Action", "2"}, stdout: "1 36\n2 1244\n"},
		{name: "depth before the flag", args: []string{"perft", "1", "--game", "lines-of-action"}, stdout: "1 36\n"},
		{name: "fen", args: []string{"perft", "--game", "lines-of-action", "--fen", "b7/8/8/8/8/8/8/w6w w", "1"}, stdout: "1 0\n"},
		{name: "bad fen", args: []string{"perft", "--game", "lines-of-action", "--fen", "8/8 b", "1"}, code: 2, stderr: "perft"},
		{name: "depth 0", args: []string{"perft", "--game", "lines-of-action", "0"}, code: 2, stderr: "DEPTH"},
		{name: "depth negative", args: []string{"perft", "--game", "lines-of-action", "--", "-1"}, code: 2, stderr: "DEPTH"},
		{name: "depth not a number", args: []string{"perft", "--game", "lines-of-action", "three"}, code: 2, stderr: "three"},
		{name: "depth too deep", args: []string{"perft", "--game", "lines-of-action", "99"}, code: 2, stderr: "DEPTH"},
		{name: "no depth", args: []string{"perft", "--game", "lines-of-action"}, code: 2, stderr: "DEPTH"},
		{name: "two depths", args: []string{"perft", "--game", "lines-of-action", "1", "2"}, code: 2, stderr: "DEPTH"},
		{name: "unknown game", args: []string{"perft", "--game", "chess", "2"}, code: 2, stderr: "chess"},
		{name: "no game", args: []string{"perft", "2"}, code: 2, stderr: "game",
			knownBug: "app.go: `arbiter perft 2` (no --game) also prints a stray `unknown command \"2\"` line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, "", tt.args...)
			if r.code != tt.code || r.stdout != tt.stdout {
				t.Errorf("arbiter %q: %v\nwant exit %d, stdout %q", tt.args, r, tt.code, tt.stdout)
			}
			if !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("arbiter %q: stderr %q; want it to name %q", tt.args, r.stderr, tt.stderr)
			}
			if tt.code != 0 && strings.Count(r.stderr, "\n") > 1 {
				if tt.knownBug != "" {
					fixedBug(t, "%s", tt.knownBug)
				}
				t.Errorf("arbiter %q: stderr %q; want one line", tt.args, r.stderr)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"--help"}, []string{"validate", "show", "perft"}},
		{[]string{"-h"}, []string{"validate", "show", "perft"}},
		{[]string{"validate", "--help"}, []string{"--json", "--jobs", "FILE", "exit", "file:line:col"}},
		{[]string{"show", "--help"}, []string{"--game", "--ply", "FILE"}},
		{[]string{"perft", "--help"}, []string{"--game", "--fen", "DEPTH"}},
		{[]string{"help"}, []string{"validate", "show", "perft"}},
		{[]string{"help", "validate"}, []string{"--json", "--jobs"}},
		{[]string{"match", "--help"}, []string{"-engine", "-each", "-config-out", "Time controls"}},
		{[]string{"match", "-h"}, []string{"-engine", "-each", "-config-out"}},
		{[]string{"match", "-help"}, []string{"-engine", "-each", "-config-out"}},
		{[]string{"match", "-game", "lines-of-action", "--help"}, []string{"-engine", "-each"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := runCLI(t, "", tt.args...)
			if r.code != 0 {
				if tt.args[0] == "help" {
					fixedBug(t, "app.go: `arbiter %s` exits %d with %q (the help command is hidden and gone, but run lets \"help\" through)",
						strings.Join(tt.args, " "), r.code, strings.TrimSpace(r.stderr))
				}
				t.Fatalf("arbiter %q: %v; want exit 0", tt.args, r)
			}
			for _, w := range tt.want {
				if !strings.Contains(strings.ToLower(r.stdout), strings.ToLower(w)) {
					t.Errorf("arbiter %q: help does not mention %q:\n%s", tt.args, w, r.stdout)
				}
			}
		})
	}
}

// TestMainProcess runs the real main in a process of its own: exit codes as
// the shell sees them, standard input, and the two streams kept apart.
func TestMainProcess(t *testing.T) {
	valid := write(t, "valid.agn", validLOA)
	missing := filepath.Join(t.TempDir(), "nope.agn")
	tests := []struct {
		name     string
		args     []string
		stdin    string
		code     int
		stdout   string // exact, unless prefix
		prefix   bool
		stderr   string // substring
		emptyErr bool
	}{
		{name: "valid", args: []string{"validate", valid}, stdout: "1 game, 1 valid, 0 invalid\n", emptyErr: true},
		{name: "invalid from stdin", args: []string{"validate", "--jobs", "1", "-"}, stdin: validLOA + badLOA, code: 1,
			stdout: "<stdin>:11:10: game 2 (carol vs dave): ply 2 \"a2-c3\": ", prefix: true, emptyErr: true},
		{name: "missing file", args: []string{"validate", valid, missing}, code: 2, stderr: missing},
		{name: "usage", args: []string{"validate", "--jobs", "0", "-"}, code: 2, stderr: "--jobs"},
		{name: "perft", args: []string{"perft", "--game", "lines-of-action", "2"}, stdout: "1 36\n2 1244\n"},
		{name: "help", args: []string{"--help"}, stdout: "NAME:", prefix: true},
		{name: "show from stdin", args: []string{"show", "-", "--ply", "0"}, stdin: validLOA, stdout: "lines-of-action: alice vs bob, after ply 0\n", prefix: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := arbiterMain(t, tt.stdin, tt.args...)
			okOut := r.stdout == tt.stdout || tt.prefix && strings.HasPrefix(r.stdout, tt.stdout)
			if r.code != tt.code || !okOut {
				t.Errorf("arbiter %q: %v\nwant exit %d, stdout %q", tt.args, r, tt.code, tt.stdout)
			}
			if !strings.Contains(r.stderr, tt.stderr) || tt.emptyErr && r.stderr != "" {
				t.Errorf("arbiter %q: stderr %q; want %q", tt.args, r.stderr, tt.stderr)
			}
		})
	}
}

// TestValidateInterrupted: once the context is cancelled (Ctrl-C), validate
// stops and exits 130 without claiming to have checked everything.
func TestValidateInterrupted(t *testing.T) {
	path := write(t, "many.agn", strings.Repeat(validLOA, 2000))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := run(ctx, []string{"arbiter", "validate", "--jobs", "1", path}, strings.NewReader(""), &out, &errb)
	if code != exitInterrupted {
		t.Fatalf("validate with a cancelled context: exit %d; want %d", code, exitInterrupted)
	}
	if strings.Contains(out.String(), "games,") {
		fixedBug(t, "validate.go: validate ignores the context: after Ctrl-C it replays the whole file, prints the full summary %q, then exits 130",
			strings.TrimSpace(out.String()))
	}
}

// TestValidateVerdicts checks the code the JSON output gives for small
// records, one table per game (add Knight Fight and Tank Battle cases here
// when they land).
func TestValidateVerdicts(t *testing.T) {
	type verdict struct {
		name      string
		record    string
		code      string // "" for a valid game
		result    string // the result the replay establishes, checked when set
		fixedBugs string
	}
	const loa = "[Game \"Lines of Action\"]\n"
	tests := map[string][]verdict{
		"lines-of-action": {
			{name: "engine form and any case", record: loa + "\n1. C8C6 a2-C2 *", result: "*"},
			{name: "pass with moves left", record: loa + "\n1. c8-c6 a2-c2 pass *", code: "illegal-move"},
			{name: "capture written with -", record: loa + "\n1. c8-c6 a2-c2 2. b1-b3 h4-f2 3. f1-h3 *", code: "notation"},
			{name: "resignation", record: loa + "[Termination \"resignation\"]\n[Result \"1-0\"]\n\n1. c8-c6 1-0", result: "1-0"},
			{name: "unknown termination", record: loa + "[Termination \"bored\"]\n\n*", code: "bad-tag"},
			{name: "ISO Date", record: loa + "[Date \"2026-11-30\"]\n\n*", result: "*"},
			{name: "impossible Date, a warning", record: loa + "[Date \"2026.13.45\"]\n\n*", result: "*"},
			{name: "bad Result tag", record: loa + "[Result \"2-0\"]\n\n*", code: "bad-tag",
				fixedBugs: "notation/parse.go: [Result \"2-0\"] gives result-mismatch at the result token, not bad-tag at the tag"},
			{name: "result token against the tag", record: loa + "[Result \"1-0\"]\n\n1. c8-c6 0-1", code: "result-mismatch"},
			{name: "duplicate tag", record: loa + "[White \"a\"]\n[White \"b\"]\n\n*", code: "bad-tag"},
			{name: "won from a FEN", record: loa + "[SetUp \"1\"]\n[FEN \"b7/8/8/8/8/8/8/w6w w\"]\n\n0-1", result: "0-1"},
			{name: "FEN ignored with SetUp 0", record: loa + "[SetUp \"0\"]\n[FEN \"nonsense\"]\n\n1. c8-c6 *", result: "*"},
			{name: "dangling wrong move number", record: loa + "\n1. c8-c6 a2-c2 9. *", code: "move-number",
				fixedBugs: "notation/parse.go: a move number with no move after it is never checked"},
		},
	}
	for _, game := range games.All {
		if _, ok := tests[game.ID()]; !ok {
			t.Logf("no verdict cases for %s yet: add a table", game.ID())
		}
	}
	for id, cases := range tests {
		for _, tt := range cases {
			t.Run(id+"/"+tt.name, func(t *testing.T) {
				r := runCLI(t, tt.record+"\n", "validate", "--json", "-")
				gs, _ := checkJSON(t, r.stdout)
				if len(gs) != 1 {
					t.Fatalf("%d games; want 1\n%v", len(gs), r)
				}
				g := gs[0]
				code := ""
				if g.Error != nil {
					code = g.Error.Code
				}
				if code != tt.code || tt.result != "" && g.Result != tt.result {
					msg := fmt.Sprintf("%q: code %q, result %q; want code %q, result %q\n%s", tt.record, code, g.Result, tt.code, tt.result, r.stdout)
					if tt.fixedBugs != "" {
						fixedBug(t, "%s: %s", tt.fixedBugs, msg)
						return
					}
					t.Error(msg)
				}
				if want := map[bool]int{true: 0, false: 1}[tt.code == ""]; r.code != want {
					t.Errorf("exit %d; want %d", r.code, want)
				}
			})
		}
	}
}

// TestValidateRealCorpus validates the real Lines of Action games: every
// game replays and every result agrees (the corpus writes results in
// arbiter's convention, PGN's: 1-0 is White's win whoever moved first).
func TestValidateRealCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/loa-real/*.agn")
	if len(files) == 0 {
		t.Skip("no real corpus")
	}
	args := append([]string{"validate", "--json", "--jobs", "1"}, files...)
	one := runCLI(t, "", args...)
	args[3] = "2"
	two := runCLI(t, "", args...)
	if one.stdout != two.stdout || one.code != two.code {
		t.Errorf("validate --jobs 2 differs from --jobs 1 on the real corpus")
	}
	gs, _ := checkJSON(t, one.stdout)
	invalid := 0
	for _, g := range gs {
		if g.Valid {
			continue
		}
		invalid++
		if invalid <= 5 {
			t.Errorf("%s game %d: %+v; want every game valid", g.File, g.Index, *g.Error)
		}
	}
	if len(gs) != 4795 || invalid != 0 || one.code != exitOK {
		t.Errorf("%d games, %d invalid, exit %d; want 4795 games, all valid, exit 0", len(gs), invalid, one.code)
	}
}

// TestValidateSampleMutations spoils each game of every testdata/samples
// file in a few ways that need no knowledge of its rules, and checks the
// error code validate gives each copy, for every game with samples.
func TestValidateSampleMutations(t *testing.T) {
	type mutation struct {
		name  string
		code  string // "" for valid
		apply func(g *notation.Game) bool
	}
	mutations := []mutation{
		{name: "as recorded", apply: func(*notation.Game) bool { return true }},
		{name: "printed canonically", apply: func(*notation.Game) bool { return true }},
		{name: "unknown game", code: "unknown-game", apply: func(g *notation.Game) bool { g.SetTag("Game", "Halma"); return true }},
		{name: "unreadable last move", code: "notation", apply: func(g *notation.Game) bool {
			if len(g.Moves) == 0 {
				return false
			}
			g.Moves[len(g.Moves)-1].Text = "zz99"
			return true
		}},
		{name: "a move repeated at once", code: "illegal-move", apply: func(g *notation.Game) bool {
			if len(g.Moves) < 2 || g.Moves[0].Text == "pass" {
				return false
			}
			g.Moves = append([]notation.Move{g.Moves[0], g.Moves[0]}, g.Moves[1:]...)
			g.Result, _ = g.Tag("Result")
			return true
		}},
		{name: "wrong Score", code: "score-mismatch", apply: func(g *notation.Game) bool {
			if _, ok := g.Tag("Score"); !ok {
				return false
			}
			g.SetTag("Score", "12345-0")
			return true
		}},
		{name: "unreadable Score", code: "bad-tag", apply: func(g *notation.Game) bool {
			if _, ok := g.Tag("Score"); !ok {
				return false
			}
			g.SetTag("Score", "lots")
			return true
		}},
		{name: "bad start tag", code: "bad-tag", apply: func(g *notation.Game) bool {
			for _, name := range []string{"Board", "Layout", "FEN"} {
				if _, ok := g.Tag(name); ok {
					g.SetTag(name, "x")
					return true
				}
			}
			return false
		}},
	}
	paths, _ := filepath.Glob("../../testdata/samples/*.agn")
	for _, path := range paths {
		id := strings.TrimSuffix(filepath.Base(path), ".agn")
		t.Run(id, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			gs, err := notation.Parse(path, data)
			if err != nil {
				t.Fatalf("sample does not parse: %v", err)
			}
			var b strings.Builder
			var want []string
			recorded := chunks(data)
			for i, g := range gs {
				for _, m := range mutations {
					if m.name == "as recorded" {
						ch := recorded[i]
						b.WriteString(string(data[ch.Start:ch.End]) + "\n\n")
						want = append(want, fmt.Sprintf("game %d %s: %q", i+1, m.name, m.code))
						continue
					}
					c, _ := notation.Parse(path, []byte(g.String()))
					if len(c) != 1 || !m.apply(c[0]) {
						continue
					}
					b.WriteString(c[0].String())
					want = append(want, fmt.Sprintf("game %d %s: %q", i+1, m.name, m.code))
				}
			}
			r := runCLI(t, b.String(), "validate", "--json", "-")
			t.Logf("%d records from %d games", len(want), len(gs))
			out, _ := checkJSON(t, r.stdout)
			if len(out) != len(want) {
				t.Fatalf("%d reports for %d records\n%s", len(out), len(want), clip(r.stdout))
			}
			for i, g := range out {
				code := ""
				if g.Error != nil {
					code = g.Error.Code
				}
				w := want[i]
				if got := w[:strings.LastIndex(w, ":")] + fmt.Sprintf(": %q", code); got != w {
					t.Errorf("%s; got %q: %+v", w, code, g.Error)
				}
				if g.Valid && g.Game != id {
					t.Errorf("%s: game %q; want %q", w, g.Game, id)
				}
			}
		})
	}
}

// TestValidateJSONPlain: file names and messages are written as they are,
// without HTML escapes (a reader of JSON Lines with grep expects <stdin>).
func TestValidateJSONPlain(t *testing.T) {
	r := runCLI(t, validLOA, "validate", "--json", "-")
	if !strings.Contains(r.stdout, `"file":"<stdin>"`) {
		fixedBug(t, "validate.go: json.Encoder escapes HTML (SetEscapeHTML(false) missing): %s", strings.TrimSpace(r.stdout))
	}
}

// TestValidateNoQuadratic: inputs of a few megabytes must not take
// seconds. What is measured is the CPU time validate takes (this process's,
// as it runs in it), not the wall-clock time, which measures the machine's
// load: linear work on these takes tens of milliseconds, quadratic work a
// quarter of a minute or more, and the bound is far from both (eight times
// as far under the race detector, which slows both alike).
func TestValidateNoQuadratic(t *testing.T) {
	var tags, comments strings.Builder
	for i := 0; i < 90000; i++ {
		fmt.Fprintf(&tags, "[T%d \"v\"]\n", i)
	}
	tags.WriteString(validLOA)
	comments.WriteString("[Game \"Lines of Action\"]\n\n1. c8-c6 ")
	for i := 0; i < 180000; i++ {
		comments.WriteString("{c} ")
	}
	comments.WriteString("*\n")
	tests := []struct {
		name, data, fixedBugs string
	}{
		{name: "90,000 tags", data: tags.String(),
			fixedBugs: "notation/parse.go tag(): the duplicate check scans all earlier tags (quadratic: 100,000 tags, 800 KB, take 20 s)"},
		{name: "180,000 comments after a move", data: comments.String(),
			fixedBugs: "notation/parse.go movetext lastComment: comments are joined with += (quadratic: 200,000 comments, 800 KB, take 19 s)"},
		{name: "90,000 games", data: strings.Repeat(validLOA, 90000)},
		{name: "180,000 NAGs", data: "[Game \"Lines of Action\"]\n\n1. c8-c6 " + strings.Repeat("$1 ", 180000) + "*\n"},
	}
	limit := 3 * time.Second
	if raceEnabled {
		limit *= 8
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := write(t, "big.agn", tt.data)
			start, cpu := time.Now(), proc.CPU()
			r := runCLI(t, "", "validate", "--jobs", "1", path)
			el := time.Duration(proc.CPU() - cpu)
			if cpu == 0 { // no CPU time here: the wall-clock time
				el = time.Since(start)
			}
			t.Logf("validate took %v of CPU time on %d bytes", el, len(tt.data))
			if r.code > 1 {
				t.Fatalf("validate: %v", r)
			}
			if el > limit {
				if tt.fixedBugs != "" {
					fixedBug(t, "%s: %d bytes took %v of CPU time", tt.fixedBugs, len(tt.data), el)
					return
				}
				t.Errorf("validate took %v of CPU time on %d bytes; want at most %v", el, len(tt.data), limit)
			}
		})
	}
}

// TestShowFENRoundTrip: the FEN that show prints after ply K, given back as
// the start of the rest of the game, must replay to the same verdict, for
// every game with samples.
func TestShowFENRoundTrip(t *testing.T) {
	paths, _ := filepath.Glob("../../testdata/samples/*.agn")
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			gs := testkit.Records(t, path)
			checked := 0
			for i, g := range gs {
				for k := 0; k <= len(g.Moves); k += 3 {
					r := runCLI(t, "", "show", path, "--game", strconv.Itoa(i+1), "--ply", strconv.Itoa(k))
					_, fen, ok := strings.Cut(r.stdout, "\nFEN: ")
					fen, _, _ = strings.Cut(fen, "\n")
					if r.code != 0 || !ok || fen == "" {
						t.Fatalf("show game %d ply %d: %v; want a FEN line", i+1, k, r)
					}
					var b strings.Builder
					for _, tag := range g.Tags {
						if tag.Name != "SetUp" && tag.Name != "FEN" {
							fmt.Fprintf(&b, "[%s %q]\n", tag.Name, tag.Value)
						}
					}
					fmt.Fprintf(&b, "[SetUp \"1\"]\n[FEN %q]\n\n", fen)
					for _, m := range g.Moves[k:] {
						b.WriteString(m.Text + " ")
					}
					b.WriteString(g.Result + "\n")
					v := runCLI(t, b.String(), "validate", "--json", "-")
					out, _ := checkJSON(t, v.stdout)
					if v.code != 0 || len(out) != 1 || !out[0].Valid {
						t.Errorf("game %d from the FEN after ply %d does not replay:\n%s\n%v", i+1, k, b.String(), v)
					}
					checked++
				}
			}
			t.Logf("%d positions", checked)
		})
	}
}

// chunks returns the chunks of the games of data.
func chunks(data []byte) []notation.Chunk {
	var all []notation.Chunk
	s := notation.NewSplitter(data)
	for ch, ok := s.Next(); ok; ch, ok = s.Next() {
		all = append(all, ch)
	}
	return all
}
