package engineproc

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/proc"
)

// TestEngineEnvironment reads an engine's environment as the kernel holds
// it (/proc/PID/environ): the runner's without the database's URL and the
// PostgreSQL client's variables, which would let the program under test
// write results, and with its token; or the Env its Spec gives.
func TestEngineEnvironment(t *testing.T) {
	secrets := map[string]string{
		"ARBITER_DB": "postgres://arbiter:secret@db.example/arbiter",
		"PGPASSWORD": "secret",
		"PGPASSFILE": "/home/arbiter/.pgpass",
		"PGSERVICE":  "arbiter",
		"PGUSER":     "arbiter",
		"PGHOST":     "db.example",
	}
	for k, v := range secrets {
		t.Setenv(k, v)
	}
	t.Setenv("HOME", "/home/arbiter")
	t.Setenv("ARBITER_TEST_ORDINARY", "kept")
	tests := []struct {
		name   string
		env    []string
		want   map[string]string // variables and their values
		absent []string
	}{
		{"inherited", nil,
			map[string]string{"PATH": os.Getenv("PATH"), "HOME": "/home/arbiter", "ARBITER_TEST_ORDINARY": "kept"},
			[]string{"ARBITER_DB", "PGPASSWORD", "PGPASSFILE", "PGSERVICE", "PGUSER", "PGHOST"}},
		{"given", []string{"FOO=bar", "PATH=/engine/bin"},
			map[string]string{"FOO": "bar", "PATH": "/engine/bin"},
			[]string{"HOME", "ARBITER_TEST_ORDINARY", "ARBITER_DB", "PGPASSWORD"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spec := fakeSpec(t, "env", "first", "toy-race")
			spec.Env = tc.env
			e, err := Start(context.Background(), spec, quick)
			if err != nil {
				t.Fatalf("Start: %v", err)
			}
			defer e.Close()
			b, err := os.ReadFile("/proc/" + strconv.Itoa(e.Pid()) + "/environ")
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, kv := range strings.Split(strings.TrimSuffix(string(b), "\x00"), "\x00") {
				k, v, _ := strings.Cut(kv, "=")
				got[k] = v
			}
			for k, v := range tc.want {
				if g, ok := got[k]; !ok || g != v {
					t.Errorf("engine's %s = %q (set: %v); want %q", k, g, ok, v)
				}
			}
			for _, k := range tc.absent {
				if g, ok := got[k]; ok {
					t.Errorf("engine's environment holds %s=%q; want none", k, g)
				}
			}
			if got[proc.EngineEnv] == "" {
				t.Errorf("engine's environment has no %s", proc.EngineEnv)
			}
		})
	}
}
