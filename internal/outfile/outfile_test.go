//go:build unix

package outfile_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/outfile"
)

const text = "the new text\n"

// nullDevice returns a character device that takes all it is written:
// as root, a node of /dev/null's device made in dir, so that a broken
// Create that renames over its path replaces the node and not the
// system's /dev/null; else /dev/null, which only root could replace.
func nullDevice(t *testing.T, dir string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		return "/dev/null"
	}
	st, err := os.Stat("/dev/null")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "null")
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, int(st.Sys().(*syscall.Stat_t).Rdev)); err != nil {
		t.Fatalf("make a null device: %v", err)
	}
	return path
}

// mkfifo makes a FIFO in dir.
func mkfifo(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// readFIFO reads the FIFO at path to its end on a goroutine of its own:
// the text it read comes on the channel.
func readFIFO(t *testing.T, path string) <-chan string {
	read := make(chan string, 1)
	go func() {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("read the FIFO: %v", err)
		}
		read <- string(b)
	}()
	return read
}

// kind says what path is, for messages: "a link", "a directory", "a
// regular file", "a character device", "a FIFO", "missing".
func kind(path string) string {
	st, err := os.Lstat(path)
	switch {
	case err != nil:
		return "missing"
	case st.Mode()&fs.ModeSymlink != 0:
		return "a link"
	case st.IsDir():
		return "a directory"
	case st.Mode().IsRegular():
		return "a regular file"
	case st.Mode()&fs.ModeCharDevice != 0:
		return "a character device"
	case st.Mode()&fs.ModeNamedPipe != 0:
		return "a FIFO"
	}
	return st.Mode().String()
}

// TestCreate writes text to every kind of path Create takes, and checks
// what each is afterwards: a regular file replaced whole, a link kept and
// its target written, a device and a FIFO written in place and still what
// they were, a directory refused.
func TestCreate(t *testing.T) {
	tests := []struct {
		name string
		// setup makes what the path names in dir and returns the path
		// and what to check after the write.
		setup func(t *testing.T, dir string) (path string, check func(t *testing.T))
		err   string // the error of Create; "" for none
	}{
		{name: "new path", setup: func(t *testing.T, dir string) (string, func(*testing.T)) {
			path := filepath.Join(dir, "new.agn")
			return path, func(t *testing.T) { wantFile(t, path, text, 0o644) }
		}},
		{name: "regular file", setup: func(t *testing.T, dir string) (string, func(*testing.T)) {
			path := writeFile(t, dir, "old.agn", "an old text, longer than the new one\n", 0o600)
			return path, func(t *testing.T) { wantFile(t, path, text, 0o600) }
		}},
		{name: "link to a regular file", setup: func(t *testing.T, dir string) (string, func(*testing.T)) {
			target := writeFile(t, dir, "target.agn", "old\n", 0o644)
			link := symlink(t, "target.agn", filepath.Join(dir, "link.agn"))
			return link, func(t *testing.T) {
				wantKind(t, link, "a link")
				wantFile(t, target, text, 0o644)
			}
		}},
		{name: "link to a link in another folder", setup: func(t *testing.T, dir string) (string, func(*testing.T)) {
			sub := filepath.Join(dir, "sub")
			if err := os.Mkdir(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			target := writeFile(t, dir, "target.agn", "old\n", 0o644)
			inner := symlink(t, "../target.agn", filepath.Join(sub, "inner.agn"))
			link := symlink(t, "sub/inner.agn", filepath.Join(dir, "link.agn"))
			return link, func(t *testing.T) {
				wantKind(t, link, "a link")
				wantKind(t, inner, "a link")
				wantFile(t, target, text, 0o644)
			}
		}},
		{name: "dangling link", setup: func(t *testing.T, dir string) (string, func(*testing.T)) {
			link := symlink(t, "missing.agn", filepath.Join(dir, "link.agn"))
			return link, func(t *testing.T) {
				wantKind(t, link, "a link")
				wantFile(t, filepath.Join(dir, "missing.agn"), text, 0o644)
			}
		}},
		{name: "character device", setup: func(t *testing.T, dir string) (string, func(*testing.T)) {
			path := nullDevice(t, dir)
			return path, func(t *testing.T) { wantKind(t, path, "a character device") }
		}},
		{name: "FIFO", setup: func(t *testing.T, dir string) (string, func(*testing.T)) {
			path := mkfifo(t, dir)
			read := readFIFO(t, path)
			return path, func(t *testing.T) {
				select {
				case got := <-read:
					if got != text {
						t.Errorf("read the FIFO: %q; want %q", got, text)
					}
				case <-time.After(time.Minute):
					t.Fatalf("the FIFO's reader got no end of file in a minute")
				}
				wantKind(t, path, "a FIFO")
			}
		}},
		{name: "directory", err: "is a directory", setup: func(t *testing.T, dir string) (string, func(*testing.T)) {
			return dir, func(t *testing.T) {
				wantKind(t, dir, "a directory")
				if entries, _ := os.ReadDir(dir); len(entries) != 0 {
					t.Errorf("the directory holds %d files; want none", len(entries))
				}
			}
		}},
		{name: "link to a directory", err: "is a directory", setup: func(t *testing.T, dir string) (string, func(*testing.T)) {
			sub := filepath.Join(dir, "sub")
			if err := os.Mkdir(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			link := symlink(t, "sub", filepath.Join(dir, "link"))
			return link, func(t *testing.T) { wantKind(t, link, "a link") }
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path, check := tt.setup(t, dir)
			f, err := outfile.Create(path)
			if tt.err != "" {
				if want := "write " + path + ": " + tt.err; err == nil || err.Error() != want {
					t.Errorf("Create(%q) = %v; want error %q", path, err, want)
				}
				if !errors.Is(err, syscall.EISDIR) {
					t.Errorf("Create(%q) = %v; want an error that is syscall.EISDIR", path, err)
				}
				check(t)
				return
			}
			if err != nil {
				t.Fatalf("Create(%q) = %v; want no error", path, err)
			}
			if _, err := f.Write([]byte(text)); err != nil {
				t.Fatalf("Write to %s: %v", path, err)
			}
			if err := f.Commit(); err != nil {
				t.Fatalf("Commit of %s: %v", path, err)
			}
			check(t)
			wantNoTemp(t, dir)
		})
	}
}

// TestDiscard checks that a discarded output leaves the file as it was.
func TestDiscard(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "old.agn", "old\n", 0o644)
	f, err := outfile.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte(text))
	f.Discard()
	if err := f.Commit(); err != nil {
		t.Errorf("Commit after Discard = %v; want nil", err)
	}
	wantFile(t, path, "old\n", 0o644)
	wantNoTemp(t, dir)
}

// TestWriteError checks that a write that fails in place (a FIFO whose
// reader is gone) fails Write and Commit with an error that names the path.
func TestWriteError(t *testing.T) {
	path := mkfifo(t, t.TempDir())
	closed := make(chan struct{})
	go func() {
		if f, err := os.Open(path); err == nil {
			f.Close()
		}
		close(closed)
	}()
	f, err := outfile.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	<-closed
	want := "write " + path + ": broken pipe"
	if _, err := f.Write([]byte(text)); err == nil || err.Error() != want {
		t.Errorf("Write(%q) = %v; want %q", path, err, want)
	}
	if err := f.Commit(); err == nil || err.Error() != want {
		t.Errorf("Commit of %s = %v; want %q", path, err, want)
	}
}

func writeFile(t *testing.T, dir, name, data string, perm fs.FileMode) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(data), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil { // past the umask
		t.Fatal(err)
	}
	return path
}

func symlink(t *testing.T, target, link string) string {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	return link
}

func wantKind(t *testing.T, path, want string) {
	t.Helper()
	if got := kind(path); got != want {
		t.Errorf("%s is %s; want %s", path, got, want)
	}
}

func wantFile(t *testing.T, path, want string, perm fs.FileMode) {
	t.Helper()
	wantKind(t, path, "a regular file")
	b, err := os.ReadFile(path)
	if err != nil || string(b) != want {
		t.Errorf("ReadFile(%q) = %q, %v; want %q", path, b, err, want)
	}
	if st, err := os.Stat(path); err == nil && st.Mode().Perm() != perm {
		t.Errorf("%s has mode %v; want %v", path, st.Mode().Perm(), perm)
	}
}

// wantNoTemp checks that no temporary file is left in dir.
func wantNoTemp(t *testing.T, dir string) {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(matches) != 0 {
		t.Errorf("temporary files left in %s: %q", dir, matches)
	}
}
