package config

import (
	"context"
	"os"
	"testing"

	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/pairing"
)

func TestMain(m *testing.M) {
	// The tests' configs play the toy game.
	toygames.RegisterRace()
	os.Exit(m.Run())
}

// parse is Parse of everything.
func parse(file string, data []byte) (*Tournament, error) {
	return Parse(context.Background(), file, data, 0)
}

// schedule lists every game of cfg's schedule: a fixed format's one stage.
func schedule(t testing.TB, cfg *Tournament) []pairing.Game {
	t.Helper()
	p, err := cfg.Pairing()
	if err != nil {
		t.Fatal(err)
	}
	st, ok, err := p.Next(nil)
	if !ok || err != nil {
		t.Fatalf("pairing: %v, %v", ok, err)
	}
	out := make([]pairing.Game, st.Len)
	for k := range out {
		out[k] = st.Game(k)
	}
	return out
}

func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
