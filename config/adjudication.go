package config

import (
	"encoding/json"
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// Adjudications of a game that reaches max_plies.
const (
	AdjudicateDraw  = "draw"  // a draw
	AdjudicateScore = "score" // the points as if the game ended now
)

// Adjudication is the adjudication key: what happens at max_plies, and
// the adjudication by the game's solver. In YAML it is either the first
// alone, a scalar (adjudication: score), or a mapping:
//
//	adjudication: {max_plies: draw, solver: {nodes: 1000000}}
type Adjudication struct {
	MaxPlies string      // AdjudicateDraw or AdjudicateScore
	Solver   *SolverRule // nil: no adjudication by the solver
}

// SolverRule adjudicates a game by the game's solver: after each move
// (and at the start) the referee asks it to prove the result within Nodes
// nodes, and a proven result ends the game (termination solved).
type SolverRule struct {
	Nodes *int64 `yaml:"nodes" json:"nodes"`
}

// UnmarshalYAML reads either form of the key. An unknown key is an error
// that names it, as yaml.v3's KnownFields makes it elsewhere (a custom
// unmarshaler's Decode does not check them).
func (a *Adjudication) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*a = Adjudication{}
		return n.Decode(&a.MaxPlies)
	}
	if err := knownKeys(n, "Adjudication", "max_plies", "solver"); err != nil {
		return err
	}
	var raw struct {
		MaxPlies string    `yaml:"max_plies"`
		Solver   yaml.Node `yaml:"solver"` // Kind 0: absent
	}
	if err := n.Decode(&raw); err != nil {
		return err
	}
	*a = Adjudication{MaxPlies: raw.MaxPlies}
	if raw.Solver.Kind != 0 {
		if err := knownKeys(&raw.Solver, "SolverRule", "nodes"); err != nil {
			return err
		}
		a.Solver = new(SolverRule)
		return raw.Solver.Decode(a.Solver)
	}
	return nil
}

// knownKeys returns yaml.v3's error for the keys of mapping n that are not
// among keys, as a field of type typ (see sections); nil for a node that
// is not a mapping, which Decode then refuses.
func knownKeys(n *yaml.Node, typ string, keys ...string) error {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	var msgs []string
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		known := false
		for _, want := range keys {
			known = known || k.Value == want
		}
		if !known {
			msgs = append(msgs, fmt.Sprintf("line %d: field %s not found in type config.%s", k.Line, k.Value, typ))
		}
	}
	if len(msgs) > 0 {
		return &yaml.TypeError{Errors: msgs}
	}
	return nil
}

// MarshalJSON writes the key into the config's identity (Hash): without a
// solver, the max_plies value alone, as the scalar key always was, so that
// a config without one keeps its hash; with one, both, so that another
// budget is another config.
func (a Adjudication) MarshalJSON() ([]byte, error) {
	if a.Solver == nil {
		return json.Marshal(a.MaxPlies)
	}
	return json.Marshal(struct {
		MaxPlies string      `json:"max_plies"`
		Solver   *SolverRule `json:"solver"`
	}{a.MaxPlies, a.Solver})
}

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
	at := key("adjudication")
	if valueAt(p.root, "adjudication") != nil && valueAt(p.root, "adjudication").Kind == yaml.MappingNode {
		at = key("adjudication", "max_plies")
	}
	switch c.Adjudication.MaxPlies {
	case "":
		c.Adjudication.MaxPlies = AdjudicateDraw
	case AdjudicateDraw:
	case AdjudicateScore:
		if c.game != nil && !scores(c.game) {
			p.add(at, "adjudication score needs a game that scores points; %s does not (use draw)", c.game.Name())
		}
	default:
		p.add(at, "adjudication %q is neither %s nor %s", c.Adjudication.MaxPlies, AdjudicateDraw, AdjudicateScore)
	}
	if s := c.Adjudication.Solver; s != nil {
		switch {
		case s.Nodes == nil:
			p.add(key("adjudication", "solver"), "adjudication solver needs nodes: {solver: {nodes: N}}")
		case *s.Nodes < 1 || *s.Nodes > replay.MaxSolverNodes:
			p.add(key("adjudication", "solver", "nodes"), "adjudication solver nodes is %d; it must be from 1 to %d (the most a record's proof may be checked with)",
				*s.Nodes, int64(replay.MaxSolverNodes))
		}
		if c.game != nil && !solves(c.game) {
			p.add(key("adjudication", "solver"), "adjudication solver: %s has no solver", c.game.Name())
		}
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
		if c.game != nil && scores(c.game) && c.Adjudication.MaxPlies != AdjudicateScore {
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

// solves reports whether g's positions can prove their results
// (rules.Solver).
func solves(g rules.Game) bool {
	pos, err := book.Opening{Tags: g.NewTags(0)}.Start(g)
	if err != nil {
		return false
	}
	_, ok := pos.(rules.Solver)
	return ok
}
