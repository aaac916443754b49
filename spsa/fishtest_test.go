package spsa

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"testing"
)

// fishtestCase is one line of testdata/fishtest.jsonl: a parameter set,
// fishtest's A and each parameter's c and a, and pairs played in order
// (see testdata/fishtest.py, which made it with fishtest's functions).
type fishtestCase struct {
	Pairs  int       `json:"pairs"`
	ARatio float64   `json:"A_ratio"`
	Alpha  float64   `json:"alpha"`
	Gamma  float64   `json:"gamma"`
	Params string    `json:"params"`
	A      int       `json:"A"`
	C      []float64 `json:"c"`
	Aa     []float64 `json:"a"`
	Steps  []struct {
		K      int       `json:"k"`
		Theta  []float64 `json:"theta"` // at the pair's start
		Flip   []int     `json:"flip"`
		C      []float64 `json:"c"`
		R      []float64 `json:"R"`
		Plus   []float64 `json:"plus"`
		Minus  []float64 `json:"minus"`
		Result int       `json:"result"`
		Before []float64 `json:"before"` // at the update
		After  []float64 `json:"after"`
	} `json:"steps"`
}

// close reports whether x and y agree to 1e-12 relatively: Go's math.Pow
// and C's pow, which Python calls, may differ in the last bits.
func close(x, y float64) bool {
	if x == y {
		return true
	}
	return math.Abs(x-y) <= 1e-12*math.Max(math.Abs(x), math.Abs(y))
}

func closeAll(t *testing.T, what string, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values; want %d", what, len(got), len(want))
	}
	for i := range got {
		if !close(got[i], want[i]) {
			t.Errorf("%s[%d] = %v; want %v (fishtest)", what, i, got[i], want[i])
		}
	}
}

// TestFishtest: on the parameter sets of testdata/fishtest.jsonl, A, c, a,
// every c_k and R_k, the sides' values and the updates are fishtest's.
func TestFishtest(t *testing.T) {
	f, err := os.Open("testdata/fishtest.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	sc.Scan() // the provenance line
	cases, steps := 0, 0
	for sc.Scan() {
		var fc fishtestCase
		if err := json.Unmarshal(sc.Bytes(), &fc); err != nil {
			t.Fatal(err)
		}
		cases++
		params, err := Parse(fc.Params)
		if err != nil {
			t.Fatalf("Parse(%q): %v", fc.Params, err)
		}
		s, err := New(params, Settings{Pairs: fc.Pairs, ARatio: fc.ARatio, Alpha: fc.Alpha, Gamma: fc.Gamma})
		if err != nil {
			t.Fatal(err)
		}
		if s.A != fc.A {
			t.Errorf("%d pairs, A ratio %v: A = %d; want %d (fishtest)", fc.Pairs, fc.ARatio, s.A, fc.A)
		}
		closeAll(t, "c", s.c, fc.C)
		closeAll(t, "a", s.a, fc.Aa)
		for _, st := range fc.Steps {
			steps++
			p := Pair{K: st.K, Steps: s.At(st.K, nil), Flip: st.Flip}
			var cs, rs []float64
			for _, x := range p.Steps {
				cs, rs = append(cs, x.C), append(rs, x.R)
			}
			closeAll(t, "c_k", cs, st.C)
			closeAll(t, "R_k", rs, st.R)
			n := len(params)
			p.Plus.Values, p.Minus.Values = make([]float64, n), make([]float64, n)
			s.place(st.Theta, &p)
			closeAll(t, "plus", p.Plus.Values, st.Plus)
			closeAll(t, "minus", p.Minus.Values, st.Minus)
			theta := append([]float64(nil), st.Before...)
			s.Update(theta, &p, st.Result)
			closeAll(t, "theta after", theta, st.After)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cases < 50 || steps < 300 {
		t.Errorf("%d cases, %d pairs read; want the whole table", cases, steps)
	}
}
