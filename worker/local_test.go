package worker

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/pairing"
)

// TestMain: the fake engines play the toy race; the test binary is one.
func TestMain(m *testing.M) { toygames.Main(m) }

// TestOpeningStart checks the start a worker gives the engines: a suite's
// opening with a FEN and no moves (plies: 0) starts from that FEN, one
// without from the game's start.
func TestOpeningStart(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "toy.agn"), []byte(toygames.RaceOpenings), 0o644); err != nil {
		t.Fatal(err)
	}
	path := toygames.WriteRaceConfig(t, dir, toygames.RaceHead+"openings: {file: toy.agn, plies: 0}\n", "a=first", "b=first")
	cfg, err := config.Load(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	set := raceSettings(t, "a=first", "b=first")
	w := newLocal(&starter{set: &set}, nil, 1)
	for pair, want := range []string{"fen 17/3/2/b", "startpos"} {
		o, err := cfg.Opening(pair)
		if err != nil {
			t.Fatal(err)
		}
		g, _, err := w.start(Slot{Game: pairing.Game{Pair: pair, White: 0, Black: 1}, Opening: o})
		if err != nil || g.Start != want || len(g.Book) != 0 {
			t.Errorf("pair %d starts with %q and book moves %v (%v); want %q and none", pair, g.Start, g.Book, err, want)
		}
		if pair == 0 && g.Pos.FEN() != "17/3/2/b" {
			t.Errorf("pair 0 starts at %s; want the opening's start 17/3/2/b", g.Pos.FEN())
		}
	}
}
