// Package games lists the games arbiter knows, written out once.
package games

import (
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/rules/knightfight"
	"github.com/arbiter-games/arbiter/rules/loa"
	"github.com/arbiter-games/arbiter/rules/tankbattle"
)

// All lists every game arbiter knows, in the order help texts show them.
var All = []rules.Game{
	loa.Game,
	tankbattle.Game,
	knightfight.Game,
}

// Lookup finds a game by its id ("lines-of-action") or display name
// ("Lines of Action"), in any letter case.
func Lookup(name string) (rules.Game, error) {
	n := strings.TrimSpace(name)
	for _, g := range All {
		if strings.EqualFold(n, g.ID()) || strings.EqualFold(n, g.Name()) {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", name, IDs())
}

// Name returns the display name of the game id ("lines-of-action" →
// "Lines of Action"), or id itself for a game this arbiter does not know
// (a stored game of a kind this arbiter lacks still reports).
func Name(id string) string {
	if g, err := Lookup(id); err == nil {
		return g.Name()
	}
	return id
}

// IDs returns the ids of all games, comma-separated, for messages and help.
func IDs() string {
	ids := make([]string, len(All))
	for i, g := range All {
		ids[i] = g.ID()
	}
	return strings.Join(ids, ", ")
}

// Names returns the display names of all games as a sentence lists
// them, for help: "Lines of Action, Tank Battle and Knight Fight".
func Names() string {
	names := make([]string, len(All))
	for i, g := range All {
		names[i] = g.Name()
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
