package proc

import "sync"

// Tail keeps the last bytes written to it: an engine's stderr, bounded so
// that an engine that floods it costs neither memory nor time.
type Tail struct {
	mu    sync.Mutex
	buf   []byte
	next  int  // where the next byte goes
	full  bool // buf has wrapped at least once
	total int64
}

func NewTail(size int) *Tail { return &Tail{buf: make([]byte, size)} }

// Write implements io.Writer; it never fails.
func (r *Tail) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(p)
	r.total += int64(n)
	if len(p) >= len(r.buf) {
		copy(r.buf, p[len(p)-len(r.buf):])
		r.next, r.full = 0, true
		return n, nil
	}
	c := copy(r.buf[r.next:], p)
	if c < len(p) {
		copy(r.buf, p[c:])
		r.full = true
	}
	r.next = (r.next + len(p)) % len(r.buf)
	if r.next == 0 && len(p) > 0 {
		r.full = true
	}
	return n, nil
}

// Bytes returns a copy of what the Tail holds, oldest first.
func (r *Tail) Bytes() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.full {
		return append([]byte(nil), r.buf[:r.next]...)
	}
	out := make([]byte, 0, len(r.buf))
	out = append(out, r.buf[r.next:]...)
	return append(out, r.buf[:r.next]...)
}

// Total is the number of bytes ever written.
func (r *Tail) Total() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.total
}
