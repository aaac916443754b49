package replay

import (
	"testing"
)

// TestOpens checks which texts open a game of a stream: a whole tag pair
// whose value the parser takes, or an SGF game tree's "(;" and first
// property, with the white space each format allows.
func TestOpens(t *testing.T) {
	tests := []struct {
		format Format
		text   string
		want   bool
	}{
		{AGN, `[Event "x"]`, true},
		{AGN, "[Event \"x\"]\n1. c8-c6 *", true},
		{AGN, "[ Event \t \"a \\\"quoted\\\" name\" \t]", true},
		{AGN, `[Event ""]`, true},
		{AGN, `[Event "é"]`, true},
		{AGN, `[Event "x"`, false},
		{AGN, `[Event "x" x]`, false},
		{AGN, `[Event x]`, false},
		{AGN, `[ "x"]`, false},
		{AGN, `[Event "x`, false},
		{AGN, "[Event \"x\ny\"]", false},
		{AGN, "[Event \"x\x00\"]", false},
		{AGN, "[Event \"x\x7f\"]", false},
		{AGN, "[Event \"\xff\"]", false},
		{AGN, `Event "x"]`, false},
		{AGN, ``, false},
		{SGF, `(;GM[9]`, true},
		{SGF, "( ;\n GM [9]", true},
		{SGF, `(;GM`, false},
		{SGF, `(GM[9]`, false},
		{SGF, `(;[9]`, false},
		{SGF, `(;GaMe[9]`, true},
		{SGF, `(;gm[9]`, false},
		{SGF, `(;G M[9]`, false},
		{SGF, `;GM[9]`, false},
		{SGF, ``, false},
	}
	for _, tt := range tests {
		if got := opens(tt.format, []byte(tt.text)); got != tt.want {
			t.Errorf("opens(%v, %q) = %v; want %v", tt.format, tt.text, got, tt.want)
		}
	}
}
