package book

import (
	"context"

	"github.com/arbiter-games/arbiter/rules"
)

// Source says where the openings of a suite come from (Make).
type Source struct {
	// Files are record files whose games' first plies are the openings
	// (FromGames), each read by Open. Without files, the openings are
	// random (Generate), made from Seed.
	Files []string
	Open  func(name string) (data []byte, release func(), err error)
	Seed  int64
	// Plies is the plies of each opening; Count how many openings (with
	// Files, at most how many).
	Plies, Count int
	// Keep, when not nil, keeps only the openings whose position it
	// keeps.
	Keep func(rules.Position) (bool, error)
}

// Make makes the suite of game g that s says, as arbiter openings writes
// it. With files, summary says what was read, written and skipped
// (FromStats.Summary); else it is "".
func Make(ctx context.Context, g rules.Game, s Source) (suite []Opening, summary string, err error) {
	if len(s.Files) > 0 {
		suite, st, err := FromGames(ctx, g, s.Files, s.Open, s.Plies, s.Count, s.Keep)
		if err != nil {
			return nil, "", err
		}
		return suite, st.Summary(s.Plies), nil
	}
	// Generate gives up after 1000 candidates, and 200 more for each
	// opening asked for.
	suite, err = Generate(ctx, g, s.Seed, s.Plies, s.Count, 1000+200*s.Count, s.Keep)
	return suite, "", err
}
