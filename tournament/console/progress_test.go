package console

import (
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/tournament"
)

// TestMatchFirstLine: a match's first progress line says whether it is
// new or resumed, and how much of it is stored; a tournament's has no
// such line, and no later report repeats it.
func TestMatchFirstLine(t *testing.T) {
	tests := []struct {
		name  string
		match bool
		ev    tournament.Progress
		want  string
	}{
		{"new", true, tournament.Progress{Total: 60, Concurrency: 1}, "new match m"},
		{"resumed", true, tournament.Progress{Found: true, Done: 26, Resumed: 26, Total: 60, Concurrency: 2}, "resuming match m: 26 of 60 games stored"},
		{"resumed, none stored", true, tournament.Progress{Found: true, Total: 60, Concurrency: 1}, "resuming match m: 0 of 60 games stored"},
		{"tournament", false, tournament.Progress{Found: true, Done: 26, Resumed: 26, Total: 60, Concurrency: 2}, "tournament m: 60 games, 26 stored already, playing 34, 2 at a time"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			p := NewProgress(&b, "m", tc.match, nil)
			p.Update(tc.ev)
			if got, _, _ := strings.Cut(b.String(), "\n"); got != tc.want {
				t.Errorf("first line %q; want %q", got, tc.want)
			}
			b.Reset()
			p.Update(tc.ev)
			if strings.Contains(b.String(), "match m") {
				t.Errorf("a second report without a game wrote %q; want no match line again", b.String())
			}
		})
	}
}
