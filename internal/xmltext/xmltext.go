// Package xmltext keeps text fit for XML 1.0 and HTML: the characters XML
// 1.0 forbids (the C0 controls but tab, newline and carriage return; the
// surrogates; U+FFFE and U+FFFF) and bytes that are not UTF-8 become U+FFFD.
// A record may hold them (a player's name with U+FFFE is a valid tag
// value), and a browser refuses an SVG picture that carries one.
//
//	b.WriteString(html.EscapeString(xmltext.Clean(name)))
package xmltext

import (
	"io"
	"strings"
	"unicode/utf8"
)

// Legal reports whether XML 1.0 allows r in a document.
func Legal(r rune) bool {
	switch {
	case r < 0x20:
		return r == '\t' || r == '\n' || r == '\r'
	case r <= 0xD7FF:
		return true
	case r < 0xE000:
		return false // the surrogates
	case r <= 0xFFFD:
		return true
	default:
		return 0x10000 <= r && r <= utf8.MaxRune
	}
}

// Clean returns s with each character XML 1.0 forbids, and each byte that
// is not UTF-8, replaced by U+FFFD; s itself when it has none.
func Clean(s string) string {
	i := firstIllegal(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		// A byte that is not UTF-8 ranges as utf8.RuneError, U+FFFD.
		if !Legal(r) {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return b.String()
}

// CleanBytes is Clean for a byte slice: b itself when it has nothing to
// replace, else a new slice.
func CleanBytes(b []byte) []byte {
	if firstIllegal(string(b)) < 0 {
		return b
	}
	return []byte(Clean(string(b)))
}

// firstIllegal returns the index of the first character of s that Clean
// replaces, or -1.
func firstIllegal(s string) int {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !Legal(r) {
			return i
		}
		i += n
	}
	return -1
}

// Writer writes what is written to it to another writer, cleaned as Clean
// cleans it, without holding more than a character: the start of a
// character that a write splits waits for the next write, or for Flush.
type Writer struct {
	w       io.Writer
	pending [utf8.UTFMax]byte
	n       int // bytes pending
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes p cleaned; it reports len(p) written unless w fails.
func (cw *Writer) Write(p []byte) (int, error) {
	data := p
	if cw.n > 0 {
		data = append(cw.pending[:cw.n:cw.n], p...)
		cw.n = 0
	}
	// Hold back a character the write splits: a rune start in the last
	// UTFMax-1 bytes whose sequence is not whole yet.
	cut := len(data)
	for i := len(data) - 1; i >= 0 && i >= len(data)-(utf8.UTFMax-1); i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				cut = i
			}
			break
		}
	}
	cw.n = copy(cw.pending[:], data[cut:])
	if _, err := cw.w.Write(CleanBytes(data[:cut])); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what is held back: the start of a character that never
// ended, as U+FFFD.
func (cw *Writer) Flush() error {
	if cw.n == 0 {
		return nil
	}
	b := CleanBytes(cw.pending[:cw.n])
	cw.n = 0
	_, err := cw.w.Write(b)
	return err
}
