package console

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rating"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/stats"
	"github.com/arbiter-games/arbiter/store"
)

// Results writes what a match says of its games as they are stored in
// DB: fastchess's result block, or with Cutechess cutechess-cli's score
// lines and Elo line.
type Results struct {
	DB        *store.DB
	Config    *config.Tournament
	Cutechess bool
	// WDL takes the block's figures from the games rather than from the
	// colour-swapped pairs (-report penta=false).
	WDL bool
}

// Write writes what a match ends with (or stops with): the result
// block, or cutechess-cli's score lines and Elo line.
func (r Results) Write(ctx context.Context, w io.Writer) error {
	if r.Cutechess {
		return writeCutechess(ctx, w, r.DB, r.Config)
	}
	return writeResults(ctx, w, r.DB, r.Config, r.WDL)
}

// WriteSoFar writes what a match says every few games, among its
// progress: the result block, or cutechess-cli's score lines.
func (r Results) WriteSoFar(ctx context.Context, w io.Writer) error {
	if r.Cutechess {
		return writeScores(ctx, w, r.DB, r.Config)
	}
	return writeResults(ctx, w, r.DB, r.Config, r.WDL)
}

// writeResults writes the result block of cfg's tournament as stored in
// db (see stats.Report.WriteResults). Its figures come from the pairs
// unless wdl, as fastchess's do: and as fastchess, it takes them from the
// games when the encounters are not colour-swapped pairs or the SPRT is
// BayesElo's (which counts games, not pairs).
func writeResults(ctx context.Context, w io.Writer, db *store.DB, cfg *config.Tournament, wdl bool) error {
	// The block's figures are each pair's: it needs the pairs at any
	// number of engines.
	r, err := stats.Compute(context.WithoutCancel(ctx), db, stats.Query{Tournament: cfg.Name, Pairs: true})
	if err != nil {
		return err
	}
	names := make([]string, len(cfg.Engines))
	for i, e := range cfg.Engines {
		names[i] = e.Name
	}
	about := []string{cfg.TimeControlTag(0)}
	if o := cfg.Openings; o != nil {
		about = append(about, filepath.Base(o.File))
	}
	penta := !wdl && cfg.GamesPerEncounter != nil && *cfg.GamesPerEncounter == 2 &&
		(cfg.SPRT == nil || cfg.SPRT.Model != rating.ModelBayesian)
	return r.WriteResults(w, names, strings.Join(about, ", "), penta)
}

// writeScores writes cutechess-cli's score lines of cfg's tournament as
// stored in db (see stats.Report.WriteScores).
func writeScores(ctx context.Context, w io.Writer, db *store.DB, cfg *config.Tournament) error {
	r, err := stats.Compute(context.WithoutCancel(ctx), db, stats.Query{Tournament: cfg.Name, Pairs: true})
	if err != nil {
		return err
	}
	return r.WriteScores(w, engineNames(cfg))
}

// writeCutechess writes what cutechess-cli ends a match with: the score
// lines and, for two engines, the Elo line (stats.Report.WriteCutechess).
func writeCutechess(ctx context.Context, w io.Writer, db *store.DB, cfg *config.Tournament) error {
	r, err := stats.Compute(context.WithoutCancel(ctx), db, stats.Query{Tournament: cfg.Name, Pairs: true})
	if err != nil {
		return err
	}
	return r.WriteCutechess(w, engineNames(cfg))
}

// engineNames are cfg's engines' names, in config order.
func engineNames(cfg *config.Tournament) []string {
	names := make([]string, len(cfg.Engines))
	for i, e := range cfg.Engines {
		names[i] = e.Name
	}
	return names
}

// latencyRE finds a move comment's latency field (see referee.Rules.Fields).
var latencyRE = regexp.MustCompile(`, latency=(-?\d+\.\d+)s`)

// WriteLatency writes, as fastchess's -show-latency, each engine's
// latency over the moves of cfg's tournament stored in db: the time
// measured less the time the engine reported, read from the moves'
// comments (an engine that reports no time has none).
func WriteLatency(ctx context.Context, w io.Writer, db *store.DB, cfg *config.Tournament) error {
	id, err := db.TournamentID(ctx, cfg.Name)
	if err != nil {
		return err
	}
	type sum struct {
		total float64
		n     int
	}
	by := map[string]*sum{}
	err = db.Records(ctx, store.Filter{Tournament: id}, func(record string) error {
		gs, err := notation.Parse("db", []byte(record))
		if err != nil || len(gs) != 1 {
			return nil // a record that does not read has no latency to give
		}
		g := gs[0]
		var side [2]string
		side[rules.White], _ = g.Tag("White")
		side[rules.Black], _ = g.Tag("Black")
		// The mover of each move is the position's: replay the game.
		pos, err := cfg.GameRules().Start(g)
		if err != nil {
			return nil
		}
		for _, m := range g.Moves {
			mover := pos.Turn()
			mv, err := pos.ParseMove(m.Text)
			if err != nil || pos.Play(mv) != nil {
				return nil
			}
			if l := latencyRE.FindStringSubmatch(m.Comment); l != nil {
				x, _ := strconv.ParseFloat(l[1], 64)
				name := side[mover]
				if by[name] == nil {
					by[name] = &sum{}
				}
				by[name].total += x
				by[name].n++
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, name := range engineNames(cfg) {
		if s := by[name]; s != nil {
			fmt.Fprintf(w, "Latency of %s: average %.3f ms over %d moves\n", name, s.total/float64(s.n)*1000, s.n)
		} else {
			fmt.Fprintf(w, "Latency of %s: not known (it reports no time with its moves)\n", name)
		}
	}
	return nil
}
