package shorten

import "testing"

func TestTo(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"abcdefghijk", 10, "abcdefghij…"},
		{"aaaaaaaaaé", 10, "aaaaaaaaa…"}, // é is 2 bytes from byte 9: not cut in two
		{"€€€€", 4, "€…"},
		{"€€", 2, "…"},
		{"", 0, ""},
	}
	for _, tc := range tests {
		if got := To(tc.s, tc.n); got != tc.want {
			t.Errorf("To(%q, %d) = %q; want %q", tc.s, tc.n, got, tc.want)
		}
	}
}
