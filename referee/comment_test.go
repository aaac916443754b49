package referee

import (
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/engineproc"
	"github.com/arbiter-games/arbiter/notation"
	"github.com/arbiter-games/arbiter/ugi"
)

func TestMoveComment(t *testing.T) {
	tests := []struct {
		r    engineproc.Reply
		want string
	}{
		{engineproc.Reply{Search: ugi.Info{Eval: ugi.Eval{OK: true, Value: 35}, Depth: 12}, Elapsed: 120 * time.Millisecond}, "+0.35/12 0.120s"},
		{engineproc.Reply{Search: ugi.Info{Eval: ugi.Eval{OK: true, Value: -2}, Depth: 1}, Elapsed: time.Millisecond}, "-0.02/1 0.001s"},
		{engineproc.Reply{Search: ugi.Info{Eval: ugi.Eval{OK: true, Value: -1234}, Depth: 30}, Elapsed: 61500 * time.Millisecond}, "-12.34/30 61.500s"},
		{engineproc.Reply{Search: ugi.Info{Eval: ugi.Eval{OK: true}, Depth: 3}, Elapsed: 10 * time.Millisecond}, "0.00/3 0.010s"},
		{engineproc.Reply{Search: ugi.Info{Eval: ugi.Eval{OK: true, Mate: true, Value: 5}, Depth: 9}, Elapsed: 30 * time.Millisecond}, "+M5/9 0.030s"},
		{engineproc.Reply{Search: ugi.Info{Eval: ugi.Eval{OK: true, Mate: true, Value: -3}, Depth: 9}, Elapsed: 30 * time.Millisecond}, "-M3/9 0.030s"},
		{engineproc.Reply{Search: ugi.Info{Eval: ugi.Eval{OK: true, Value: 100}}, Elapsed: 0}, "+1.00/0 0.000s"},
		{engineproc.Reply{Search: ugi.Info{Depth: 5}, Elapsed: time.Millisecond}, "0.001s"},
	}
	for _, tc := range tests {
		got := moveComment(&tc.r)
		if got != tc.want {
			t.Errorf("moveComment(%+v) = %q; want %q", tc.r, got, tc.want)
		}
		checkReadBack(t, &tc.r, got)
	}
}

// checkReadBack checks that notation.ParseMoveComment, which import uses to
// rebuild the engine statistics, reads back what moveComment wrote of r.
func checkReadBack(t *testing.T, r *engineproc.Reply, comment string) {
	t.Helper()
	c, ok := notation.ParseMoveComment(comment)
	want := notation.MoveComment{Elapsed: r.Elapsed.Truncate(time.Millisecond)}
	if ev := r.Search.Eval; ev.OK {
		want.Eval, want.Mate, want.Value, want.Depth = true, ev.Mate, ev.Value, r.Search.Depth
	}
	if !ok || c != want {
		t.Errorf("ParseMoveComment(%q) = %+v, %v; want %+v", comment, c, ok, want)
	}
}

// FuzzMoveComment checks that the comment written of any info line is one
// that import reads back.
func FuzzMoveComment(f *testing.F) {
	for _, s := range []string{"info depth 12 score cp 35 nodes 5000 nps 100000 pv a b",
		"info score mate -3", "info depth", "info depth 12345678901 score cp 1", "info score cp 99999999999999999999", "info string x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := engineproc.Reply{Search: ugi.ParseInfo(s), Elapsed: 1234567 * time.Microsecond}
		c := moveComment(&r)
		if strings.ContainsAny(c, "{}\n") {
			t.Errorf("moveComment = %q", c)
		}
		checkReadBack(t, &r, c)
	})
}

// TestMoveFields checks fastchess's fields after a move's comment: in its
// order whatever the order asked, the ones the engine did not report left
// out, and the comment before them still read back.
func TestMoveFields(t *testing.T) {
	r := engineproc.Reply{Search: ugi.Info{Eval: ugi.Eval{OK: true, Value: 35}, Depth: 12, Nodes: 5000, NPS: 100000},
		Elapsed: 120 * time.Millisecond, LastInfo: "info depth 12 seldepth 15 hashfull 20 time 115 nodes 5000 score cp 35 pv a1-b2 c3-d4"}
	all := []string{"pv", "tbhits", "hashfull", "nps", "seldepth", "nodes", "latency", "timeleft"}
	tests := []struct {
		fields []string
		left   time.Duration
		clock  bool
		want   string
	}{
		{all, 61 * time.Second, true, `+0.35/12 0.120s, tl=61.000s, latency=0.005s, n=5000, sd=15, nps=100000, hashfull=20, pv="a1-b2 c3-d4"`},
		{[]string{"timeleft", "nodes"}, 0, false, "+0.35/12 0.120s, n=5000"},
		{[]string{"pv"}, 0, false, `+0.35/12 0.120s, pv="a1-b2 c3-d4"`},
	}
	for _, tc := range tests {
		got := moveFields(moveComment(&r), &r, tc.fields, tc.left, tc.clock)
		if got != tc.want {
			t.Errorf("moveFields(%q) = %q; want %q", tc.fields, got, tc.want)
		}
		checkReadBack(t, &r, got)
	}
	bare := engineproc.Reply{Elapsed: time.Millisecond}
	if got := moveFields(moveComment(&bare), &bare, all, 0, false); got != "0.001s" {
		t.Errorf("moveFields of a reply without info = %q; want the time alone", got)
	}
}
