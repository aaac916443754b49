package testkit

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update is the -update flag of the test binaries that import testkit (a
// test package must not define its own); other programs do not get it.
var update = func() *bool {
	if !testing.Testing() {
		return new(bool)
	}
	return flag.Bool("update", false, "rewrite the golden files in testdata")
}()

// Golden compares got with testdata/name and reports a difference as a
// test error; under -update it writes got to testdata/name instead:
//
//	testkit.Golden(t, "start.golden", p.String())
func Golden(t testing.TB, name, got string) {
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
