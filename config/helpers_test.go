package config

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/toyrace"
	"github.com/arbiter-games/arbiter/pairing"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

func TestMain(m *testing.M) {
	// The tests' configs play the toy game.
	games.All = append([]rules.Game{toyrace.Game}, games.All...)
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

const toyHead = `name: t
game: toy-race
rounds: 1
games_per_encounter: 1
seed: 7
time_control: {move_ms: 50}
`

// toyHeadGames is toyHead with n games per encounter.
func toyHeadGames(n int) string {
	return strings.Replace(toyHead, "games_per_encounter: 1", fmt.Sprintf("games_per_encounter: %d", n), 1)
}

// writeConfig writes a config of head and fake engines ("name=modes") into
// dir and returns its path.
func writeConfig(t testing.TB, dir, head string, engines ...string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(head)
	b.WriteString("engines:\n")
	for _, e := range engines {
		name, modes, _ := strings.Cut(e, "=")
		fmt.Fprintf(&b, "  - {name: %s, cmd: arbiter, args: [fake-engine, %q, toy-race]}\n", name, modes)
	}
	path := filepath.Join(dir, "t.yaml")
	writeFile(t, path, b.String())
	return path
}

func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
