package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/proc"
	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/sgf"
)

const (
	// ugiFile is a UGI runner's PGN of a Lines of Action match between
	// arbiter's engines: no Game tag, Date "??", 1-0 for a win of the
	// first mover (Black), Winner and Loser, moves in the engine form.
	ugiFile = "testdata/ugi-runner.pgn"
	// sgfFile holds boardspace.net-style SGF games: resignations,
	// forfeits, comments, variations, FF[3] names, game information.
	sgfFile = "../../sgf/testdata/boardspace.sgf"
)

// TestUGIRunnerPGN: a UGI runner's PGN is refused as it is, each refusal
// naming the option that reads it, and validates, imports and exports
// with --game lines-of-action --results first-mover.
func TestUGIRunnerPGN(t *testing.T) {
	r := runCLI(t, "", "validate", ugiFile)
	if r.code != 1 || !strings.Contains(r.stdout, "missing Game tag") || !strings.Contains(r.stdout, "--game") ||
		!strings.HasSuffix(r.stdout, "6 games, 0 valid, 6 invalid\n") {
		t.Errorf("validate without --game: %v", r)
	}
	r = runCLI(t, "", "validate", "--game", "lines-of-action", ugiFile)
	checkText(t, r.stdout)
	if r.code != 1 || strings.Count(r.stdout, "read with --results first-mover") != 6 {
		t.Errorf("validate --game: every game's Winner contradicts its result and names --results first-mover: %v", r)
	}
	r = runCLI(t, "", "validate", ugiFile, "--game", "lines-of-action", "--results", "first-mover")
	if r.code != 0 || r.stdout != "6 games, 6 valid, 0 invalid\n" {
		t.Fatalf("validate --game --results first-mover: %v", r)
	}
	// --strict: the runner's tags are known (Winner, Loser, PlyCount).
	if r := runCLI(t, "", "validate", "--strict", "-g", "lines-of-action", "--results", "first-mover", ugiFile); r.stdout != "6 games, 6 valid, 0 invalid\n" {
		t.Errorf("validate --strict: %v", r)
	}

	db := filepath.Join(t.TempDir(), "a.db")
	r = runCLI(t, "", "import", "--db", db, "--game", "lines-of-action", "--results", "first-mover", ugiFile)
	if r.code != 0 || !strings.Contains(r.stderr, "6 games: 6 stored") {
		t.Fatalf("import: %v", r)
	}
	r = runCLI(t, "", "export", "--db", db)
	if r.code != 0 {
		t.Fatalf("export: %v", r)
	}
	orig, _ := notation.Parse(ugiFile, mustRead(t, ugiFile))
	exported, _ := notation.Parse("export", []byte(r.stdout))
	if len(exported) != 6 {
		t.Fatalf("export: %d games; want 6", len(exported))
	}
	for i, g := range exported {
		for tag, want := range map[string]string{"Game": "Lines of Action", "Date": "????.??.??", "Site": "CuteGames"} {
			if v, _ := g.Tag(tag); v != want {
				t.Errorf("exported game %d: %s %q; want %q", i+1, tag, v, want)
			}
		}
		for _, tag := range []string{"Winner", "Loser", "PlyCount"} {
			w, _ := orig[i].Tag(tag)
			if v, _ := g.Tag(tag); v != w {
				t.Errorf("exported game %d: %s %q; want it kept, %q", i+1, tag, v, w)
			}
		}
		if got, want := g.Result, notation.FlipResult(orig[i].Result); got != want {
			t.Errorf("exported game %d: result %s; want %s in PGN's convention", i+1, got, want)
		}
	}
	// --results first-mover writes the results back as the runner wrote
	// them.
	r = runCLI(t, "", "export", "--db", db, "--results", "first-mover")
	back, _ := notation.Parse("export", []byte(r.stdout))
	for i, g := range back {
		if g.Result != orig[i].Result {
			t.Errorf("export --results first-mover, game %d: result %s; want %s", i+1, g.Result, orig[i].Result)
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestValidateWarnings: warnings are lines of their own and a count in the
// summary, and a JSON field; they leave the game valid and the exit 0.
func TestValidateWarnings(t *testing.T) {
	rec := "[Game \"Lines of Action\"]\n[White \"a\"]\n[Black \"b\"]\n[Date \"5 Jan 2024\"]\n[Layuot \"x\"]\n\n1. c8-c6 *\n\n"
	r := runCLI(t, rec, "validate", "-")
	want := "<stdin>:4:1: game 1 (a vs b): warning: Date \"5 Jan 2024\" cannot be read (want YYYY.MM.DD, with ?? for unknown parts): it counts as not known (????.??.??)\n" +
		"1 game, 1 valid, 0 invalid, 1 warning\n"
	if r.code != 0 || r.stdout != want {
		t.Errorf("validate: %v\nwant stdout %q", r, want)
	}
	r = runCLI(t, rec, "validate", "--strict", "-")
	checkText(t, r.stdout)
	if r.code != 0 || !strings.Contains(r.stdout, "<stdin>:5:1: game 1 (a vs b): warning: unknown tag \"Layuot\", kept (did you mean Layout?)\n") ||
		!strings.HasSuffix(r.stdout, ", 2 warnings\n") {
		t.Errorf("validate --strict: %v", r)
	}
	r = runCLI(t, rec, "validate", "--strict", "--json", "-")
	gs, _ := checkJSON(t, r.stdout)
	if len(gs) != 1 || len(gs[0].Warnings) != 2 || gs[0].Warnings[1].Code != "unknown-tag" || gs[0].Warnings[1].Line != 5 ||
		r.stderr != "1 game, 1 valid, 0 invalid, 2 warnings\n" {
		t.Errorf("validate --strict --json: %v", r)
	}
}

// TestGameFlag: --game takes an id in the commands that read records, and
// in show a number too; what it cannot be is a usage error.
func TestGameFlag(t *testing.T) {
	untagged := "[White \"a\"]\n[Black \"b\"]\n\n1. c8-c6 a2-c2 *\n\n"
	tests := []struct {
		args   []string
		code   int
		stdout string // a part of it
		stderr string // a part of it
	}{
		{[]string{"validate", "--game", "lines-of-action", "-"}, 0, "1 game, 1 valid", ""},
		{[]string{"validate", "--game", "Lines of Action", "-"}, 0, "1 game, 1 valid", ""},
		{[]string{"validate", "--game", "3", "-"}, 2, "", "validate: --game 3: a game number chooses a game in show and view"},
		{[]string{"validate", "--game", "chess", "-"}, 2, "", `"chess" is neither a game id`},
		{[]string{"validate", "--results", "black", "-"}, 2, "", "validate: --results: unknown result convention \"black\""},
		{[]string{"validate", "--game", "lines-of-action", "--game", "tank-battle", "-"}, 2, "", "two games are given"},
		{[]string{"show", "-", "--game", "lines-of-action", "--ply", "1"}, 0, "a vs b, after ply 1", ""},
		{[]string{"show", "-", "--game", "lines-of-action", "--game", "1"}, 0, "after ply 2", ""},
		{[]string{"show", "-"}, 1, "", "--game"},
		{[]string{"convert", "--game", "lines-of-action", "-"}, 0, `[Game "Lines of Action"]`, "1 game: 1 written"},
		{[]string{"import", "--db", filepath.Join(t.TempDir(), "a.db"), "-g", "lines-of-action", "-"}, 0, "", "1 stored"},
	}
	for _, tt := range tests {
		r := runCLI(t, untagged, tt.args...)
		if r.code != tt.code || !strings.Contains(r.stdout, tt.stdout) || !strings.Contains(r.stderr, tt.stderr) {
			t.Errorf("arbiter %q: %v\nwant exit %d, stdout with %q, stderr with %q", tt.args, r, tt.code, tt.stdout, tt.stderr)
		}
		if tt.code == 2 && r.stdout != "" {
			t.Errorf("arbiter %q: stdout %q on a usage error", tt.args, r.stdout)
		}
	}
}

// TestSGFCommands: validate, show and convert read boardspace's SGF.
func TestSGFCommands(t *testing.T) {
	r := runCLI(t, "", "validate", sgfFile)
	checkText(t, r.stdout)
	if r.code != 0 || !strings.Contains(r.stdout, "game 5 (iris vs juniper): warning: 4 variations left out: arbiter reads the main line") ||
		!strings.HasSuffix(r.stdout, "7 games, 7 valid, 0 invalid, 1 warning\n") {
		t.Errorf("validate: %v", r)
	}
	// Standard input, told by its text.
	if r := runCLI(t, string(mustRead(t, sgfFile)), "validate", "-"); r.code != 0 || !strings.HasSuffix(r.stdout, "7 games, 7 valid, 0 invalid, 1 warning\n") {
		t.Errorf("validate -: %v", r)
	}
	r = runCLI(t, "", "show", sgfFile, "--game", "2", "--ply", "4")
	if r.code != 0 || !strings.Contains(r.stdout, "lines-of-action: cedar vs dahlia, after ply 4") {
		t.Errorf("show: %v", r)
	}
	r = runCLI(t, "", "convert", sgfFile)
	if r.code != 0 || !strings.Contains(r.stderr, "7 games: 7 written, 0 invalid") {
		t.Fatalf("convert: %v", r)
	}
	testkit.Golden(t, "boardspace.agn.golden", r.stdout)
	// Imported, the games are stored as their canonical records.
	db := filepath.Join(t.TempDir(), "a.db")
	if r := runCLI(t, "", "import", "--db", db, sgfFile); r.code != 0 || !strings.Contains(r.stderr, "7 games: 7 stored") {
		t.Errorf("import: %v", r)
	}
	if e := runCLI(t, "", "export", "--db", db); e.stdout != r.stdout {
		t.Errorf("export of the imported SGF differs from convert's .agn:\n%s", e.stdout)
	}
	// SGF → agn → SGF gives the same games.
	s := runCLI(t, r.stdout, "convert", "--to", "sgf", "-")
	again := runCLI(t, s.stdout, "convert", "-")
	if s.code != 0 || again.code != 0 || again.stdout != r.stdout {
		t.Errorf("SGF → agn → SGF → agn changes the games:\n%v\n%v", s, again)
	}
	e := runCLI(t, "", "export", "--db", db, "--format", "sgf")
	if e.code != 0 || e.stdout != s.stdout {
		t.Errorf("export --format sgf differs from convert --to sgf: %v", e)
	}
}

// TestConvertCorpus: the real corpus goes agn → SGF → agn unchanged,
// through files, the format chosen by --output's extension.
func TestConvertCorpus(t *testing.T) {
	dir := t.TempDir()
	files, _ := filepath.Glob("../../testdata/loa-real/*.agn")
	agn := runCLI(t, "", append([]string{"convert"}, files...)...)
	if agn.code != 0 || !strings.Contains(agn.stderr, "4795 games: 4795 written, 0 invalid") {
		t.Fatalf("convert to agn: %v", agn)
	}
	out := filepath.Join(dir, "corpus.sgf")
	r := runCLI(t, "", append([]string{"convert", "-o", out}, files...)...)
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("convert -o corpus.sgf: %v", r)
	}
	if data := mustRead(t, out); !strings.HasPrefix(string(data), "(;GM[9]FF[4]") || strings.Count(string(data), "(;GM[9]") != 4795 {
		t.Fatalf("corpus.sgf is not 4,795 SGF game trees: %.200s", data)
	}
	back := runCLI(t, "", "convert", out)
	if back.code != 0 || back.stdout != agn.stdout {
		t.Errorf("agn → SGF → agn changes the corpus: %v", back)
	}
}

// TestConvertInvalid: invalid games are listed and left out, or kept as
// read; games of other types cannot be SGF.
func TestConvertInvalid(t *testing.T) {
	in := validLOA + badLOA + "[Game \"Lines of Action\"]\n[White \"x\n\n1. c8-c6 *\n\n"
	r := runCLI(t, in, "convert", "-")
	if r.code != 1 || strings.Count(r.stdout, "[Game ") != 1 || !strings.Contains(r.stderr, "game 2 (carol vs dave): ply 2 \"a2-c3\"") ||
		!strings.HasSuffix(r.stderr, "3 games: 1 written, 2 invalid\n") {
		t.Errorf("convert: %v", r)
	}
	r = runCLI(t, in, "convert", "--keep-invalid", "-")
	if r.code != 1 || strings.Count(r.stdout, "[Game ") != 2 || !strings.Contains(r.stdout, "a2-c3") ||
		!strings.Contains(r.stderr, "game 3 (? vs ?): left out: its text cannot be read to its end") ||
		!strings.HasSuffix(r.stderr, "3 games: 1 written, 2 invalid (1 of them written as read)\n") {
		t.Errorf("convert --keep-invalid: %v", r)
	}
	tb := "[Game \"tank-battle\"]\n[White \"a\"]\n[Black \"b\"]\n\n*\n\n"
	r = runCLI(t, validLOA+tb, "convert", "--to", "sgf", "-")
	if r.code != 1 || strings.Count(r.stdout, "(;GM[9]") != 1 || !strings.Contains(r.stderr, "game 2 (a vs b): is not Lines of Action: it cannot be written as SGF") {
		t.Errorf("convert --to sgf of a Tank Battle game: %v", r)
	}
	for _, args := range [][]string{{"convert", "--to", "pgn", "-"}, {"convert"}} {
		if r := runCLI(t, validLOA, args...); r.code != 2 || r.stdout != "" {
			t.Errorf("arbiter %q: %v; want a usage error", args, r)
		}
	}
}

// TestExportSGF: export --format sgf writes Lines of Action games only,
// and says so before writing anything.
func TestExportSGF(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	samples, _ := filepath.Glob("../../testdata/samples/*.agn")
	if r := runCLI(t, "", append([]string{"import", "--db", db}, samples...)...); r.code != 0 {
		t.Fatalf("import: %v", r)
	}
	r := runCLI(t, "", "export", "--db", db, "--format", "sgf")
	if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "knight-fight and tank-battle games (choose with --game lines-of-action)") {
		t.Errorf("export --format sgf of every game: %v", r)
	}
	r = runCLI(t, "", "export", "--db", db, "--format", "sgf", "--game", "lines-of-action")
	gs, err := sgf.Parse("export.sgf", []byte(r.stdout))
	if r.code != 0 || err != nil || len(gs) == 0 {
		t.Errorf("export --format sgf --game lines-of-action: %v (%v)", r, err)
	}
	for _, args := range [][]string{{"--format", "pgn"}, {"--results", "p1"}, {"--format", "sgf", "--results", "first-mover"}} {
		if r := runCLI(t, "", append([]string{"export", "--db", db}, args...)...); r.code != 2 || r.stdout != "" {
			t.Errorf("export %q: %v; want a usage error", args, r)
		}
	}
}

// TestValidateHostileSGF: broken and hostile SGF is located, quick, and
// leaves the games after it (where the text allows) alone.
func TestValidateHostileSGF(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 24))
	garbage := make([]byte, 4096)
	for i := range garbage {
		garbage[i] = byte(rng.UintN(256))
	}
	const good = "(;GM[9]PB[alice]PW[bob];B[C8-C6];W[A2-C2])\n"
	long := strings.Repeat("a", 10<<20)
	tests := []struct {
		name      string
		data      string
		games     int // the games validate must count
		lastValid bool
	}{
		{"tree not closed", "(;GM[9];B[C8-C6]\n", 1, false},
		{"value not closed", "(;GM[9];C[oops\n" + good, 1, false},
		{"binary garbage", "(" + string(garbage) + ")\n" + good, -1, false},
		{"10 MB comment", "(;GM[9]C[" + long + "];B[C8-C6])\n" + good, 2, true},
		{"10 MB move", "(;GM[9];B[" + long + "])\n" + good, 2, true},
		{"deep variations", "(;GM[9];B[C8-C6]" + strings.Repeat("(;W[A2-C2]", 100000) + strings.Repeat(")", 100001) + "\n" + good, 2, true},
		{"many game trees", strings.Repeat("(;GM[9])", 100000) + good, 100001, true},
		{"unknown game then a good one", "(;GM[1];B[dd])\n" + good, 2, true},
		{"a million open parentheses", strings.Repeat("(", 1<<20) + "\n" + good, 1, false},
		{"NUL bytes", "(;GM[9];B[\x00\x00])\n" + good, 2, true},
		{"byte order mark", "\xef\xbb\xbf" + good + good, 2, true},
		{"CRLF", strings.ReplaceAll(good+good, "\n", "\r\n"), 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := write(t, "hostile.sgf", tt.data)
			// A bound for behaviour worse than linear, on the CPU time
			// (validate runs in this process), which a loaded machine
			// does not stretch as it does the wall-clock time.
			limit := 10 * time.Second
			if raceEnabled {
				limit *= 8
			}
			start, cpu := time.Now(), proc.CPU()
			r := runCLI(t, "", "validate", "--jobs", "2", path)
			el := time.Duration(proc.CPU() - cpu)
			if cpu == 0 { // no CPU time here: the wall-clock time
				el = time.Since(start)
			}
			if el > limit {
				t.Errorf("validate took %v of CPU time; want at most %v", el, limit)
			}
			if r.code != 0 && r.code != 1 || r.stderr != "" {
				t.Fatalf("validate: %v", r)
			}
			total, _, _, lines := checkText(t, r.stdout)
			if tt.games >= 0 && total != tt.games {
				t.Errorf("%d games; want %d", total, tt.games)
			}
			for _, l := range lines {
				if len(l[0]) > 1000 {
					t.Errorf("error line is %d bytes long: %q", len(l[0]), clip(l[0]))
				}
			}
			js := runCLI(t, "", "validate", "--json", "--jobs", "1", path)
			gs, _ := checkJSON(t, js.stdout)
			if len(gs) != total {
				t.Errorf("--json: %d objects; the text counts %d", len(gs), total)
			}
			if tt.lastValid && (len(gs) == 0 || !gs[len(gs)-1].Valid || gs[len(gs)-1].Black != "alice") {
				t.Errorf("the last game (a valid one) is not reported valid:\n%s", clip(js.stdout))
			}
		})
	}
}

// TestConvertHelp: the help says what convert reads and writes.
func TestConvertHelp(t *testing.T) {
	r := runCLI(t, "", "convert", "--help")
	for _, want := range []string{"--to agn", "--keep-invalid", "--game ID", "--results white", "--output FILE", "boardspace.net's SGF"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("convert --help lacks %q:\n%s", want, r.stdout)
		}
	}
	if m := regexp.MustCompile(`(?m)^ {3}--game N, -g N`).FindString(runCLI(t, "", "show", "--help").stdout); m == "" {
		t.Errorf("show --help does not offer --game N")
	}
}

// TestUnknownTagsKept: tags arbiter does not know are stored, exported and
// converted unchanged, through SGF too.
func TestUnknownTagsKept(t *testing.T) {
	rec := "[Event \"e\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[Game \"Lines of Action\"]\n[Flavour \"vanilla \\\"bean\\\"\"]\n[X_1 \"\"]\n[Adjudicated \"Out of time\"]\n\n1. c8-c6 a2-c2 *\n\n"
	db := filepath.Join(t.TempDir(), "a.db")
	if r := runCLI(t, rec, "import", "--db", db, "-"); r.code != 0 {
		t.Fatalf("import: %v", r)
	}
	if r := runCLI(t, "", "export", "--db", db); r.stdout != rec {
		t.Errorf("export:\n%s\nwant\n%s", r.stdout, rec)
	}
	s := runCLI(t, rec, "convert", "--to", "sgf", "-")
	if !strings.Contains(s.stdout, `TG[Flavour:vanilla "bean"][X_1:][Adjudicated:Out of time]`) {
		t.Errorf("convert --to sgf:\n%s", s.stdout)
	}
	if back := runCLI(t, s.stdout, "convert", "-"); back.stdout != rec {
		t.Errorf("agn → SGF → agn:\n%s\nwant\n%s", back.stdout, rec)
	}
}

// The summaries count games as people write them.
func TestNGames(t *testing.T) {
	for n, want := range map[int]string{0: "0 games", 1: "1 game", 2: "2 games", 21: "21 games"} {
		if got := nGames(n); got != want {
			t.Errorf("nGames(%d) = %q, want %q", n, got, want)
		}
	}
}
