package view

import (
	"net/url"
	"path/filepath"
)

// Linker returns the links from a document written to from (a report;
// "" or "-" for stdout) to the viewer page written to page, opened at the
// games between two players of a game type (see PlayerLink): relative to
// from's folder where it has one, so that the two files move together.
func Linker(from, page string) func(game, a, b string) string {
	href := page
	if from != "" && from != "-" {
		if rel, err := filepath.Rel(filepath.Dir(from), page); err == nil {
			href = rel
		}
	}
	href = (&url.URL{Path: filepath.ToSlash(href)}).String()
	return func(game, a, b string) string { return href + "#" + PlayerLink(a, b, game) }
}
