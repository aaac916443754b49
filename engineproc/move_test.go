package engineproc

import (
	"context"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/ugi"
)

func TestReplyInfo(t *testing.T) {
	tests := []struct {
		lines []string
		want  Reply
	}{
		{[]string{"info depth 12 seldepth 20 score cp 35 nodes 5000 nps 100000 time 50 pv a b"},
			Reply{Search: ugi.Info{Depth: 12, Eval: ugi.Eval{OK: true, Value: 35}, Nodes: 5000, NPS: 100000}}},
		{[]string{"info depth 9 score mate 5"}, Reply{Search: ugi.Info{Depth: 9, Eval: ugi.Eval{OK: true, Mate: true, Value: 5}}}},
		{[]string{"info depth 9 score mate -3 lowerbound"}, Reply{Search: ugi.Info{Depth: 9, Eval: ugi.Eval{OK: true, Mate: true, Value: -3}}}},
		// Later lines update what they say, and keep the rest.
		{[]string{"info depth 3 score cp -20 nodes 10", "info depth 4 currmove x", "info string depth 99 score cp 1"},
			Reply{Search: ugi.Info{Depth: 4, Eval: ugi.Eval{OK: true, Value: -20}, Nodes: 10}}},
		// The pv is not read, nor are bad numbers.
		{[]string{"info pv depth 5", "info depth x score cp y nodes -4 nps 1e3"}, Reply{}},
		{[]string{"info", "info   depth\t7   score  cp 0"}, Reply{Search: ugi.Info{Depth: 7, Eval: ugi.Eval{OK: true}}}},
		{[]string{"info score cp"}, Reply{}},
		{[]string{"info score wdl 1 2 3"}, Reply{}},
	}
	for _, tc := range tests {
		var r Reply
		for _, l := range tc.lines {
			r.addInfo(l)
		}
		if r.Search.Depth != tc.want.Search.Depth || r.Search.Eval != tc.want.Search.Eval || r.Search.Nodes != tc.want.Search.Nodes || r.Search.NPS != tc.want.Search.NPS {
			t.Errorf("addInfo(%q) = %+v; want %+v", tc.lines, r, tc.want)
		}
	}
}

func TestReplyInfoAllocs(t *testing.T) {
	var r Reply
	n := testing.AllocsPerRun(100, func() {
		r.addInfo("info depth 12 seldepth 20 score cp 35 nodes 5000 nps 100000 time 50 pv a b")
	})
	if n != 0 {
		t.Errorf("addInfo allocates %v times; want 0", n)
	}
}

// FuzzReplyInfo checks that no info line panics the client and that what
// it takes is in range.
func FuzzReplyInfo(f *testing.F) {
	for _, s := range []string{"info depth 12 score cp 35 nodes 5000 nps 100000 pv a b",
		"info score mate -3", "info depth", "info depth 12345678901 score cp 1", "info score cp 99999999999999999999", "info string x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var r Reply
		r.addInfo(s)
		in := r.Search
		if in.Depth < 0 || in.Nodes < 0 || in.NPS < 0 || in.Eval.Value > ugi.MateCP || in.Eval.Value < -ugi.MateCP {
			t.Errorf("addInfo(%q) = %+v", s, in)
		}
	})
}

// TestGoLimits checks that an engine's nodes and depth limits reach it in
// the go command.
func TestGoLimits(t *testing.T) {
	e, err := Start(context.Background(), fakeSpec(t, "x", "first,echogo", "toy-race"), quick)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if err := e.Position("startpos", nil); err != nil {
		t.Fatal(err)
	}
	r, err := e.Go(context.Background(), ugi.Limits{MoveTime: 50 * time.Millisecond, Nodes: 1000, Depth: 8}, answerWait)
	if err != nil {
		t.Fatal(err)
	}
	if want := "info string go movetime 50 nodes 1000 depth 8"; r.LastInfo != want {
		t.Errorf("the engine read %q; want %q", r.LastInfo, want)
	}
}
