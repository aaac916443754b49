package proof

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/games"
)

// Value is a proven result from the side to move's view.
type Value uint8

// The values of a position.
const (
	Unknown Value = iota // not proven within the budget
	Win
	Loss
	Draw
)

// String returns "unknown", "win", "loss" or "draw".
func (v Value) String() string {
	switch v {
	case Win:
		return "win"
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	}
	return "unknown"
}

// ValueOf is result r from side c's view.
func ValueOf(r rules.Result, c rules.Color) Value {
	switch r {
	case rules.Win(c):
		return Win
	case rules.Win(c.Other()):
		return Loss
	case rules.Draw:
		return Draw
	}
	return Unknown
}

// ErrNoSolver is the error of Solve and Annotate for a game that has no
// solver.
var ErrNoSolver = errors.New("no solver")

// Solution is what Solve proved of one position.
type Solution struct {
	// Result is the proven result, Unfinished when nothing is proven;
	// Value is the same from the side to move's (Turn's) view.
	Result rules.Result
	Value  Value
	Turn   rules.Color
	// Move is a best move of the side to move, as the game writes it: in
	// a win the first move of the proof; "" when none is known (nothing
	// proven, the game over, a loss with no move searched).
	Move string
	// Plies is the length of the proof's longest line: in a win, the most
	// plies the winner needs whatever the defender plays.
	Plies int
	Nodes int64
	// Elapsed is the time the solver took.
	Elapsed time.Duration
	// Margin is the side to move's points minus the other side's at the
	// end with best play, in the games that score points (HasMargin).
	Margin    int
	HasMargin bool
	// Over is why the game is over in the position ("both sides
	// connected"), "" while it goes on.
	Over string
	// Budget is the nodes the solver was given.
	Budget int64
	// Interrupted says that the context ended the search.
	Interrupted bool
}

// Solve proves what it can of pos within nodes nodes of search; it stops
// early, with what it proved so far, when ctx ends (Interrupted). The
// error is ErrNoSolver, wrapped with the game's name, for a game without
// a solver (game names it; nil: the message names none).
func Solve(ctx context.Context, game rules.Game, pos rules.Position, nodes int64) (Solution, error) {
	if _, ok := pos.(rules.Solver); !ok {
		return Solution{}, noSolver(game)
	}
	start := time.Now()
	p, _ := rules.Solve(ctx, pos, nodes)
	s := Solution{Result: p.Result, Turn: pos.Turn(), Plies: p.Plies, Nodes: p.Nodes, Elapsed: time.Since(start),
		Budget: nodes, Over: pos.Outcome().Reason}
	s.Value = ValueOf(p.Result, s.Turn)
	if p.Result != rules.Unfinished && p.Move != rules.NoMove {
		if m, err := rules.FormatMove(pos, p.Move); err == nil {
			s.Move = m
		}
	}
	if p.Result != rules.Unfinished && p.HasMargin {
		s.Margin, s.HasMargin = p.Margin, true
		if s.Turn == rules.Black {
			s.Margin = -s.Margin
		}
	}
	s.Interrupted = ctx.Err() != nil
	return s, nil
}

// noSolver is ErrNoSolver for game, naming the games that have one.
func noSolver(game rules.Game) error {
	name := "this game"
	if game != nil {
		name = game.Name()
	}
	var with []string
	for _, g := range Games() {
		with = append(with, g.ID())
	}
	if len(with) == 0 {
		return fmt.Errorf("%s: %w (no game has one yet)", name, ErrNoSolver)
	}
	return fmt.Errorf("%s has %w (games with one: %s)", name, ErrNoSolver, strings.Join(with, ", "))
}

// Games lists the games whose positions have a solver, in games.All's
// order.
func Games() []rules.Game {
	var out []rules.Game
	for _, g := range games.All {
		tags := rules.TagMap{}
		for _, kv := range g.NewTags(1) {
			tags[kv[0]] = kv[1]
		}
		pos, err := g.Start(tags)
		if err != nil {
			continue
		}
		if _, ok := pos.(rules.Solver); ok {
			out = append(out, g)
		}
	}
	return out
}

// String is the solution as a line a user reads:
//
//	win for black (side to move): c3-e5, at most 7 plies; 183211 nodes in 0.21 s
func (s Solution) String() string {
	var b strings.Builder
	turn := s.Turn.String()
	switch s.Value {
	case Unknown:
		fmt.Fprintf(&b, "unknown (%s to move): ", turn)
		if s.Interrupted {
			b.WriteString("interrupted before a proof")
		} else {
			fmt.Fprintf(&b, "no proof within %d nodes", s.Budget)
		}
	case Draw:
		fmt.Fprintf(&b, "draw (%s to move)", turn)
	default:
		fmt.Fprintf(&b, "%s for %s (side to move)", s.Value, turn)
	}
	if s.Value != Unknown {
		if s.HasMargin && s.Margin != 0 {
			fmt.Fprintf(&b, " by %d %s", abs(s.Margin), plural(abs(s.Margin), "point", "points"))
		}
		b.WriteString(": ")
		switch {
		case s.Over != "":
			fmt.Fprintf(&b, "the game is over (%s)", s.Over)
		case s.Value == Loss && s.Move == "":
			fmt.Fprintf(&b, "%s wins in at most %d %s", s.Turn.Other(), s.Plies, plural(s.Plies, "ply", "plies"))
		case s.Value == Loss:
			fmt.Fprintf(&b, "%s, %s wins in at most %d %s", s.Move, s.Turn.Other(), s.Plies, plural(s.Plies, "ply", "plies"))
		default:
			fmt.Fprintf(&b, "%s, at most %d %s", s.Move, s.Plies, plural(s.Plies, "ply", "plies"))
		}
	}
	fmt.Fprintf(&b, "; %d nodes in %.2f s", s.Nodes, s.Elapsed.Seconds())
	return b.String()
}

// solutionJSON is the JSON of a Solution.
type solutionJSON struct {
	Result  string  `json:"result"` // win, loss, draw or unknown, for the side to move
	Move    string  `json:"move"`
	Plies   int     `json:"plies"`
	Nodes   int64   `json:"nodes"`
	Seconds float64 `json:"seconds"`
	Margin  *int    `json:"margin,omitempty"` // the side to move's points minus the other's
}

// MarshalJSON writes the solution as arbiter solve --json prints it:
//
//	{"result": "win", "move": "c3-e5", "plies": 7, "nodes": 183211, "seconds": 0.21}
func (s Solution) MarshalJSON() ([]byte, error) {
	j := solutionJSON{Result: s.Value.String(), Move: s.Move, Plies: s.Plies, Nodes: s.Nodes,
		Seconds: math.Round(s.Elapsed.Seconds()*1000) / 1000}
	if s.HasMargin {
		m := s.Margin
		j.Margin = &m
	}
	return json.Marshal(j)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
