package serve

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// The bounds of what clients may hold of the server, each a default of a
// Server field (zero takes the default).
const (
	// DefaultReadHeaderTimeout bounds the reading of a request's header,
	// from its first byte (or the connection's opening) on: a connection
	// that sends a part of one, or nothing, is closed after it.
	DefaultReadHeaderTimeout = 10 * time.Second
	// DefaultIdleTimeout bounds how long a keep-alive connection waits for
	// its next request. An open page asks for its live part every second,
	// so it keeps its connection well within this.
	DefaultIdleTimeout = 30 * time.Second
	// DefaultWriteTimeout bounds a request from the end of its header to
	// the end of its answer (and its whole reading, body too, to this and
	// the read-header timeout together). Every answer is one response
	// written from memory or one game replayed, and the live parts are
	// asked for, not pushed over a held response, so no answer needs
	// longer.
	DefaultWriteTimeout = 30 * time.Second
	// DefaultMaxConnsPerIP bounds the connections one remote address holds
	// at once: a browser opens six or so, and a client that opens more
	// has its new ones closed at once. Behind a reverse proxy every
	// visitor has the proxy's address and shares its bound.
	DefaultMaxConnsPerIP = 64
	// maxConnsCap bounds every connection held at once, or the process's
	// descriptor limit less descriptorReserve when that is lower: a
	// read-only view has few visitors, and a bound below the limit keeps
	// the server able to accept (and so to free places, see
	// limitListener) where the limit would make every accept fail.
	maxConnsCap = 1024
	// descriptorReserve is kept for what is not a connection: the
	// database's files or connections, the listener, stderr.
	descriptorReserve = 128
)

// defaultMaxConns is the bound of every connection held at once: maxConnsCap,
// or less on a process that may open fewer descriptors.
func defaultMaxConns() int { return maxConnsFor(descriptorLimit()) }

// maxConnsFor is the bound of connections for a descriptor limit (known:
// the system gives one).
func maxConnsFor(limit uint64, known bool) int {
	if !known || limit >= maxConnsCap+descriptorReserve {
		return maxConnsCap
	}
	return max(int(limit)-descriptorReserve, 8)
}

// limitListener accepts at most perIP connections from one remote address
// and total connections in all. A connection past its address's bound is
// closed at once. A connection past the total takes the place of the one
// that has waited longest for a request (a new connection or an idle
// keep-alive one, which a client opens again at no loss), so that a new
// visitor is answered while others hold every place; when every
// connection is busy with a request, the new one is closed.
type limitListener struct {
	net.Listener
	perIP, total int

	mu   sync.Mutex
	byIP map[string]int
	open map[*limitConn]struct{}
}

func newLimitListener(ln net.Listener, perIP, total int) *limitListener {
	return &limitListener{Listener: ln, perIP: perIP, total: total,
		byIP: map[string]int{}, open: map[*limitConn]struct{}{}}
}

// limitConn is a connection of a limitListener.
type limitConn struct {
	net.Conn
	l  *limitListener
	ip string
	// waiting: the connection waits for a request (new or idle), since
	// when; guarded by l.mu.
	waiting bool
	since   time.Time
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := c.RemoteAddr().String()
		if host, _, err := net.SplitHostPort(ip); err == nil {
			ip = host
		}
		l.mu.Lock()
		if l.byIP[ip] >= l.perIP {
			l.mu.Unlock()
			c.Close()
			continue
		}
		var evict *limitConn
		if len(l.open) >= l.total {
			for o := range l.open {
				if o.waiting && (evict == nil || o.since.Before(evict.since)) {
					evict = o
				}
			}
			if evict == nil {
				l.mu.Unlock()
				c.Close()
				continue
			}
			l.forget(evict)
		}
		lc := &limitConn{Conn: c, l: l, ip: ip, waiting: true, since: time.Now()}
		l.open[lc] = struct{}{}
		l.byIP[ip]++
		l.mu.Unlock()
		if evict != nil {
			evict.Conn.Close()
		}
		return lc, nil
	}
}

// forget takes c out of the counts, once; l.mu is held.
func (l *limitListener) forget(c *limitConn) {
	if _, ok := l.open[c]; !ok {
		return
	}
	delete(l.open, c)
	if l.byIP[c.ip]--; l.byIP[c.ip] <= 0 {
		delete(l.byIP, c.ip)
	}
}

func (c *limitConn) Close() error {
	c.l.mu.Lock()
	c.l.forget(c)
	c.l.mu.Unlock()
	return c.Conn.Close()
}

// connState is the http.Server's ConnState: it tells the listener which
// connections wait for a request.
func (l *limitListener) connState(c net.Conn, st http.ConnState) {
	lc, ok := c.(*limitConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch st {
	case http.StateNew, http.StateIdle:
		lc.waiting, lc.since = true, time.Now()
	case http.StateActive:
		lc.waiting = false
	case http.StateHijacked, http.StateClosed:
		l.forget(lc)
	}
}
