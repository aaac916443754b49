package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules/knightfight"
)

func TestNewKnightFight(t *testing.T) {
	code, out, errOut := runCLI(t, "", "new", "--game", "knight-fight", "--seed", "7").parts()
	if code != 0 {
		t.Fatalf("new: exit %d; want 0; stderr: %s", code, errOut)
	}
	games, err := notation.Parse("new", []byte(out))
	if err != nil || len(games) != 1 {
		t.Fatalf("notation.Parse(new output) = %d games, %v; want 1 game\n%s", len(games), err, out)
	}
	g := games[0]
	for name, want := range map[string]string{
		"Event": "?", "Site": "?", "Round": "?", "White": "?", "Black": "?", "Result": "*",
		"Game": "Knight Fight", "Seed": "7", "Board": knightfight.RandomBoard(7),
	} {
		if got, ok := g.Tag(name); !ok || got != want {
			t.Errorf("tag %s = %q, %v; want %q", name, got, ok, want)
		}
	}
	if date, _ := g.Tag("Date"); len(date) != 10 || date[4] != '.' || date[7] != '.' {
		t.Errorf("tag Date = %q; want YYYY.MM.DD", date)
	}
	board, _ := g.Tag("Board")
	if _, err := knightfight.ParseBoard(board); err != nil {
		t.Errorf("the Board does not parse: %v", err)
	}
	if len(g.Moves) != 0 || g.Result != "*" {
		t.Errorf("moves %v, result %q; want none and *", g.Moves, g.Result)
	}
	if !strings.HasSuffix(out, "\n\n*\n\n") {
		t.Errorf("output does not end with a blank line and *:\n%s", out)
	}
	if _, again, _ := runCLI(t, "", "new", "--game", "Knight Fight", "--seed", "7").parts(); again != out {
		t.Errorf("same seed, different output:\n%s\n%s", out, again)
	}
	if _, other, _ := runCLI(t, "", "new", "--game", "knight-fight", "--seed", "8").parts(); other == out {
		t.Errorf("seeds 7 and 8 give the same record")
	}

	// The record is valid as it stands.
	path := filepath.Join(t.TempDir(), "new.agn")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, vout, verr := runCLI(t, "", "validate", path).parts(); code != 0 {
		t.Errorf("validate of the new record: exit %d; want 0\nstdout: %s\nstderr: %s", code, vout, verr)
	}
}

func TestNewRandomSeed(t *testing.T) {
	code, out, errOut := runCLI(t, "", "new", "--game", "knight-fight").parts()
	if code != 0 {
		t.Fatalf("new without --seed: exit %d; stderr: %s", code, errOut)
	}
	games, err := notation.Parse("new", []byte(out))
	if err != nil || len(games) != 1 {
		t.Fatalf("notation.Parse = %v", err)
	}
	seed, ok := games[0].Tag("Seed")
	if !ok {
		t.Fatalf("no Seed tag in\n%s", out)
	}
	// The recorded seed makes the same record.
	if _, again, _ := runCLI(t, "", "new", "--game", "knight-fight", "--seed", seed).parts(); again != out {
		t.Errorf("--seed %s does not give the record back:\n%s\n%s", seed, out, again)
	}
}

func TestNewOtherGame(t *testing.T) {
	code, out, errOut := runCLI(t, "", "new", "--game", "lines-of-action", "--seed", "3").parts()
	if code != 0 {
		t.Fatalf("new: exit %d; stderr: %s", code, errOut)
	}
	if !strings.Contains(out, `[Game "Lines of Action"]`) || strings.Contains(out, "Seed") {
		t.Errorf("new --game lines-of-action = \n%s\nwant a Game tag and no Seed", out)
	}
}

func TestNewUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown game", []string{"new", "--game", "chess"}, "knight-fight"},
		{"no game", []string{"new"}, "game"},
		{"bad seed", []string{"new", "--game", "knight-fight", "--seed", "x"}, "seed"},
		{"argument", []string{"new", "--game", "knight-fight", "extra"}, "extra"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tt.args...).parts()
			if code != 2 || out != "" || !strings.Contains(errOut, tt.want) {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, empty, mention of %q", tt.args, code, out, errOut, tt.want)
			}
		})
	}
}
