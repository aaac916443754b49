package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules/games"
)

// randomRecords returns n random but legal Lines of Action games, each
// played until it ends or for at most maxPlies plies (then "*").
func randomRecords(t testing.TB, n, maxPlies int, seed uint64) string {
	t.Helper()
	game, err := games.Lookup("lines-of-action")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	players := []string{"alpha", "beta", "gamma"}
	var b strings.Builder
	for i := range n {
		w := rng.IntN(len(players))
		bl := (w + 1 + rng.IntN(len(players)-1)) % len(players)
		g, err := testkit.RandomGame(game, rng, 0, maxPlies)
		if err != nil {
			t.Fatal(err)
		}
		g.SetTag("Event", fmt.Sprintf("random %d", i))
		g.SetTag("White", players[w])
		g.SetTag("Black", players[bl])
		b.WriteString(g.String())
	}
	return b.String()
}

const badRecord = `[Game "Lines of Action"]
[White "cheat"]
[Black "honest"]
[Result "1-0"]

1. b1-b5 *
`

func TestImportExportRoundTrip(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	good := randomRecords(t, 20, 200, 1)
	in := filepath.Join(dir, "in.agn")
	if err := os.WriteFile(in, []byte(good+"\n"+badRecord), 0o644); err != nil {
		t.Fatal(err)
	}

	code, out, errs := runCLI(t, "", "import", "--db", db, in).parts()
	if code != 1 || out != "" {
		t.Errorf("import with an invalid game: exit %d, stdout %q; want 1 and nothing", code, out)
	}
	if !strings.Contains(errs, in+":") || !strings.Contains(errs, "game 21 (cheat vs honest): ") {
		t.Errorf("import stderr does not list the invalid game as validate does:\n%s", errs)
	}
	if !strings.Contains(errs, "21 games: 20 stored, 0 already stored, 1 invalid\n") {
		t.Errorf("import summary wrong:\n%s", errs)
	}
	// validate lists the invalid game the same way.
	_, vout, _ := runCLI(t, "", "validate", in).parts()
	if first := strings.SplitN(vout, "\n", 2)[0]; !strings.Contains(errs, first+"\n") {
		t.Errorf("import's line differs from validate's %q:\n%s", first, errs)
	}

	code, _, errs = runCLI(t, good, "import", "--db", db, "-").parts()
	if code != 0 || !strings.Contains(errs, "20 games: 0 stored, 20 already stored, 0 invalid") {
		t.Errorf("second import: exit %d, stderr %q; want 0 and 20 already stored", code, errs)
	}

	code, exported, errs := runCLI(t, "", "export", "--db", db).parts()
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	gs, err := notation.Parse("in", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, g := range gs {
		want.WriteString(strings.TrimRight(g.String(), "\n") + "\n\n")
	}
	if exported != want.String() {
		t.Errorf("export differs from the canonical records imported:\n%s", exported)
	}
	code, vout, _ = runCLI(t, exported, "validate", "-").parts()
	if code != 0 || !strings.Contains(vout, "20 games, 20 valid, 0 invalid") {
		t.Errorf("validate of the export: exit %d, %q", code, vout)
	}

	// The report agrees with what was imported.
	code, js, errs := runCLI(t, "", "report", "--db", db, "--format", "json").parts()
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, errs)
	}
	var rep struct {
		Games map[string]struct {
			Total     int `json:"total"`
			WhiteWins int `json:"white_wins"`
		} `json:"games"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	whiteWins := strings.Count(good, "[Result \"1-0\"]")
	if g := rep.Games["lines-of-action"]; g.Total != 20 || g.WhiteWins != whiteWins {
		t.Errorf("report: %+v; want 20 games, %d white wins", g, whiteWins)
	}
}

func TestImportTournament(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	code, _, errs := runCLI(t, randomRecords(t, 6, 200, 2), "import", "--db", db, "--tournament", "archive", "-").parts()
	if code != 0 {
		t.Fatalf("import --tournament: exit %d: %s", code, errs)
	}
	code, _, errs = runCLI(t, randomRecords(t, 4, 200, 3), "import", "--db", db, "-").parts()
	if code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	for _, tt := range []struct {
		args []string
		n    int
	}{
		{[]string{"--tournament", "archive"}, 6},
		{nil, 10},
		{[]string{"--player", "alpha"}, -1},
		{[]string{"--game", "Lines of Action"}, 10}, // a display name, as report takes it
		{[]string{"--game", "tank-battle", "--tournament", "archive"}, 0},
	} {
		code, out, errs := runCLI(t, "", append([]string{"export", "--db", db}, tt.args...)...).parts()
		if code != 0 {
			t.Fatalf("export %v: exit %d: %s", tt.args, code, errs)
		}
		n := strings.Count(out, "[Game ")
		if tt.n >= 0 && n != tt.n {
			t.Errorf("export %v: %d games; want %d", tt.args, n, tt.n)
		}
		if tt.n < 0 && strings.Count(out, `"alpha"]`) != n {
			t.Errorf("export %v: games without alpha", tt.args)
		}
	}
	code, out, _ := runCLI(t, "", "export", "--db", db, "--tournament", "nope").parts()
	if code != 1 || out != "" {
		t.Errorf("export of an unknown tournament: exit %d, stdout %q; want 1 and nothing", code, out)
	}
}

func TestReportCommand(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	if code, _, errs := runCLI(t, randomRecords(t, 8, 200, 4), "import", "--db", db, "-").parts(); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	tests := []struct {
		name string
		args []string
		code int
		out  string // substring of stdout
		err  string // substring of stderr
	}{
		{"text", []string{"report", "--db", db}, 0, "Lines of Action: 8 games", ""},
		{"markdown", []string{"report", "--db", db, "--format", "markdown"}, 0, "| Rank | Player |", ""},
		{"csv", []string{"report", "--db", db, "--format", "csv"}, 0, "rank,player,games", ""},
		{"html", []string{"report", "--db", db, "--format", "html"}, 0, "<svg", ""},
		{"anchor", []string{"report", "--db", db, "--anchor", "alpha=1500", "--format", "json"}, 0, `"anchor": "alpha"`, ""},
		{"missing db", []string{"report", "--db", filepath.Join(dir, "nope.db")}, 2, "", "does not exist (give its path with --db)"},
		{"bad format", []string{"report", "--db", db, "--format", "xml"}, 2, "", "unknown format"},
		{"bad anchor", []string{"report", "--db", db, "--anchor", "alpha"}, 2, "", "NAME=ELO"},
		{"unknown anchor", []string{"report", "--db", db, "--anchor", "zed=1"}, 1, "", "no such player"},
		{"unknown tournament", []string{"report", "--db", db, "--tournament", "x"}, 1, "", "no such tournament"},
		// Unknown game ids are usage errors listing the known ones.
		{"unknown game", []string{"report", "--db", db, "--game", "chess"}, 2, "", `unknown game "chess" (known: lines-of-action, tank-battle, knight-fight)`},
		{"export unknown game", []string{"export", "--db", db, "--game", "chess"}, 2, "", `unknown game "chess" (known: lines-of-action`},
		{"game by name", []string{"report", "--db", db, "--game", "Lines of Action"}, 0, "Lines of Action: 8 games", ""},
		// Only finite anchors within ±10,000.
		{"anchor NaN", []string{"report", "--db", db, "--anchor", "alpha=NaN"}, 2, "", "not a number"},
		{"anchor Inf", []string{"report", "--db", db, "--anchor", "alpha=Inf"}, 2, "", "not a number"},
		{"anchor 1e308", []string{"report", "--db", db, "--anchor", "alpha=1e308"}, 2, "", "out of range"},
		{"anchor -10000", []string{"report", "--db", db, "--anchor", "alpha=-10000", "--format", "json"}, 0, `"anchor_elo": -10000`, ""},
		{"white advantage auto", []string{"report", "--db", db, "--white-advantage", "auto"}, 0, "White's advantage (fitted with the ratings): ", ""},
		{"white advantage fixed", []string{"report", "--db", db, "--white-advantage", "35", "--format", "json"}, 0, `"white_advantage": 35,`, ""},
		{"white advantage bad", []string{"report", "--db", db, "--white-advantage", "NaN"}, 2, "", "want auto or a number"},
		{"pairs", []string{"report", "--db", db, "--pairs"}, 0, "Head to head, Lines of Action", ""},
		// An SPRT over no games is an error, not "running".
		{"sprt", []string{"report", "--db", db, "--sprt", "0,5", "--player", "alpha", "--player", "beta"}, 0, "alpha vs beta, selected games: SPRT (0, 5)", ""},
		{"sprt no games", []string{"report", "--db", db, "--sprt", "0,5", "--player", "alpha", "--player", "nobody"}, 1, "",
			"report: sprt of alpha against nobody: no finished games between the two players in the selection"},
		{"export missing db", []string{"export", "--db", filepath.Join(dir, "nope.db")}, 2, "", "does not exist"},
		{"import no file", []string{"import", "--db", db}, 2, "", "no FILE"},
		{"import unreadable", []string{"import", "--db", db, filepath.Join(dir, "nope.agn")}, 2, "", "nope.agn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCLI(t, "", tt.args...).parts()
			if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(errs, tt.err) {
				t.Errorf("arbiter %v: exit %d, stdout %.200q, stderr %q; want exit %d, stdout with %q, stderr with %q",
					tt.args, code, out, errs, tt.code, tt.out, tt.err)
			}
			if code != 0 && out != "" {
				t.Errorf("stdout not empty on failure: %.200q", out)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "nope.db")); err == nil {
		t.Errorf("report created the missing database")
	}

	// --output writes the same as stdout.
	outFile := filepath.Join(dir, "r.json")
	_, want, _ := runCLI(t, "", "report", "--db", db, "--format", "json").parts()
	if code, out, errs := runCLI(t, "", "report", "--db", db, "--format", "json", "--output", outFile).parts(); code != 0 || out != "" {
		t.Fatalf("report --output: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	got, err := os.ReadFile(outFile)
	if err != nil || string(got) != want {
		t.Errorf("report --output wrote %q (%v); want %q", got, err, want)
	}
}

// BenchmarkImport imports 2,000 random games into a fresh database per
// iteration; BenchmarkValidate validates the same file, for the ratio.
func BenchmarkImport(b *testing.B) {
	file := filepath.Join(b.TempDir(), "in.agn")
	if err := os.WriteFile(file, []byte(randomRecords(b, 2000, 120, 9)), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		db := filepath.Join(b.TempDir(), fmt.Sprintf("b%d.db", i))
		if r := runCLI(b, "", "import", "--jobs", "1", "--db", db, file); r.code != 0 {
			b.Fatalf("import: exit %d: %s", r.code, r.stderr)
		}
	}
}

func BenchmarkValidate(b *testing.B) {
	file := filepath.Join(b.TempDir(), "in.agn")
	if err := os.WriteFile(file, []byte(randomRecords(b, 2000, 120, 9)), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if r := runCLI(b, "", "validate", "--jobs", "1", file); r.code != 0 {
			b.Fatalf("validate: exit %d: %s", r.code, r.stderr)
		}
	}
}

func TestImportSamplesMixedTournament(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	samples, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "samples", "*.agn"))
	if len(samples) < 2 {
		t.Skip("no sample records")
	}
	// Every game type round-trips, scores included.
	code, _, errs := runCLI(t, "", append([]string{"import", "--db", db}, samples...)...).parts()
	if code != 0 {
		t.Fatalf("import samples: exit %d: %s", code, errs)
	}
	_, exported, _ := runCLI(t, "", "export", "--db", db).parts()
	if code, out, _ := runCLI(t, exported, "validate", "-").parts(); code != 0 {
		t.Errorf("validate of the exported samples: exit %d: %s", code, out)
	}

	// A tournament holds one game type: the rest are listed and skipped.
	db2 := filepath.Join(dir, "b.db")
	code, _, errs = runCLI(t, "", append([]string{"import", "--db", db2, "--tournament", "mix"}, samples...)...).parts()
	if code != 1 || !strings.Contains(errs, `cannot join tournament "mix"`) {
		t.Errorf("import of mixed games into one tournament: exit %d, stderr %q; want 1 and the games refused", code, errs)
	}
	code, out, _ := runCLI(t, "", "report", "--db", db2, "--tournament", "mix", "--format", "json").parts()
	var rep struct {
		Games map[string]any `json:"games"`
	}
	if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil || len(rep.Games) != 1 {
		t.Errorf("tournament mix holds %d game types (exit %d, %v); want 1", len(rep.Games), code, err)
	}
}

// TestImportSpellings imports one game written three ways (engine form,
// upper case, canonical): it is stored once, and exported canonical.
func TestImportSpellings(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	head := "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[Game \"Lines of Action\"]\n\n"
	in := head + "1. c8c6 a2c2 *\n\n" + head + "1. C8-C6 A2-C2 *\n\n" + head + "1. c8-c6 a2-c2 *\n"
	code, _, errs := runCLI(t, in, "import", "--db", db, "-").parts()
	if code != 0 || !strings.Contains(errs, "3 games: 1 stored, 2 already stored, 0 invalid") {
		t.Errorf("import of one game in three spellings: exit %d:\n%s", code, errs)
	}
	_, out, _ := runCLI(t, "", "export", "--db", db).parts()
	if !strings.Contains(out, "\n1. c8-c6 a2-c2 *\n") {
		t.Errorf("export does not write the moves canonically:\n%s", out)
	}
}

// TestImportDecidedStar checks records that declare "*" although their final
// position is decided (251 of the real games): import stores the
// result the rules give, and export writes it in the Result tag and the
// closing token, so that the exported file, the database and the report
// agree.
func TestImportDecidedStar(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	src := "../../testdata/loa-real/real_loa.agn"
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	srcStars := strings.Count(string(data), "[Result \"*\"]")
	if srcStars < 200 {
		t.Fatalf("%s declares %d games \"*\"; want the 250 or so whose final position is decided", src, srcStars)
	}
	if code, _, errs := runCLI(t, "", "import", "--db", db, src).parts(); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	code, out, errs := runCLI(t, "", "export", "--db", db).parts()
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	stars := strings.Count(out, "[Result \"*\"]")
	decided := strings.Count(out, "[Result \"1-0\"]") + strings.Count(out, "[Result \"0-1\"]") + strings.Count(out, "[Result \"1/2-1/2\"]")
	// 251 of the file's "*" games end on a decided position.
	if srcStars-stars != 251 || decided+stars != 4652 {
		t.Errorf("exported %d decided and %d undecided games, of 4652 (%d declared \"*\"); want 251 fewer \"*\"", decided, stars, srcStars)
	}
	exported := write(t, "export.agn", out)
	if code, vout, _ := runCLI(t, "", "validate", exported).parts(); code != 0 || !strings.Contains(vout, "0 invalid") {
		t.Errorf("validate export: exit %d, %q; want every game valid (Result tags agree with the closing tokens)", code, lastLine(vout))
	}
	var r struct{ Finished, Unfinished int }
	_, js, _ := runCLI(t, "", "report", "--db", db, "--format", "json").parts()
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		t.Fatal(err)
	}
	if r.Finished != decided || r.Unfinished != stars {
		t.Errorf("report: %d finished, %d unfinished; export: %d decided, %d undecided", r.Finished, r.Unfinished, decided, stars)
	}
}

// TestImportHugeMoveComments: move comments whose figures are out of range
// are plain text, not engine figures, and figures in range sum up without
// overflow (a depth of 1e18 and 1e9 s a move on every move gave the report
// an ms/move of -24819115207.1).
func TestImportHugeMoveComments(t *testing.T) {
	games := testkit.Records(t, "../../testdata/samples/lines-of-action.agn")
	tests := []struct {
		name    string
		comment string
		moveMS  string // the report's avg_move_ms of White
	}{
		{"out of range", "+99999.99/999999999999999999 999999999.999s", "null"},
		{"the largest", "+99999.99/10000 1000000.000s", "1000000000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := *games[0]
			g.Moves = slices.Clone(g.Moves)
			for i := range g.Moves {
				g.Moves[i].Comment = tt.comment
			}
			db := filepath.Join(t.TempDir(), "a.db")
			if code, _, errs := runCLI(t, g.String(), "import", "--db", db, "-").parts(); code != 0 {
				t.Fatalf("import: exit %d: %s", code, errs)
			}
			code, out, errs := runCLI(t, "", "report", "--db", db, "--format", "json").parts()
			if code != 0 {
				t.Fatalf("report: exit %d: %s", code, errs)
			}
			if want := `"avg_move_ms": ` + tt.moveMS + ","; !strings.Contains(out, want) {
				t.Errorf("report: %s; want %s", out, want)
			}
		})
	}
}
