package tournament

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/arbiter-games/arbiter/tournament/store"
)

// fakeRunner runs the tournament of config args[0] into database args[1],
// as the tournament command would; the kill-and-resume test SIGKILLs it.
func fakeRunner(args []string) int {
	cfg, err := LoadConfig(args[0])
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
	if _, err := Run(ctx, cfg, Options{DB: db}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if os.Getenv("FAKE_RUNNER_TIME") != "" {
		fmt.Println(start.UnixNano(), time.Now().UnixNano())
	}
	return 0
}
