package store

import (
	"path/filepath"
	"testing"
)

func TestOverwrites(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	tests := []struct {
		path, dsn, want string
	}{
		{db, db, "the database " + db},
		{filepath.Join(dir, ".", "a.db"), db, "the database " + db},
		{db + "-wal", db, "the database's file " + db + "-wal"},
		{filepath.Join(dir, "b.db"), db, ""},
		{"-", db, ""},
		{"", db, ""},
		{"x", "postgres://localhost/x", ""},
	}
	for _, tt := range tests {
		if got := Overwrites(tt.path, tt.dsn); got != tt.want {
			t.Errorf("Overwrites(%q, %q) = %q; want %q", tt.path, tt.dsn, got, tt.want)
		}
	}
}
