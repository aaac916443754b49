package sgf_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/sgf"
)

// describe is what the golden file holds of a game read from SGF: its
// verdict and warnings, and its canonical .agn record.
func describe(name string, g *notation.Game) string {
	r := replay.Game(name, g, replay.Options{Text: true})
	var b strings.Builder
	fmt.Fprintf(&b, "game %d: valid %v, %d plies, result %s, termination %s\n", g.Index, r.Valid, r.Plies, r.Result, r.Termination)
	for _, w := range r.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	if r.Err != nil {
		fmt.Fprintf(&b, "error: %s\n", r.Describe())
	}
	b.WriteString(r.Text)
	return b.String()
}

// TestBoardspace reads the boardspace.net-style fixture: resignations,
// forfeits, comments, variations, several games, captures written "-" and
// ":", FF[3] names, game information.
func TestBoardspace(t *testing.T) {
	data, err := os.ReadFile("testdata/boardspace.sgf")
	if err != nil {
		t.Fatal(err)
	}
	gs, err := sgf.Parse("boardspace.sgf", data)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	var b strings.Builder
	for _, g := range gs {
		b.WriteString(describe("boardspace.sgf", g))
		b.WriteString("----\n")
	}
	testkit.Golden(t, "boardspace.golden", b.String())
}

func parseOne(t *testing.T, src string) *notation.Game {
	t.Helper()
	gs, _ := sgf.Parse("t.sgf", []byte(src))
	if len(gs) != 1 {
		t.Fatalf("Parse(%q) gave %d games; want 1", src, len(gs))
	}
	return gs[0]
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		code      string // "" for a game that reads cleanly
		line, col int
		msg       string
	}{
		{"clean", "(;GM[9];B[C1-C3];W[A2-C2])", "", 0, 0, ""},
		{"empty node at the end", "(;GM[9];B[c1-c3];)", "", 0, 0, ""},
		{"not a game tree", "GM[9]", notation.CodeSyntax, 1, 1, "where a game tree starts"},
		{"tree not closed", "(;GM[9];B[C1-C3]", notation.CodeSyntax, 1, 1, "not closed"},
		{"value not closed", "(;GM[9]\n;B[C1-C3", notation.CodeSyntax, 2, 3, "missing ']'"},
		{"unknown game", "(;GM[1];B[dd])", notation.CodeUnknownGame, 1, 3, "GM[1] is not Lines of Action"},
		{"tree without a node", "(GM[9])", notation.CodeSyntax, 1, 2, "must start with a node"},
		{"property outside a node", "(;GM[9](B[c1-c3]))", notation.CodeSyntax, 1, 9, "must start with a node"},
		{"node after a variation", "(;GM[9](;B[c1-c3])(;B[b1-b3]);W[a2-c2])", notation.CodeSyntax, 1, 30, "after a variation"},
		{"property without a value", "(;GM[9];B)", notation.CodeSyntax, 1, 9, "without a value"},
		{"two values", "(;GM[9];B[c1-c3][b1-b3])", notation.CodeSyntax, 1, 9, "2 values"},
		{"two moves in a node", "(;GM[9];B[c1-c3]W[a2-c2])", notation.CodeSyntax, 1, 17, "second move"},
		{"sides do not alternate", "(;GM[9];B[c1-c3];B[b1-b3])", notation.CodeIllegalMove, 1, 18, "Black moves twice"},
		{"White first", "(;GM[9];W[a2-c2])", notation.CodeIllegalMove, 1, 9, "White moves twice in a row: the sides alternate (Black to move)"},
		{"move after a resignation", "(;GM[9];B[c1-c3];W[Resign];B[b1-b3])", notation.CodeSyntax, 1, 28, "ends the game"},
		{"RE against the resignation", "(;GM[9]RE[W+];B[c1-c3];W[Resign])", notation.CodeResultMismatch, 1, 8, "White won, but W[Resign]"},
		{"bad RE", "(;GM[9]RE[maybe];B[c1-c3])", notation.CodeBadTag, 1, 8, "RE[maybe] is not a result"},
		{"duplicate player", "(;GM[9]PB[a];PB[b])", notation.CodeBadTag, 1, 14, "duplicate tag Black"},
		{"set-up stones", "(;GM[9]AB[c3])", notation.CodeBadTag, 1, 8, "set-up properties"},
		{"another start", "(;GM[9]SU[Scrambled-Eggs])", notation.CodeBadTag, 1, 8, "standard start only"},
		{"another board size", "(;GM[9]SZ[9])", notation.CodeBadTag, 1, 8, "8×8"},
		{"text before the tree", "junk\n(;GM[9];B[c1-c3])", notation.CodeSyntax, 1, 1, `"junk" where a game tree starts`},
		{"control character in a name", "(;GM[9]PB[a\x01b])", notation.CodeBadTag, 1, 8, "control character"},
		{"bad TG", "(;GM[9]TG[novalue])", notation.CodeBadTag, 1, 10, "want TG[Name:Value]"},
		{"bad TG name", "(;GM[9]TG[a b:c])", notation.CodeBadTag, 1, 10, "letters, digits and _"},
		{"TG Termination against the resignation", "(;GM[9]TG[Termination:agreement];B[c1-c3];W[Resign])", notation.CodeBadTag, 1, 10, "Termination \"agreement\", but the game ends by resignation"},
		{"stray close", ")", notation.CodeSyntax, 1, 1, "where a game tree starts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := parseOne(t, tt.src)
			if tt.code == "" {
				if g.Err != nil {
					t.Fatalf("Parse(%q).Err = %v; want nil", tt.src, g.Err)
				}
				return
			}
			e := g.Err
			if e == nil {
				t.Fatalf("Parse(%q).Err = nil; want %s", tt.src, tt.code)
			}
			if e.Code != tt.code || e.Line != tt.line || e.Col != tt.col || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("Parse(%q).Err = %s %d:%d %q; want %s %d:%d containing %q", tt.src, e.Code, e.Line, e.Col, e.Msg, tt.code, tt.line, tt.col, tt.msg)
			}
			if !strings.HasPrefix(e.Error(), "t.sgf:") {
				t.Errorf("Error() = %q; want it to start with the file name", e.Error())
			}
		})
	}
}

// TestParseContent checks what a clean game tree gives: tags, moves in the
// engine form, comments where they belong, the result.
func TestParseContent(t *testing.T) {
	g := parseOne(t, "(;GM[9]FF[4]C[root]PB[ b ]PW[w\\]x]DT[2024-01-05]TG[Seed:4][FEN:1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b][Odd:a\\:b]\n"+
		";C[first]B[c1-c3]\n;W[A2:C2]C[second]\n;C[on the move before]\n;B[b1 b3+]C[x]C[y]\n;W[h4xf2];B[pass];W[zz]\n)")
	if g.Err != nil {
		t.Fatal(g.Err)
	}
	var tags []string
	for _, tg := range g.Tags {
		tags = append(tags, tg.Name+"="+tg.Value)
	}
	if got, want := strings.Join(tags, "|"), "Game=Lines of Action|Black=b|White=w]x|Date=2024-01-05|Seed=4|FEN=1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b|Odd=a:b|Result=*"; got != want {
		t.Errorf("tags %s; want %s", got, want)
	}
	var moves []string
	for _, m := range g.Moves {
		moves = append(moves, m.Text+"{"+m.Comment+"}")
	}
	if got, want := strings.Join(moves, " "), "c1c3{first} a2c2{second on the move before} b1b3{x y} h4f2{} pass{} zz{}"; got != want {
		t.Errorf("moves %s; want %s", got, want)
	}
	if g.Comment != "root" || g.Result != "*" {
		t.Errorf("comment %q, result %q; want root, *", g.Comment, g.Result)
	}
	if m := g.Moves[1]; m.Line != 3 || m.Col != 2 {
		t.Errorf("move 2 at %d:%d; want 3:2", m.Line, m.Col)
	}
}
