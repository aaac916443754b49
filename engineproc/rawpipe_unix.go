//go:build unix

package engineproc

import (
	"io"
	"os"
	"syscall"
	"time"
	"unsafe"
)

// rawPipe reads and writes one end of a pipe to an engine with raw system
// calls, waiting in the runtime's poller (with the file's deadlines) only
// when the pipe is empty or full.
//
// A move is one write and one or two reads. Through os.File each is a
// system call that the scheduler is told of: it wakes the runtime's
// monitor thread, which the process going idle between moves had put to
// sleep, and which then polls every 20 µs for a while; on a busy machine a
// call that takes long hands the processor to another thread. That costs
// more than the move's own work. The pipe is non-blocking (os.Pipe makes
// it so), so a raw call cannot block the thread.
type rawPipe struct {
	f  *os.File
	rc syscall.RawConn
	// The call in progress: its buffer, what it did, its error. The
	// methods below are bound once (readFn, writeFn), so that a call
	// allocates nothing.
	p       []byte
	n       int
	err     error
	readFn  func(fd uintptr) bool
	writeFn func(fd uintptr) bool
	tryFn   func(fd uintptr) bool
}

// rawPipeOf returns f's rawPipe; ok is false where f has no raw
// connection.
func rawPipeOf(f *os.File) (p pipeEnd, ok bool) {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, false
	}
	r := &rawPipe{f: f, rc: rc}
	r.readFn, r.writeFn = r.read, r.write
	r.tryFn = func(fd uintptr) bool {
		r.write(fd)
		return true // done, full or not: no wait
	}
	return r, true
}

// Read reads what the pipe holds into p, waiting (up to the read deadline)
// while it holds nothing; it returns io.EOF at the end of the output.
func (r *rawPipe) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	r.p, r.n, r.err = p, 0, nil
	err := r.rc.Read(r.readFn)
	r.p = nil
	if err != nil {
		return 0, err
	}
	return r.n, r.err
}

// read is one read(2) of fd: false (wait and try again) when the pipe is
// empty.
func (r *rawPipe) read(fd uintptr) bool {
	for {
		n, _, errno := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&r.p[0])), uintptr(len(r.p)))
		switch {
		case errno == syscall.EINTR:
			continue
		case errno == syscall.EAGAIN:
			return false
		case errno != 0:
			r.err = errno
		case n == 0:
			r.err = io.EOF
		default:
			r.n = int(n)
		}
		return true
	}
}

// Write writes all of p, waiting (up to the write deadline) while the pipe
// is full.
func (r *rawPipe) Write(p []byte) (int, error) { return r.writeBy(p, r.writeFn) }

// TryWrite writes what the pipe takes of p without waiting: all of p, or
// less when the pipe fills up.
func (r *rawPipe) TryWrite(p []byte) (int, error) { return r.writeBy(p, r.tryFn) }

// writeBy writes p with fn (writeFn or tryFn) on the file's descriptor.
func (r *rawPipe) writeBy(p []byte, fn func(fd uintptr) bool) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	r.p, r.n, r.err = p, 0, nil
	err := r.rc.Write(fn)
	n := r.n
	r.p = nil
	if err == nil {
		err = r.err
	}
	return n, err
}

// write writes what is left of r.p to fd: false (wait and go on) when the
// pipe is full.
func (r *rawPipe) write(fd uintptr) bool {
	for r.n < len(r.p) {
		rest := r.p[r.n:]
		n, _, errno := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&rest[0])), uintptr(len(rest)))
		switch errno {
		case 0:
			r.n += int(n)
		case syscall.EINTR:
		case syscall.EAGAIN:
			return false
		default:
			r.err = errno
			return true
		}
	}
	return true
}

// SetReadDeadline sets the file's read deadline.
func (r *rawPipe) SetReadDeadline(t time.Time) error { return r.f.SetReadDeadline(t) }

// SetWriteDeadline sets the file's write deadline.
func (r *rawPipe) SetWriteDeadline(t time.Time) error { return r.f.SetWriteDeadline(t) }
