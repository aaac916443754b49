package referee

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/ugi"
)

// Resign adjudicates a game lost for a side when, for Moves consecutive
// moves of each side, both engines agree that side is behind by at least
// Score centi-units, each from its own side; with OneSided, when the
// side's own engine alone says so (fastchess's twosided=false).
type Resign struct {
	Score, Moves int
	OneSided     bool
}

// Draw adjudicates a game drawn when both engines report |score| <= Score
// for Moves consecutive moves each, once AfterPly plies are played.
type Draw struct{ Score, Moves, AfterPly int }

// adjudicator applies the resign and draw rules to the engines'
// evaluations, as cutechess-cli's -resign and -draw do.
//
// Resign: a side loses when its own engine has reported a score of -Score
// or worse for its last Moves moves in a row, and the opponent's engine +Score
// or better for its last Moves moves in a row (both agree). Draw: the last
// 2*Moves moves in a row (Moves of each side) were reported within ±Score,
// and at least AfterPly plies are played. A move without an evaluation
// breaks every run of its side (and the draw run); a mate score counts as
// beyond any resign score and never within a draw one.
type adjudicator struct {
	resign *Resign
	draw   *Draw
	behind [2]int // moves in a row the side's engine saw itself behind by resign.Score
	ahead  [2]int // moves in a row the side's engine saw itself ahead by resign.Score
	even   int    // moves in a row (both sides) within ±draw.Score
	last   [2]ugi.Eval
}

// add takes the evaluation the engine of side reported with its move.
func (a *adjudicator) add(side rules.Color, ev ugi.Eval) {
	a.last[side] = ev
	if a.resign != nil {
		cp := ev.CP()
		switch {
		case !ev.OK:
			a.behind[side], a.ahead[side] = 0, 0
		case cp <= -a.resign.Score:
			a.behind[side]++
			a.ahead[side] = 0
		case cp >= a.resign.Score:
			a.ahead[side]++
			a.behind[side] = 0
		default:
			a.behind[side], a.ahead[side] = 0, 0
		}
	}
	if a.draw != nil {
		if cp := ev.CP(); ev.OK && !ev.Mate && cp <= a.draw.Score && cp >= -a.draw.Score {
			a.even++
		} else {
			a.even = 0
		}
	}
}

// decide ends the game in f when a rule applies after plies plies; byPoints
// says a draw is decided by the points of a game that scores them.
func (a *adjudicator) decide(pos rules.Position, plies int, byPoints bool, f *Result) bool {
	if r := a.resign; r != nil {
		for _, c := range []rules.Color{rules.White, rules.Black} {
			o := c.Other()
			if r.OneSided && a.behind[c] >= r.Moves {
				f.Result = rules.Win(o)
				f.Termination = notation.TermAdjudication
				f.Comment = fmt.Sprintf("adjudicated: %s resigns, its engine's score %s for %d moves", c, a.last[c].CPText(), r.Moves)
				return true
			}
			if a.behind[c] >= r.Moves && a.ahead[o] >= r.Moves {
				f.Result = rules.Win(o)
				f.Termination = notation.TermAdjudication
				f.Comment = fmt.Sprintf("adjudicated: %s resigns, scores %s/%s for %d moves",
					c, a.last[c].CPText(), a.last[o].CPText(), r.Moves)
				return true
			}
		}
	}
	if d := a.draw; d != nil && a.even >= 2*d.Moves && plies >= d.AfterPly {
		f.Termination = notation.TermAdjudication
		f.Result = rules.Draw
		scores := fmt.Sprintf("scores %s/%s for %d moves", a.last[rules.White].CPText(), a.last[rules.Black].CPText(), d.Moves)
		f.Comment = "adjudicated: draw, " + scores
		if sc, ok := pos.Score(); ok && byPoints {
			f.Result = sc.Result()
			f.Comment = fmt.Sprintf("adjudicated: even by both engines (%s), decided by points %s", scores, sc)
		}
		return true
	}
	return false
}

// Solver adjudicates a game by the game's solver (rules.Solver): the
// referee asks it about the start position and then the positions after
// the moves (see pace), within a budget of Nodes nodes each time, and a
// result it proves ends the game (termination solved). The solver runs on
// the referee's goroutine: its time is the runner's own, counted in
// Result.Solver.
type Solver struct{ Nodes int64 }

// maxGap is the most positions apart that the referee asks the solver:
// a result proven a few plies late costs those plies, while a question
// that proves nothing costs the whole budget.
const maxGap = 4

// pace spaces the solver's questions out while they prove nothing: after
// n unproven positions in a row, the next question is min(2^n, maxGap)
// plies on (2, 4, 4, …), so that a game whose positions stay out of the
// solver's reach spends about a quarter of the budgets it would spend
// asking after every move. It counts plies, not time: the same game gets
// the same questions on any machine.
type pace struct{ misses, skip int }

// due reports whether the solver is asked about this position.
func (p *pace) due() bool {
	if p.skip > 0 {
		p.skip--
		return false
	}
	return true
}

// missed notes a question that proved nothing.
func (p *pace) missed() {
	p.misses++
	p.skip = min(1<<min(p.misses, 30), maxGap) - 1
}

// SolverUse is what the solver spent on one game.
type SolverUse struct {
	// Time is the CPU time of its calls: on Linux the thread's, read
	// around each call with the referee's goroutine locked to its thread
	// (the solver searches on that goroutine alone); elsewhere, where a
	// thread's CPU time is not read, the calls' wall time, which a loaded
	// machine makes longer.
	Time  time.Duration
	Nodes int64 // the positions it visited, over all its calls
	Calls int
}

// solve asks the solver about pos within nodes nodes and ends the game in
// r when it proves the result; a game without a solver is never ended so
// (config refuses solver adjudication for it).
func (r *Result) solve(ctx context.Context, pos rules.Position, nodes int64) bool {
	runtime.LockOSThread()
	cpu, read := threadCPU()
	start := time.Now()
	p, ok := rules.Solve(ctx, pos, nodes)
	spent := time.Since(start)
	if now, again := threadCPU(); read && again {
		spent = now - cpu
	}
	runtime.UnlockOSThread()
	if !ok {
		return false
	}
	r.Solver.Time += spent
	r.Solver.Nodes += p.Nodes
	r.Solver.Calls++
	if p.Result == rules.Unfinished {
		return false
	}
	r.Result = p.Result
	r.Termination = notation.TermSolved
	// solved: White wins in at most 7 plies, proof of 183211 nodes within 1000000
	r.Comment = notation.Solved{Result: p.Result.String(), Plies: p.Plies, Nodes: p.Nodes, Budget: nodes}.String()
	return true
}
