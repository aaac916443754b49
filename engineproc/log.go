package engineproc

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Log is the engine communication log (arbiter tournament --log): every
// line exchanged with every engine, one a line:
//
//	MS WORKER/SLOT ENGINE DIR TEXT
//
// MS is milliseconds since the tournament run started (monotonic), WORKER
// the worker that plays the game (1 and up; "-" for the runner's own
// checks before the first game), SLOT the game's schedule slot ("-" outside
// a game), ENGINE the engine's name in the config ("-" for a note of the
// runner's), DIR ">" for a line sent to the engine, "<" for one read from
// it and "!" for a note (a warning, the start of a run), TEXT the line: as
// it is, or quoted as a Go string when it starts with a '"' or holds what
// a terminal would act on or a reader take for a line of its own (see
// appendText).
//
// Games played at once run in worker processes (see package worker), each with a
// Log of its own on the same file. A Log keeps whole lines in a buffer and
// writes them with one write(2) on a file opened with O_APPEND, which the
// kernel does at the file's end as a whole: lines of concurrent games never
// interleave mid-line. The buffer is written when it holds logFlushSize
// bytes, every logFlushEvery, at each Note and at Close, so that logging costs a
// mutex and a copy per line, not a system call; lines of different
// processes may therefore be out of time order by up to logFlushEvery
// (sort -n on the first column orders them).
type Log struct {
	keep  LogKeep
	mu    sync.Mutex
	f     *os.File
	buf   []byte
	start time.Time
	err   error // the first write error; later lines are dropped
	stop  chan struct{}
	done  chan struct{}
}

// Log's buffering.
const (
	logFlushSize  = 32 << 10
	logFlushEvery = 100 * time.Millisecond
)

// LogKeep says which lines a Log leaves out, as fastchess's -log engine=
// and level= do: the lines exchanged with the engines, or the warnings
// about them. The note of a run's start is always written: the lines after
// it are timed from it.
type LogKeep struct {
	NoEngines  bool `json:"no_engines,omitempty"`
	NoWarnings bool `json:"no_warnings,omitempty"`
}

// OpenLog opens the log file at path for appending (truncating it first
// when truncate is set), timing lines from start; keep leaves lines out.
func OpenLog(path string, start time.Time, truncate bool, keep LogKeep) (*Log, error) {
	flags := os.O_WRONLY | os.O_APPEND | os.O_CREATE
	if truncate {
		flags |= os.O_TRUNC
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return nil, fmt.Errorf("engine log: %w", err)
	}
	l := &Log{keep: keep, f: f, buf: make([]byte, 0, logFlushSize+1024), start: start,
		stop: make(chan struct{}), done: make(chan struct{})}
	go l.flusher()
	return l, nil
}

func (l *Log) flusher() {
	defer close(l.done)
	t := time.NewTicker(logFlushEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			l.mu.Lock()
			l.flush()
			l.mu.Unlock()
		case <-l.stop:
			return
		}
	}
}

// flush writes the buffer; l.mu is held.
func (l *Log) flush() {
	if len(l.buf) == 0 {
		return
	}
	if l.err == nil {
		_, l.err = l.f.Write(l.buf)
	}
	l.buf = l.buf[:0]
}

// logName is an engine's name as the log's ENGINE column: the name itself,
// or, when it is empty or has a space, a '"' or a character that is not
// printable, the name quoted as a Go string ("my engine" for my engine).
func logName(name string) string {
	if name == "" || strings.HasPrefix(name, `"`) || strings.IndexFunc(name, func(r rune) bool {
		return r == ' ' || !unicode.IsPrint(r) || r == utf8.RuneError
	}) >= 0 {
		return strconv.Quote(name)
	}
	return name
}

// Note logs a note of the runner's: "-/- - ! text". A note is written
// through at once, with the lines buffered before it: a run's note of its
// start is in the file before any line of a worker process that starts
// after it, whatever the speed of the machine.
func (l *Log) Note(text string) {
	logLine(l, "-/- -", '!', text)
	l.mu.Lock()
	l.flush()
	l.mu.Unlock()
}

// line logs one line: who is "worker/slot engine", dir '>' or '<'.
func (l *Log) line(who string, dir byte, text string) {
	if !l.keep.NoEngines {
		logLine(l, who, dir, text)
	}
}

// warning logs a warning about an engine: "worker/slot engine ! warning: text".
func (l *Log) warning(who, text string) {
	if !l.keep.NoWarnings {
		logLine(l, who, '!', "warning: "+text)
	}
}

func logLine[T string | []byte](l *Log, who string, dir byte, text T) {
	ms := time.Since(l.start).Milliseconds()
	l.mu.Lock()
	b := strconv.AppendInt(l.buf, ms, 10)
	b = append(b, ' ')
	b = append(b, who...)
	b = append(b, ' ', dir, ' ')
	b = appendText(b, text)
	l.buf = append(b, '\n')
	if len(l.buf) >= logFlushSize {
		l.flush()
	}
	l.mu.Unlock()
}

// appendText appends a line's TEXT column to b: the line as it is, or,
// when it starts with a '"' or holds a control character other than a tab
// (ESC, which a terminal showing the log would act on; CR, with which an
// engine could write over the start of its line and forge one; NUL, BEL),
// a character that is not printable or invalid UTF-8, the line quoted as a
// Go string ("\x1b[2Jbestmove a1\r"), as the ENGINE column is.
func appendText[T string | []byte](b []byte, text T) []byte {
	if len(text) > 0 && text[0] == '"' {
		return strconv.AppendQuote(b, string(text))
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c >= utf8.RuneSelf:
			if !printable(string(text[i:])) {
				return strconv.AppendQuote(b, string(text))
			}
			return append(b, text...)
		case c < ' ' && c != '\t' || c == 0x7f:
			return strconv.AppendQuote(b, string(text))
		}
	}
	return append(b, text...)
}

// printable reports whether s is valid UTF-8 of printable characters and
// tabs.
func printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || r != '\t' && !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// lines logs each line of b (commands as sent: lines ending in '\n').
func (l *Log) lines(who string, dir byte, b []byte) {
	if l.keep.NoEngines {
		return
	}
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] != '\n' {
			i++
		}
		logLine(l, who, dir, b[:i])
		if i < len(b) {
			i++
		}
		b = b[i:]
	}
}

// Close writes what is buffered and closes the file; it returns the first
// write error, if any.
func (l *Log) Close() error {
	close(l.stop)
	<-l.done
	l.mu.Lock()
	defer l.mu.Unlock()
	l.flush()
	if err := l.f.Close(); err != nil && l.err == nil {
		l.err = err
	}
	if l.err != nil {
		return fmt.Errorf("engine log: %w", l.err)
	}
	return nil
}
