package view

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/internal/xmltext"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// pageData is the page's data block as the script reads it.
type pageData struct {
	Kinds    []kind      `json:"kinds"`
	Cells    [][4]string `json:"cells"`
	Captions []string    `json:"captions"`
	Games    []game      `json:"games"`
}

// build writes the page of the named files and returns it with its data.
func build(t *testing.T, names ...string) (string, pageData) {
	t.Helper()
	p := New("test <page>")
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := replay.File(context.Background(), n, data, replay.Options{Jobs: 2, Prepare: p.Prepare}, p.Add); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := p.Write(&b, ""); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="data">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page has no data block")
	}
	var d pageData
	if err := json.Unmarshal([]byte(m[1]), &d); err != nil {
		t.Fatalf("the data block: %v", err)
	}
	return page, d
}

// readIDs reads the ids of s as the script's ids does.
func readIDs(s string) []int {
	var out []int
	v := 0
	for _, r := range s {
		if idWideBase <= r && r < idWideBase+idWide {
			v = v*idWide + int(r-idWideBase) + 1
			continue
		}
		out = append(out, v*idRange+int(r)-idBase)
		v = 0
	}
	return out
}

// plyAt returns the cells of game g and the id of its caption after ply,
// as the script's decode rebuilds them.
func plyAt(g game, ply int) (cells []int, caption int) {
	start := readIDs(g.Start)
	cells, caption = start[1:], start[0]
	d := readIDs(g.Plies)
	at := 0
	for range ply {
		caption = d[at]
		n := d[at+1]
		at += 2
		for range n {
			cells[d[at]] = d[at+1]
			at += 2
		}
		at += 1 + d[at]
	}
	return cells, caption
}

// cellsAt rebuilds the cells of game g after ply, as the script does.
func cellsAt(g game, ply int) []int {
	cells, _ := plyAt(g, ply)
	return cells
}

// TestAppendID checks that every id reads back as itself, alone and among
// others, across the widths of the encoding.
func TestAppendID(t *testing.T) {
	tests := []int{0, 1, 12, idRange - 1, idRange, idRange + 1, 2*idRange - 1, 2 * idRange,
		idWide*idRange - 1, idWide * idRange, (idWide+1)*idRange - 1, (idWide + 1) * idRange,
		idWide*idWide*idRange + 5, 1 << 40}
	var all []byte
	for _, id := range tests {
		b := appendID(nil, id)
		if got := readIDs(string(b)); len(got) != 1 || got[0] != id {
			t.Errorf("readIDs(appendID(%d)) = %v; want [%d]", id, got, id)
		}
		if !utf8.Valid(b) || strings.ContainsFunc(string(b), func(r rune) bool { return r >= 0xD800 && r < 0xE000 }) {
			t.Errorf("appendID(%d) = %q; want valid UTF-8 without surrogates", id, b)
		}
		all = appendID(all, id)
	}
	if got := readIDs(string(all)); !slices.Equal(got, tests) {
		t.Errorf("readIDs of the ids in a row = %v; want %v", got, tests)
	}
	for id := range 3 * idRange {
		if got := readIDs(string(appendID(nil, id))); len(got) != 1 || got[0] != id {
			t.Fatalf("readIDs(appendID(%d)) = %v; want [%d]", id, got, id)
		}
	}
}

// manyCaptions writes random Knight Fight games whose points make more
// distinct captions than one rune per id could tell apart, and returns the
// file's path.
func manyCaptions(t *testing.T) string {
	t.Helper()
	gm, err := games.Lookup("knight-fight")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 0))
	var b strings.Builder
	for i := range 4000 {
		g, err := testkit.RandomGame(gm, rng, int64(i), 1000)
		if err != nil {
			t.Fatal(err)
		}
		g.SetTag("White", "w")
		g.SetTag("Black", "b")
		b.WriteString(g.String())
	}
	name := filepath.Join(t.TempDir(), "many.agn")
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// captionAt returns the caption the rules draw for the Knight Fight game
// rec after ply.
func captionAt(t *testing.T, rec *notation.Game, ply int) string {
	t.Helper()
	gm, err := games.Lookup("knight-fight")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := gm.Start(rec)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ply {
		m, err := pos.ParseMove(rec.Moves[i].Text)
		if err == nil {
			err = pos.Play(m)
		}
		if err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
	}
	var pic rules.Picture
	pos.(rules.Drawer).Draw(&pic, rules.NoMove)
	return pic.Caption
}

// TestManyCaptions checks a page with more distinct captions than one rune
// per id holds: at every ply of every game, the caption the page names is
// the one the rules draw.
func TestManyCaptions(t *testing.T) {
	file := manyCaptions(t)
	_, d := build(t, file)
	if len(d.Captions) <= idRange {
		t.Fatalf("%d captions; the games must make more than %d", len(d.Captions), idRange)
	}
	recs := testkit.Records(t, file)
	wide := 0
	var pic rules.Picture
	for gi, g := range d.Games {
		gm, _ := games.Lookup(g.Kind)
		pos, err := gm.Start(recs[gi])
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply <= g.Valid; ply++ {
			if ply > 0 {
				m, _ := pos.ParseMove(recs[gi].Moves[ply-1].Text)
				if err := pos.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			pos.(rules.Drawer).Draw(&pic, rules.NoMove)
			_, id := plyAt(g, ply)
			if id >= idRange {
				wide++
			}
			if id < 0 || id >= len(d.Captions) || d.Captions[id] != pic.Caption {
				t.Fatalf("game %d after ply %d: caption id %d of %d; want the id of %q", gi+1, ply, id, len(d.Captions), pic.Caption)
			}
		}
	}
	if wide == 0 {
		t.Errorf("no ply names a caption id from %d on", idRange)
	}
}

// TestPageData checks the compact positions against the rules: for every
// game of the samples, at every ply, the pieces the page would draw are the
// pieces of the position the rules reach.
func TestPageData(t *testing.T) {
	names, _ := filepath.Glob("../testdata/samples/*.agn")
	_, d := build(t, names...)
	if len(d.Games) < 3 {
		t.Fatalf("%d games; want the samples'", len(d.Games))
	}
	for gi, g := range d.Games {
		parsed := testkit.Records(t, g.File)
		rec := parsed[g.Index-1]
		gm, _ := games.Lookup(g.Kind)
		pos, err := gm.Start(rec)
		if err != nil {
			t.Fatal(err)
		}
		var pic rules.Picture
		for ply := 0; ply <= g.Valid; ply++ {
			last := rules.NoMove
			if ply > 0 {
				m, _ := pos.ParseMove(rec.Moves[ply-1].Text)
				if err := pos.Play(m); err != nil {
					t.Fatal(err)
				}
				last = m
			}
			pos.(rules.Drawer).Draw(&pic, last)
			for sq, id := range cellsAt(g, ply) {
				got, want := d.Cells[id], pic.Squares[sq]
				if got != [4]string{want.Fill, want.Label, want.Ink, want.Piece} {
					t.Fatalf("game %d after ply %d, square %d: the page has %q; the rules %q", gi+1, ply, sq, got, want)
				}
			}
		}
	}
}

// TestPageInvalid checks that an invalid game keeps its plies up to the
// failing one, with the validator's message, and that hostile text stays
// inside the data block.
func TestPageInvalid(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "bad.agn")
	rec := `[Game "Lines of Action"]
[White "</script><script>alert(1)</script>"]
[Black "b"]

1. c8-c6 a2-c2 2. b1-b3 h4-f2 3. c1-c4 {+0.35/12 0.120s} a3-c3 *
`
	if err := os.WriteFile(name, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	page, d := build(t, name)
	g := d.Games[0]
	if g.Valid != 4 || g.ErrPly != 5 || !strings.Contains(g.Err, `ply 5 "c1-c4"`) {
		t.Errorf("valid %d, failing ply %d, message %q; want 4, 5 and the validator's line", g.Valid, g.ErrPly, g.Err)
	}
	if g.Evals == nil || g.Evals[4] == nil || *g.Evals[4] != -35 {
		t.Errorf("evals %v; want Black's +0.35 at ply 5 as -35 from White's side", g.Evals)
	}
	if strings.Count(page, "<script") != 2 {
		t.Errorf("the page has %d script tags; want 2 (a name escaped out of the data)", strings.Count(page, "<script"))
	}
}

// TestPlayerLink checks the fragment of a crosstable's link against
// JavaScript's encodeURIComponent.
func TestPlayerLink(t *testing.T) {
	tests := []struct{ a, b, id, want string }{
		{"alpha", "beta", "lines-of-action", "vs=alpha,beta,lines-of-action"},
		{"a,b c", "é<>'", "x", "vs=a%2Cb%20c,%C3%A9%3C%3E',x"},
		{"a\uFFFE", "b\x01\xff", "x", "vs=a%EF%BF%BD,b%EF%BF%BD%EF%BF%BD,x"},
	}
	for _, tt := range tests {
		if got := PlayerLink(tt.a, tt.b, tt.id); got != tt.want {
			t.Errorf("PlayerLink(%q, %q, %q) = %q; want %q", tt.a, tt.b, tt.id, got, tt.want)
		}
	}
}

// fileInto adds the games of one file to p.
func fileInto(p *Page, name string, data []byte) error {
	return replay.File(context.Background(), name, data, replay.Options{Jobs: 2, Prepare: p.Prepare}, p.Add)
}

// TestPageIllegalCharacters gives the page names, a comment and a title
// with characters XML forbids: the page holds none of them, nor do the
// texts its script reads from the data.
func TestPageIllegalCharacters(t *testing.T) {
	const bad = "\uFFFE\uFFFF\x01\x0b"
	name := filepath.Join(t.TempDir(), "bad.agn")
	rec := "[Game \"Lines of Action\"]\n[White \"al\uFFFEice\"]\n[Black \"b\uFFFFob\"]\n[Event \"e\uFFFE\"]\n\n" +
		"1. c8-c6 {+0.35/12 0.120s \x01\x0b} a2-c2 *\n"
	if err := os.WriteFile(name, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	p := New("games of " + bad)
	src, _ := os.ReadFile(name)
	if err := fileInto(p, name, src); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := p.Write(&b, ""); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if c := xmltext.Clean(page); c != page {
		t.Errorf("the page of %q holds characters XML forbids", rec)
	}
	m := regexp.MustCompile(`(?s)<script type="application/json" id="data">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page has no data block")
	}
	var d pageData
	if err := json.Unmarshal([]byte(m[1]), &d); err != nil {
		t.Fatalf("the data block: %v", err)
	}
	g := d.Games[0]
	texts := []string{g.White, g.Black, g.File}
	texts = append(texts, g.Comments...)
	texts = append(texts, g.Moves...)
	for _, tag := range g.Tags {
		texts = append(texts, tag[0], tag[1])
	}
	for _, s := range texts {
		if c := xmltext.Clean(s); c != s {
			t.Errorf("the page's data holds %q; want %q", s, c)
		}
	}
	if g.White != "al\uFFFDice" || g.Black != "b\uFFFDob" {
		t.Errorf("players %q and %q; want al\uFFFDice and b\uFFFDob", g.White, g.Black)
	}
}
