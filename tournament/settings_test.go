package tournament

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/referee"
)

// TestWorkerSettings checks what the players get of a config: the event,
// the referee's rules, each engine's side and TimeControl tag, the
// timeouts and the pause between games.
func TestWorkerSettings(t *testing.T) {
	head := toygames.RaceHead + "event: E\nsite: here\nwait_ms: 5\nmove_fields: [nodes]\nstartup_timeout_ms: 100\n" +
		"adjudication: score\nresign: {score: 900, moves: 3}\ndraw: {score: 10, moves: 4, after_ply: 20}\n"
	cfg, err := config.Load(context.Background(), toygames.WriteRaceConfig(t, t.TempDir(), head, "a=first", "b=last"))
	if err != nil {
		t.Fatal(err)
	}
	set := workerSettings(cfg)
	if set.Game != toygames.Race || set.Event != "E" || set.Site != "here" || set.Wait != 5*time.Millisecond {
		t.Errorf("workerSettings: game %v, event %q, site %q, wait %v; want toy-race, E, here, 5ms", set.Game, set.Event, set.Site, set.Wait)
	}
	if set.Timeouts.Startup != 100*time.Millisecond {
		t.Errorf("workerSettings: timeouts %+v; want the startup timeout of 100ms", set.Timeouts)
	}
	rules := referee.Rules{MaxPlies: 500, ByPoints: true, Comments: true, Fields: []string{"nodes"},
		Resign: &referee.Resign{Score: 900, Moves: 3}, Draw: &referee.Draw{Score: 10, Moves: 4, AfterPly: 20}}
	if !reflect.DeepEqual(set.Rules, rules) {
		t.Errorf("workerSettings: rules %+v; want %+v", set.Rules, rules)
	}
	if len(set.Engines) != 2 {
		t.Fatalf("workerSettings: %d engines; want 2", len(set.Engines))
	}
	for i, name := range []string{"a", "b"} {
		e := set.Engines[i]
		side := referee.Side{Name: name, MoveTime: 50 * time.Millisecond, Margin: 50 * time.Millisecond}
		if e.Spec.Name != name || e.Side != side || e.TimeControl != "0.05/move" {
			t.Errorf("workerSettings: engine %d = %+v; want %s, 50 ms a move and as much margin", i, e, name)
		}
	}
}
