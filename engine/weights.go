package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/rules"
)

// Weight is one weight of a game's evaluation, in centi-units, that the
// built-in engine declares as a UGI spin option (`option name Group type
// spin default 40 min 0 max 400`), so that a tuner can set it with
// setoption and a tuned set can be played against the defaults.
type Weight struct {
	Name     string
	Default  int
	Min, Max int
	// Doc says what the weight counts, for the docs and the option list.
	Doc string
}

// weighted is a model whose evaluation reads weights: the list it
// declares, in order, and the current value of each.
type weighted interface {
	weights() []Weight
	weight(i int) *int
}

// Weights returns the weights of g's evaluation in the order the engine
// declares them, nil for a game the engine has no model of.
func Weights(g rules.Game) []Weight {
	if w, ok := modelFor(g).(weighted); ok {
		return slices.Clone(w.weights())
	}
	return nil
}

// setDefaults sets each value of dst to its weight's default in ws.
func setDefaults(dst []int, ws []Weight) {
	for i, w := range ws {
		dst[i] = w.Default
	}
}

// SetWeight sets the evaluation weight called name (in any letter case,
// as option names compare) to v, which must be within its bounds. A new
// value empties the transposition table, whose scores the old one made.
func (e *Player) SetWeight(name string, v int) error {
	m, ok := e.model.(weighted)
	if !ok {
		return fmt.Errorf("unknown weight %q: %s has no evaluation weights", name, e.gameName())
	}
	ws := m.weights()
	if i := weightIndex(ws, name); i >= 0 {
		w := ws[i]
		if v < w.Min || v > w.Max {
			return fmt.Errorf("weight %s: %d is not from %d to %d", w.Name, v, w.Min, w.Max)
		}
		if p := m.weight(i); *p != v {
			*p = v
			e.stale = true
		}
		return nil
	}
	return fmt.Errorf("unknown weight %q (known: %s)", name, strings.Join(weightNames(m.weights()), ", "))
}

func (e *Player) gameName() string {
	if e.game == nil {
		return "this game"
	}
	return e.game.ID()
}

// weightIndex returns the index in ws of the weight called name (any
// letter case), or -1.
func weightIndex(ws []Weight, name string) int {
	for i, w := range ws {
		if strings.EqualFold(w.Name, name) {
			return i
		}
	}
	return -1
}

func weightNames(ws []Weight) []string {
	names := make([]string, len(ws))
	for i, w := range ws {
		names[i] = w.Name
	}
	return names
}
