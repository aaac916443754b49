// Command gendb fills an arbiter database (a SQLite file, or a postgres://
// URL) with synthetic games for the report benchmark (bench/report.sh): a
// tournament of colour-swapped pairs among a dozen players, stored through
// the store's import batch (a million games in about half a minute). The
// results are deterministic.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/store"
)

func main() {
	db := flag.String("db", "bench.db", "database file to create (must not exist), or a postgres:// URL of an empty database")
	n := flag.Int("games", 1000000, "number of games")
	players := flag.Int("players", 12, "number of players")
	flag.Parse()
	if err := gen(context.Background(), *db, *n, *players); err != nil {
		fmt.Fprintf(os.Stderr, "gendb: %v\n", err)
		os.Exit(1)
	}
}

func gen(ctx context.Context, path string, n, players int) error {
	if players < 2 {
		return fmt.Errorf("-players %d: want at least 2", players)
	}
	if !store.IsPostgres(path) {
		if _, err := os.Stat(path); err == nil {
			return fmt.Errorf("%s exists already", path)
		}
	}
	db, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	tid, _, err := db.EnsureTournament(ctx, "bench", "lines-of-action")
	if err != nil {
		return err
	}
	b := db.NewBatch(100000)
	for i := range n {
		if err := b.Insert(ctx, game(tid, i, players)); err != nil {
			b.Rollback()
			return err
		}
	}
	if err := b.Commit(); err != nil {
		return err
	}
	if b.Duplicates > 0 {
		return fmt.Errorf("%s holds %d of the games already: use a new database", path, b.Duplicates)
	}
	fmt.Fprintf(os.Stderr, "gendb: %d games in %s in %.1fs\n", n, db.Path(), time.Since(start).Seconds())
	return nil
}

// game returns synthetic game i of tournament tid. Game i belongs to pair
// i/2; the two games of a pair swap colours. The players of pair p are
// chosen from p, the result from a hash of i skewed by the players'
// numbers so that ratings differ.
func game(tid int64, i, players int) *store.Game {
	p := i / 2
	a := p % players
	d := (p / players) % (players - 1)
	h := (i * 2654435761) % 1000
	b := (a + 1 + d) % players
	white, black, edge := a, b, a-b
	if i%2 == 1 {
		white, black, edge = b, a, b-a
	}
	result := rules.Draw
	switch {
	case h < 440+10*edge:
		result = rules.WhiteWins
	case h < 930:
		result = rules.BlackWins
	}
	term := notation.TermNormal
	switch {
	case h%97 == 0:
		term = notation.TermTimeForfeit
	case h%89 == 0:
		term = notation.TermAdjudication
	}
	return &store.Game{TournamentID: tid, Slot: i, Pair: p, Game: "lines-of-action",
		White: "engine-" + strconv.Itoa(white), Black: "engine-" + strconv.Itoa(black),
		Result: result, Termination: term, Plies: 40 + h%60,
		Record:     fmt.Sprintf("[Game \"Lines of Action\"]\n[White \"engine-%d\"]\n[Black \"engine-%d\"]\n[Round \"%d\"]\n\n1. b1-b3 *\n", a, b, i),
		RecordHash: fmt.Sprintf("%064x", i)}
}
