package tankbattle_test

import (
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/tankbattle"
)

// TestRecords replays the sample records in testdata/games.agn and checks
// their Result and Score tags against the rules.
func TestRecords(t *testing.T) {
	games := testkit.Records(t, "testdata/games.agn")
	if len(games) == 0 {
		t.Fatal("no games in testdata/games.agn")
	}
	for i, g := range games {
		p, err := tankbattle.Game.Start(g)
		if err != nil {
			t.Fatalf("game %d: Start: %v", i+1, err)
		}
		for ply, mv := range g.Moves {
			m, err := p.ParseMove(mv.Text)
			if err == nil {
				err = p.Play(m)
			}
			if err != nil {
				t.Fatalf("game %d ply %d %q: %v", i+1, ply+1, mv.Text, err)
			}
		}
		if res, _ := g.Tag("Result"); res != p.Outcome().Result.String() {
			t.Errorf("game %d: Result %q; the replay gives %v (%s)", i+1, res, p.Outcome().Result, p.Outcome().Reason)
		}
		sc, _ := p.Score()
		if want, _ := g.Tag("Score"); want != sc.String() {
			t.Errorf("game %d: Score %q; the replay gives %v", i+1, want, sc)
		}
		var _ rules.Position = p
	}
}
