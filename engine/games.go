package engine

import (
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
	"github.com/arbiter-games/arbiter/rules/loa"
	"github.com/arbiter-games/arbiter/rules/tankbattle"
)

// gameModels holds arbiter's own models, found by the game value itself
// (a list, not a map: a game of an uncomparable type must not panic). A
// game without one is played through baseModel, which needs nothing but
// the rules contract (and uses rules.Hasher when the game offers it).
var gameModels = []struct {
	game rules.Game
	new  func() model
}{
	{loa.Game, func() model { return newLOAModel() }},
	{knightfight.Game, func() model { return newKFModel() }},
	{tankbattle.Game, func() model { return newTankModel() }},
}

// gameModel returns arbiter's own model for g, or nil when there is none.
func gameModel(g rules.Game) model {
	for _, m := range gameModels {
		if m.game == g {
			return m.new()
		}
	}
	return nil
}
