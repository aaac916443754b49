package spsa

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/internal/testkit"
)

func TestParse(t *testing.T) {
	got, err := Parse("Group,40,0,400,8,0.002\n\n  KnightValue, int, 300.0, 200.0, 400.0, 10.0, 0.002 \r\nTempo,FLOAT,.5,0,1,5e-2,0\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []Param{
		{Name: "Group", Start: 40, Min: 0, Max: 400, CEnd: 8, REnd: 0.002, Line: 1},
		{Name: "KnightValue", Kind: Int, Start: 300, Min: 200, Max: 400, CEnd: 10, REnd: 0.002, Line: 3},
		{Name: "Tempo", Kind: Float, Start: 0.5, Min: 0, Max: 1, CEnd: 0.05, REnd: 0, Line: 4},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Parse = %+v; want %+v", got, want)
	}
}

// TestParseErrors: every problem is found, at its line and column.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"x,5,10,0,1,0.002", "1:5: min 10 is above max 0"},
		{"x,11,0,10,1,0.002", "1:3: start 11 is outside [min, max] = [0, 10]"},
		{"x, -1 ,0,10,1,0.002", "1:4: start -1 is outside [min, max] = [0, 10]"},
		{"x,5,0,10,0,0.002", "1:10: c_end 0 must be above 0"},
		{"x,5,0,10,-2,0.002", "1:10: c_end -2 must be above 0"},
		{"x,5,0,10,1,-0.1", "1:12: r_end -0.1 must not be negative"},
		{"x,abc,0,10,1,0.002", `1:3: start "abc" is not a number`},
		{"x,0x10,0,10,1,0.002", `1:3: start "0x10" is not a number`},
		{"x,1_0,0,20,1,0.002", `1:3: start "1_0" is not a number`},
		{"x,inf,0,10,1,0.002", `1:3: start "inf" is not a number`},
		{"x,5,0,1e999,1,0.002", `1:7: max "1e999" is too large`},
		{"x,5,,10,1,0.002", "1:5: min is missing"},
		{"x,5,0,10,1", "1:11: 5 fields; want 6 (name,start,min,max,c_end,r_end) or 7 (name,int|float,start,min,max,c_end,r_end)"},
		{"x,double,5,0,10,1,0.002", `1:3: type "double" is neither int nor float`},
		{" ,5,0,10,1,0.002", "1:2: the name is missing"},
		{"a value,5,0,10,1,0.002", `1:1: name "a value" holds the word "value", which setoption cannot send`},
		{"a\tb,5,0,10,1,0.002", `1:1: name "a\tb" holds a control character`},
		{"x,5,0,10,1,0.002\n\nX,5,0,10,1,0.002", `3:1: parameter "X" is named on line 1 already`},
		{"x,5,10,0,0,-1\ny,z,0,1,1,1", "1:5: min 10 is above max 0\n1:10: c_end 0 must be above 0\n1:12: r_end -1 must not be negative\n2:3: start \"z\" is not a number"},
		{"\n \n", "no parameters: give one a line, name,start,min,max,c_end,r_end"},
	} {
		_, err := Parse(tc.text)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%q) = %v; want %q", tc.text, err, tc.want)
		}
	}
}

// FuzzParse: Parse does not panic; what it reads keeps its invariants and
// prints as lines that read back the same; every error is located on the
// text.
func FuzzParse(f *testing.F) {
	testkit.Seeds(f, "params.txt")
	f.Add("a,1,0,2,1,0.1\nb,int,1,0,2,1,0.1\n\nc,1,1,1,1,0")
	f.Fuzz(func(t *testing.T, text string) {
		ps, err := Parse(text)
		if err != nil {
			var es Errors
			if !errors.As(err, &es) {
				if len(strings.TrimSpace(text)) > 0 {
					t.Fatalf("Parse(%q) = %v, not located", text, err)
				}
				return
			}
			lines := strings.Split(text, "\n")
			for _, e := range es {
				if e.Line < 1 || e.Line > len(lines) || e.Col < 1 || e.Col > len(lines[e.Line-1])+1 {
					t.Fatalf("Parse(%q): %v is not on the text", text, e)
				}
			}
			return
		}
		var printed []string
		for _, p := range ps {
			if !(p.Min <= p.Start && p.Start <= p.Max && p.CEnd > 0 && p.REnd >= 0) {
				t.Fatalf("Parse(%q) = %+v", text, p)
			}
			printed = append(printed, p.String())
		}
		again, err := Parse(strings.Join(printed, "\n"))
		if err != nil {
			t.Fatalf("Parse(%q) printed %q, which reads as %v", text, printed, err)
		}
		for i := range again {
			again[i].Line, ps[i].Line = 0, 0
		}
		if !slices.Equal(again, ps) {
			t.Fatalf("Parse(%q) = %+v; printed and read again, %+v", text, ps, again)
		}
	})
}

// reference computes the schedule straight from the formulas, as the
// package doc gives them.
func reference(p Param, pairs int, aRatio, alpha, gamma float64, k int) (A, c, a, ck, rk float64) {
	n := float64(pairs)
	A = math.Floor(aRatio * n)
	c = p.CEnd * math.Pow(n, gamma)
	a = p.REnd * p.CEnd * p.CEnd * math.Pow(A+n, alpha)
	ck = c / math.Pow(float64(k), gamma)
	rk = a / math.Pow(A+float64(k), alpha) / (ck * ck)
	return
}

// TestFormulas: on random parameter sets, the schedule, the sides and the
// update are the formulas'.
func TestFormulas(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		var ps []Param
		for i := range 1 + r.IntN(8) {
			lo := r.NormFloat64() * 100
			hi := lo + r.Float64()*200
			ps = append(ps, Param{Name: fmt.Sprint("p", i), Start: lo + r.Float64()*(hi-lo), Min: lo, Max: hi,
				CEnd: 0.01 + r.Float64()*10, REnd: r.Float64() * 0.01})
		}
		set := Settings{Pairs: 1 + r.IntN(100000), ARatio: r.Float64(), Alpha: r.Float64() * 1.2, Gamma: r.Float64() * 0.3, Seed: r.Uint64()}
		s, err := New(ps, set)
		if err != nil {
			t.Fatal(err)
		}
		k := 1 + r.IntN(set.Pairs)
		theta := make([]float64, len(ps))
		for i, p := range ps {
			theta[i] = p.Min + r.Float64()*(p.Max-p.Min)
		}
		pair := s.Perturb(theta, k, r.IntN(1000))
		result := r.IntN(5) - 2
		after := slices.Clone(theta)
		s.Update(after, &pair, result)
		for i, p := range ps {
			A, c, a, ck, rk := reference(p, set.Pairs, set.ARatio, set.Alpha, set.Gamma, k)
			gc, ga := s.Base(i)
			st := pair.Steps[i]
			f := float64(pair.Flip[i])
			if float64(s.A) != A || !close(gc, c) || !close(ga, a) || !close(st.C, ck) || !close(st.R, rk) {
				t.Fatalf("%+v %+v k %d: A %d c %v a %v c_k %v R_k %v; want %v %v %v %v %v", p, set, k, s.A, gc, ga, st.C, st.R, A, c, a, ck, rk)
			}
			if f != 1 && f != -1 {
				t.Fatalf("flip %v", f)
			}
			plus := math.Min(math.Max(theta[i]+ck*f, p.Min), p.Max)
			minus := math.Min(math.Max(theta[i]-ck*f, p.Min), p.Max)
			next := math.Min(math.Max(theta[i]+rk*ck*float64(result)*f, p.Min), p.Max)
			if !close(pair.Plus.Values[i], plus) || !close(pair.Minus.Values[i], minus) || !close(after[i], next) {
				t.Fatalf("%+v: plus %v minus %v after %v; want %v %v %v", p, pair.Plus.Values[i], pair.Minus.Values[i], after[i], plus, minus, next)
			}
			if pair.Plus.Sent[i] != pair.Plus.Values[i] || pair.Minus.Sent[i] != pair.Minus.Values[i] {
				t.Fatalf("a parameter of no kind is sent rounded: %v %v", pair.Plus, pair.Minus)
			}
		}
	}
}

func TestNewErrors(t *testing.T) {
	ps := []Param{{Name: "x", Start: 1, Max: 2, CEnd: 1}}
	for _, tc := range []struct {
		set  Settings
		want string
	}{
		{Settings{Pairs: 0, Alpha: 0.6, Gamma: 0.1}, "pairs is 0; it must be from 1 to 100000000"},
		{Settings{Pairs: 1, ARatio: -0.1}, "A is -0.1; it must be a finite number, 0 or more"},
		{Settings{Pairs: 1, Alpha: math.NaN()}, "alpha is NaN; it must be a finite number, 0 or more"},
		{Settings{Pairs: 1, Gamma: math.Inf(1)}, "gamma is +Inf; it must be a finite number, 0 or more"},
		{Settings{Pairs: 1, ARatio: 1001}, "A is 1001; it is a fraction of the pairs, at most 1000"},
	} {
		if _, err := New(ps, tc.set); err == nil || err.Error() != tc.want {
			t.Errorf("New(%+v) = %v; want %q", tc.set, err, tc.want)
		}
	}
}

// TestRound: ⌊v + u⌋ within the whole numbers of [min, max], so that the
// mean of many roundings is v.
func TestRound(t *testing.T) {
	for _, tc := range []struct{ v, u, lo, hi, want float64 }{
		{2.3, 0, 0, 10, 2}, {2.3, 0.69, 0, 10, 2}, {2.3, 0.7, 0, 10, 3}, {-2.3, 0.29, -10, 10, -3}, {-2.3, 0.3, -10, 10, -2},
		{10, 0.99, 0, 10, 10}, {9.9, 0.5, 0, 9.9, 9}, {0.2, 0.9, 0.2, 0.3, 1}, {5, 0.5, 5, 5, 5},
	} {
		if got := Round(tc.v, tc.u, tc.lo, tc.hi); got != tc.want {
			t.Errorf("Round(%v, %v, %v, %v) = %v; want %v", tc.v, tc.u, tc.lo, tc.hi, got, tc.want)
		}
	}
	s, err := New([]Param{{Name: "x", Kind: Int, Start: 5, Max: 10, CEnd: 0.3, REnd: 0.002}}, Settings{Pairs: 100, Alpha: DefaultAlpha, Gamma: DefaultGamma, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	sum, n := 0.0, 20000
	for i := range n {
		p := s.Perturb([]float64{5}, 1, i)
		if p.Plus.Sent[0] != math.Floor(p.Plus.Sent[0]) || p.Minus.Sent[0] != math.Floor(p.Minus.Sent[0]) {
			t.Fatalf("an int parameter sent as %v, %v", p.Plus.Sent[0], p.Minus.Sent[0])
		}
		sum += p.Plus.Sent[0] - p.Plus.Values[0]
	}
	if mean := sum / float64(n); math.Abs(mean) > 0.02 {
		t.Errorf("the rounding's mean error is %v; want about 0", mean)
	}
}

// TestPerturbReproducible: a pair's draws are a function of the seed and
// its index alone; the flips of other seeds or indexes differ.
func TestPerturbReproducible(t *testing.T) {
	ps := make([]Param, 70)
	for i := range ps {
		ps[i] = Param{Name: fmt.Sprint("p", i), Kind: Kind(1 + i%2), Start: 50, Max: 100, CEnd: 2.5, REnd: 0.002}
	}
	s, err := New(ps, Settings{Pairs: 1000, ARatio: DefaultARatio, Alpha: DefaultAlpha, Gamma: DefaultGamma, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	theta := make([]float64, len(ps))
	for i := range theta {
		theta[i] = 50
	}
	a, b := s.Perturb(theta, 3, 12), s.Perturb(theta, 3, 12)
	if !slices.Equal(a.Flip, b.Flip) || !slices.Equal(a.Plus.Sent, b.Plus.Sent) || !slices.Equal(a.Minus.Sent, b.Minus.Sent) {
		t.Errorf("the same pair twice differs")
	}
	if c := s.Perturb(theta, 3, 13); slices.Equal(a.Flip, c.Flip) {
		t.Errorf("pairs 12 and 13 flip alike")
	}
	s2 := *s
	s2.Seed = 8
	if c := s2.Perturb(theta, 3, 12); slices.Equal(a.Flip, c.Flip) {
		t.Errorf("seeds 7 and 8 flip alike")
	}
	plus := 0
	for _, f := range a.Flip {
		if f == 1 {
			plus++
		}
	}
	if plus < 20 || plus > 50 {
		t.Errorf("%d flips of 70 are +1", plus)
	}
}

// TestTuner: pairs handed out at once share the iteration and θ of their
// start; each result moves the θ of its time; the run ends after Pairs.
func TestTuner(t *testing.T) {
	ps := []Param{{Name: "x", Start: 50, Max: 100, CEnd: 4, REnd: 0.002}, {Name: "y", Kind: Int, Start: 10, Max: 20, CEnd: 1, REnd: 0.002}}
	s, err := New(ps, Settings{Pairs: 3, ARatio: DefaultARatio, Alpha: DefaultAlpha, Gamma: DefaultGamma, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	tu := s.Start()
	p1, _ := tu.Next()
	p2, _ := tu.Next()
	if p1.K != 1 || p2.K != 1 || p1.Index != 0 || p2.Index != 1 {
		t.Errorf("two pairs at once: k %d, %d, index %d, %d; want k 1, 1 and index 0, 1", p1.K, p2.K, p1.Index, p2.Index)
	}
	want := slices.Clone(tu.Theta)
	s.Update(want, &p2, 2)
	s.Update(want, &p1, -1)
	tu.Apply(&p2, 2)
	tu.Apply(&p1, -1)
	if !slices.Equal(tu.Theta, want) || tu.Done != 2 {
		t.Errorf("θ %v after %d; want %v after 2", tu.Theta, tu.Done, want)
	}
	p3, ok := tu.Next()
	if !ok || p3.K != 3 || p3.Index != 2 {
		t.Errorf("third pair: k %d index %d ok %t; want k 3, index 2", p3.K, p3.Index, ok)
	}
	if _, ok := tu.Next(); ok {
		t.Errorf("a fourth pair of 3")
	}
}

// TestWrite: the dry run's text and JSON lines of a small schedule.
func TestWrite(t *testing.T) {
	ps, err := Parse("Group,40,0,400,8,0.002\nTempo,int,10,0,100,2,0.002")
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(ps, Settings{Pairs: 12, ARatio: DefaultARatio, Alpha: DefaultAlpha, Gamma: DefaultGamma, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var text, js bytes.Buffer
	if err := s.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := s.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	testkit.Golden(t, "schedule.txt", text.String())
	testkit.Golden(t, "schedule.jsonl", js.String())
}

// BenchmarkPair is the cost of one pair: its perturbation (steps, flips,
// values, rounding) and its update, for 20 parameters.
func BenchmarkPair(b *testing.B) {
	ps := make([]Param, 20)
	for i := range ps {
		ps[i] = Param{Name: fmt.Sprint("p", i), Kind: Kind(1 + i%2), Start: 50, Max: 100, CEnd: 2.5, REnd: 0.002}
	}
	s, err := New(ps, Settings{Pairs: 1 << 30 / 16, ARatio: DefaultARatio, Alpha: DefaultAlpha, Gamma: DefaultGamma, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	tu := s.Start()
	b.ReportAllocs()
	for b.Loop() {
		p, _ := tu.Next()
		tu.Apply(&p, 1)
	}
}

// BenchmarkUpdate is the update alone, for 20 parameters.
func BenchmarkUpdate(b *testing.B) {
	ps := make([]Param, 20)
	for i := range ps {
		ps[i] = Param{Name: fmt.Sprint("p", i), Start: 50, Max: 100, CEnd: 2.5, REnd: 0.002}
	}
	s, err := New(ps, Settings{Pairs: 1000, ARatio: DefaultARatio, Alpha: DefaultAlpha, Gamma: DefaultGamma})
	if err != nil {
		b.Fatal(err)
	}
	tu := s.Start()
	p, _ := tu.Next()
	b.ReportAllocs()
	for b.Loop() {
		s.Update(tu.Theta, &p, 1)
	}
}

func BenchmarkParse(b *testing.B) {
	var lines []string
	for i := range 100 {
		lines = append(lines, fmt.Sprintf("Param%d,int,%d,0,1000,%d,0.002", i, 10*i, 1+i%10))
	}
	text := strings.Join(lines, "\n")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(text); err != nil {
			b.Fatal(err)
		}
	}
}
