package replay

import (
	"context"
	"os"
	"reflect"
	"testing"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/sgf"
)

func TestFormatOf(t *testing.T) {
	for _, tt := range []struct {
		name, data string
		want       Format
	}{
		{"a.sgf", "", SGF},
		{"a.SGF", "[Event \"x\"]", SGF},
		{"a.agn", "(;GM[9])", AGN},
		{"a.pgn", "(;GM[9])", AGN},
		{"<stdin>", "\xef\xbb\xbf \n\t(;GM[9])", SGF},
		{"<stdin>", "[Event \"x\"]\n", AGN},
		{"tournament-7-round-1", "\n(;GM[9])", SGF},
		{"<stdin>", "", AGN},
	} {
		if got := FormatOf(tt.name, []byte(tt.data)); got != tt.want {
			t.Errorf("FormatOf(%q, %q) = %s; want %s", tt.name, tt.data, got, tt.want)
		}
	}
}

// TestFileSGF: File reads an SGF file (by its name or its text) with the
// same reports serially and in parallel; the result convention leaves
// SGF alone (it names the winner's colour).
func TestFileSGF(t *testing.T) {
	data, err := os.ReadFile("../sgf/testdata/boardspace.sgf")
	if err != nil {
		t.Fatal(err)
	}
	collectSGF := func(name string, jobs int, opts Options) []flat {
		var out []flat
		opts.Jobs, opts.Text = jobs, true
		err := File(context.Background(), name, data, opts, func(r Report) { out = append(out, flatten(r)) })
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	serial := collectSGF("games.sgf", 1, Options{})
	if len(serial) != 7 {
		t.Fatalf("%d reports; want the fixture's 7 games", len(serial))
	}
	for i, r := range serial {
		if !r.Valid {
			t.Errorf("game %d invalid: %+v", i+1, r.Err)
		}
	}
	if serial[4].Warnings == "" {
		t.Errorf("game 5: no warning about its variations")
	}
	// Without the extension, the text tells the format.
	if got := collectSGF("games", 1, Options{}); len(got) != len(serial) || got[6].Text != serial[6].Text {
		t.Errorf("read by its text: %d reports, the last %q; want %d, %q", len(got), got[len(got)-1].Text, len(serial), serial[6].Text)
	}
	for _, c := range []struct {
		name string
		jobs int
		opts Options
	}{{"games.sgf", 2, Options{}}, {"games.sgf", 3, Options{Results: notation.ResultsFirstMover}}} {
		if got := collectSGF(c.name, c.jobs, c.opts); !reflect.DeepEqual(got, serial) {
			t.Errorf("%s with %d jobs, %v: the reports differ from the serial ones", c.name, c.jobs, c.opts.Results)
		}
	}
}

// FuzzFileSGF checks that File reads any text as SGF without a panic, one
// report per game tree that an sgf.Splitter finds, the same with any
// number of jobs.
func FuzzFileSGF(f *testing.F) {
	data, err := os.ReadFile("../sgf/testdata/boardspace.sgf")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte("(;GM[9];B[c1-c3])(;GM[9];W[a2-c2])((("))
	f.Fuzz(func(t *testing.T, data []byte) {
		n := 0
		sp := sgf.NewSplitter(data)
		for _, ok := sp.Next(); ok; _, ok = sp.Next() {
			n++
		}
		var serial []flat
		File(context.Background(), "f.sgf", data, Options{Jobs: 1, Text: true}, func(r Report) { serial = append(serial, flatten(r)) })
		if len(serial) != n {
			t.Fatalf("%d reports; an sgf.Splitter finds %d game trees", len(serial), n)
		}
		var par []flat
		File(context.Background(), "f.sgf", data, Options{Jobs: 2, Text: true}, func(r Report) { par = append(par, flatten(r)) })
		if !reflect.DeepEqual(par, serial) {
			t.Fatalf("2 jobs give other reports than 1")
		}
	})
}

// TestNth: game n of a file, in either format, and the number of games;
// none out of range.
func TestNth(t *testing.T) {
	agn := loaTags + "\n1. c8-c6 *\n\n" + loaTags + "\n1. c8-c6 a2-c2 *\n"
	for _, tc := range []struct {
		name, data string
		n          int
		moves      int // -1: no game
		games      int
	}{
		{"t.agn", agn, 2, 2, 2},
		{"t.agn", agn, 1, 1, 2},
		{"t.agn", agn, 3, -1, 2},
		{"t.agn", agn, 0, -1, 2},
		{"t.sgf", "(;GM[9]\nPB[b]PW[w]\n;B[C8-C6]\n;W[A2-C2]\n)\n", 1, 2, 1},
	} {
		g, games := Nth(tc.name, []byte(tc.data), tc.n, Options{})
		moves := -1
		if g != nil {
			moves = len(g.Moves)
		}
		if moves != tc.moves || games != tc.games {
			t.Errorf("Nth(%s, %d) = a game of %d moves, %d games; want %d, %d", tc.name, tc.n, moves, games, tc.moves, tc.games)
		}
	}
}
