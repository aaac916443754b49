package tournament

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/enginetest"
	"github.com/arbiter-games/arbiter/internal/toygames"
)

// Nothing an engine started outlives a tournament, in process or in
// worker processes, ended or interrupted.
func TestTournamentEndsDetached(t *testing.T) {
	for _, workers := range [][]string{nil, workerCmd(t)} {
		for _, interrupt := range []bool{false, true} {
			t.Run(fmt.Sprintf("workers=%v/interrupted=%v", workers != nil, interrupt), func(t *testing.T) {
				dir, marks := t.TempDir(), t.TempDir()
				cfg, db := loadTournament(t, dir, toygames.RaceHeadGames(6), "a=first,slow:5,detach:"+dir+",mark:"+marks, "b=last,slow:5,detach:"+dir+",mark:"+marks)
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				_, err := Run(ctx, cfg, Options{DB: db, Concurrency: 2, Workers: workers, Progress: func(p Progress) {
					if interrupt && p.Done == 2 {
						cancelOnNextGo(t, marks, cancel) // mid-game
					}
				}})
				if interrupt != errors.Is(err, context.Canceled) {
					t.Fatalf("Run = %v", err)
				}
				// At least the engines of the first game finished, each
				// with its sleeper (on a busy machine an interrupt may
				// come before the other worker's engines start theirs).
				// And any other process of theirs: a sleeper yet to write
				// its pid, or an engine's child yet to become one, names
				// dir in its command line.
				pids := enginetest.Sleepers(t, dir, 2)
				for _, pid := range mentioning(dir) {
					if !slices.Contains(pids, pid) {
						pids = append(pids, pid)
					}
				}
				enginetest.CheckEnded(t, pids)
				if c := enginetest.ChildrenLeft(); len(c) > 0 {
					t.Errorf("children left after the tournament: %v", c)
				}
			})
		}
	}
}

// When the runner is killed (SIGKILL) while its worker processes play,
// each worker, told by the kernel, ends its engines and what they started.
// (A runner that plays in process cannot: see docs/tournament.md.)
func TestRunnerKilledWorkersEndDetached(t *testing.T) {
	// One worker is what arbiter tournament runs at --concurrency 1.
	for _, workers := range []int{1, 2} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) { testRunnerKilledWorkers(t, workers) })
	}
}

func testRunnerKilledWorkers(t *testing.T, workers int) {
	dir := t.TempDir()
	sleep := filepath.Join(dir, "sleepers")
	if err := os.Mkdir(sleep, 0o755); err != nil {
		t.Fatal(err)
	}
	path := writeConfig(t, dir, toygames.RaceHeadGames(50), "a=first,slow:5,detach:"+sleep, "b=last,slow:5,detach:"+sleep)
	exe, _ := os.Executable()
	cmd := exec.Command(exe, "fake-runner", path, filepath.Join(dir, "t.db"))
	cmd.Env = append(os.Environ(), "FAKE_RUNNER_WORKERS="+strconv.Itoa(workers))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	pids := enginetest.Sleepers(t, sleep, 2*workers) // both engines of every worker
	before := enginetest.Children()
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	enginetest.CheckEnded(t, pids)
	// The workers, orphaned, come to this process (a subreaper, as a
	// runner), which reaps them when they exit, as init would.
	var left []string
	for start := time.Now(); time.Since(start) < enginetest.Guard; time.Sleep(20 * time.Millisecond) {
		left = slices.DeleteFunc(enginetest.Children(), func(c string) bool { return slices.Contains(before, c) })
		if len(left) == 0 {
			return
		}
	}
	t.Errorf("the runner's worker processes, adopted when it was killed, were not reaped within %v: %v", enginetest.Guard, left)
}

// mentioning lists the processes but this one whose command line holds s.
func mentioning(s string) []int {
	ents, _ := os.ReadDir("/proc")
	var pids []int
	for _, ent := range ents {
		pid, err := strconv.Atoi(ent.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		if b, err := os.ReadFile("/proc/" + ent.Name() + "/cmdline"); err == nil && strings.Contains(string(b), s) {
			pids = append(pids, pid)
		}
	}
	return pids
}
