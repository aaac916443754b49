package outfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestBuffered: stdout is written on finish; a file is written only when
// finish commits it, and left as it was when finish is given an error.
func TestBuffered(t *testing.T) {
	var stdout strings.Builder
	w, finish, err := Buffered(&stdout, "-")
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("data"))
	if err := finish(nil); err != nil || stdout.String() != "data" {
		t.Errorf("stdout %q, finish %v; want \"data\", nil", stdout.String(), err)
	}

	path := filepath.Join(t.TempDir(), "out.txt")
	os.WriteFile(path, []byte("old"), 0o644)
	w, finish, err = Buffered(nil, path)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("new"))
	failed := errors.New("failed")
	if err := finish(failed); !errors.Is(err, failed) || !strings.Contains(err.Error(), path) {
		t.Errorf("finish(failed) = %v; want it, located at %s", err, path)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("after a failed output, %s holds %q; want \"old\"", path, b)
	}
	w, finish, _ = Buffered(nil, path)
	w.Write([]byte("new"))
	if err := finish(nil); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("%s holds %q; want \"new\"", path, b)
	}
	if _, _, err := Buffered(nil, t.TempDir()); !errors.Is(err, syscall.EISDIR) {
		t.Errorf("Buffered(a directory) = %v; want EISDIR", err)
	}
}

func TestInterruptible(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var b strings.Builder
	w := Interruptible(ctx, &b)
	if _, err := w.Write([]byte("a")); err != nil {
		t.Fatal(err)
	}
	cancel()
	if _, err := w.Write([]byte("b")); !errors.Is(err, context.Canceled) || b.String() != "a" {
		t.Errorf("Write after cancel: %v, %q written; want context.Canceled, \"a\"", err, b.String())
	}
}

func TestWriteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.yaml")
	if err := WriteFile(path, "name: x\n"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "name: x\n" {
		t.Errorf("%s holds %q; want \"name: x\\n\"", path, b)
	}
	if err := WriteFile(t.TempDir(), "x"); !errors.Is(err, syscall.EISDIR) {
		t.Errorf("WriteFile(a directory) = %v; want EISDIR", err)
	}
}
