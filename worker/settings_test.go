package worker

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/internal/toygames"
	"github.com/arbiter-games/arbiter/referee"
)

// raceSettings are the settings the runner resolves from a config of
// toygames.RaceHead with fake engines, each "name=modes" (the test binary
// run as "fake-engine MODES toy-race").
func raceSettings(t testing.TB, engines ...string) Settings {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	set := Settings{Game: toygames.Race, Event: "t", Rules: referee.Rules{MaxPlies: 500, Comments: true}}
	for _, e := range engines {
		name, modes, _ := strings.Cut(e, "=")
		set.Engines = append(set.Engines, Engine{
			Spec:        engineproc.Spec{Name: name, Path: exe, Args: []string{"fake-engine", modes, "toy-race"}},
			Side:        referee.Side{Name: name, MoveTime: 50 * time.Millisecond, Margin: 50 * time.Millisecond},
			TimeControl: "0.05/move",
		})
	}
	return set
}

// TestSettingsJSON checks that a worker process gets the settings the
// runner resolved, every field, through the JSON of its start.
func TestSettingsJSON(t *testing.T) {
	set := raceSettings(t, "a=first", "b=last")
	set.Site = "here"
	set.Rules = referee.Rules{MaxPlies: 80, ByPoints: true, Comments: true, Fields: []string{"nodes"},
		Resign: &referee.Resign{Score: 900, Moves: 3, OneSided: true}, Draw: &referee.Draw{Score: 10, Moves: 4, AfterPly: 20},
		Solver: &referee.Solver{Nodes: 5000}}
	set.Engines[1].Spec.Dir, set.Engines[1].Spec.Env = "dir", []string{"A=1"}
	set.Engines[1].Spec.Options = map[string]string{"Hash": "16"}
	set.Engines[1].Spec.OptionsIfDeclared = map[string]string{"Threads": "1"}
	set.Engines[1].Side = referee.Side{Name: "b", Base: time.Second, Inc: time.Millisecond, MovesToGo: 40, Nodes: 1000, Depth: 9, Margin: time.Millisecond}
	set.Timeouts = engineproc.Timeouts{Startup: time.Second, Ping: 2 * time.Second, Grace: 3 * time.Second}
	set.Wait, set.RestartEngines, set.Affinity = 5*time.Millisecond, true, []int{1, 3}
	b, err := json.Marshal(initMsg{Game: set.Game.ID(), Settings: &set})
	if err != nil {
		t.Fatal(err)
	}
	var got initMsg
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	got.Settings.Game = set.Game
	if !reflect.DeepEqual(*got.Settings, set) {
		t.Errorf("settings through JSON = %+v; want %+v", *got.Settings, set)
	}
}
