package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/xmltext"
)

// TestShowFormats checks show --format svg and html, and that text stays
// the default.
func TestShowFormats(t *testing.T) {
	two := write(t, "two.agn", validLOA)
	tests := []struct {
		name string
		args []string
		code int
		want []string // substrings of stdout, in order
	}{
		{"svg", []string{"show", "--ply", "2", "--format", "svg", two}, 0, []string{`<svg xmlns="http://www.w3.org/2000/svg"`,
			"<title>Lines of Action: alice vs bob, after ply 2</title>", "<desc>black to move. black: b1",
			`<g data-square="c6" data-piece="black">`, `stroke="#e8a000"`, "</svg>"}},
		{"svg of the start", []string{"show", "--ply", "0", "--format", "svg", two}, 0, []string{"after ply 0", `data-square="b1" data-piece="black"`}},
		{"html", []string{"show", "--ply", "1", "--format", "html", two}, 0, []string{"<!DOCTYPE html>", "Content-Security-Policy",
			`"open":"g1p1"`, "alice"}},
		{"text", []string{"show", "--format", "text", "--ply", "1", two}, 0, []string{"after ply 1", "FEN: "}},
		{"unknown format", []string{"show", "--format", "png", two}, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, "", tt.args...)
			if r.code != tt.code {
				t.Fatalf("arbiter %q: %v\nwant exit %d", tt.args, r, tt.code)
			}
			if tt.code != 0 && r.stdout != "" {
				t.Errorf("arbiter %q: stdout %q; want it empty", tt.args, r.stdout)
			}
			if w, ok := lacksInOrder(r.stdout, tt.want); ok {
				t.Errorf("arbiter %q: stdout lacks %q (in order)\n%.3000s", tt.args, w, r.stdout)
			}
		})
	}
}

// TestViewCommand checks arbiter view: the page written to -o or stdout,
// --game, an invalid game kept, and the usage errors.
func TestViewCommand(t *testing.T) {
	two := write(t, "two.agn", validLOA+"\n"+badLOA)
	out := filepath.Join(t.TempDir(), "games.html")
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{"to a file", []string{"view", two, "-o", out}, 0, nil, "view: 2 games, 1 invalid (shown at its failing ply)\n"},
		{"to stdout", []string{"view", "--game", "2", two}, 0, []string{"<!DOCTYPE html>", `"i":2`}, "view: 1 game, 1 invalid (shown at its failing ply)\n"},
		{"none invalid", []string{"view", "--game", "1", two}, 0, []string{"<!DOCTYPE html>", `"i":1`}, "view: 1 game, 0 invalid\n"},
		{"no such game", []string{"view", "--game", "9", two}, 2, nil, "no file has a game 9"},
		{"no file", []string{"view"}, 2, nil, "FILE"},
		{"missing file", []string{"view", "/nonexistent/x.agn"}, 2, nil, "/nonexistent/x.agn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, "", tt.args...)
			if r.code != tt.code {
				t.Fatalf("arbiter %q: %v\nwant exit %d", tt.args, r, tt.code)
			}
			for _, w := range tt.stdout {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("arbiter %q: stdout lacks %q", tt.args, w)
				}
			}
			if tt.stdout == nil && r.stdout != "" {
				t.Errorf("arbiter %q: stdout %.200q; want it empty", tt.args, r.stdout)
			}
			if !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("arbiter %q: stderr %q; want it to say %q", tt.args, r.stderr, tt.stderr)
			}
		})
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `"em":"`) {
		t.Errorf("the page holds no validator message for the invalid game")
	}
}

// TestReportGames checks report --format html --games: both files written,
// the crosstable's cells linking into the viewer page.
func TestReportGames(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "r.db")
	two := "[Game \"Lines of Action\"]\n[White \"al ice\"]\n[Black \"bob\"]\n[Result \"*\"]\n\n1. c8-c6 a2-c2 *\n\n" +
		"[Game \"Lines of Action\"]\n[White \"bob\"]\n[Black \"al ice\"]\n[Result \"*\"]\n\n1. b8-b6 *\n\n"
	if r := runCLI(t, "", "import", "--db", db, write(t, "two.agn", two)); r.code != 0 {
		t.Fatalf("import: %v", r)
	}
	report, games := filepath.Join(dir, "out", "report.html"), filepath.Join(dir, "out", "games.html")
	os.Mkdir(filepath.Join(dir, "out"), 0o755)
	r := runCLI(t, "", "report", "--db", db, "--format", "html", "-o", report, "--games", games)
	if r.code != 0 {
		t.Fatalf("report: %v", r)
	}
	page, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `href="games.html#vs=`) {
		t.Errorf("the report links no crosstable cell to games.html")
	}
	viewer, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(viewer), `"w":"al ice"`) || !strings.Contains(string(viewer), `"w":"bob"`) {
		t.Errorf("the viewer page lacks the games")
	}
	if r := runCLI(t, "", "report", "--db", db, "--games", games); r.code != 2 || r.stdout != "" {
		t.Errorf("report --games without --format html: %v; want a usage error", r)
	}
}

// TestIllegalCharacters: a record whose names hold U+FFFE and U+FFFF and
// whose comment holds a C0 control is valid, and every picture and page of
// it holds none of them (an SVG with one draws nothing in a browser).
func TestIllegalCharacters(t *testing.T) {
	file := write(t, "odd\uFFFE.agn", "[Game \"Lines of Action\"]\n[White \"al\uFFFEice\"]\n[Black \"b\uFFFFob\"]\n\n"+
		"1. c8-c6 {+0.35/12 0.120s \x01} a2-c2 *\n")
	if r := runCLI(t, "", "validate", file); r.code != 0 {
		t.Fatalf("validate: %v\nwant exit 0: the record is valid", r)
	}
	tests := []struct {
		name string
		args []string
		svg  bool
	}{
		{"show svg", []string{"show", "--format", "svg", file}, true},
		{"show svg after ply 1", []string{"show", "--format", "svg", "--ply", "1", file}, true},
		{"show html", []string{"show", "--format", "html", file}, false},
		{"view", []string{"view", file}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, "", tt.args...)
			if r.code != 0 {
				t.Fatalf("arbiter %q: %v\nwant exit 0", tt.args, r)
			}
			if c := xmltext.Clean(r.stdout); c != r.stdout {
				t.Errorf("arbiter %q writes characters XML forbids:\n%.2000q", tt.args, r.stdout)
			}
			if !strings.Contains(r.stdout, "al\uFFFDice") {
				t.Errorf("arbiter %q: stdout lacks the name as al\uFFFDice:\n%.2000s", tt.args, r.stdout)
			}
			if tt.svg {
				if err := xml.Unmarshal([]byte(r.stdout), new(struct{})); err != nil {
					t.Errorf("arbiter %q: the SVG is not XML: %v", tt.args, err)
				}
			}
		})
	}
}
