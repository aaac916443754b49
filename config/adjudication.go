package config

import (
	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// Adjudications of a game that reaches max_plies.
const (
	AdjudicateDraw  = "draw"  // a draw
	AdjudicateScore = "score" // the points as if the game ended now
)

// ResignRule adjudicates a game lost for a side when, for Moves
// consecutive moves of each side, both engines agree that side is behind
// by at least Score centipawns, each from its own side; with TwoSided
// false, when that side's own engine alone says so.
type ResignRule struct {
	Score    *int  `yaml:"score" json:"score"`
	Moves    *int  `yaml:"moves" json:"moves"`
	TwoSided *bool `yaml:"two_sided" json:"two_sided,omitempty"`
}

// DrawRule adjudicates a game drawn when both engines report |score| <=
// Score for Moves consecutive moves each, once AfterPly plies are played.
// In a game that scores points the points decide instead (see
// docs/tournament.md).
type DrawRule struct {
	Score    *int `yaml:"score" json:"score"`
	Moves    *int `yaml:"moves" json:"moves"`
	AfterPly *int `yaml:"after_ply" json:"after_ply"`
}

// checkGame checks the game and keeps its rules.
func (c *Tournament) checkGame(p *problems) {
	if c.Game == "" {
		p.add(nil, "game is missing (known: %s)", games.IDs())
		return
	}
	g, err := games.Lookup(c.Game)
	if err != nil {
		p.add(key("game"), "%v", err)
		return
	}
	c.game = g
	c.Game = g.ID()
}

// checkAdjudication checks adjudication, resign and draw.
func (c *Tournament) checkAdjudication(p *problems) {
	switch c.Adjudication {
	case "":
		c.Adjudication = AdjudicateDraw
	case AdjudicateDraw:
	case AdjudicateScore:
		if c.game != nil && !scores(c.game) {
			p.add(key("adjudication"), "adjudication score needs a game that scores points; %s does not (use draw)", c.game.Name())
		}
	default:
		p.add(key("adjudication"), "adjudication %q is neither %s nor %s", c.Adjudication, AdjudicateDraw, AdjudicateScore)
	}
	if r := c.Resign; r != nil {
		if r.Score == nil || r.Moves == nil {
			p.add(key("resign"), "resign needs score and moves: {score: CENTIPAWNS, moves: N}")
		} else {
			if *r.Score < 1 {
				p.add(key("resign", "score"), "resign score is %d; it must be at least 1", *r.Score)
			}
			if *r.Moves < 1 {
				p.add(key("resign", "moves"), "resign moves is %d; it must be at least 1", *r.Moves)
			}
		}
	}
	if d := c.Draw; d != nil {
		if d.Score == nil || d.Moves == nil {
			p.add(key("draw"), "draw needs score and moves: {score: CENTIPAWNS, moves: N, after_ply: N}")
		} else {
			if *d.Score < 0 {
				p.add(key("draw", "score"), "draw score is %d; it must not be negative", *d.Score)
			}
			if *d.Moves < 1 {
				p.add(key("draw", "moves"), "draw moves is %d; it must be at least 1", *d.Moves)
			}
		}
		if d.AfterPly == nil {
			d.AfterPly = new(int)
		} else if *d.AfterPly < 0 {
			p.add(key("draw", "after_ply"), "draw after_ply is %d; it must not be negative", *d.AfterPly)
		}
		if c.game != nil && scores(c.game) && c.Adjudication != AdjudicateScore {
			p.add(key("draw"), "draw adjudication in %s, which scores points, needs adjudication: score "+
				"(the points as if the game ended then decide it)", c.game.Name())
		}
	}
}

// scores reports whether g scores points.
func scores(g rules.Game) bool {
	pos, err := book.Opening{Tags: g.NewTags(0)}.Start(g)
	if err != nil {
		return false
	}
	_, ok := pos.Score()
	return ok
}
