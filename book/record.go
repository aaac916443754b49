package book

import (
	"strconv"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

// NewRecord returns an empty record of game, ready to be played: the
// seven standard tags (Date the day of date, the others "?" and Result
// "*"), Game, and the tags the game needs to start made from seed
// (rules.Game.NewTags), with a Seed tag that records it when there are
// any.
func NewRecord(game rules.Game, seed int64, date time.Time) *notation.Game {
	g := &notation.Game{Result: "*"}
	for _, t := range [][2]string{
		{"Event", "?"}, {"Site", "?"}, {"Date", date.Format("2006.01.02")}, {"Round", "?"},
		{"White", "?"}, {"Black", "?"}, {"Result", "*"}, {"Game", game.Name()},
	} {
		g.SetTag(t[0], t[1])
	}
	tags := game.NewTags(seed)
	for _, t := range tags {
		g.SetTag(t[0], t[1])
	}
	if len(tags) > 0 {
		g.SetTag("Seed", strconv.FormatInt(seed, 10))
	}
	return g
}
