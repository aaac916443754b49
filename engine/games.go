package engine

import "github.com/arbiter-games/arbiter/rules"

// gameModel returns arbiter's own model for g, or nil when there is none.
func gameModel(g rules.Game) model {
	switch g.ID() {
	case "lines-of-action":
		return newLOAModel()
	case "knight-fight":
		return newKFModel()
	case "tank-battle":
		return newTankModel()
	}
	return nil
}
