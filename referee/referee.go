package referee

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
	"github.com/arbiter-games/arbiter/ugi"
)

// Engine is what the referee asks of an engine: a *engineproc.Client.
type Engine interface {
	// Position queues the position command; it goes with the next Go.
	Position(start string, moves []string) error
	Go(ctx context.Context, lim ugi.Limits, wait time.Duration) (engineproc.Reply, error)
}

// Side is one side of a game: its engine and its limits.
type Side struct {
	Engine Engine `json:"-"` // a worker process, sent the rest, starts its own
	Name   string // in the closing comment of a forfeit
	// MoveTime, when set, is the time per move; else Base, when set, the
	// side's clock, which gains Inc after each of its moves, and Base
	// again after every MovesToGo of them when that is set; with neither,
	// the side has no time limit (its Nodes or Depth bound its searches).
	// Both sides have the same kind.
	MoveTime, Base, Inc time.Duration
	MovesToGo           int
	Nodes               int64 // sent with every go when above 0
	Depth               int
	Margin              time.Duration // what the engine may overrun its time before it forfeits
}

// noLimit is how long the referee waits for the move of a side without
// a time limit: as long as it takes (the game's context still ends it).
const noLimit = 100 * 365 * 24 * time.Hour

// addTime returns a+b, times from 0, but at most noLimit: a clock that
// gains an increment after every move, or a period's base, never wraps
// around to a negative time, whatever the side's times.
func addTime(a, b time.Duration) time.Duration {
	if b > noLimit-a {
		return noLimit
	}
	return a + b
}

// Rules say how the referee ends a game besides the game's own rules.
type Rules struct {
	MaxPlies int // then the game is adjudicated
	// ByPoints adjudicates by the points of a game that scores them
	// (at MaxPlies and for a draw by the engines' scores), else a draw.
	ByPoints bool
	Resign   *Resign // nil: off
	Draw     *Draw   // nil: off
	Solver   *Solver // nil: off
	// Comments writes each engine move's evaluation, depth and time as its
	// comment (see notation.MoveComment).
	Comments bool
	// Fields adds, with Comments, fastchess's fields to each engine move's
	// comment, after its time (see moveFields): "timeleft", "latency",
	// "nodes", "seldepth", "nps", "hashfull", "tbhits", "pv".
	Fields []string
}

// Game is a game to referee: its position after the opening, the start
// the engines are told ("startpos" or "fen F"), the opening's moves and
// the two sides.
type Game struct {
	Pos   rules.Position
	Start string
	Book  []string
	Sides [2]Side     // by rules.Color
	First rules.Color // the game's first mover: the protocol's p1
}

// Result is how a refereed game ended.
type Result struct {
	Result      rules.Result
	Termination notation.Termination
	Comment     string // why it ended, when not by the rules alone
	// Moves are the game's moves, the opening's first, with their
	// comments ("book" for the opening's; "" for none).
	Moves, Comments []string
	Used            [2]time.Duration // each side's thinking time, by rules.Color
	Stats           [2]*search.Stats // what each engine's search reported; nil without a move
	// Solver is what adjudication by the solver spent on the game (zero
	// without Rules.Solver).
	Solver SolverUse
	tally  [2]search.Tally // sums Stats up
	names  [2]string       // for forfeit comments
}

// Forfeit is the result of a game that side c loses without a move by its
// engine: it could not be started or made ready (err).
func Forfeit(g Game, c rules.Color, err error) Result {
	r := Result{Moves: g.Book, Comments: bookComments(len(g.Book), 0), names: [2]string{g.Sides[0].Name, g.Sides[1].Name}}
	r.lose(c, Termination(err), err.Error())
	return r
}

// lose ends the game with a loss of c.
func (r *Result) lose(c rules.Color, term notation.Termination, why string) {
	r.Result = rules.Win(c.Other())
	r.Termination = term
	r.Comment = fmt.Sprintf("%s (%s) loses: %s", r.names[c], c, why)
}

// Termination names how a game ends when an engine fails with err.
func Termination(err error) notation.Termination {
	switch {
	case errors.Is(err, engineproc.Stall):
		return notation.TermStall
	case errors.Is(err, engineproc.Timeout):
		return notation.TermTimeForfeit
	case errors.Is(err, engineproc.Malformed):
		return notation.TermIllegalMove
	}
	return notation.TermDisconnect // a crash, or an engine that cannot be started
}

// Play referees g between its two ready engines until the game's rules, a
// forfeit (an illegal move, time, a crash, a stall) or adjudication end
// it. It returns an error only when ctx ends first.
func Play(ctx context.Context, g Game, rs Rules) (r Result, err error) {
	r.names = [2]string{g.Sides[0].Name, g.Sides[1].Name}
	r.Moves = append(make([]string, 0, 128+len(g.Book)), g.Book...)
	r.Comments = bookComments(len(g.Book), 128)
	var left [2]time.Duration
	var moved [2]int // each side's moves, for its periods
	for c, s := range g.Sides {
		left[c] = min(s.Base, noLimit)
	}
	first := g.First
	adj := adjudicator{resign: rs.Resign, draw: rs.Draw}
	var ask pace // when the solver is asked
	pos := g.Pos
	defer func() {
		for c := range r.Stats {
			r.Stats[c] = r.tally[c].Stats()
		}
	}() // r is the named result: the figures are in what Play returns
	for {
		if o := pos.Outcome(); o.Over() {
			r.Result, r.Termination = o.Result, notation.TermNormal
			return r, nil
		}
		if rs.Solver != nil && ask.due() {
			if r.solve(ctx, pos, rs.Solver.Nodes) {
				return r, nil
			}
			ask.missed()
		}
		if adj.decide(pos, len(r.Moves), rs.ByPoints, &r) {
			return r, nil
		}
		if len(r.Moves) >= rs.MaxPlies {
			r.adjudicate(pos, rs.ByPoints)
			return r, nil
		}
		side := pos.Turn()
		s := g.Sides[side]
		if err := s.Engine.Position(g.Start, r.Moves); err != nil {
			r.lose(side, Termination(err), err.Error())
			return r, nil
		}
		lim := ugi.Limits{MoveTime: s.MoveTime, Nodes: s.Nodes, Depth: s.Depth}
		clock := s.MoveTime == 0 && s.Base > 0
		allow := s.MoveTime
		switch {
		case clock:
			lim.Time = [2]time.Duration{left[first], left[first.Other()]}
			lim.Inc = [2]time.Duration{g.Sides[first].Inc, g.Sides[first.Other()].Inc}
			if s.MovesToGo > 0 {
				lim.MovesToGo = s.MovesToGo - moved[side]%s.MovesToGo
			}
			allow = left[side]
		case s.MoveTime == 0:
			allow = noLimit
		}
		limit := addTime(allow, s.Margin)
		reply, err := s.Engine.Go(ctx, lim, limit)
		r.Used[side] += reply.Elapsed
		if ctx.Err() != nil {
			return Result{}, ctx.Err()
		}
		if err != nil {
			r.lose(side, Termination(err), err.Error())
			return r, nil
		}
		if reply.Elapsed > limit {
			r.lose(side, notation.TermTimeForfeit, fmt.Sprintf("moved after %v with %v left and a margin of %v",
				reply.Elapsed.Round(time.Millisecond), allow, s.Margin))
			return r, nil
		}
		moved[side]++
		if clock {
			left[side] = addTime(max(0, left[side]-reply.Elapsed), s.Inc)
			if s.MovesToGo > 0 && moved[side]%s.MovesToGo == 0 {
				left[side] = addTime(left[side], s.Base) // the next period
			}
		}
		text, err := play(pos, reply.Move)
		if err != nil {
			r.lose(side, notation.TermIllegalMove, fmt.Sprintf("played %q at ply %d: %v", reply.Move, len(r.Moves)+1, err))
			return r, nil
		}
		r.Moves = append(r.Moves, text)
		comment := ""
		if rs.Comments {
			comment = moveComment(&reply)
			if len(rs.Fields) > 0 {
				comment = moveFields(comment, &reply, rs.Fields, left[side], clock)
			}
		}
		r.Comments = append(r.Comments, comment)
		in := reply.Search
		r.tally[side].Add(reply.Elapsed, in.Depth, in.Nodes, in.NPS)
		adj.add(side, in.Eval)
	}
}

// play plays the move an engine wrote on pos and returns it in canonical
// notation (see rules.FormatMove, which survives a rules bug on a strange
// move).
func play(pos rules.Position, move string) (string, error) {
	m, err := pos.ParseMove(move)
	if err != nil {
		return "", err
	}
	text, err := rules.FormatMove(pos, m)
	if err != nil {
		return "", err
	}
	return text, pos.Play(m)
}

// adjudicate ends a game that reached the most plies: a draw, or by the
// points with byPoints in a game that scores them.
func (r *Result) adjudicate(pos rules.Position, byPoints bool) {
	r.Termination = notation.TermAdjudication
	r.Result = rules.Draw
	how := "a draw"
	if byPoints {
		if sc, ok := pos.Score(); ok {
			how = "by points " + sc.String()
			r.Result = sc.Result()
		}
	}
	r.Comment = fmt.Sprintf("adjudicated after %d plies: %s", len(r.Moves), how)
}

// moveFields appends to a move's comment the fields of fields as fastchess
// writes them, ", "-separated, in its order: "tl=" the clock left after
// the move (with a clock), "latency=" the time measured less the time the
// engine's last info line reports, "n=", "sd=", "nps=", "hashfull=",
// "tbhits=" and pv="..." as the engine reported them (a field it did not
// report is left out). notation.ParseMoveComment reads the comment before
// them.
func moveFields(comment string, r *engineproc.Reply, fields []string, left time.Duration, clock bool) string {
	b := []byte(comment)
	add := func(name, value string) {
		if value != "" {
			b = append(append(append(append(b, ", "...), name...), '='), value...)
		}
	}
	secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) + "s" }
	for _, f := range []string{"timeleft", "latency", "nodes", "seldepth", "nps", "hashfull", "tbhits", "pv"} {
		if !slices.Contains(fields, f) {
			continue
		}
		switch f {
		case "timeleft":
			if clock {
				add("tl", secs(left))
			}
		case "latency":
			if ms, err := strconv.ParseInt(infoWord(r.LastInfo, "time"), 10, 64); err == nil {
				add("latency", secs(r.Elapsed-time.Duration(ms)*time.Millisecond))
			}
		case "nodes":
			if r.Search.Nodes > 0 {
				add("n", strconv.FormatInt(r.Search.Nodes, 10))
			}
		case "nps":
			if r.Search.NPS > 0 {
				add("nps", strconv.FormatInt(r.Search.NPS, 10))
			}
		case "seldepth":
			add("sd", infoWord(r.LastInfo, "seldepth"))
		case "hashfull", "tbhits":
			add(f, infoWord(r.LastInfo, f))
		case "pv":
			if _, pv, ok := strings.Cut(" "+r.LastInfo+" ", " pv "); ok && strings.TrimSpace(pv) != "" {
				add("pv", strconv.Quote(strings.TrimSpace(pv)))
			}
		}
	}
	return string(b)
}

// infoWord returns the word after name in an info line, up to its pv or
// string (which end the fields), or "".
func infoWord(line, name string) string {
	words := strings.Fields(line)
	for i := 0; i+1 < len(words); i++ {
		switch words[i] {
		case "pv", "string":
			return ""
		case name:
			return words[i+1]
		}
	}
	return ""
}

// moveComment is the record's comment on a move an engine played, as
// cutechess writes it: "+0.35/12 0.120s" (evaluation from the mover's
// side, depth, time used), or only "0.120s" without an evaluation (see
// notation.MoveComment, which import reads it back with).
func moveComment(r *engineproc.Reply) string {
	c := r.Search.Eval.Comment()
	c.Depth, c.Elapsed = r.Search.Depth, r.Elapsed
	return string(c.Append(make([]byte, 0, 24)))
}
