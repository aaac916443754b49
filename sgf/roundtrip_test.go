package sgf_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules/games"
	"github.com/arbiter-games/arbiter/sgf"
)

// canonical replays g and returns its canonical .agn record, failing t when
// g is invalid.
func canonical(t testing.TB, name string, g *notation.Game) string {
	t.Helper()
	r := replay.Game(name, g, replay.Options{Text: true})
	if !r.Valid {
		t.Fatalf("%s", r.Describe())
	}
	return r.Text
}

// toSGF parses the .agn record text and writes it as SGF.
func toSGF(t testing.TB, text string) []byte {
	t.Helper()
	gs, err := notation.Parse("t.agn", []byte(text))
	if err != nil || len(gs) != 1 {
		t.Fatalf("the canonical record does not parse: %v\n%s", err, text)
	}
	b, err := sgf.Append(nil, gs[0])
	if err != nil {
		t.Fatalf("Append: %v\n%s", err, text)
	}
	return b
}

// TestRoundTripBoardspace: SGF → .agn → SGF gives the same games, and the
// SGF written is a fixed point.
func TestRoundTripBoardspace(t *testing.T) {
	data, err := os.ReadFile("testdata/boardspace.sgf")
	if err != nil {
		t.Fatal(err)
	}
	gs, _ := sgf.Parse("boardspace.sgf", data)
	for _, g := range gs {
		agn1 := canonical(t, "boardspace.sgf", g)
		s2 := toSGF(t, agn1)
		back, err := sgf.Parse("again.sgf", s2)
		if err != nil || len(back) != 1 {
			t.Fatalf("game %d: the SGF written does not read back: %v\n%s", g.Index, err, s2)
		}
		if agn2 := canonical(t, "again.sgf", back[0]); agn2 != agn1 {
			t.Errorf("game %d: SGF → agn → SGF → agn changes the game:\n%s\nthen\n%s\nvia\n%s", g.Index, agn1, agn2, s2)
		}
		if s3 := toSGF(t, canonical(t, "again.sgf", back[0])); !bytes.Equal(s3, s2) {
			t.Errorf("game %d: the SGF written is not a fixed point:\n%s\nthen\n%s", g.Index, s2, s3)
		}
	}
}

// TestCorpusRoundTrip: every game of the real corpus goes .agn → SGF →
// .agn unchanged.
func TestCorpusRoundTrip(t *testing.T) {
	paths, _ := filepath.Glob("../testdata/loa-real/*.agn")
	if len(paths) == 0 {
		t.Fatal("no corpus")
	}
	n := 0
	for _, path := range paths {
		gs := testkit.Records(t, path)
		for _, g := range gs {
			agn1 := canonical(t, path, g)
			s := toSGF(t, agn1)
			back, err := sgf.Parse("corpus.sgf", s)
			if err != nil || len(back) != 1 {
				t.Fatalf("%s game %d: %v\n%s", path, g.Index, err, s)
			}
			if agn2 := canonical(t, "corpus.sgf", back[0]); agn2 != agn1 {
				t.Fatalf("%s game %d: agn → SGF → agn changes the game:\n%s\nthen\n%s\nvia\n%s", path, g.Index, agn1, agn2, s)
			}
			n++
		}
	}
	if n < 4795 {
		t.Errorf("%d games; the corpus has 4,795", n)
	}
}

// FuzzParse checks that Parse never panics, that what it says is located,
// and that a game it reads cleanly is written by Append as SGF that reads
// back as the same game.
func FuzzParse(f *testing.F) {
	data, err := os.ReadFile("testdata/boardspace.sgf")
	if err != nil {
		f.Fatal(err)
	}
	for _, tree := range strings.SplitAfter(string(data), ")\n\n") {
		f.Add(tree)
	}
	for _, s := range []string{"(;GM[9];B[c1-c3];W[Resign])", "(;GM[9]TG[Seed:1][Odd:a\\:b];B[C1:C3]C[x\\]y])", "((((", "(;C[\\", "(;GM[9](;B[a])(;B[b]))", "(;GaMe[9];B[c1 c3]RE[B+R])"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		gs, _ := sgf.Parse("f.sgf", []byte(src))
		for _, g := range gs {
			for _, e := range append([]*notation.Error{g.Err}, g.Warnings...) {
				if e != nil && (e.Line < 1 || e.Col < 1 || e.Msg == "" || e.Code == "") {
					t.Errorf("game %d: not located or not said: %+v", g.Index, e)
				}
			}
			if g.Err != nil {
				continue
			}
			b, err := sgf.Append(nil, g)
			if err != nil {
				continue // another game, or a start that cannot be built
			}
			back, err := sgf.Parse("back.sgf", b)
			if err != nil || len(back) != 1 {
				t.Fatalf("game %d: written as\n%s\nit does not read back: %v", g.Index, b, err)
			}
			if got, want := summary(back[0]), summary(g); got != want {
				t.Fatalf("game %d: written as\n%s\nit reads back as\n%s\nnot\n%s", g.Index, b, got, want)
			}
		}
	})
}

// summary is what a game holds, for comparing: its tags (in any order;
// the Game tag by its game), moves with their comments, comment and result.
func summary(g *notation.Game) string {
	var tags []string
	for _, t := range g.Tags {
		v := t.Value
		if t.Name == "Game" {
			if game, err := games.Lookup(v); err == nil {
				v = game.ID()
			}
		}
		tags = append(tags, t.Name+"="+v)
	}
	slices.Sort(tags)
	var b strings.Builder
	b.WriteString(strings.Join(tags, "\n"))
	b.WriteString("\n{" + g.Comment + "}\n")
	for _, m := range g.Moves {
		b.WriteString(m.Text + " {" + m.Comment + "}\n")
	}
	b.WriteString(g.Result)
	return b.String()
}

func BenchmarkParse(b *testing.B) {
	data := corpusSGF(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	src := string(data)
	var g notation.Game
	for b.Loop() {
		sp := sgf.NewSplitter(data)
		for ch, ok := sp.Next(); ok; ch, ok = sp.Next() {
			sgf.ParseGame(&g, "corpus.sgf", src, ch, 1)
		}
	}
}

func BenchmarkAppend(b *testing.B) {
	data := corpusSGF(b)
	gs, _ := sgf.Parse("corpus.sgf", data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		out = out[:0]
		for _, g := range gs {
			out, _ = sgf.Append(out, g)
		}
	}
}

// corpusSGF is the real corpus written as SGF.
func corpusSGF(b *testing.B) []byte {
	b.Helper()
	gs := testkit.Records(b, "../testdata/loa-real/real_loa.agn")
	var out []byte
	for _, g := range gs {
		r := replay.Game("real_loa.agn", g, replay.Options{Text: true})
		if !r.Valid {
			b.Fatal(r.Describe())
		}
		rec, _ := notation.Parse("c.agn", []byte(r.Text))
		out, _ = sgf.Append(out, rec[0])
		out = append(out, '\n')
	}
	return out
}
