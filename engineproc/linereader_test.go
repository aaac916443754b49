package engineproc

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/shorten"
)

// chunks is a reader that returns its pieces one per Read; a nil piece is
// a read that fails with a passed deadline.
type chunks [][]byte

func (c *chunks) Read(p []byte) (int, error) {
	if len(*c) == 0 {
		return 0, io.EOF
	}
	b := (*c)[0]
	if b == nil {
		*c = (*c)[1:]
		return 0, os.ErrDeadlineExceeded
	}
	n := copy(p, b)
	if n == len(b) {
		*c = (*c)[1:]
	} else {
		(*c)[0] = b[n:]
	}
	return n, nil
}

// readAll cuts the pieces into lines as recv does, writing a long line as
// "LONG", a failed read as "DEADLINE" and the end as "EOF".
func readAll(pieces ...string) []string {
	var c chunks
	for _, p := range pieces {
		if p == "!" {
			c = append(c, nil)
		} else {
			c = append(c, []byte(p))
		}
	}
	lr := lineReader{buf: make([]byte, 16)}
	var out []string
	show := func(l line) string {
		if l.long {
			return "LONG"
		}
		return fmt.Sprintf("%q", l.text)
	}
	for range 1000 {
		if l, ok := lr.next(); ok {
			out = append(out, show(l))
			continue
		}
		err := lr.fill(&c)
		switch {
		case err == nil:
		case err == os.ErrDeadlineExceeded:
			out = append(out, "DEADLINE")
		default:
			for {
				l, ok := lr.next()
				if !ok {
					l, ok = lr.rest()
				}
				if !ok {
					break
				}
				out = append(out, show(l))
			}
			return append(out, "EOF")
		}
	}
	return append(out, "LOOP")
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", MaxLine)
	tests := []struct {
		name   string
		pieces []string
		want   string
	}{
		{"lines", []string{"readyok\nbestmove a1\n"}, `"readyok" "bestmove a1" EOF`},
		{"split across reads", []string{"best", "move", " c1-a3\nin", "fo\n"}, `"bestmove c1-a3" "info" EOF`},
		{"partial line kept across a deadline", []string{"bestm", "!", "ove 2\n"}, `DEADLINE "bestmove 2" EOF`},
		{"carriage returns", []string{"ugiok\r\n\r\n"}, `"ugiok" "" EOF`},
		{"last line without newline", []string{"bestmove 3"}, `"bestmove 3" EOF`},
		{"long line then more", []string{long, "yy\nreadyok\n"}, `LONG "readyok" EOF`},
		{"long line at the end", []string{long, "yy"}, `LONG EOF`},
		{"long line returned before its end", []string{long, "!", "yy\nreadyok\n"}, `LONG DEADLINE "readyok" EOF`},
		{"long line returned before the output ends", []string{long, long, long, "!"}, `LONG DEADLINE EOF`},
		{"longest line that fits", []string{long[1:] + "\n"}, fmt.Sprintf("%q EOF", long[1:])},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Join(readAll(tc.pieces...), " ")
			if got != tc.want {
				if len(got) > 200 {
					got = got[:200] + "..."
				}
				t.Errorf("lines = %s; want %s", got, shorten.To(tc.want, 200))
			}
		})
	}
}
