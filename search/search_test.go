package search

import (
	"math"
	"testing"
	"time"
)

// TestTallyNoOverflow checks that an engine's figures sum up without
// overflow, however large: the means stay positive and in range.
func TestTallyNoOverflow(t *testing.T) {
	var tl Tally
	for range 100 {
		tl.Add(time.Duration(math.MaxInt64/3), math.MaxInt32, math.MaxInt64/3, math.MaxInt64/3)
	}
	s := tl.Stats()
	if s.Moves != 100 || !(s.MoveMS > 0) || !(s.Depth > 0) || s.Nodes <= 0 || s.NPS <= 0 {
		t.Errorf("Stats of 100 huge moves = %+v; want every figure positive", s)
	}
}
