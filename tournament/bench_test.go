package tournament

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/internal/proc"
)

// BenchmarkMachine measures what the machine gives to two CPU-bound threads
// at once: speedup is the work two goroutines get done over what one does
// in the same time, 2.00 on two idle cores, less when the machine (or the
// host under a virtual machine) is busy. It is the ceiling of
// BenchmarkTournament's concurrency 2 over concurrency 1.
func BenchmarkMachine(b *testing.B) {
	spin := func(d time.Duration) (n int) {
		x := uint64(1)
		for start := time.Now(); time.Since(start) < d; n++ {
			for range 1000 {
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
			}
		}
		if x == 0 {
			panic("unreachable")
		}
		return n
	}
	const d = 50 * time.Millisecond
	var one, two int
	for i := 0; i < b.N; i++ {
		one += spin(d)
		var wg sync.WaitGroup
		var mu sync.Mutex
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n := spin(d)
				mu.Lock()
				two += n
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	b.ReportMetric(float64(two)/float64(one), "speedup")
}

// BenchmarkTournament plays tournaments of instant fake engines at
// concurrency 1 and 2. games/s is the throughput; cpu-ns/move is the
// runner's own CPU per move (engines excluded), engine start-up and the
// database included.
//
// The sleepy variant has engines that sleep 2 ms before each move (no CPU):
// there the ratio shows whether the runner itself serialises anything,
// whatever the machine's load.
//
// The info variants have engines that send two info lines before each
// bestmove, and the log variants write the engine log (--log) of it too:
// their cpu-ns/move against the info variant's is what the log costs.
func BenchmarkTournament(b *testing.B) {
	for _, v := range []struct {
		name, game, modes string
		log               bool
	}{
		{"toy-race", "toy-race", "", false},
		{"lines-of-action", "lines-of-action", "", false},
		{"lines-of-action-info", "lines-of-action", ",info", false},
		{"lines-of-action-info-log", "lines-of-action", ",info", true},
		{"sleepy-toy-race", "toy-race", ",slow:2", false},
	} {
		for _, conc := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/concurrency-%d", v.name, conc), func(b *testing.B) {
				benchTournament(b, v.game, v.modes, conc, nil, v.log)
			})
		}
		b.Run(v.name+"/concurrency-2-workers", func(b *testing.B) {
			benchTournament(b, v.game, v.modes, 2, workerCmd(b), v.log)
		})
		if v.log {
			continue
		}
		for k, name := range []string{"one-runner", "two-runners"} {
			b.Run(v.name+"/"+name, func(b *testing.B) {
				benchRunners(b, v.game, v.modes, k+1)
			})
		}
	}
}

// benchConfig writes the benchmark's tournament config and returns its path.
func benchConfig(b testing.TB, dir, game, modes string) string {
	head := fmt.Sprintf("name: bench\ngame: %s\ngames_per_encounter: %d\nseed: 1\n"+
		"time_control: {base_ms: 60000}\nmax_plies: 100\n", game, *benchGames)
	var sb strings.Builder
	sb.WriteString(head + "engines:\n")
	for _, e := range []string{"a=first", "b=last"} {
		name, m, _ := strings.Cut(e, "=")
		fmt.Fprintf(&sb, "  - {name: %s, cmd: arbiter, args: [fake-engine, %q, %s]}\n", name, m+modes, game)
	}
	path := filepath.Join(dir, "bench.yaml")
	writeFile(b, path, sb.String())
	return path
}

// benchGames is the number of games of a benchmark tournament: 40, or the
// -tournament.games flag.
var benchGames = flag.Int("tournament.games", 40, "games of a benchmark tournament")

// benchRunners plays k tournaments at concurrency 1 at once, each in a
// runner process of its own (the test binary as fake-runner). With k = 2
// nothing of the runner is shared, so two runners' games/s over one's is
// what the machine allows this ping-pong of processes: the ceiling of the
// ratio of concurrency 2 to 1. The time is from the first Run's start to the
// last Run's end, without process start-up and database opening.
func benchRunners(b *testing.B, game, modes string, k int) {
	dir := b.TempDir()
	path := benchConfig(b, dir, game, modes)
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	var elapsed time.Duration
	var all int64
	for i := 0; i < b.N; i++ {
		all0 := allCPU()
		cmds := make([]*exec.Cmd, k)
		outs := make([]strings.Builder, k)
		for j := range cmds {
			cmds[j] = exec.Command(exe, "fake-runner", path, filepath.Join(dir, fmt.Sprintf("r%d-%d.db", i, j)))
			cmds[j].Env = append(os.Environ(), "FAKE_RUNNER_TIME=1")
			cmds[j].Stdout, cmds[j].Stderr = &outs[j], os.Stderr
			if err := cmds[j].Start(); err != nil {
				b.Fatal(err)
			}
		}
		var first, last int64 // the earliest start and the latest end of a Run
		for j, c := range cmds {
			if err := c.Wait(); err != nil {
				b.Fatalf("runner %d: %v", j, err)
			}
			var start, end int64
			if _, err := fmt.Sscan(outs[j].String(), &start, &end); err != nil {
				b.Fatalf("runner %d printed %q", j, outs[j].String())
			}
			if j == 0 || start < first {
				first = start
			}
			last = max(last, end)
		}
		elapsed += time.Duration(last - first)
		all += allCPU() - all0
	}
	// cores counts the runners' start-up too, which elapsed does not: it
	// is a little high.
	b.ReportMetric(float64(all)/float64(elapsed.Nanoseconds()), "cores")
	b.ReportMetric(float64(k**benchGames*b.N)/elapsed.Seconds(), "games/s")
}

func benchTournament(b *testing.B, game, modes string, conc int, workers []string, log bool) {
	perEncounter := *benchGames
	dir := b.TempDir()
	cfg, err := config.Load(context.Background(), benchConfig(b, dir, game, modes))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var games, moves int
	var elapsed time.Duration
	var cpu, all int64
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		db := openDB(b, filepath.Join(dir, fmt.Sprintf("bench%d.db", i)))
		b.StartTimer()
		cpu0, all0 := proc.CPU(), allCPU()
		start := time.Now()
		var plies int
		var logPath string
		if log {
			logPath = filepath.Join(dir, "engines.log")
		}
		sum, err := Run(context.Background(), cfg, Options{DB: db, Concurrency: conc, Workers: workers, Log: logPath,
			Progress: func(p Progress) {
				if p.Game != nil {
					plies += p.Game.Plies
				}
			}})
		elapsed += time.Since(start)
		cpu += proc.CPU() - cpu0
		if sum != nil {
			cpu += sum.WorkerCPU.Nanoseconds()
		}
		all += allCPU() - all0
		if err != nil {
			b.Fatal(err)
		}
		games += perEncounter
		moves += plies
	}
	// cores: CPU of the runner and its (reaped) engines over wall time; at
	// concurrency 1 the runner and an engine take turns, so about one core
	// is busy, and concurrency 2 can only gain as much as the machine has
	// idle cores.
	b.ReportMetric(float64(all)/float64(elapsed.Nanoseconds()), "cores")
	b.ReportMetric(float64(games)/elapsed.Seconds(), "games/s")
	b.ReportMetric(float64(cpu)/float64(moves), "cpu-ns/move")
	b.ReportMetric(float64(moves)/float64(games), "plies/game")
}

// allCPU is the CPU time of this process and its reaped children, in
// nanoseconds.
func allCPU() int64 {
	return proc.CPU() + proc.ChildrenCPU()
}
