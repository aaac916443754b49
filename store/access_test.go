package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNotSQLite: a file that does not begin as a SQLite file does (a
// script given to --db) is told to be no SQLite database, not a damaged
// one, and is left as it is; an empty file is a new database; a file that
// begins as one and is not sound is damaged.
func TestNotSQLite(t *testing.T) {
	tests := []struct {
		name, data string
		want       string // in the error; "" for none
		damaged    bool
	}{
		{"script", "#!/bin/sh\necho hello\n", "is not a SQLite database (a SQLite database begins with \"SQLite format 3\")", false},
		{"short", "SQLite", "is not a SQLite database", false},
		{"text", strings.Repeat("results\n", 100), "is not a SQLite database", false},
		{"empty", "", "", false},
		{"damaged", "SQLite format 3\x00" + strings.Repeat("\xff", 200), "the database is damaged", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, open := range []struct {
				name string
				f    func(context.Context, string) (*DB, error)
			}{{"Open", Open}, {"OpenReader", OpenReader}} {
				path := filepath.Join(t.TempDir(), "x.db")
				if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
					t.Fatal(err)
				}
				db, err := open.f(context.Background(), path)
				if err == nil {
					db.Close()
				}
				if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
					t.Errorf("%s(%s) = %v; want an error with %q", open.name, tc.name, err, tc.want)
				}
				if errors.Is(err, ErrDamaged) != tc.damaged {
					t.Errorf("%s(%s) = %v; damaged: %v, want %v", open.name, tc.name, err, errors.Is(err, ErrDamaged), tc.damaged)
				}
				if b, _ := os.ReadFile(path); tc.want != "" && string(b) != tc.data {
					t.Errorf("%s(%s) changed the file to %.40q", open.name, tc.name, b)
				}
			}
		})
	}
}
