package input_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/input"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/replay"
)

const game = "[Game \"Lines of Action\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. c8-c6 a2-c2 *\n\n"

// sgfGame is a game as SGF writes it.
const sgfGame = "(;GM[9]\nPB[b]PW[w]\n;B[C8-C6]\n;W[A2-C2]\n)\n"

// zeros is an endless stream of zero bytes, like /dev/zero, that counts
// what was read from it.
type zeros struct{ n atomic.Int64 }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.n.Add(int64(len(p)))
	return len(p), nil
}

// noise is an endless stream of random bytes, like /dev/urandom but the
// same at every run, that counts what was read from it. Past guard bytes
// it fails, so that a reader that does not stop fails the test rather
// than take the machine's memory.
type noise struct {
	r     *rand.ChaCha8
	n     atomic.Int64
	guard int64
}

func newNoise() *noise {
	return &noise{r: rand.NewChaCha8([32]byte{'a', 'r', 'b'}), guard: 2 * notation.MaxGame}
}

func (z *noise) Read(p []byte) (int, error) {
	if z.n.Load() > z.guard {
		return 0, fmt.Errorf("the test's endless random stream: read past %d MiB", z.guard>>20)
	}
	z.r.Read(p)
	z.n.Add(int64(len(p)))
	return len(p), nil
}

// write writes data to a new file in dir and returns its path.
func write(t *testing.T, dir, name, data string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRead(t *testing.T) {
	dir := t.TempDir()
	games := strings.Repeat(game, 3)
	file := write(t, dir, "games.agn", games)
	empty := write(t, dir, "empty.agn", "")
	// More than a stream is looked at in (8 MiB), in whole games.
	long := strings.Repeat(game, 9<<20/len(game)+1)
	longSGF := strings.Repeat(sgfGame, 9<<20/len(sgfGame)+1)
	tests := []struct {
		name     string
		file     string
		opts     input.Options
		wantName string
		want     string // the data
		err      string // the error; "" for none
	}{
		{name: "read", file: file, wantName: file, want: games},
		{name: "mapped", file: file, opts: input.Options{Map: true}, wantName: file, want: games},
		{name: "empty, not mapped", file: empty, opts: input.Options{Map: true}, wantName: empty, want: ""},
		{name: "stdin", file: "-", opts: input.Options{Stdin: strings.NewReader(games), Records: records}, wantName: "<stdin>", want: games},
		{name: "long stream", file: "-", opts: input.Options{Stdin: strings.NewReader(long), Records: records}, wantName: "<stdin>", want: long},
		{name: "long SGF stream", file: "-", opts: input.Options{Stdin: strings.NewReader(longSGF), Records: records}, wantName: "<stdin>", want: longSGF},
		{name: "missing", file: filepath.Join(dir, "none.agn"), err: "read " + filepath.Join(dir, "none.agn") + ": no such file or directory"},
		{name: "missing, mapped", file: filepath.Join(dir, "none.agn"), opts: input.Options{Map: true}, err: "read " + filepath.Join(dir, "none.agn") + ": no such file or directory"},
		{name: "directory", file: dir, opts: input.Options{Map: true}, err: "read " + dir + ": is a directory"},
		{name: "stdin fails", file: "-", opts: input.Options{Stdin: io.MultiReader(strings.NewReader(game), failing{})}, err: "read <stdin>: the disk is on fire"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := input.Read(context.Background(), tt.file, tt.opts)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("Read(%q) = %v; want error %q", tt.file, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Read(%q) = %v; want no error", tt.file, err)
			}
			if f.Name != tt.wantName || string(f.Data) != tt.want {
				t.Errorf("Read(%q) = %q, %d bytes; want %q, %d bytes", tt.file, f.Name, len(f.Data), tt.wantName, len(tt.want))
			}
			f.Release()
			f.Release() // a second time does nothing
			if tt.opts.Map && len(tt.want) > 0 && f.Data != nil {
				t.Errorf("Read(%q): Data is left after Release", tt.file)
			}
		})
	}
}

type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, errors.New("the disk is on fire") }

// TestReadBounded checks that a stream of records is read no further than
// its last game needs, and that the game too long is located as replay
// locates it in a file.
func TestReadBounded(t *testing.T) {
	head := strings.Repeat(game, 3)
	tests := []struct {
		name      string
		stdin     io.Reader
		line, col int
		index     int
	}{
		// Text with no game boundary: the first game.
		{"zeros", &zeros{}, 1, 1, 1},
		// Zeros glued to the movetext of the third game extend it.
		{"games then zeros", io.MultiReader(strings.NewReader(head), &zeros{}), 13, 1, 3},
		// A fourth game, of tags, that never ends.
		{"games then endless tags", io.MultiReader(strings.NewReader(head+"\n[Game \"x\"]\n"), &zeros{}), 20, 1, 4},
		// SGF game trees, then one whose comment never ends.
		{"SGF games then an endless comment", io.MultiReader(strings.NewReader(strings.Repeat(sgfGame, 3)+"(;GM[9]C["), &zeros{}), 16, 1, 4},
		// Random bytes, which the splitter cuts into short chunks that
		// open no game: the first game, after the white space that
		// the random bytes begin with.
		{"random bytes", newNoise(), 1, 2, 1},
		// Random bytes after the movetext of the third game: the
		// chunks they make open no game, and count with the third.
		{"games then random bytes", io.MultiReader(strings.NewReader(head), newNoise()), 13, 1, 3},
		// Random bytes read as SGF (a first "("): the first game tree.
		{"random SGF", io.MultiReader(strings.NewReader("("), newNoise()), 1, 1, 1},
		// SGF game trees, then random bytes after a "(": the chunks
		// they make open no game tree, and count with the third.
		{"SGF games then random bytes", io.MultiReader(strings.NewReader(strings.Repeat(sgfGame, 3)+"("), newNoise()), 11, 1, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := input.Read(context.Background(), "-", input.Options{Stdin: tt.stdin, Records: records})
			var tl *notation.TooLongError
			if !errors.As(err, &tl) {
				t.Fatalf("Read = %v, %v; want a *notation.TooLongError", f, err)
			}
			want := notation.TooLongError{File: "<stdin>", Line: tt.line, Col: tt.col, Index: tt.index}
			if *tl != want {
				t.Errorf("Read: %+v; want %+v", *tl, want)
			}
		})
	}
	// What it read: the largest game, plus what comes in before the
	// reader looks again (8 MiB).
	z := &zeros{}
	input.Read(context.Background(), "-", input.Options{Stdin: z, Records: records})
	if most := int64(notation.MaxGame + 9<<20); z.n.Load() > most {
		t.Errorf("Read of endless zeros read %d MiB; want at most %d", z.n.Load()>>20, most>>20)
	}
	r := newNoise()
	input.Read(context.Background(), "-", input.Options{Stdin: r, Records: records})
	if most := int64(notation.MaxGame + 9<<20); r.n.Load() > most {
		t.Errorf("Read of endless random bytes read %d MiB; want at most %d", r.n.Load()>>20, most>>20)
	}
}

// TestReadLongStream checks that a stream of games longer than the
// largest game is read whole: each game opens one (see TestOpens for the
// ways a game opens).
func TestReadLongStream(t *testing.T) {
	for _, g := range []string{game, sgfGame} {
		text := strings.Repeat(g, notation.MaxGame/len(g)+1)
		f, err := input.Read(context.Background(), "-", input.Options{Stdin: strings.NewReader(text), Records: records})
		if err != nil || len(f.Data) != len(text) {
			t.Errorf("Read of %d MiB of %q = %v; want all of it", len(text)>>20, g, err)
		}
	}
}

// TestReadLimit checks that Options.Limit bounds every kind of file: a
// regular file by its size, before it is read, and a stream as it comes,
// holding no more than the limit and a chunk.
func TestReadLimit(t *testing.T) {
	dir := t.TempDir()
	small := write(t, dir, "small.fen", "0123456789")
	big := write(t, dir, "big.fen", strings.Repeat("x", 2<<20+1))
	tests := []struct {
		name  string
		file  string
		stdin io.Reader
		limit int64
		err   string // "" for none
	}{
		{name: "file within", file: small, limit: 10},
		{name: "file over", file: small, limit: 9, err: "read " + small + ": larger than 9 bytes"},
		{name: "file over, mapped", file: big, limit: 2 << 20, err: "read " + big + ": larger than 2 MiB"},
		{name: "stream within", file: "-", stdin: strings.NewReader("0123456789"), limit: 10},
		{name: "stream over", file: "-", stdin: strings.NewReader("0123456789"), limit: 4, err: "read <stdin>: larger than 4 bytes"},
		{name: "endless stream", file: "-", stdin: &zeros{}, limit: 1 << 10, err: "read <stdin>: larger than 1 KiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := input.Read(context.Background(), tt.file, input.Options{Map: true, Stdin: tt.stdin, Limit: tt.limit})
			if tt.err == "" {
				if err != nil {
					t.Fatalf("Read(%q) = %v; want no error", tt.file, err)
				}
				f.Release()
				return
			}
			var le *input.LimitError
			if !errors.As(err, &le) || err.Error() != tt.err {
				t.Fatalf("Read(%q) = %v; want the *LimitError %q", tt.file, err, tt.err)
			}
		})
	}
	z := &zeros{}
	input.Read(context.Background(), "-", input.Options{Stdin: z, Limit: 1 << 20})
	if most := int64(2 << 20); z.n.Load() > most {
		t.Errorf("Read of endless zeros with a 1 MiB limit read %d bytes; want at most %d", z.n.Load(), most)
	}
}

// TestReadNotRecords checks that without Records a stream is read to its
// end, however long a game it holds.
func TestReadNotRecords(t *testing.T) {
	data := bytes.Repeat([]byte{'x'}, notation.MaxGame+1)
	f, err := input.Read(context.Background(), "-", input.Options{Stdin: bytes.NewReader(data)})
	if err != nil || len(f.Data) != len(data) {
		t.Fatalf("Read = %v; want all %d bytes", err, len(data))
	}
}

// blocking is a stream that never gives a byte: a terminal no one types
// at. reading is closed once a read waits on it.
type blocking struct {
	unblock chan struct{}
	reading chan struct{}
	once    *sync.Once
}

func newBlocking() blocking {
	return blocking{make(chan struct{}), make(chan struct{}), new(sync.Once)}
}

func (b blocking) Read([]byte) (int, error) {
	b.once.Do(func() { close(b.reading) })
	<-b.unblock
	return 0, io.EOF
}

// TestReadCancel checks that Read returns ctx.Err() once its context is
// done, while the read waits and while data keeps coming.
func TestReadCancel(t *testing.T) {
	tests := []struct {
		name  string
		stdin io.Reader
		// reading reports whether Read has begun reading stdin, so that
		// the cancel comes during the read; nil: cancelled before Read.
		reading func() bool
	}{
		{"cancelled before", strings.NewReader(game), nil},
		{"waiting for input", newBlocking(), nil},
		{"endless input", &zeros{}, nil},
	}
	tests[1].reading = func() bool {
		select {
		case <-tests[1].stdin.(blocking).reading:
			return true
		default:
			return false
		}
	}
	tests[2].reading = func() bool { return tests[2].stdin.(*zeros).n.Load() > 0 }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if b, ok := tt.stdin.(blocking); ok {
				defer close(b.unblock) // lets the abandoned read end
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.reading == nil {
				cancel()
			}
			done := make(chan error, 1)
			go func() {
				_, err := input.Read(ctx, "-", input.Options{Stdin: tt.stdin})
				done <- err
			}()
			const guard = time.Minute
			if tt.reading != nil {
				for start := time.Now(); !tt.reading(); time.Sleep(time.Millisecond) {
					if time.Since(start) > guard {
						t.Fatalf("Read did not begin reading within %v", guard)
					}
				}
				cancel()
			}
			select {
			case err := <-done:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("Read = %v; want context.Canceled", err)
				}
			case <-time.After(guard):
				t.Fatalf("Read still running %v after it was cancelled", guard)
			}
		})
	}
}

// records bounds the tests' streams as the commands do.
func records() input.Bound { return replay.NewStreamBound() }

// TestReadAll: the files come in order, standard input among them; an
// unreadable one fails the whole read.
func TestReadAll(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.agn")
	if err := os.WriteFile(a, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := input.ReadAll(context.Background(), []string{a, "-"}, input.Options{Map: true, Stdin: strings.NewReader(sgfGame)})
	if err != nil || len(files) != 2 || string(files[0].Data) != game || string(files[1].Data) != sgfGame {
		t.Fatalf("ReadAll = %d files, %v; want a.agn and standard input", len(files), err)
	}
	input.ReleaseAll(files)
	missing := filepath.Join(dir, "missing.agn")
	if files, err := input.ReadAll(context.Background(), []string{a, missing}, input.Options{}); err == nil || files != nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("ReadAll with a missing file = %d files, %v; want none and an error naming it", len(files), err)
	}
}
