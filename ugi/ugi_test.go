package ugi

import (
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/internal/testkit"
)

const ms = time.Millisecond

func TestParseGo(t *testing.T) {
	tests := []struct {
		args string
		want Limits
		err  string
	}{
		{"movetime 100", Limits{MoveTime: 100 * ms}, ""},
		{"p1time 60000 p2time 50000 p1inc 500 p2inc 0", Limits{Time: [2]time.Duration{60000 * ms, 50000 * ms}, Inc: [2]time.Duration{500 * ms, 0}}, ""},
		{"p1time 0 movetime 0 depth 0 nodes 0", Limits{Time: [2]time.Duration{ms, 0}, MoveTime: ms, Depth: 1, Nodes: 1}, ""},
		{"infinite depth 9", Limits{Infinite: true, Depth: 9}, ""},
		{"movestogo 30 nodes 1000", Limits{Nodes: 1000, MovesToGo: 30}, ""},
		{"", Limits{}, ""},
		{"depth", Limits{}, `"depth" needs a value`},
		{"depth -1", Limits{}, `depth "-1": not a whole number from 0`},
		{"wtime 100", Limits{}, `unknown parameter "wtime"`},
	}
	for _, tc := range tests {
		got, err := ParseGo(strings.Fields(tc.args))
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseGo(%q) = %v; want error %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseGo(%q) = %+v, %v; want %+v", tc.args, got, err, tc.want)
		}
	}
}

func TestAppendGo(t *testing.T) {
	tests := []struct {
		lim  Limits
		want string
	}{
		{Limits{MoveTime: 100 * ms, Nodes: 5}, "go movetime 100 nodes 5"},
		{Limits{Time: [2]time.Duration{60 * time.Second, 59 * time.Second}, Inc: [2]time.Duration{ms, 2 * ms}, Depth: 3}, "go p1time 60000 p2time 59000 p1inc 1 p2inc 2 depth 3"},
		{Limits{}, "go p1time 0 p2time 0 p1inc 0 p2inc 0"},
		{Limits{Infinite: true, MoveTime: ms}, "go movetime 1 infinite"},
		{Limits{Time: [2]time.Duration{60 * time.Second, 59 * time.Second}, MovesToGo: 12}, "go p1time 60000 p2time 59000 p1inc 0 p2inc 0 movestogo 12"},
		{Limits{Nodes: 5000}, "go nodes 5000"},
		{Limits{Depth: 4}, "go depth 4"},
	}
	for _, tc := range tests {
		got := string(tc.lim.AppendGo(nil))
		if got != tc.want {
			t.Errorf("%+v.AppendGo = %q; want %q", tc.lim, got, tc.want)
		}
		// What one side writes, the other reads back (a clock of 0 reads
		// as 1 ms: a limit sent is a limit).
		back, err := ParseGo(strings.Fields(got)[1:])
		if tc.lim.MoveTime == 0 && tc.lim.Time[0] == 0 {
			continue
		}
		if err != nil || string(back.AppendGo(nil)) != got {
			t.Errorf("ParseGo(%q) = %+v, %v: does not write the same line again", got, back, err)
		}
	}
}

func TestParseInfo(t *testing.T) {
	tests := []struct {
		line string
		want Info
	}{
		{"info depth 12 seldepth 20 score cp 35 nodes 5000 nps 100000 time 50 pv a b", Info{Depth: 12, Eval: Eval{OK: true, Value: 35}, Nodes: 5000, NPS: 100000}},
		{"info depth 5 score mate -3 nodes 10", Info{Depth: 5, Eval: Eval{OK: true, Mate: true, Value: -3}, Nodes: 10}},
		{"info score cp 20 lowerbound depth 7", Info{Depth: 7, Eval: Eval{OK: true, Value: 20}}},
		{"info string depth 9 score cp 10", Info{}},
		{"info depth 0 nodes -5 nps x score cp 2000000", Info{}},
		{"info\tdepth  3", Info{Depth: 3}},
		// Odd values are unreadable: left out, as if not given.
		{"info depth 4 score mate -0", Info{Depth: 4}},
		{"info depth 4 score mate 0", Info{Depth: 4}},
		{"info depth 4 score mate +0", Info{Depth: 4}},
		{"info depth 6 score cp 1e23 nodes 9", Info{Depth: 6, Nodes: 9}},
		{"info depth -3 score cp 12", Info{Eval: Eval{OK: true, Value: 12}}},
		{"info depth 10001 score cp 12", Info{Eval: Eval{OK: true, Value: 12}}},
		{"info depth 10000 score cp 35.5", Info{Depth: 10000}},
		{"info nodes 9223372036854775808 nps 1e9", Info{}},
	}
	for _, tc := range tests {
		if got := ParseInfo(tc.line); !equalInfo(got, tc.want) {
			t.Errorf("ParseInfo(%q) = %+v; want %+v", tc.line, got, tc.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { ParseInfo(tests[0].line) }); n != 0 {
		t.Errorf("ParseInfo allocates %v times; want 0", n)
	}
}

func equalInfo(a, b Info) bool {
	return a.Depth == b.Depth && a.Eval == b.Eval &&
		a.Nodes == b.Nodes && a.NPS == b.NPS
}

func TestAppendInfo(t *testing.T) {
	tests := []struct {
		in   Info
		want string
	}{
		{Info{Depth: 4, Eval: Eval{OK: true, Value: -12}, Nodes: 3000, Time: 20 * ms, PV: []string{"c1-c3", "h2-f2"}},
			"info depth 4 score cp -12 nodes 3000 time 20 nps 150000 pv c1-c3 h2-f2"},
		{Info{Depth: 9, Eval: Eval{OK: true, Mate: true, Value: 2}, Nodes: 7}, "info depth 9 score mate 2 nodes 7 time 0"},
	}
	for _, tc := range tests {
		got := string(tc.in.AppendInfo(nil))
		if got != tc.want {
			t.Errorf("AppendInfo = %q; want %q", got, tc.want)
		}
		if back := ParseInfo(got); !equalInfo(back, Info{Depth: tc.in.Depth, Eval: tc.in.Eval, Nodes: tc.in.Nodes, NPS: back.NPS}) {
			t.Errorf("ParseInfo(%q) = %+v: not what was written", got, back)
		}
	}
}

func FuzzParseGo(f *testing.F) {
	testkit.Seeds(f, "go.txt")
	f.Fuzz(func(t *testing.T, s string) {
		lim, err := ParseGo(strings.Fields(s))
		if err != nil {
			return
		}
		if lim.Depth < 0 || lim.Nodes < 0 || lim.MoveTime < 0 {
			t.Errorf("ParseGo(%q) = %+v: a negative limit", s, lim)
		}
		back, err := ParseGo(strings.Fields(string(lim.AppendGo(nil)))[1:])
		if err != nil {
			t.Errorf("ParseGo of AppendGo of %q: %v", s, err)
		}
		if lim.MoveTime == 0 && lim.Time[0] > 0 && lim.Time[1] > 0 && back != lim {
			t.Errorf("ParseGo(%q) = %+v, written and read again %+v", s, lim, back)
		}
	})
}

func FuzzParseInfo(f *testing.F) {
	testkit.Seeds(f, "info.txt")
	f.Fuzz(func(t *testing.T, s string) {
		in := ParseInfo(s)
		if in.Depth < 0 || in.Depth > MaxDepth || in.Nodes < 0 || in.NPS < 0 || in.Eval.Value > MaxScore || in.Eval.Value < -MaxScore || in.Eval.Mate && in.Eval.Value == 0 {
			t.Errorf("ParseInfo(%q) = %+v: out of range", s, in)
		}
	})
}
