package tournament

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestWorkerEnv checks that a worker process starts with GOMAXPROCS=1 and
// gives its engines the runner's GOMAXPROCS back, set or not.
func TestWorkerEnv(t *testing.T) {
	for _, tt := range []struct {
		name string
		set  bool
		val  string
	}{{"unset", false, ""}, {"set", true, "3"}, {"empty", true, ""}} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GOMAXPROCS", tt.val) // restored after the test
			if !tt.set {
				os.Unsetenv("GOMAXPROCS")
			}
			env := workerEnv()
			var procs []string
			for _, kv := range env {
				if v, ok := strings.CutPrefix(kv, "GOMAXPROCS="); ok {
					procs = append(procs, v)
				}
			}
			if !slices.Equal(procs, []string{"1"}) {
				t.Fatalf("workerEnv() GOMAXPROCS = %q; want [1]", procs)
			}
			// The worker's side: its environment is env.
			os.Clearenv()
			t.Cleanup(func() {
				os.Clearenv()
				for _, kv := range env {
					k, v, _ := strings.Cut(kv, "=")
					if k != "GOMAXPROCS" && k != engineProcsVar {
						os.Setenv(k, v)
					}
				}
			})
			for _, kv := range env {
				k, v, _ := strings.Cut(kv, "=")
				os.Setenv(k, v)
			}
			restoreEngineEnv()
			got, ok := os.LookupEnv("GOMAXPROCS")
			if ok != tt.set || got != tt.val {
				t.Errorf("after restoreEngineEnv: GOMAXPROCS %q (set %v); want %q (set %v)", got, ok, tt.val, tt.set)
			}
			if _, ok := os.LookupEnv(engineProcsVar); ok {
				t.Errorf("after restoreEngineEnv: %s still set", engineProcsVar)
			}
		})
	}
}
