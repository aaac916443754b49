package worker

import (
	"time"

	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/referee"
	"github.com/arbiter-games/arbiter/rules"
)

// Settings are what players need of a tournament to play its games: the
// game, how the referee judges them, each engine resolved, and what the
// records say of the event. The runner resolves them from its config once;
// worker processes receive them as JSON, so that no player knows the
// config.
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
