package view

import (
	"strings"
	"testing"
)

// TestLinker checks that a report's links reach the games page from the
// report's folder, and from stdout by the page's path as given, encoded.
func TestLinker(t *testing.T) {
	for _, tc := range []struct {
		from, page, want string
	}{
		{"out/report.html", "out/games.html", "games.html#"},
		{"out/report.html", "pages/all games.html", "../pages/all%20games.html#"},
		{"", "x/games.html", "x/games.html#"},
		{"-", "games.html", "games.html#"},
	} {
		got := Linker(tc.from, tc.page)("lines-of-action", "a", "b")
		if !strings.HasPrefix(got, tc.want) || !strings.HasSuffix(got, PlayerLink("a", "b", "lines-of-action")) {
			t.Errorf("Linker(%q, %q) link %q; want %q then the players' fragment", tc.from, tc.page, got, tc.want)
		}
	}
}
