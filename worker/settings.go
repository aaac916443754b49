package worker

import (
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/referee"
	"github.com/arbiter-games/arbiter/rules"
)

// Settings are what players need of a tournament to play its games: the
// game, how the referee judges them, each engine resolved, and what the
// records say of the event. The runner resolves them from the config once
// (SettingsOf); worker processes receive them as JSON, in place of the
// config, so that no player reads the config again.
type Settings struct {
	Game        rules.Game          `json:"-"` // on the wire, its ID (initMsg.Game)
	Event, Site string              // the records' Event and Site tags ("": no Site)
	Rules       referee.Rules       // the referee's adjudication and comments
	Engines     []Engine            // by index, in config order
	Timeouts    engineproc.Timeouts // the engines' start and ping
	Wait        time.Duration       // the pause between a player's games
	// RestartEngines ends a game's engines after it, rather than keeping
	// them for the player's next game.
	RestartEngines bool
	// Affinity binds the k-th worker process, and its engines, to the CPU
	// Affinity[k mod len] (Linux); nil: none.
	Affinity []int
}

// Engine is one engine of a tournament as a player starts it and sets up
// its side of a game.
type Engine struct {
	Spec engineproc.Spec // how to start it
	// Side is its side of a game without the engine: its name, clock,
	// limits and margin.
	Side referee.Side
	// TimeControl is its time control and limits as a record's
	// TimeControl tag writes them.
	TimeControl string
}

// SettingsOf resolves cfg into the players' settings.
func SettingsOf(cfg *config.Tournament) Settings {
	s := Settings{Game: cfg.GameRules(), Event: cfg.Name, Site: cfg.Site, Timeouts: cfg.Timeouts(),
		Wait: time.Duration(cfg.WaitMS) * time.Millisecond, RestartEngines: cfg.RestartEngines, Affinity: cfg.Affinity}
	if cfg.Event != "" {
		s.Event = cfg.Event
	}
	s.Rules = referee.Rules{MaxPlies: *cfg.MaxPlies, ByPoints: cfg.Adjudication == config.AdjudicateScore,
		Comments: cfg.Comments(), Fields: cfg.MoveFields}
	if r := cfg.Resign; r != nil {
		s.Rules.Resign = &referee.Resign{Score: *r.Score, Moves: *r.Moves, OneSided: r.TwoSided != nil && !*r.TwoSided}
	}
	if d := cfg.Draw; d != nil {
		s.Rules.Draw = &referee.Draw{Score: *d.Score, Moves: *d.Moves, AfterPly: *d.AfterPly}
	}
	for i, spec := range cfg.Specs() {
		e := Engine{Spec: spec, TimeControl: cfg.TimeControlTag(i)}
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
