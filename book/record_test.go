package book

import (
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/rules/games"
)

func TestNewRecord(t *testing.T) {
	date := time.Date(2024, 1, 5, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		id       string
		seedTags bool
	}{
		{"lines-of-action", false},
		{"knight-fight", true},
	} {
		t.Run(tt.id, func(t *testing.T) {
			game, err := games.Lookup(tt.id)
			if err != nil {
				t.Fatal(err)
			}
			got := NewRecord(game, 7, date).String()
			for _, want := range []string{`[Event "?"]`, `[Date "2024.01.05"]`, `[Result "*"]`, `[Game "` + game.Name() + `"]`} {
				if !strings.Contains(got, want) {
					t.Errorf("NewRecord(%s, 7) = %q; want it to hold %s", tt.id, got, want)
				}
			}
			if hasSeed := strings.Contains(got, `[Seed "7"]`); hasSeed != tt.seedTags {
				t.Errorf("NewRecord(%s, 7) has a Seed tag: %v; want %v", tt.id, hasSeed, tt.seedTags)
			}
		})
	}
}
