package testkit

import (
	"os"
	"testing"

	"github.com/arbiter-games/arbiter/notation"
)

// Records reads the record file at path and parses its games, failing tb,
// with the path, when the file cannot be read or does not parse.
func Records(tb testing.TB, path string) []*notation.Game {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	gs, err := notation.Parse(path, data)
	if err != nil {
		tb.Fatalf("%s does not parse: %v", path, err)
	}
	return gs
}
