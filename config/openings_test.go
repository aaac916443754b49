package config

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/internal/toygames"
)

// toyFEN is a toy-race position: the counter at n, white to move.
func toyFEN(n int) string { return fmt.Sprintf("%d/0/0/w", n) }

// openingsConfig writes toy openings (counters 0..n-1, a .fen file) and a
// config of three engines (three pairs a round) using them with extra
// (the openings key's other settings, or more top-level keys), and loads
// it.
func openingsConfig(t *testing.T, dir string, n int, openings, extra string) (*Tournament, error) {
	t.Helper()
	var b strings.Builder
	b.WriteString("# toy openings\n\n")
	for i := range n {
		b.WriteString(toyFEN(i) + "\n")
	}
	writeFile(t, filepath.Join(dir, "toy.fen"), b.String())
	head := strings.Replace(toygames.RaceHeadGames(2), "rounds: 1", "rounds: 3", 1)
	if strings.Contains(extra, "seed:") {
		head = strings.Replace(head, "seed: 7\n", "", 1)
	}
	head += extra
	if openings != "-" {
		head += "openings: {file: toy.fen" + openings + "}\n"
	}
	path := toygames.WriteRaceConfig(t, dir, head, "a=first", "b=last", "c=first")
	return Load(context.Background(), path)
}

// assigned lists the FEN of the opening of each pair of cfg's schedule.
func assigned(t *testing.T, cfg *Tournament) []string {
	t.Helper()
	var out []string
	last := -1
	for _, s := range schedule(t, cfg) {
		if s.Pair == last {
			continue
		}
		last = s.Pair
		o, err := cfg.Opening(s.Pair)
		if err != nil || o == nil {
			t.Fatalf("pair %d: opening %v, %v", s.Pair, o, err)
		}
		out = append(out, o.Tags[1][1])
	}
	return out
}

func TestOpeningAssignment(t *testing.T) {
	fens := func(ns ...int) []string {
		var out []string
		for _, n := range ns {
			out = append(out, toyFEN(n))
		}
		return out
	}
	tests := []struct {
		name     string
		n        int
		openings string
		want     []string
	}{
		{"sequential", 9, "", fens(0, 1, 2, 3, 4, 5, 6, 7, 8)},
		{"cycling", 4, "", fens(0, 1, 2, 3, 0, 1, 2, 3, 0)},
		{"start", 4, ", start: 3", fens(2, 3, 0, 1, 2, 3, 0, 1, 2)},
		{"one opening", 1, ", order: random", fens(0, 0, 0, 0, 0, 0, 0, 0, 0)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := openingsConfig(t, t.TempDir(), tc.n, tc.openings, "")
			if err != nil {
				t.Fatal(err)
			}
			if got := assigned(t, cfg); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("openings of the pairs = %v; want %v", got, tc.want)
			}
		})
	}

	// Random order: a permutation of the suite from the seed, the same on
	// every load, another with another seed; then it cycles.
	dir := t.TempDir()
	cfg, err := openingsConfig(t, dir, 8, ", order: random", "")
	if err != nil {
		t.Fatal(err)
	}
	got := assigned(t, cfg)
	again, _ := openingsConfig(t, t.TempDir(), 8, ", order: random", "")
	if a := assigned(t, again); !reflect.DeepEqual(a, got) {
		t.Errorf("random order differs from load to load: %v and %v", got, a)
	}
	if seen := map[string]bool{}; true {
		for _, f := range got[:8] {
			seen[f] = true
		}
		if len(seen) != 8 || got[8] != got[0] {
			t.Errorf("random order %v is not a permutation of the 8 openings, then again", got)
		}
	}
	if reflect.DeepEqual(got[:8], fens(0, 1, 2, 3, 4, 5, 6, 7)) {
		t.Errorf("random order is the file's order")
	}
	other, err := openingsConfig(t, t.TempDir(), 8, ", order: random", "seed: 8\n")
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(assigned(t, other), got) {
		t.Errorf("seeds 7 and 8 give the same order %v", got)
	}
}

func TestRandomOpenings(t *testing.T) {
	cfg, err := openingsConfig(t, t.TempDir(), 0, "-", "random_openings: {plies: 3}\n")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for pair := range 9 {
		o, err := cfg.Opening(pair)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := cfg.Opening(pair)
		if !reflect.DeepEqual(o, again) {
			t.Errorf("pair %d: %v then %v", pair, o, again)
		}
		if len(o.Moves) != 3 {
			t.Errorf("pair %d: opening %v; want 3 plies", pair, o.Moves)
		}
		seen[fmt.Sprint(o)] = true
	}
	if len(seen) < 5 {
		t.Errorf("9 pairs got only %d different openings", len(seen))
	}
}

func TestOpeningConfigErrors(t *testing.T) {
	tests := []struct {
		name     string
		openings string // after "file: toy.fen"; "-" for none
		extra    string
		file     string // replaces toy.fen's content when set
		want     string
	}{
		{"both keys", "", "random_openings: {plies: 2}\n", "", "t.yaml:7: openings and random_openings are both given"},
		{"random plies", "-", "random_openings: {plies: 0}\n", "", "random_openings plies is 0; it must be at least 1"},
		{"order", ", order: shuffled", "", "", `openings order "shuffled" is neither sequential nor random`},
		{"plies", ", plies: -1", "", "", "openings plies is -1; it must not be negative"},
		{"random plies past max_plies", "-", "max_plies: 120\nrandom_openings: {plies: 300}\n", "",
			"t.yaml:8: random_openings plies is 300; it must be less than max_plies (120)"},
		{"random plies at max_plies", "-", "max_plies: 10\nrandom_openings:\n  plies: 10\n", "",
			"t.yaml:9: random_openings plies is 10; it must be less than max_plies (10)"},
		{"random plies at the default max_plies", "-", "random_openings: {plies: 500}\n", "",
			"t.yaml:7: random_openings plies is 500; it must be less than max_plies (500)"},
		{"plies at max_plies", ", plies: 12", "max_plies: 12\n", "",
			"t.yaml:8: openings plies is 12; it must be less than max_plies (12)"},
		{"start zero", ", start: 0", "", "", "openings start is 0; it must be at least 1"},
		{"start past the end", ", start: 5", "", "", "openings start is 5, but toy.fen has 4 openings"},
		{"unknown key", ", plys: 3", "", "", `unknown key "plys" in openings`},
		{"no file", "-", "openings: {order: random}\n", "", "openings file is missing"},
		{"missing file", "-", "openings: {file: nowhere.agn}\n", "", "openings file: read"},
		{"bad position", "", "", "0/0/0/w\n\n1/0/0/w\nten/0/0/w\n", "toy.fen:4: not a Toy Race position"},
		{"finished position", "", "", "21/10/11/w\n", "toy.fen:1: the game is over in this position"},
		{"empty", "", "", "# nothing\n", "toy.fen: no openings in the file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			_, err := openingsConfig(t, dir, 4, tc.openings, tc.extra)
			if tc.file != "" {
				writeFile(t, filepath.Join(dir, "toy.fen"), tc.file)
				_, err = Load(context.Background(), filepath.Join(dir, "t.yaml"))
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("LoadConfig = %v; want an error with %q", err, tc.want)
			}
		})
	}
}

// TestOpeningsTooLarge checks that an openings file past book.MaxSuite is
// a config error that says so, found from its size before it is read.
func TestOpeningsTooLarge(t *testing.T) {
	dir := t.TempDir()
	path := toygames.WriteRaceConfig(t, dir, toygames.RaceHead+"openings: {file: big.fen}\n", "a=first", "b=last")
	big := filepath.Join(dir, "big.fen")
	writeFile(t, big, "")
	if err := os.Truncate(big, book.MaxSuite+1); err != nil { // sparse: nothing written
		t.Fatal(err)
	}
	_, err := Load(context.Background(), path)
	want := path + ":7: openings file: read " + big + ": larger than 64 MiB, the most an openings file may hold"
	if err == nil || err.Error() != want {
		t.Errorf("Load = %v; want %q", err, want)
	}
}

// TestOpeningsByteOrderMark checks that a UTF-8 byte order mark at the
// start of a position suite is skipped.
func TestOpeningsByteOrderMark(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "toy.fen"), "\xef\xbb\xbf"+toyFEN(3)+"\n")
	cfg, err := Load(context.Background(), toygames.WriteRaceConfig(t, dir, toygames.RaceHead+"openings: {file: toy.fen}\n", "a=first", "b=last"))
	if err != nil {
		t.Fatal(err)
	}
	if o, err := cfg.Opening(0); err != nil || o.Tags[1][1] != toyFEN(3) {
		t.Errorf("Opening(0) = %+v, %v; want %s", o, err, toyFEN(3))
	}
}

func TestOpeningsHash(t *testing.T) {
	dir := t.TempDir()
	cfg, err := openingsConfig(t, dir, 4, "", "")
	if err != nil {
		t.Fatal(err)
	}
	none, _ := openingsConfig(t, t.TempDir(), 4, "-", "")
	if none.Hash() == cfg.Hash() {
		t.Errorf("openings do not change the hash")
	}
	same, _ := openingsConfig(t, t.TempDir(), 4, "", "")
	if same.Hash() != cfg.Hash() {
		t.Errorf("the same openings in another directory change the hash")
	}
	// The file changed under the same config: another identity, refused
	// by the database as any changed config.
	writeFile(t, filepath.Join(dir, "toy.fen"), toyFEN(1)+"\n"+toyFEN(0)+"\n")
	changed, err := Load(context.Background(), filepath.Join(dir, "t.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if changed.Hash() == cfg.Hash() {
		t.Errorf("a changed openings file keeps the hash")
	}
	// A config without openings keeps the hash it had before they existed:
	// no key of theirs in the JSON.
	if b, _ := jsonOf(none); strings.Contains(b, "opening") {
		t.Errorf("a config without openings hashes %s", b)
	}
}

// TestOpeningsNoPlies checks that openings plies 0 takes only each
// opening's start, none of its moves: a suite of start positions.
func TestOpeningsNoPlies(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "toy.agn"), toygames.RaceOpenings)
	path := toygames.WriteRaceConfig(t, dir, toygames.RaceHead+"openings: {file: toy.agn, plies: 0}\n", "a=first", "b=first")
	cfg, err := Load(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	want := []book.Opening{
		{Tags: [][2]string{{"SetUp", "1"}, {"FEN", "17/3/2/b"}}, Line: 1},
		{Line: 7},
	}
	for pair, w := range want {
		o, err := cfg.Opening(pair)
		if err != nil || o == nil || !reflect.DeepEqual(*o, w) {
			t.Errorf("Opening(%d) = %+v, %v; want %+v", pair, o, err, w)
			continue
		}
	}
}

// jsonOf is what Hash hashes.
func jsonOf(c *Tournament) (string, error) {
	b, err := json.Marshal(c)
	return string(b), err
}
