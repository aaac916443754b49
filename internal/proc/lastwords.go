package proc

import (
	"strings"

	"github.com/arbiter-games/arbiter/internal/shorten"
)

// LastWords picks what a dead process's stderr says of its end, clipped
// for a message: the line of a Go panic or fatal error (the trace under it
// says less), else the last non-empty line.
func LastWords(b []byte) string {
	s := strings.TrimSpace(string(b))
	for line := range strings.Lines(s) {
		if strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: ") {
			return shorten.To(strings.TrimSpace(line), 200)
		}
	}
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return shorten.To(strings.TrimSpace(s), 200)
}
