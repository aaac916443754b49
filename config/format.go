package config

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/pairing"
)

// The seedings of a knockout or a Swiss: how its players are ranked before
// the first game.
const (
	SeedByOrder  = "order"  // config order: the first engine is seed 1
	SeedByRating = "rating" // by each engine's rating, highest first (config order among equals)
)

// DefaultTiebreakPairs is how many colour-swapped pairs a knockout
// encounter that ends level plays on, unless tiebreak_pairs says.
const DefaultTiebreakPairs = 2

// MaxGames bounds the size of a schedule.
const MaxGames = 10_000_000

// checkFormat checks the format and the keys that shape the schedule:
// rounds, games_per_encounter, seeding, tiebreak_pairs.
func (c *Tournament) checkFormat(p *problems) {
	switch c.Format {
	case "":
		c.Format = pairing.RoundRobin
	case pairing.RoundRobin, pairing.Gauntlet, pairing.Knockout, pairing.Swiss:
	default:
		p.add(key("format"), "format %q is not one of %s", c.Format, strings.Join(pairing.Formats, ", "))
	}
	if c.SPRT != nil && c.Rounds == nil {
		p.add(key("sprt"), "sprt needs rounds: the most rounds the match may play before the test answers")
	}
	if c.Format == pairing.Knockout && c.Rounds != nil && *c.Rounds != 1 {
		p.add(key("rounds"), "rounds is %d, but a knockout has no rounds to set: it plays until one player is left", *c.Rounds)
	}
	p.positive(&c.Rounds, "rounds", 1, 1)
	p.positive(&c.GamesPerEncounter, "games_per_encounter", DefaultGamesPerEncounter, 1)
	ranked := c.Format == pairing.Knockout || c.Format == pairing.Swiss
	if ranked && c.NoSwap {
		p.add(key("no_swap"), "no_swap is for round-robin and gauntlet tournaments, not %s", c.Format)
	}
	if ranked && c.Reverse {
		p.add(key("reverse_colours"), "reverse_colours is for round-robin and gauntlet tournaments, not %s", c.Format)
	}
	if c.WaitMS < 0 || int64(c.WaitMS) > MaxTimeMS {
		p.add(key("wait_ms"), "wait_ms is %d; it must be from 0 to %d (a year)", c.WaitMS, MaxTimeMS)
	}
	switch {
	case c.Seeding == "" && ranked:
		c.Seeding = SeedByOrder
	case c.Seeding == "":
	case !ranked:
		p.add(key("seeding"), "seeding is for knockout and swiss tournaments, not %s", c.Format)
	case c.Seeding != SeedByOrder && c.Seeding != SeedByRating:
		p.add(key("seeding"), "seeding %q is neither %s nor %s", c.Seeding, SeedByOrder, SeedByRating)
	}
	switch {
	case c.TiebreakPairs != nil && c.Format != pairing.Knockout:
		p.add(key("tiebreak_pairs"), "tiebreak_pairs is for knockout tournaments, not %s", c.Format)
	case c.Format == pairing.Knockout:
		p.positive(&c.TiebreakPairs, "tiebreak_pairs", DefaultTiebreakPairs, 0)
	}
	if c.Seeds != nil {
		switch {
		case c.Format != pairing.Gauntlet:
			p.add(key("seeds"), "seeds is for gauntlet tournaments, not %s (a knockout or a swiss ranks its players by seeding)", c.Format)
		case *c.Seeds < 1 || *c.Seeds >= len(c.Engines) && len(c.Engines) >= 2:
			p.add(key("seeds"), "seeds is %d; a gauntlet of %d engines has from 1 to %d seeds", *c.Seeds, len(c.Engines), max(len(c.Engines)-1, 1))
		}
	}
	if c.Format == pairing.Swiss && len(c.Engines) >= 2 {
		if most := (len(c.Engines) + 1) / 2; *c.Rounds > most {
			p.add(key("rounds"), "rounds is %d, but a swiss of %d players has at most %d rounds "+
				"(a pairing without rematches is then always possible; play round-robin for more)", *c.Rounds, len(c.Engines), most)
		}
	}
	if c.SPRT != nil && ranked {
		p.add(key("sprt"), "sprt needs a round-robin or gauntlet match of two engines, not a %s", c.Format)
	}
}

// checkSeeds ranks the players for a knockout or a Swiss: by config
// order, or by rating, every engine then needing one.
func (c *Tournament) checkSeeds(p *problems) {
	if c.Seeding == "" {
		return
	}
	c.seeds = make([]int, len(c.Engines))
	for i := range c.seeds {
		c.seeds[i] = i
	}
	if c.Seeding != SeedByRating {
		return
	}
	for i, e := range c.Engines {
		if e.Rating == nil {
			p.add(key("engines", "#"+strconv.Itoa(i)), "engine %q has no rating, which seeding: rating needs", e.Name)
		}
	}
	if !p.none() {
		return
	}
	slices.SortStableFunc(c.seeds, func(a, b int) int { return cmp.Compare(*c.Engines[b].Rating, *c.Engines[a].Rating) })
}

// checkSize refuses a schedule of more than MaxGames games.
func (c *Tournament) checkSize(p *problems) {
	if n := c.totalGames(); n > MaxGames {
		count := strconv.FormatInt(n, 10)
		if n == math.MaxInt64 {
			count = "more than " + count
		}
		p.add(key("rounds"), "the schedule has %s games; at most %d are allowed (fewer rounds or games per encounter)", count, MaxGames)
	}
}

// totalGames is the schedule's length (a knockout's without tie-breaks),
// computed without building it; it is math.MaxInt64 when the count is that
// or more.
func (c *Tournament) totalGames() int64 {
	n := int64(len(c.Engines))
	var enc int64
	switch c.Format {
	case pairing.Gauntlet:
		seeds := int64(1)
		if c.Seeds != nil {
			seeds = int64(*c.Seeds)
		}
		enc = seeds * (n - seeds)
	case pairing.Knockout:
		enc = n - 1 // each encounter puts one player out
	case pairing.Swiss:
		enc = n / 2
	default:
		enc = n * (n - 1) / 2
	}
	total := enc
	for _, f := range []int64{int64(*c.Rounds), int64(*c.GamesPerEncounter)} {
		if total > 0 && f > 0 && total > math.MaxInt64/f {
			return math.MaxInt64
		}
		total *= f
	}
	return total
}

// Pairing returns the tournament's pairing, anew: it hands out the games
// from the first (see package pairing).
func (c *Tournament) Pairing() (pairing.Pairing, error) {
	o := pairing.Options{Format: c.Format, Players: len(c.Engines), Rounds: *c.Rounds,
		GamesPerEncounter: *c.GamesPerEncounter, Seeds: c.seeds, NoSwap: c.NoSwap, Reverse: c.Reverse}
	if c.TiebreakPairs != nil {
		o.TiebreakPairs = *c.TiebreakPairs
	}
	if c.Seeds != nil {
		o.GauntletSeeds = *c.Seeds
	}
	return pairing.New(o)
}
