// Package runner measures what the tournament runner spends on the
// database per stored game, on SQLite and on PostgreSQL (a throwaway
// server, see internal/pgtest):
//
//	go test -bench . -benchtime 2000x ./bench/runner
//
// On SQLite a game is one committed INSERT (tournament.Run's Inserter). On
// PostgreSQL, where runners share the tournament, it is also the slot's
// claim (a lease), the slot marked stored in the game's transaction, and
// the read of what the other runners stored since (SlotGames).
//
// The test server runs without fsync (it is for tests); to measure against
// a real server, give its URL (of an empty database) in ARBITER_BENCH_PG.
// Besides the wall time per game (ns/op) the benchmark reports the
// runner's own CPU time per game (cpu-ns/op, user and system, of this
// process only): the server's work is not in it.
package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/pgtest"
	"github.com/arbiter-games/arbiter/internal/proc"
	"github.com/arbiter-games/arbiter/rules"
	"github.com/arbiter-games/arbiter/search"
	"github.com/arbiter-games/arbiter/store"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }

// record is a game record of a typical size (a 100-ply game, 2 kB).
var record = "[Game \"Lines of Action\"]\n[White \"a\"]\n[Black \"b\"]\n\n" + strings.Repeat("1. b1-b3 a2-c2 {+0.25/9 12} ", 50) + "1-0\n"

func BenchmarkStoreGame(b *testing.B) {
	for _, backend := range []string{"sqlite", "postgres"} {
		b.Run(backend, func(b *testing.B) {
			ctx := context.Background()
			dsn := filepath.Join(b.TempDir(), "r.db")
			if backend == "postgres" {
				if dsn = os.Getenv("ARBITER_BENCH_PG"); dsn == "" {
					dsn = pgtest.URL(b)
				}
			}
			db, err := store.Open(ctx, dsn)
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			t := &store.Tournament{Name: fmt.Sprintf("bench-%d-%d", os.Getpid(), time.Now().UnixNano()), Game: "lines-of-action", ConfigHash: "h", TotalGames: b.N}
			if err := db.Register(ctx, t, nil); err != nil {
				b.Fatal(err)
			}
			var leases *store.Leases
			if db.Postgres() {
				if leases, err = db.NewLeases(ctx, t.ID, b.N, "bench", time.Minute); err != nil {
					b.Fatal(err)
				}
			}
			ins := db.NewInserter()
			defer ins.Close()
			b.ReportAllocs()
			cpu0 := cpuTime()
			b.ResetTimer()
			for i := range b.N {
				slot := i
				if leases != nil {
					if slot, _, err = leases.Claim(ctx, b.N); err != nil || slot != i {
						b.Fatalf("Claim = %d, %v; want %d", slot, err, i)
					}
				}
				g := &store.Game{TournamentID: t.ID, Slot: slot, Pair: slot / 2, Game: "lines-of-action",
					White: "a", Black: "b", Result: rules.WhiteWins, Plies: 100, Record: fmt.Sprintf("%s%s %d\n", record, t.Name, i),
					WhiteStats: &search.Stats{Moves: 50, Depth: 9, MoveMS: 12, Nodes: 100000, NPS: 1000000},
					BlackStats: &search.Stats{Moves: 50, Depth: 8, MoveMS: 11, Nodes: 90000, NPS: 900000}}
				if err := ins.Insert(ctx, g); err != nil {
					b.Fatal(err)
				}
				if leases != nil {
					if _, err := db.SlotGames(ctx, t.ID, slot); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the CPU time this process has used.
func cpuTime() time.Duration { return time.Duration(proc.CPU()) }
