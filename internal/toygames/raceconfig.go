package toygames

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// RaceHead is the head of a tournament config of the toy race: one round
// of one game per encounter, 50 ms a move; the engines key follows it.
const RaceHead = `name: t
game: toy-race
rounds: 1
games_per_encounter: 1
seed: 7
time_control: {move_ms: 50}
`

// RaceHeadGames is RaceHead with n games per encounter.
func RaceHeadGames(n int) string {
	return strings.Replace(RaceHead, "games_per_encounter: 1", fmt.Sprintf("games_per_encounter: %d", n), 1)
}

// RaceOpenings is a suite of two openings of the toy race (.agn): the
// first from the FEN 17/3/2/b with two moves, the second from the start
// with two moves.
const RaceOpenings = `[Game "Toy Race"]
[SetUp "1"]
[FEN "17/3/2/b"]

1. 1 2 *

[Game "Toy Race"]

1. 2 1 *
`

// WriteRaceConfig writes dir/t.yaml, a tournament config of head and of
// fake engines, each "name=modes" (the test binary run as
// "fake-engine MODES toy-race", see enginetest), and returns its path.
func WriteRaceConfig(t testing.TB, dir, head string, engines ...string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(head)
	b.WriteString("engines:\n")
	for _, e := range engines {
		name, modes, _ := strings.Cut(e, "=")
		fmt.Fprintf(&b, "  - {name: %s, cmd: arbiter, args: [fake-engine, %q, toy-race]}\n", name, modes)
	}
	path := filepath.Join(dir, "t.yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// RegisterRace makes the toy race known to rules/games, first in
// games.All, besides the real games: a test package's TestMain calls it
// before anything looks a game up.
func RegisterRace() {
	games.All = append([]rules.Game{Race}, games.All...)
}

// Main is the TestMain of a package whose tests play the toy race with
// fake engines: it registers the race, then runs the test binary as the
// helper process its arguments ask for (enginetest.Main), or else the
// tests.
func Main(m *testing.M) {
	RegisterRace()
	if code, ok := enginetest.Main(os.Args[1:]); ok {
		os.Exit(code)
	}
	os.Exit(m.Run())
}
