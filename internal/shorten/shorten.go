// Package shorten clips text of any length for the messages that quote it:
// an engine's line, a UGI command, a record's token, a position text's
// field.
package shorten

import "unicode/utf8"

// To returns s itself when it has at most n bytes, else at most n bytes of
// it, ending on a whole UTF-8 character, and "…".
func To(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
