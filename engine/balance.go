package engine

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/ugi"
)

// Balance keeps the positions that the built-in engine evaluates within
// ±CP for the side to move, so that neither side of an opening starts
// lost (arbiter openings --balanced). Keep is the filter of
// book.Generate and book.FromGames.
type Balance struct {
	Game   rules.Game
	Level  Level
	Limits ugi.Limits
	CP     int
	// Seen and Kept count the positions evaluated and kept.
	Seen, Kept int
	// Evals holds, by the position text of each kept position, its
	// evaluation as a move comment says it.
	Evals map[string]string
}

// eval is the engine's evaluation of pos for the side to move: a fresh
// engine each time, so that one evaluation does not depend on the others.
// The search stops when ctx is done, and eval then returns ctx.Err().
func (b *Balance) eval(ctx context.Context, pos rules.Position) (Info, error) {
	e := New(b.Game, Options{Level: b.Level, HashMB: 1})
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	in := e.Think(pos, nil, b.Limits, &stop, nil).Info
	return in, ctx.Err()
}

// Keep reports whether pos is balanced: evaluated, without a mate, within
// ±CP. It stops with ctx.Err() when ctx is done.
func (b *Balance) Keep(ctx context.Context, pos rules.Position) (bool, error) {
	b.Seen++
	in, err := b.eval(ctx, pos)
	if err != nil {
		return false, err
	}
	if ev := in.Eval; ev.Mate || ev.Value > b.CP || ev.Value < -b.CP {
		return false, nil
	}
	b.Kept++
	if b.Evals == nil {
		b.Evals = map[string]string{}
	}
	b.Evals[pos.FEN()] = fmt.Sprintf("%s: %+d for the side to move, depth %d", b.Level, in.Eval.Value, in.Depth)
	return true, nil
}
