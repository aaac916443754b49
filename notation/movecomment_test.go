package notation

import (
	"testing"
	"time"
)

func TestParseMoveComment(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want MoveComment
		ok   bool
	}{
		{"+0.35/12 0.120s", MoveComment{Eval: true, Value: 35, Depth: 12, Elapsed: 120 * time.Millisecond}, true},
		{"-7.12/14 0.120s; adjudicated: black resigns, scores -712/+689 for 3 moves",
			MoveComment{Eval: true, Value: -712, Depth: 14, Elapsed: 120 * time.Millisecond}, true},
		{"0.00/0 1.005s", MoveComment{Eval: true, Depth: 0, Elapsed: 1005 * time.Millisecond}, true},
		{"+M5/9 0.030s", MoveComment{Eval: true, Mate: true, Value: 5, Depth: 9, Elapsed: 30 * time.Millisecond}, true},
		{"-M3/7 0.030s", MoveComment{Eval: true, Mate: true, Value: -3, Depth: 7, Elapsed: 30 * time.Millisecond}, true},
		{"0.001s", MoveComment{Elapsed: time.Millisecond}, true},
		{" 2s ", MoveComment{Elapsed: 2 * time.Second}, true},
		{"+M1/1 0.1s, White mates", MoveComment{Eval: true, Mate: true, Value: 1, Depth: 1, Elapsed: 100 * time.Millisecond}, true},
		{"1.000000001s", MoveComment{Elapsed: time.Second + 1}, true},
		{"book", MoveComment{}, false},
		{"", MoveComment{}, false},
		{"a fine move", MoveComment{}, false},
		{"+0.35 0.120s", MoveComment{}, false},
		{"+0.3/12 0.120s", MoveComment{}, false},
		{"+0.35/x 0.120s", MoveComment{}, false},
		{"+0.35/12 0.120", MoveComment{}, false},
		{"+0.35/12 -1s", MoveComment{}, false},
		{"+0.35/12 .5s", MoveComment{}, false},
		{"+0.35/12 0.1234567890s", MoveComment{}, false},
		{"+M/3 1s", MoveComment{}, false},
		{"++0.35/1 1s", MoveComment{}, false},
		{"99999999999999999999s", MoveComment{}, false},
		{"1000000001s", MoveComment{}, false},
		// Figures out of range make plain text, not a move comment: their
		// sums over a game would overflow.
		{"+0.01/12345678901 0.000s", MoveComment{}, false},
		{"+99999.99/999999999999999999 999999999.999s", MoveComment{}, false},
		{"+0.01/10001 1s", MoveComment{}, false},
		{"+0.01/10000 1s", MoveComment{Eval: true, Value: 1, Depth: 10000, Elapsed: time.Second}, true},
		{"1000000.001s", MoveComment{}, false},
		{"1000000.000s", MoveComment{Elapsed: 1e6 * time.Second}, true},
		{"+M0/5 1s", MoveComment{}, false},
		{"-M0/5 1s", MoveComment{}, false},
		{"+M1000001/5 1s", MoveComment{}, false},
	} {
		got, ok := ParseMoveComment(tc.in)
		if ok != tc.ok || got != tc.want {
			t.Errorf("ParseMoveComment(%q) = %+v, %v; want %+v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestAppendMoveComment(t *testing.T) {
	for _, tc := range []struct {
		c    MoveComment
		want string
	}{
		{MoveComment{Eval: true, Value: 35, Depth: 12, Elapsed: 120 * time.Millisecond}, "+0.35/12 0.120s"},
		{MoveComment{Eval: true, Value: -1234, Depth: 30, Elapsed: 61500 * time.Millisecond}, "-12.34/30 61.500s"},
		{MoveComment{Eval: true, Depth: 3, Elapsed: 10*time.Millisecond + 999*time.Microsecond}, "0.00/3 0.010s"},
		{MoveComment{Eval: true, Mate: true, Value: -3, Depth: 9, Elapsed: 30 * time.Millisecond}, "-M3/9 0.030s"},
		{MoveComment{Depth: 5, Elapsed: time.Millisecond}, "0.001s"},
	} {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("%+v.String() = %q; want %q", tc.c, got, tc.want)
		}
	}
}

// FuzzParseMoveComment checks that no comment makes the parser panic, that
// what it reads is in range, and that it reads back what Append writes.
func FuzzParseMoveComment(f *testing.F) {
	for _, s := range []string{"+0.35/12 0.120s", "-M3/7 0.030s", "0.001s", "book", "+1.00/3 2.5s; adjudicated"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := ParseMoveComment(s)
		if !ok {
			if c != (MoveComment{}) {
				t.Errorf("%q: not a move comment but %+v", s, c)
			}
			return
		}
		if c.Elapsed < 0 || c.Elapsed > MaxElapsed || c.Depth < 0 || c.Depth > MaxDepth || (c.Mate && !c.Eval) || c.Mate && c.Value == 0 {
			t.Errorf("%q: %+v", s, c)
		}
		// What Append writes reads back the same, to the millisecond.
		want := c
		want.Elapsed = c.Elapsed.Truncate(time.Millisecond)
		if back, ok := ParseMoveComment(c.String()); !ok || back != want {
			t.Errorf("%q: read %+v, written %q, read back %+v, %v", s, c, c.String(), back, ok)
		}
	})
}
