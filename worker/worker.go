// Package worker plays the games of a tournament that it is handed, one
// slot at a time: it starts and checks the engines, gets them ready for
// each game, has the referee play it and writes its record. A Player plays
// its games in this process or, with Options.Argv set, in a worker process
// of its own (Serve is that process's work), which gets more games a
// second out of the cores and ends its engines' escaped descendants when
// the runner dies. What it needs of the tournament is its Settings, which
// the runner resolves from the config once. Which games to play, and what
// becomes of them, is package tournament's.
package worker

import (
	"context"
	"time"

	"github.com/arbiter-games/arbiter/book"
	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/pairing"
	"github.com/arbiter-games/arbiter/referee"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
)

// Slot is one game of the schedule as a worker plays it: who plays whom
// (the pairing's game) and the start, which the runner fills in when it
// hands the slot out.
type Slot struct {
	pairing.Game
	Seed int64 // the start's seed (Knight Fight's board), shared by a pair
	// Opening is the pair's opening (config.Tournament.Opening); nil for
	// the game's own start.
	Opening *book.Opening `json:",omitempty"`
	// StartedAt is when the slot was taken: the game's start.
	StartedAt time.Time
	// Options are each side's own values of options for this game (by
	// rules.Color), set before it starts, as a tuning pair's sides have
	// them; nil for none.
	Options [2]map[string]string `json:",omitempty"`
}

// Finished is a game that has ended, to be stored.
type Finished struct {
	Slot         Slot
	White, Black string
	Result       rules.Result
	Score        *rules.Score // for games that score points
	Termination  notation.Termination
	Comment      string // why it ended, when not by the rules alone
	Plies        int
	Duration     time.Duration
	WhiteTime    time.Duration // thinking time used by White
	BlackTime    time.Duration
	StartedAt    time.Time
	Record       string
	Final        string // the final position's text (FEN)
	// WhiteStats and BlackStats sum up what each engine's search reported
	// (nil when the side played no move).
	WhiteStats, BlackStats *search.Stats
	// Solver is what adjudication by the solver spent on the game; nil
	// without it.
	Solver *referee.SolverUse `json:",omitempty"`
}

// EngineLog is the engine log of a run (see engineproc.Log), which worker
// processes append to.
type EngineLog struct {
	Path  string
	Start time.Time          // the run's start, which its lines are timed from
	Keep  engineproc.LogKeep // the lines left out
	Log   *engineproc.Log    // this process's, for the engines it starts
}

// Options say how players play.
type Options struct {
	// Argv, when set, is the command line of a worker process: one that
	// runs Serve on its stdin and stdout, as "arbiter tournament-worker"
	// does. Each player is then a process of its own; nil plays every game
	// in this process.
	Argv []string
	Log  *EngineLog // nil for none
	// Warn, when set, is told of what an engine said that does not stop
	// it. It may be called from any goroutine.
	Warn func(msg string)
}

// Player plays games one after another: in this process, or in a worker
// process.
type Player struct {
	local *local
	proc  *process
}

// Play plays the game of slot s. It returns an error only when the game
// cannot be played at all (ctx done, a start the rules refuse, neither
// engine able to play, a worker process that died).
func (p *Player) Play(ctx context.Context, s Slot) (*Finished, error) {
	if p.proc != nil {
		return p.proc.play(ctx, s)
	}
	return p.local.play(ctx, s)
}

// Close ends the player's engines (and its process).
func (p *Player) Close() {
	if p.proc != nil {
		p.proc.closeAll()
		return
	}
	p.local.closeAll()
}

// Players are the players Start started.
type Players struct {
	List  []*Player
	idle  *pool // the preflight's engines that no player took
	procs []*process
}

// Start starts a player for each of the first games of a tournament of
// set: worker processes (o.Argv, when set), else players in this process
// after the preflight of every engine. On an error nothing it started is
// left running.
func Start(ctx context.Context, set Settings, o Options, first []pairing.Game) (*Players, error) {
	ps := &Players{}
	if len(o.Argv) > 0 {
		procs, err := startProcs(ctx, &set, o.Argv, first, o.Log, o.Warn)
		if err != nil {
			return nil, err
		}
		for _, p := range procs {
			ps.List = append(ps.List, &Player{proc: p})
		}
		ps.procs = procs
		return ps, nil
	}
	if len(first) == 0 {
		return ps, nil
	}
	st := &starter{set: &set, warn: o.Warn}
	if o.Log != nil {
		st.log = o.Log.Log
	}
	// The preflight starts the engines of the first game of every
	// player (and checks every engine once): they play those games, the
	// others end at once, so that no more engines run at a time than
	// without it.
	ps.idle = &pool{st: st, logAs: "-/-"}
	copies := map[int]int{}
	for _, g := range first {
		copies[g.White]++
		copies[g.Black]++
	}
	if err := ps.idle.preflight(ctx, copies); err != nil {
		ps.idle.closeAll()
		return nil, err
	}
	ps.idle.retain(copies)
	for i := range first {
		ps.List = append(ps.List, &Player{local: newLocal(st, ps.idle, i+1)})
	}
	return ps, nil
}

// End ends the engines that no player took and returns the CPU time the
// worker processes used, their engines excluded: the figure each reported
// last, so after every player is closed.
func (ps *Players) End() time.Duration {
	if ps.idle != nil {
		ps.idle.closeAll()
	}
	var cpu time.Duration
	for _, p := range ps.procs {
		cpu += time.Duration(p.cpu)
	}
	return cpu
}
