package testkit

import (
	"fmt"
	"math/rand/v2"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
)

// RandomGame plays a random legal game of g, from the start g.NewTags(seed)
// describes, until the rules end it or for maxPlies plies (then its result
// is "*"), drawing every move uniformly from rng. The record has the Game
// tag, the start's tags, Result, and Score for games that score points;
// the caller adds the players and whatever else it wants.
func RandomGame(g rules.Game, rng *rand.Rand, seed int64, maxPlies int) (*notation.Game, error) {
	rec := &notation.Game{}
	rec.SetTag("Game", g.Name())
	tags := rules.TagMap{}
	for _, kv := range g.NewTags(seed) {
		rec.SetTag(kv[0], kv[1])
		tags[kv[0]] = kv[1]
	}
	pos, err := g.Start(tags)
	if err != nil {
		return nil, fmt.Errorf("%s: start: %w", g.ID(), err)
	}
	var moves []rules.Move
	for ply := 0; ply < maxPlies && !pos.Outcome().Over(); ply++ {
		moves = pos.Moves(moves[:0])
		if len(moves) == 0 {
			break
		}
		m := moves[rng.IntN(len(moves))]
		rec.Moves = append(rec.Moves, notation.Move{Text: pos.FormatMove(m)})
		if err := pos.Play(m); err != nil {
			return nil, fmt.Errorf("%s: a generated move does not play: %w", g.ID(), err)
		}
	}
	rec.Result = pos.Outcome().Result.String()
	rec.SetTag("Result", rec.Result)
	if sc, ok := pos.Score(); ok {
		rec.SetTag("Score", sc.String())
	}
	return rec, nil
}
