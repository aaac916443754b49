package notation

import "testing"

// FuzzSkipTag checks skipTag's fast path against its byte-by-byte loop:
// where a tag ends, from every start in the input.
func FuzzSkipTag(f *testing.F) {
	for _, s := range []string{
		`[Event "x"]`, `[Board "0102/0304"]  ]`, `[A "a\"b"]`, `[A "a\\"]`, `[A "a\\\\"] x`,
		`[A "a\b"]`, `[A "x` + "\n" + `"]`, `[A "\"]`, `[A ""]`, `[A "x" ]`, `[A "x"x]`,
		`[A "x"` + "\t" + `]`, `[A x]`, `[A "x`, "[A \"x\\\n\"]", `[A "a\" ]"]`, `[A "a\\" ]"]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for i := 1; i <= len(data); i++ {
			if got, want := skipTag(data, i), skipTagSlow(data, i); got != want {
				t.Fatalf("skipTag(%q, %d) = %d; the byte-by-byte loop says %d", data, i, got, want)
			}
		}
	})
}
