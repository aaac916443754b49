package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that keeps what Golden reports instead of
// failing the real test.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Fatal(...any)          { r.failed = true }

func TestGolden(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", "a.golden"), []byte("text\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, file, got string
		fail            bool
	}{
		{"same", "a.golden", "text\n", false},
		{"different", "a.golden", "text", true},
		{"missing file", "b.golden", "text\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{TB: t}
			Golden(r, tt.file, tt.got)
			if r.failed != tt.fail {
				t.Errorf("Golden(%q, %q) failed = %v; want %v", tt.file, tt.got, r.failed, tt.fail)
			}
		})
	}
}
