// Package golden compares what a test produced with a golden file in the
// package's testdata directory, and rewrites the file when the test runs
// with -update:
//
//	golden.Check(t, "start.golden", p.String())
//
// Importing it defines the -update flag; a test package that imports it
// must not define its own.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Check compares got with testdata/name and reports a difference as a test
// error; under -update it writes got to testdata/name instead.
func Check(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (run go test -update after checking):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
