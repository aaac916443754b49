package importer

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/replay"
	"github.com/arbiter-games/arbiter/store"
)

// Options say where an import's games go and what it tells.
type Options struct {
	// Tournament is the name of the tournament the games join (created
	// for the first game's game type if missing); "" for none. A game of
	// another game type is invalid.
	Tournament string
	// AnalyzeAfter is how many games an import stores before it brings
	// the database's statistics up to date (store.DB.Analyze: on
	// PostgreSQL a VACUUM ANALYZE of under a second, which a report right
	// after a big import would otherwise pay for several times over).
	AnalyzeAfter int
	// Log gets the warnings, the invalid games and the summary line.
	Log io.Writer
}

// Files replays the games of files as replay.File does with opts, and stores
// each valid one in db as its canonical record (store.Importer), in the
// tournament of o; the warnings and the invalid games go to o.Log as
// validate writes them, then a summary line. It returns how many games
// were invalid; an error when storing failed or ctx was done.
func Files(ctx context.Context, db *store.DB, files []*input.File, opts replay.Options, o Options) (invalid int, err error) {
	var (
		total int
		tid   int64
		tgame string
		fail  error
	)
	// prepareGame reads the record; what is stored is in r.Extra.
	opts.Text, opts.Prepare, opts.NoRecord = true, prepareGame, true
	// The replay (on this goroutine and replay's workers) feeds a
	// goroutine that stores the games in batches, so that replaying
	// and storing overlap.
	ins := db.NewImporter(ctx)
	for _, f := range files {
		err := replay.File(ctx, f.Name, f.Data, opts, func(r replay.Report) {
			total++
			if fail != nil {
				return
			}
			if fail = ctx.Err(); fail != nil {
				return // interrupted: stop storing, keep what is committed
			}
			if ins.Failed() {
				return // storing failed: finish says why
			}
			r.WriteWarnings(o.Log)
			if !r.Valid {
				invalid++
				fmt.Fprintln(o.Log, r.Describe())
				return
			}
			if o.Tournament != "" && tid == 0 {
				if tid, tgame, fail = db.EnsureTournament(ctx, o.Tournament, r.Game); fail != nil {
					return
				}
			}
			if o.Tournament != "" && r.Game != tgame {
				invalid++
				fmt.Fprintf(o.Log, "%s: a %s game cannot join tournament %q, which holds %s games\n",
					r.Heading(r.Line, 1), r.Game, o.Tournament, tgame)
				return
			}
			g := r.Extra.(*store.Game)
			g.TournamentID = tid
			ins.Add(g)
		})
		if fail == nil {
			fail = err
		}
		if fail != nil {
			break
		}
	}
	stored, dups, err := ins.Finish()
	if fail == nil {
		fail = err
	}
	// The counts add up to the total: games read but not
	// committed (a failed batch, an interruption) are "not stored".
	summary := fmt.Sprintf("%s: %d stored, %d already stored, %d invalid", count(total, "game", "games"), stored, dups, invalid)
	if rest := total - stored - dups - invalid; rest > 0 {
		summary += fmt.Sprintf(", %d not stored", rest)
	}
	fmt.Fprintln(o.Log, summary)
	if store.IsFull(fail) {
		return invalid, fmt.Errorf("the disk is full: %d games were stored before it, the rest were not (%w)", stored, fail)
	}
	if fail != nil {
		return invalid, fail
	}
	if stored >= o.AnalyzeAfter {
		if err := db.Analyze(ctx); err != nil {
			return invalid, fmt.Errorf("%d games stored, but the statistics are not updated (autovacuum does it later): %w", stored, err)
		}
	}
	return invalid, nil
}

// prepareGame makes the row of a valid game, record hash included, on the
// replay worker that replayed it, so that hashing runs in parallel.
func prepareGame(r *replay.Report) {
	if !r.Valid {
		return
	}
	g := store.NewGame(r.Game, r.White, r.Black, r.Result, r.Score, r.Termination, r.Plies, r.Text)
	g.WhiteStats, g.BlackStats = r.EngineStats()
	r.Extra = g
}

// count counts things for people: "1 game", "0 games", "12 games".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
