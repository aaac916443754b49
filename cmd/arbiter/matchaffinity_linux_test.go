package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchUseAffinity plays a round with -use-affinity 0 and engines that
// write the CPUs they may run on before they start: CPU 0 alone.
func TestMatchUseAffinity(t *testing.T) {
	dir := t.TempDir()
	cpus := filepath.Join(dir, "cpus")
	engine := func(name string) []string {
		return []string{"-engine", "cmd=/bin/sh", "name=" + name, "args=-c 'grep Cpus_allowed_list: /proc/self/status >> " + cpus +
			"; exec " + os.Args[0] + " engine --game lines-of-action --level random'"}
	}
	args := append(append([]string{"match", "-db", filepath.Join(dir, "m.db"), "-game", "lines-of-action"}, engine("a")...), engine("b")...)
	r := arbiterMain(t, "", append(args, "-each", "tc=600+1", "-rounds", "1", "-use-affinity", "0",
		"-openings", "file=../../examples/openings/lines-of-action.agn")...)
	if r.code != 0 {
		t.Fatalf("match: %v", r)
	}
	text, _ := os.ReadFile(cpus)
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	for _, l := range lines {
		if strings.Join(strings.Fields(l), " ") != "Cpus_allowed_list: 0" {
			t.Errorf("an engine ran with %q; want CPU 0 alone", l)
		}
	}
	if len(lines) < 2 {
		t.Errorf("%d engines started; want at least 2", len(lines))
	}
}
