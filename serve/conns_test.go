package serve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// guard bounds every wait for the server to close a connection: far
// longer than the short bounds the tests set, and shorter than the
// defaults, so that a bound not applied is not mistaken for one.
const guard = 5 * time.Second

// running serves s on a free loopback port until the test ends and
// returns its address.
func running(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return ln.Addr().String()
}

// client is a connection to the server with its reader.
type client struct {
	net.Conn
	r *bufio.Reader
}

// dial connects to addr from the loopback address from (127.0.0.1 or
// another of 127/8).
func dial(t *testing.T, from, addr string) *client {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: guard}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		if from != "127.0.0.1" && runtime.GOOS != "linux" {
			t.Skipf("dial from %s: %v (only Linux answers on every address of 127/8)", from, err)
		}
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &client{Conn: c, r: bufio.NewReader(c)}
}

// get asks for the index page on c, keeping the connection open, and
// returns the status.
func (c *client) get() (int, error) {
	c.SetDeadline(time.Now().Add(guard))
	defer c.SetDeadline(time.Time{})
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: arbiter\r\n\r\n"); err != nil {
		return 0, err
	}
	res, err := http.ReadResponse(c.r, nil)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return 0, err
	}
	return res.StatusCode, nil
}

// closed waits for the server to close c, for at most guard; it returns
// nil once c's read ends (EOF or a reset), else what it read or waited.
func (c *client) closed() error {
	c.SetReadDeadline(time.Now().Add(guard))
	b, err := c.r.ReadByte()
	switch {
	case err == nil:
		return fmt.Errorf("read %q; want the connection closed", b)
	case errors.Is(err, io.EOF), errors.Is(err, syscall.ECONNRESET):
		return nil
	case errors.Is(err, os.ErrDeadlineExceeded):
		return fmt.Errorf("the connection is still open after %v", guard)
	}
	return err
}

// TestTimeouts: the server closes a keep-alive connection idle for its
// idle timeout, and a connection whose request header does not come
// whole within its read-header timeout.
func TestTimeouts(t *testing.T) {
	db := fixture(t)
	long := time.Minute
	tests := []struct {
		name             string
		readHeader, idle time.Duration
		start            func(c *client) error // what the client does before it waits
	}{
		{"idle", long, 50 * time.Millisecond,
			func(c *client) error {
				status, err := c.get()
				if err == nil && status != http.StatusOK {
					err = fmt.Errorf("status %d; want 200", status)
				}
				return err
			}},
		{"partial header", 50 * time.Millisecond, long,
			func(c *client) error {
				_, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: arb")
				return err
			}},
		{"nothing sent", 50 * time.Millisecond, long,
			func(c *client) error { return nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(db, "s.db")
			s.ReadHeaderTimeout, s.IdleTimeout, s.WriteTimeout = tt.readHeader, tt.idle, long
			c := dial(t, "127.0.0.1", running(t, s))
			if err := tt.start(c); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if err := c.closed(); err != nil {
				t.Errorf("%s connection: %v; want it closed by the server", tt.name, err)
			}
		})
	}
}

// TestConnBounds: a client holding its address's bound of connections has
// its next ones closed at once while the ones it holds are served, and a
// visitor from another address is answered; with every place of the
// total bound held by idle connections, a new visitor is answered in the
// place of the oldest.
func TestConnBounds(t *testing.T) {
	db := fixture(t)
	const bound = 4
	// Each of held connections has been answered once, so that the
	// server has accepted and counted it, and waits idle.
	hold := func(t *testing.T, addr string) []*client {
		t.Helper()
		var held []*client
		for i := range bound {
			c := dial(t, "127.0.0.1", addr)
			if status, err := c.get(); err != nil || status != http.StatusOK {
				t.Fatalf("held connection %d: %d, %v; want 200", i+1, status, err)
			}
			held = append(held, c)
		}
		return held
	}
	answered := func(t *testing.T, c *client, what string) {
		t.Helper()
		if status, err := c.get(); err != nil || status != http.StatusOK {
			t.Errorf("%s: %d, %v; want 200", what, status, err)
		}
	}

	t.Run("per address", func(t *testing.T) {
		s := New(db, "s.db")
		s.MaxConnsPerIP, s.MaxConns = bound, 100
		addr := running(t, s)
		held := hold(t, addr)
		for i := range 2 {
			if err := dial(t, "127.0.0.1", addr).closed(); err != nil {
				t.Errorf("connection %d from the same address: %v; want it closed at once", bound+i+1, err)
			}
		}
		for i, c := range held {
			answered(t, c, fmt.Sprintf("held connection %d, asked again", i+1))
		}
		answered(t, dial(t, "127.0.0.2", addr), "a visitor from 127.0.0.2")
	})

	t.Run("total", func(t *testing.T) {
		s := New(db, "s.db")
		s.MaxConnsPerIP, s.MaxConns = 100, bound
		addr := running(t, s)
		held := hold(t, addr)
		answered(t, dial(t, "127.0.0.2", addr), "a visitor from 127.0.0.2 with every place held")
		// One idle connection made room (the oldest, unless the server had
		// not yet marked it idle after its answer): it is closed, and the
		// others still answer.
		closed := 0
		for _, c := range held {
			if status, err := c.get(); err != nil {
				closed++
			} else if status != http.StatusOK {
				t.Errorf("held connection asked again: %d; want 200", status)
			}
		}
		if closed != 1 {
			t.Errorf("held connections closed for the visitor: %d; want 1", closed)
		}
	})
}

// TestMaxConnsFor: the bound of every connection stays below the process's
// descriptor limit, with room for the database and the listener.
func TestMaxConnsFor(t *testing.T) {
	tests := []struct {
		limit uint64
		known bool
		want  int
	}{
		{1 << 20, true, maxConnsCap},
		{maxConnsCap + descriptorReserve, true, maxConnsCap},
		{1024, true, 1024 - descriptorReserve},
		{200, true, 200 - descriptorReserve},
		{100, true, 8},
		{0, false, maxConnsCap},
	}
	for _, tt := range tests {
		if got := maxConnsFor(tt.limit, tt.known); got != tt.want {
			t.Errorf("maxConnsFor(%d, %v) = %d; want %d", tt.limit, tt.known, got, tt.want)
		}
	}
}
