package book

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
	"github.com/arbiter-games/arbiter/rules/knightfight"
	"github.com/arbiter-games/arbiter/rules/loa"
	"github.com/arbiter-games/arbiter/rules/tankbattle"
)

func read(t *testing.T, name string, plies int) ([]Opening, error) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return readAll(loa.Game, name, "", data, plies)
}

// readAll is Read with every opening of the suite made whole.
func readAll(g rules.Game, name, format string, data []byte, plies int) ([]Opening, error) {
	suite, err := Read(context.Background(), g, name, format, data, plies)
	if err != nil {
		return nil, err
	}
	return openings(suite), nil
}

// openings returns every opening of suite.
func openings(suite *Suite) []Opening {
	out := make([]Opening, suite.Len())
	for i := range out {
		out[i] = suite.Opening(i)
	}
	return out
}

func TestReadGood(t *testing.T) {
	tests := []struct {
		file  string
		plies int
		want  []Opening
	}{
		{"good.agn", -1, []Opening{
			{Moves: []string{"c8-c6", "a2-c2", "b1-b3"}, Line: 2},
			{Tags: [][2]string{{"SetUp", "1"}, {"FEN", "b1b5/8/8/8/8/8/8/w6w b"}}, Moves: []string{"a8-a6"}, Line: 7},
			{Line: 14},
		}},
		{"good.agn", 1, []Opening{
			{Moves: []string{"c8-c6"}, Line: 2},
			{Tags: [][2]string{{"SetUp", "1"}, {"FEN", "b1b5/8/8/8/8/8/8/w6w b"}}, Moves: []string{"a8-a6"}, Line: 7},
			{Line: 14},
		}},
		{"good.agn", 0, []Opening{
			{Line: 2},
			{Tags: [][2]string{{"SetUp", "1"}, {"FEN", "b1b5/8/8/8/8/8/8/w6w b"}}, Line: 7},
			{Line: 14},
		}},
		{"good.fen", -1, []Opening{
			{Tags: [][2]string{{"SetUp", "1"}, {"FEN", "b1b5/8/8/8/8/8/8/w6w b"}}, Line: 2},
			{Tags: [][2]string{{"SetUp", "1"}, {"FEN", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w"}}, Line: 4},
		}},
	}
	for _, tc := range tests {
		got, err := read(t, tc.file, tc.plies)
		if err != nil {
			t.Errorf("Read(%s, %d): %v", tc.file, tc.plies, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Read(%s, %d) = %+v; want %+v", tc.file, tc.plies, got, tc.want)
		}
		for _, o := range got {
			if _, err := o.Position(loa.Game); err != nil {
				t.Errorf("%s: opening at line %d does not replay: %v", tc.file, o.Line, err)
			}
		}
	}
}

func TestReadBad(t *testing.T) {
	tests := []struct {
		file string
		want []string // each in the error
	}{
		{"wrong-game.agn", []string{"wrong-game.agn:6:1: opening 2 is a Tank Battle game; the tournament plays Lines of Action"}},
		{"illegal.agn", []string{`illegal.agn:7:19: opening 2: ply 3 "c6-c2"`}},
		{"over.agn", []string{"over.agn:1:1: opening 1: the game is over after ply 0", "an opening must leave a game to play"}},
		{"bad.fen", []string{"bad.fen:3: not a Lines of Action position"}},
		{"empty.agn", []string{"empty.agn: no openings in the file"}},
		{"empty.fen", []string{"empty.fen: no openings in the file"}},
	}
	for _, tc := range tests {
		_, err := read(t, tc.file, -1)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("Read(%s) = %v; want an error with %q", tc.file, err, w)
			}
		}
		if err != nil && strings.Count(err.Error(), "\n") > 0 {
			t.Errorf("Read(%s) = %v; want one error", tc.file, err)
		}
	}
	if _, err := readAll(loa.Game, "openings.pgn", "", []byte("x"), -1); err == nil || !strings.Contains(err.Error(), "openings.pgn: unknown kind of openings file") {
		t.Errorf("Read(.pgn) = %v", err)
	}
}

// TestReadFormat checks a format given rather than taken from the file's
// name, and EPD's operations after a ';' left out.
func TestReadFormat(t *testing.T) {
	fen := []byte("b1b5/8/8/8/8/8/8/w6w b\n")
	for _, tc := range []struct {
		name, format, data string
		want               int // openings; -1 for an error
	}{
		{"suite.dat", FormatFEN, string(fen), 1},
		{"suite.dat", "", string(fen), -1},
		{"suite.epd", "", "b1b5/8/8/8/8/8/8/w6w b; id \"one\"\n1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w ;c0 x\n", 2},
		{"suite.fen", FormatAGN, string(fen), -1},
		{"suite.fen", "pgn", string(fen), -1},
	} {
		got, err := readAll(loa.Game, tc.name, tc.format, []byte(tc.data), -1)
		if tc.want < 0 {
			if err == nil {
				t.Errorf("Read(%s, format %q) = %d openings; want an error", tc.name, tc.format, len(got))
			}
			continue
		}
		if err != nil || len(got) != tc.want {
			t.Errorf("Read(%s, format %q) = %d openings, %v; want %d", tc.name, tc.format, len(got), err, tc.want)
		}
	}
}

// TestReadFirst checks that ReadFirst leaves out, and counts, the games
// that are over within the plies or shorter, where Read refuses them, and
// still refuses a game that breaks the rules.
func TestReadFirst(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "first.agn"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		plies   int
		want    []Opening
		skipped Skipped
	}{
		{0, []Opening{{Line: 2}, {Line: 7}, {Tags: [][2]string{{"SetUp", "1"}, {"FEN", "b6b/8/8/8/8/8/8/w1w5 w"}}, Line: 19}}, Skipped{Over: 1}},
		{1, []Opening{{Moves: []string{"c8-c6"}, Line: 2}, {Moves: []string{"c8-c6"}, Line: 7}}, Skipped{Over: 2}},
		{2, []Opening{{Moves: []string{"c8-c6", "a2-c2"}, Line: 2}}, Skipped{Over: 2, Short: 1}},
		{4, nil, Skipped{Over: 2, Short: 2}},
	}
	for _, tc := range tests {
		got, skipped, err := ReadFirst(context.Background(), loa.Game, "first.agn", data, tc.plies)
		if err != nil || !reflect.DeepEqual(got, tc.want) || skipped != tc.skipped {
			t.Errorf("ReadFirst(first.agn, %d) = %+v, %+v, %v; want %+v, %+v", tc.plies, got, skipped, err, tc.want, tc.skipped)
		}
	}
	if _, err := readAll(loa.Game, "first.agn", "", data, 2); err == nil || !strings.Contains(err.Error(), "first.agn:12:1: opening 3: the game is over after ply 0") {
		t.Errorf("Read(first.agn, 2) = %v; want the games that are over refused", err)
	}
	for _, tc := range []struct{ file, want string }{
		{"illegal.agn", `illegal.agn:7:19: opening 2: ply 3 "c6-c2"`},
		{"wrong-game.agn", "wrong-game.agn:6:1: opening 2 is a Tank Battle game"},
		{"good.fen", "good.fen: not a record file (.agn)"},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := ReadFirst(context.Background(), loa.Game, tc.file, data, 8); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadFirst(%s, 8) = %v; want an error with %q", tc.file, err, tc.want)
		}
	}
}

func TestRandom(t *testing.T) {
	for _, g := range games.All {
		t.Run(g.ID(), func(t *testing.T) {
			seen := map[string]bool{}
			for seed := int64(0); seed < 30; seed++ {
				o, err := Random(g, seed, 12)
				if err != nil {
					t.Fatal(err)
				}
				again, _ := Random(g, seed, 12)
				if !reflect.DeepEqual(o, again) {
					t.Fatalf("seed %d: %v then %v", seed, o, again)
				}
				pos, err := o.Position(g)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if pos.Outcome().Over() {
					t.Errorf("seed %d: the opening %v ends the game", seed, o.Moves)
				}
				if len(o.Moves) != 12 {
					t.Errorf("seed %d: %d plies; want 12", seed, len(o.Moves))
				}
				k, _ := o.Key(g)
				seen[k] = true
			}
			if len(seen) < 25 {
				t.Errorf("30 seeds gave only %d positions", len(seen))
			}
		})
	}
}

// TestRandomNeverEnds plays random openings far longer than games last:
// they stop short rather than end the game.
func TestRandomNeverEnds(t *testing.T) {
	for _, g := range []rules.Game{loa.Game, tankbattle.Game, knightfight.Game} {
		for seed := int64(0); seed < 10; seed++ {
			o, err := Random(g, seed, 400)
			if err != nil {
				t.Fatal(err)
			}
			pos, err := o.Position(g)
			if err != nil || pos.Outcome().Over() {
				t.Errorf("%s seed %d: %d plies, %v, over %v", g.ID(), seed, len(o.Moves), err, pos != nil && pos.Outcome().Over())
			}
		}
	}
}

func TestGenerate(t *testing.T) {
	a, err := Generate(context.Background(), loa.Game, 3, 4, 20, 1000, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(context.Background(), loa.Game, 3, 4, 20, 1000, nil)
	c, _ := Generate(context.Background(), loa.Game, 4, 4, 20, 1000, nil)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("the same seed gave two suites")
	}
	if reflect.DeepEqual(a, c) {
		t.Errorf("seeds 3 and 4 gave the same suite")
	}
	if d, _ := Distinct(context.Background(), loa.Game, a); len(a) != 20 || len(d) != 20 {
		t.Errorf("%d openings, %d distinct; want 20", len(a), len(d))
	}
	// The filter decides.
	odd := func(p rules.Position) (bool, error) { return len(p.FEN())%2 == 1, nil }
	f, err := Generate(context.Background(), loa.Game, 3, 4, 10, 1000, odd)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range f {
		if pos, _ := o.Position(loa.Game); len(pos.FEN())%2 != 1 {
			t.Errorf("the filter let %v through", o.Moves)
		}
	}
	// Too few positions exist: an error, not a loop.
	_, err = Generate(context.Background(), loa.Game, 1, 1, 1000, 500, nil)
	if err == nil || !strings.Contains(err.Error(), "distinct openings of 1 plies in 500 tries") {
		t.Errorf("Generate of more openings than exist = %v", err)
	}
}

// TestRecordRoundTrip checks that an opening written as a record reads
// back as itself.
func TestRecordRoundTrip(t *testing.T) {
	for _, g := range games.All {
		o, _ := Random(g, 9, 5)
		text := o.Record(g).String()
		back, err := readAll(g, "x.agn", "", []byte(text), -1)
		if err != nil {
			t.Fatalf("%s: %v\n%s", g.ID(), err, text)
		}
		back[0].Line = 0
		if !reflect.DeepEqual(back[0], o) {
			t.Errorf("%s: %+v read back as %+v", g.ID(), o, back[0])
		}
	}
}

// FuzzRead checks that Read never panics, and that what it accepts
// replays and leaves a game to play.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*")
	for _, p := range files {
		data, _ := os.ReadFile(p)
		f.Add(filepath.Ext(p) == ".agn", data)
	}
	f.Fuzz(func(t *testing.T, agn bool, data []byte) {
		name := "x.fen"
		if agn {
			name = "x.agn"
		}
		suite, err := readAll(loa.Game, name, "", data, 8)
		if err == nil && len(suite) == 0 {
			t.Fatalf("no error and no openings")
		}
		for _, o := range suite {
			pos, err := o.Position(loa.Game)
			if err != nil || pos.Outcome().Over() {
				t.Errorf("accepted opening %+v: %v", o, err)
			}
		}
	})
}

// BenchmarkRead reads the shipped suite of real Lines of Action openings,
// as a tournament does before its first game.
func BenchmarkRead(b *testing.B) {
	data, err := os.ReadFile("../examples/openings/loa-real.agn")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Read(context.Background(), loa.Game, "loa-real.agn", "", data, -1); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReadByteOrderMark checks that a UTF-8 byte order mark at the start
// of a suite is skipped, in a position file as in a record file.
func TestReadByteOrderMark(t *testing.T) {
	const bom = "\xef\xbb\xbf"
	tests := []struct{ name, data string }{
		{"bom.fen", bom + "b1b5/8/8/8/8/8/8/w6w b\n"},
		{"bom.epd", bom + "b1b5/8/8/8/8/8/8/w6w b; id \"one\"\n"},
		{"bom.agn", bom + "[Game \"Lines of Action\"]\n\n1. c8-c6 *\n"},
	}
	for _, tt := range tests {
		got, err := readAll(loa.Game, tt.name, "", []byte(tt.data), -1)
		if err != nil || len(got) != 1 || got[0].Line != 1 {
			t.Errorf("Read(%s) = %+v, %v; want one opening at line 1", tt.name, got, err)
		}
	}
}

// TestReadCancel checks that Read and ReadFirst stop once their context
// is done, however long the suite, and look at it often enough to stop
// soon: at least 100 times over the suite.
func TestReadCancel(t *testing.T) {
	fen := []byte(strings.Repeat("1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b\n", 200_000))
	agn := []byte(strings.Repeat("[Game \"Lines of Action\"]\n\n1. c8-c6 a2-c2 *\n\n", 100_000))
	tests := []struct {
		name string
		read func(ctx context.Context) error
	}{
		{"fen", func(ctx context.Context) error { _, err := Read(ctx, loa.Game, "x.fen", "", fen, -1); return err }},
		{"agn", func(ctx context.Context) error { _, err := Read(ctx, loa.Game, "x.agn", "", agn, -1); return err }},
		{"first", func(ctx context.Context) error { _, _, err := ReadFirst(ctx, loa.Game, "x.agn", agn, 2); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The whole suite: how often it looks.
			whole := &askedCtx{Context: context.Background()}
			if err := tt.read(whole); err != nil {
				t.Fatalf("Read, not cancelled: %v", err)
			}
			if n := whole.asked.Load(); n < 100 {
				t.Errorf("Read looked at its context %d times over the suite; want 100 or more", n)
			}
			// Cancelled as it looks the second time: under way.
			parent, cancel := context.WithCancel(context.Background())
			defer cancel()
			ctx := &askedCtx{Context: parent, at: 2, cancel: cancel}
			if err := tt.read(ctx); !errors.Is(err, context.Canceled) {
				t.Fatalf("Read, cancelled = %v; want context.Canceled", err)
			}
		})
	}
}

// askedCtx counts the calls of its Err, and calls cancel at the at-th.
type askedCtx struct {
	context.Context
	asked  atomic.Int64
	at     int64
	cancel func()
}

func (c *askedCtx) Err() error {
	if c.asked.Add(1) == c.at {
		c.cancel()
	}
	return c.Context.Err()
}

// TestSuiteMemory checks that a suite takes about the memory of its text:
// a position suite (a short opening a line) at most twice its file's size,
// a record suite at most one and a half times.
func TestSuiteMemory(t *testing.T) {
	fen := []byte(strings.Repeat("1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b\n", 100_000))
	agn := []byte(strings.Repeat("[Event \"x\"]\n[Game \"Lines of Action\"]\n\n1. c8-c6 a2-c2 2. b1-b3 h2-f2 *\n\n", 20_000))
	for _, tt := range []struct {
		name   string
		data   []byte
		factor float64
	}{{"x.fen", fen, 2}, {"x.agn", agn, 1.5}} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		suite, err := Read(context.Background(), loa.Game, tt.name, "", tt.data, -1)
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		held := float64(after.HeapAlloc) - float64(before.HeapAlloc)
		if most := tt.factor * float64(len(tt.data)); held > most {
			t.Errorf("%s: a suite of %d openings from %d bytes holds %.0f bytes; want at most %.0f", tt.name, suite.Len(), len(tt.data), held, most)
		}
		runtime.KeepAlive(suite)
	}
}
