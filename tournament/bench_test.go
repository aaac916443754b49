package tournament

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkTournament plays tournaments of instant fake engines at
// concurrency 1 and 2. games/s is the throughput; cpu-ns/move is the
// runner's own CPU per move (engines excluded), engine start-up and the
// database included.
func BenchmarkTournament(b *testing.B) {
	for _, game := range []string{"toy-race", "lines-of-action"} {
		for _, conc := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/concurrency-%d", game, conc), func(b *testing.B) {
				benchTournament(b, game, conc)
			})
		}
	}
}

func benchTournament(b *testing.B, game string, conc int) {
	const perEncounter = 40
	dir := b.TempDir()
	head := fmt.Sprintf("name: bench\ngame: %s\ngames_per_encounter: %d\nseed: 1\n"+
		"time_control: {base_ms: 60000}\nmax_plies: 100\n", game, perEncounter)
	var sb strings.Builder
	sb.WriteString(head + "engines:\n")
	for _, e := range []string{"a=first", "b=last"} {
		name, modes, _ := strings.Cut(e, "=")
		fmt.Fprintf(&sb, "  - {name: %s, cmd: arbiter, args: [fake-engine, %q, %s]}\n", name, modes, game)
	}
	path := filepath.Join(dir, "bench.yaml")
	writeFile(b, path, sb.String())
	cfg, err := LoadConfig(path)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var games, moves int
	var elapsed time.Duration
	cpu0 := selfCPU()
	for i := 0; i < b.N; i++ {
		db := openDB(b, filepath.Join(dir, fmt.Sprintf("bench%d.db", i)))
		start := time.Now()
		var plies int
		_, err := Run(context.Background(), cfg, Options{DB: db, Concurrency: conc,
			Progress: func(p Progress) {
				if p.Game != nil {
					plies += p.Game.Plies
				}
			}})
		elapsed += time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		games += perEncounter
		moves += plies
	}
	cpu := selfCPU() - cpu0
	b.ReportMetric(float64(games)/elapsed.Seconds(), "games/s")
	b.ReportMetric(float64(cpu)/float64(moves), "cpu-ns/move")
	b.ReportMetric(float64(moves)/float64(games), "plies/game")
}
