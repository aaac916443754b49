package tournament

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/arbiter-games/arbiter/config"
	"github.com/arbiter-games/arbiter/store"
	"github.com/arbiter-games/arbiter/worker"
)

// fakeRunner runs the tournament of config args[0] into database args[1],
// as the tournament command would; the kill-and-resume test SIGKILLs it.
func fakeRunner(args []string) int {
	cfg, err := config.Load(context.Background(), args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	ctx := context.Background()
	db, err := store.Open(ctx, args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer db.Close()
	start := time.Now()
	opt := Options{DB: db}
	if n, _ := strconv.Atoi(os.Getenv("FAKE_RUNNER_WORKERS")); n > 0 {
		exe, _ := os.Executable()
		opt.Concurrency, opt.Workers = n, []string{exe, "tournament-worker"}
	}
	if _, err := Run(ctx, cfg, opt); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if os.Getenv("FAKE_RUNNER_TIME") != "" {
		fmt.Println(start.UnixNano(), time.Now().UnixNano())
	}
	return 0
}

// fakeWorkerDies is a worker process that plays games slots and then dies,
// saying why on stderr, or panics when panics is set.
func fakeWorkerDies(games int, panics bool) int {
	r, w := io.Pipe()
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		sc.Buffer(nil, 1<<20)
		for n := 0; sc.Scan(); n++ {
			if n > games { // the init, then games slots
				if panics {
					panic("fake worker bug")
				}
				fmt.Fprintln(os.Stderr, "fake worker gives up")
				os.Exit(3)
			}
			fmt.Fprintln(w, sc.Text())
		}
		w.Close()
	}()
	if err := worker.Serve(context.Background(), r, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
