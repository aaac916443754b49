package worker

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/toygames"
)

// TestSettingsJSON checks that a worker process gets the settings the
// runner resolved, every field, through the JSON of its start.
func TestSettingsJSON(t *testing.T) {
	head := toygames.RaceHead + "site: here\nwait_ms: 5\nmove_fields: [nodes]\n" +
		"adjudication: score\nresign: {score: 900, moves: 3}\ndraw: {score: 10, moves: 4, after_ply: 20}\n"
	cfg, err := config.Load(context.Background(), toygames.WriteRaceConfig(t, t.TempDir(), head, "a=first", "b=last"))
	if err != nil {
		t.Fatal(err)
	}
	set := SettingsOf(cfg)
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
	if set.Site != "here" || set.Rules.Resign == nil || set.Rules.Draw == nil || len(set.Engines) != 2 || set.Engines[0].Side.Name != "a" {
		t.Errorf("SettingsOf = %+v; want the config's site, resign, draw and engines", set)
	}
}
