package loa

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN, startWhite, blockedFEN, rank4FEN, bothFEN, capturedFEN, connectFEN, stuckFEN, diagFEN,
		"bbbbbbbb/wwwwwwww/bbbbbbbb/wwwwwwww/bbbbbbbb/wwwwwwww/bbbbbbbb/wwwwwwww w",
		"b7/8/8/8/8/8/8/7w b",
	} {
		t.Run(fen, func(t *testing.T) {
			p := mustFEN(t, fen)
			if got := p.FEN(); got != fen {
				t.Errorf("ParseFEN(%q).FEN() = %q", fen, got)
			}
		})
	}
	p := mustFEN(t, "  1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 B ")
	if p.FEN() != StartFEN {
		t.Errorf("ParseFEN with spaces and side B = %q; want %q", p.FEN(), StartFEN)
	}
}

func TestFENErrors(t *testing.T) {
	tests := []struct{ fen, want string }{
		{"", `FEN has no side to move: want the board, a space, then "b" or "w"`},
		{"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1", `FEN has no side to move: want the board, a space, then "b" or "w"`},
		{"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 x", `FEN side to move "x" is neither "b" nor "w"`},
		{"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b 0 1", `FEN side to move "b 0 1" is neither "b" nor "w"`},
		{"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b", "FEN has 7 ranks, want 8"},
		{"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b", "FEN has 9 ranks, want 8"},
		{"1bbbbbb1/w6w/w6w/w7w/w6w/w6w/w6w/1bbbbbb1 b", `FEN rank 5 "w7w" covers 9 squares, want 8`},
		{"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbb1 b", `FEN rank 1 "1bbbbb1" covers 7 squares, want 8`},
		{"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w//1bbbbbb1 b", "FEN has 9 ranks, want 8"},
		{"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/ b", `FEN rank 1 "" covers 0 squares, want 8`},
		{"1bbBbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b", `FEN rank 8 "1bbBbbb1": "B" is not "b", "w" or a digit 1-8`},
		{"1bbbbbb1/w6w/w6w/w0w6/w6w/w6w/w6w/1bbbbbb1 b", `FEN rank 5 "w0w6": "0" is not "b", "w" or a digit 1-8`},
		{"1bbbbbb1/w6w/w6w/w9/w6w/w6w/w6w/1bbbbbb1 b", `FEN rank 5 "w9": "9" is not "b", "w" or a digit 1-8`},
		{"8/w6w/w6w/w6w/w6w/w6w/w6w/8 b", "FEN gives black no pieces"},
		{"1bbbbbb1/8/8/8/8/8/8/1bbbbbb1 w", "FEN gives white no pieces"},
	}
	for _, tt := range tests {
		t.Run(tt.fen, func(t *testing.T) {
			_, err := ParseFEN(tt.fen)
			if !errors.Is(err, rules.ErrBadTag) || err.Error() != tt.want {
				t.Errorf("ParseFEN(%q) = %v; want %q wrapping ErrBadTag", tt.fen, err, tt.want)
			}
		})
	}
}

func TestStart(t *testing.T) {
	tests := []struct {
		name string
		tags rules.Tags
		fen  string // the start position's FEN, or empty when Start fails
		err  string
	}{
		{"nil tags", nil, StartFEN, ""},
		{"no tags", rules.TagMap{}, StartFEN, ""},
		{"set up", rules.TagMap{"SetUp": "1", "FEN": rank4FEN}, rank4FEN, ""},
		{"FEN without SetUp", rules.TagMap{"FEN": rank4FEN}, rank4FEN, ""},
		{"SetUp 0 ignores the FEN", rules.TagMap{"SetUp": "0", "FEN": "junk"}, StartFEN, ""},
		{"SetUp 1 without FEN", rules.TagMap{"SetUp": "1"}, "", `SetUp "1" but no FEN tag`},
		{"SetUp 2", rules.TagMap{"SetUp": "2", "FEN": rank4FEN}, "", `SetUp "2" is neither "0" nor "1"`},
		{"bad FEN", rules.TagMap{"SetUp": "1", "FEN": "8/8 b"}, "", "FEN has 2 ranks, want 8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Game.Start(tt.tags)
			if tt.err != "" {
				if !errors.Is(err, rules.ErrBadTag) || err.Error() != tt.err {
					t.Errorf("Start(%v) = %v; want %q wrapping ErrBadTag", tt.tags, err, tt.err)
				}
				return
			}
			if err != nil || p.FEN() != tt.fen {
				t.Errorf("Start(%v) = %v, %v; want %s", tt.tags, p, err, tt.fen)
			}
		})
	}
}

// TestString checks the board diagrams against testdata/*.golden; -update
// rewrites them.
func TestString(t *testing.T) {
	tests := []struct{ name, fen, moves string }{
		{"start", StartFEN, ""},
		{"opening", StartFEN, "c1-c3 h2-f2 c3-f3"},
		{"won", connectFEN, "d6-c6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			if err := play(p, tt.moves); err != nil {
				t.Fatal(err)
			}
			testkit.Golden(t, tt.name+".golden", p.String())
		})
	}
}

// gameMoves reads the moves of testdata/game.txt.
func gameMoves(t testing.TB) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "game.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			moves = append(moves, line)
		}
	}
	return moves
}
