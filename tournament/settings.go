package tournament

import (
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/referee"
	"github.com/arbiter-games/arbiter/worker"
)

// workerSettings resolves cfg into what the players need of it, so that
// package worker knows settings, not the config.
func workerSettings(cfg *config.Tournament) worker.Settings {
	s := worker.Settings{Game: cfg.GameRules(), Event: cfg.Name, Site: cfg.Site, Timeouts: cfg.Timeouts(),
		Wait: time.Duration(cfg.WaitMS) * time.Millisecond, RestartEngines: cfg.RestartEngines, Affinity: cfg.Affinity}
	if cfg.Event != "" {
		s.Event = cfg.Event
	}
	s.Rules = referee.Rules{MaxPlies: *cfg.MaxPlies, ByPoints: cfg.Adjudication.MaxPlies == config.AdjudicateScore,
		Comments: cfg.Comments(), Fields: cfg.MoveFields}
	if r := cfg.Resign; r != nil {
		s.Rules.Resign = &referee.Resign{Score: *r.Score, Moves: *r.Moves, OneSided: r.TwoSided != nil && !*r.TwoSided}
	}
	if sv := cfg.Adjudication.Solver; sv != nil {
		s.Rules.Solver = &referee.Solver{Nodes: *sv.Nodes}
	}
	if d := cfg.Draw; d != nil {
		s.Rules.Draw = &referee.Draw{Score: *d.Score, Moves: *d.Moves, AfterPly: *d.AfterPly}
	}
	for i, spec := range cfg.Specs() {
		e := worker.Engine{Spec: spec, TimeControl: cfg.TimeControlTag(i)}
		side := &e.Side
		side.Name = cfg.Engines[i].Name
		switch tc := cfg.EngineTimeControl(i); {
		case tc.MoveMS != nil:
			side.MoveTime = time.Duration(*tc.MoveMS) * time.Millisecond
		case tc.BaseMS != nil:
			side.Base = time.Duration(*tc.BaseMS) * time.Millisecond
			if tc.IncrementMS != nil {
				side.Inc = time.Duration(*tc.IncrementMS) * time.Millisecond
			}
			if tc.MovesToGo != nil {
				side.MovesToGo = *tc.MovesToGo
			}
		}
		side.Nodes, side.Depth = cfg.EngineLimits(i)
		side.Margin = cfg.EngineMargin(i)
		s.Engines = append(s.Engines, e)
	}
	return s
}

// Settings resolves cfg into what the players need of it: the settings
// of a run of cfg's games that is not a tournament's (arbiter tune's pairs).
func Settings(cfg *config.Tournament) worker.Settings { return workerSettings(cfg) }
