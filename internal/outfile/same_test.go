package outfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSame checks that an output is the same as a file under its own
// name, another spelling, a link to it or a link to its folder, existing
// or not, and not the same as another file.
func TestSame(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	if err := os.WriteFile(db, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(db, filepath.Join(dir, "link.db")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir, filepath.Join(dir, "folder")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, name string
		want       bool
	}{
		{db, db, true},
		{filepath.Join(dir, ".", "a.db"), db, true},
		{filepath.Join(dir, "link.db"), db, true},
		{filepath.Join(dir, "folder", "a.db"), db, true},
		{filepath.Join(dir, "folder", "a.db-wal"), db + "-wal", true}, // neither exists
		{filepath.Join(dir, "b.db"), db, false},
		{db, db + "-wal", false},
	} {
		if got := Same(tc.path, tc.name); got != tc.want {
			t.Errorf("Same(%q, %q) = %v; want %v", tc.path, tc.name, got, tc.want)
		}
	}
}
