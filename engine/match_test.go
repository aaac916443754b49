package engine

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/ugi"
)

// Contestant describes one side of a Match: the level and limits a Player
// plays it with.
type Contestant struct {
	Level  Level
	Limits ugi.Limits // per move; use Depth or Nodes for reproducible matches
	HashMB int        // transposition table size; 0 means 4 MiB
}

// MatchOptions configure a Match.
type MatchOptions struct {
	// Games is the number of games; they are played in pairs from the same
	// start with colours swapped, so an odd number is rounded up.
	Games int
	// Seed makes the match reproducible: each pair's start (Knight Fight's
	// board from Game.NewTags), opening and the players' random choices
	// come from it.
	Seed int64
	// OpeningPlies random moves open each pair, so that deterministic
	// players do not repeat one game.
	OpeningPlies int
	// MaxPlies ends a game that runs longer (0 means 400): it is scored by
	// the points when the game has points, as a draw otherwise.
	MaxPlies int
	// Jobs is the number of games played at once (0 means 1).
	Jobs int
}

// MatchResult counts the games of a Match from player A's view.
type MatchResult struct {
	Games, WinsA, WinsB, Draws int
	Adjudicated                int // games ended by MaxPlies
	Plies                      int // plies played in all games
}

// Score is A's share of the points: a win 1, a draw 1/2.
func (r MatchResult) Score() float64 {
	if r.Games == 0 {
		return 0
	}
	return (float64(r.WinsA) + float64(r.Draws)/2) / float64(r.Games)
}

// String sums r up: "+150 -30 =20 (80.0%)".
func (r MatchResult) String() string {
	return fmt.Sprintf("+%d -%d =%d (%.1f%%, %d adjudicated, %.0f plies/game)", r.WinsA, r.WinsB, r.Draws,
		100*r.Score(), r.Adjudicated, float64(r.Plies)/float64(max(r.Games, 1)))
}

// Match plays a against b in g, in process, and counts the results: the
// strength tests' harness (tournaments play engines as processes).
func Match(g rules.Game, a, b Contestant, o MatchOptions) (MatchResult, error) {
	pairs := (o.Games + 1) / 2
	if o.MaxPlies <= 0 {
		o.MaxPlies = 400
	}
	jobs := max(o.Jobs, 1)
	type outcome struct {
		winner int // 0 A, 1 B, -1 draw
		adj    bool
		plies  int
		err    error
	}
	results := make([]outcome, 2*pairs)
	work := make(chan int)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ea := New(g, Options{Level: a.Level, HashMB: orDefault(a.HashMB, 4)})
			eb := New(g, Options{Level: b.Level, HashMB: orDefault(b.HashMB, 4)})
			for i := range work {
				pair := i / 2
				seed := o.Seed*1_000_003 + int64(pair)
				start, err := opening(g, seed, o.OpeningPlies)
				if err != nil {
					results[i] = outcome{err: err}
					continue
				}
				ea.SetSeed(seed*2 + int64(i%2))
				eb.SetSeed(seed*2 + int64(i%2) + 7)
				ea.NewGame()
				eb.NewGame()
				// In the even game of a pair A moves first.
				first := [2]*Player{ea, eb}
				lims := [2]ugi.Limits{a.Limits, b.Limits}
				if i%2 == 1 {
					first = [2]*Player{eb, ea}
					lims = [2]ugi.Limits{b.Limits, a.Limits}
				}
				r, plies, adj, err := play(g, start, first, lims, o.MaxPlies)
				out := outcome{winner: -1, adj: adj, plies: plies, err: err}
				switch r {
				case rules.Win(g.FirstMover()):
					out.winner = i % 2 // the first mover is A in even games
				case rules.Win(g.FirstMover().Other()):
					out.winner = 1 - i%2
				}
				results[i] = out
			}
		}()
	}
	for i := range results {
		work <- i
	}
	close(work)
	wg.Wait()
	var res MatchResult
	for _, r := range results {
		if r.err != nil {
			return res, r.err
		}
		res.Games++
		res.Plies += r.plies
		if r.adj {
			res.Adjudicated++
		}
		switch r.winner {
		case 0:
			res.WinsA++
		case 1:
			res.WinsB++
		default:
			res.Draws++
		}
	}
	return res, nil
}

func orDefault(v, d int) int {
	if v <= 0 {
		return d
	}
	return v
}

// opening builds a pair's start: the game's tags from seed, then plies
// random moves (fewer if the game would end).
func opening(g rules.Game, seed int64, plies int) (rules.Position, error) {
	tags := rules.TagMap{}
	for _, t := range g.NewTags(seed) {
		tags[t[0]] = t[1]
	}
	p, err := g.Start(tags)
	if err != nil {
		return nil, fmt.Errorf("match: start of %s: %w", g.ID(), err)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 17))
	var buf []rules.Move
	for range plies {
		buf = p.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		c := p.Clone()
		if err := c.Play(buf[rng.IntN(len(buf))]); err != nil {
			return nil, fmt.Errorf("match: opening: %w", err)
		}
		if c.Outcome().Over() {
			break
		}
		p = c
	}
	return p, nil
}

// play plays one game from start: players[0] moves first. It returns the
// result, the plies played and whether MaxPlies ended it.
func play(g rules.Game, start rules.Position, players [2]*Player, lims [2]ugi.Limits, maxPlies int) (rules.Result, int, bool, error) {
	p := start.Clone()
	var history []rules.Position
	for ply := 0; ; ply++ {
		if o := p.Outcome(); o.Over() {
			return o.Result, ply, false, nil
		}
		if ply >= maxPlies {
			if s, ok := p.Score(); ok {
				return s.Result(), ply, true, nil
			}
			return rules.Draw, ply, true, nil
		}
		side := 0
		if p.Turn() != g.FirstMover() {
			side = 1
		}
		res := players[side].Think(p, history, lims[side], nil, nil)
		if !res.OK {
			return rules.Unfinished, ply, false, fmt.Errorf("match: ply %d: no move in a game that is not over", ply+1)
		}
		history = append(history, p.Clone())
		if err := p.Play(res.Move); err != nil {
			return rules.Unfinished, ply, false, fmt.Errorf("match: ply %d: %s %q: %w", ply+1, players[side].opts.Level, p.FormatMove(res.Move), err)
		}
	}
}
