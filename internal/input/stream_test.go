package input

import (
	"testing"

	"github.com/arbiter-games/arbiter/replay"
)

// TestOpens checks which texts open a game of a stream: a whole tag pair
// whose value the parser takes, or an SGF game tree's "(;" and first
// property, with the white space each format allows.
func TestOpens(t *testing.T) {
	tests := []struct {
		format replay.Format
		text   string
		want   bool
	}{
		{replay.AGN, `[Event "x"]`, true},
		{replay.AGN, "[Event \"x\"]\n1. c8-c6 *", true},
		{replay.AGN, "[ Event \t \"a \\\"quoted\\\" name\" \t]", true},
		{replay.AGN, `[Event ""]`, true},
		{replay.AGN, `[Event "é"]`, true},
		{replay.AGN, `[Event "x"`, false},
		{replay.AGN, `[Event "x" x]`, false},
		{replay.AGN, `[Event x]`, false},
		{replay.AGN, `[ "x"]`, false},
		{replay.AGN, `[Event "x`, false},
		{replay.AGN, "[Event \"x\ny\"]", false},
		{replay.AGN, "[Event \"x\x00\"]", false},
		{replay.AGN, "[Event \"x\x7f\"]", false},
		{replay.AGN, "[Event \"\xff\"]", false},
		{replay.AGN, `Event "x"]`, false},
		{replay.AGN, ``, false},
		{replay.SGF, `(;GM[9]`, true},
		{replay.SGF, "( ;\n GM [9]", true},
		{replay.SGF, `(;GM`, false},
		{replay.SGF, `(GM[9]`, false},
		{replay.SGF, `(;[9]`, false},
		{replay.SGF, `(;GaMe[9]`, true},
		{replay.SGF, `(;gm[9]`, false},
		{replay.SGF, `(;G M[9]`, false},
		{replay.SGF, `;GM[9]`, false},
		{replay.SGF, ``, false},
	}
	for _, tt := range tests {
		if got := opens(tt.format, []byte(tt.text)); got != tt.want {
			t.Errorf("opens(%v, %q) = %v; want %v", tt.format, tt.text, got, tt.want)
		}
	}
}
