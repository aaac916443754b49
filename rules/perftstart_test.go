package rules_test

import (
	"testing"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

func TestPerftStart(t *testing.T) {
	loa, err := games.Lookup("lines-of-action")
	if err != nil {
		t.Fatal(err)
	}
	start, err := loa.Start(rules.TagMap{})
	if err != nil {
		t.Fatal(err)
	}
	kf, err := games.Lookup("knight-fight")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		game   rules.Game
		fen    string
		seeded bool
		want   string // the position text; "ok" for any
	}{
		{"start", loa, "", false, start.FEN()},
		{"fen", loa, start.FEN(), false, start.FEN()},
		{"new tags", kf, "", true, "ok"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pos, err := rules.PerftStart(tt.game, tt.fen, 7, tt.seeded, rules.TagMap{})
			if err != nil {
				t.Fatalf("PerftStart: %v", err)
			}
			if tt.want != "ok" && pos.FEN() != tt.want {
				t.Errorf("PerftStart(%s, %q) = %s; want %s", tt.game.ID(), tt.fen, pos.FEN(), tt.want)
			}
		})
	}
	// Without a FEN, the new record's tags are made, seeded or not.
	if _, err := rules.PerftStart(kf, "", 7, false, rules.TagMap{}); err != nil {
		t.Errorf("PerftStart(knight-fight, no FEN) = %v; want its new tags made from the seed", err)
	}
}
