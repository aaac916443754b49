package seeds

import (
	"path/filepath"
	"slices"
	"testing"
)

func TestRead(t *testing.T) {
	got, err := read(filepath.Join("testdata", "lines.txt"))
	want := []string{"first", "", "  spaced  "}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("read = %q, %v; want %q: every line as it is, but comments", got, err, want)
	}
	if _, err := read(filepath.Join("testdata", "missing.txt")); err == nil {
		t.Error("read of a missing file gave no error")
	}
}
