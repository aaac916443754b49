package input

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/arbiter-games/arbiter/internal/memtest"
)

// TestLoad checks that Options.Load holds a large file in anonymous memory
// that asks for huge pages, a copy of the file, and that a small file is
// mapped instead.
func TestLoad(t *testing.T) {
	if !hugePages() {
		t.Skip("this kernel gives no transparent huge pages: Load maps files as Map does")
	}
	dir := t.TempDir()
	game := []byte("[Game \"Lines of Action\"]\n\n1. b1-b3 *\n\n")
	large := bytes.Repeat(game, minLoad/len(game)+1000)
	small := large[:minLoad-1]
	tests := []struct {
		name   string
		data   []byte
		opts   Options
		loaded bool
	}{
		{"large, Load", large, Options{Map: true, Load: true}, true},
		{"small, Load", small, Options{Map: true, Load: true}, false},
		{"large, Map only", large, Options{Map: true}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "games.agn")
			if err := os.WriteFile(path, tt.data, 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := Read(context.Background(), path, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Release()
			if !bytes.Equal(f.Data, tt.data) {
				t.Fatalf("Read(%q).Data differs from the file's %d bytes (%d bytes)", path, len(tt.data), len(f.Data))
			}
			m := memtest.At(t, uintptr(unsafe.Pointer(&f.Data[0])))
			if tt.loaded {
				if m.Path != "" || !m.Has("hg") {
					t.Errorf("the data is in %+v; want anonymous memory with VmFlags hg", m)
				}
				if m.AnonHugeKB == 0 {
					t.Errorf("the data's mapping %+v has no huge pages", m)
				}
				// A copy: the file written over leaves Data as it was read.
				if err := os.WriteFile(path, bytes.ToUpper(tt.data), 0o644); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(f.Data, tt.data) {
					t.Errorf("the loaded data changed with the file")
				}
			} else if m.Path != path {
				t.Errorf("the data is in %+v; want the file %s mapped", m, path)
			}
			f.Release()
			if f.Data != nil {
				t.Errorf("Data after Release = %d bytes; want nil", len(f.Data))
			}
		})
	}
}
