package testkit

import (
	"path/filepath"
	"slices"
	"testing"
)

func TestReadSeeds(t *testing.T) {
	got, err := readSeeds(filepath.Join("testdata", "lines.txt"))
	want := []string{"first", "", "  spaced  "}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("readSeeds = %q, %v; want %q: every line as it is, but comments", got, err, want)
	}
	if _, err := readSeeds(filepath.Join("testdata", "missing.txt")); err == nil {
		t.Error("readSeeds of a missing file gave no error")
	}
}
