package rating

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// The reference LLRs of these tests are computed without the secular
// equation and without Van den Bergh's fixed point, straight from the
// definition: the generalized LLR is N · (max ℓ under H1 − max ℓ under H0),
// ℓ(q) = Σ p̂ᵢ ln qᵢ over distributions q on the scores, p̂ the regularized
// observed frequencies. Each maximum is found by a generic optimizer over
// the probability simplex: Newton's method for equality-constrained convex
// problems started off the constraints (Boyd & Vandenberghe, Convex
// Optimization, §10.3), on the constraints Σq = 1 and Σ aᵢqᵢ = s (logistic
// and bayesian: the expected score s of the hypothesis). The normalized
// model's constraint (μ − ½)/σ = t is not linear: its maximum is a fine 1-D
// search over σ (a grid of 200 points, then golden-section refinement)
// of the maximum under the linear constraints Σq = 1, Σ aᵢqᵢ = ½ + tσ,
// Σ aᵢ²qᵢ = σ² + (½ + tσ)².

// maxLogLik returns max Σ p̂ᵢ ln qᵢ over q > 0 with A q = b, or −Inf when
// Newton's method does not reach the constraints (no such q).
func maxLogLik(ph []float64, A [][]float64, b []float64) float64 {
	n, m := len(ph), len(A)
	q := make([]float64, n)
	for i := range q {
		q[i] = 1 / float64(n)
	}
	nu := make([]float64, m)
	resid := func(q, nu []float64) []float64 {
		r := make([]float64, n+m)
		for i := range n {
			r[i] = -ph[i] / q[i]
			for k := range m {
				r[i] += A[k][i] * nu[k]
			}
		}
		for k := range m {
			for i := range n {
				r[n+k] += A[k][i] * q[i]
			}
			r[n+k] -= b[k]
		}
		return r
	}
	norm := func(r []float64) float64 {
		s := 0.0
		for _, x := range r {
			s += x * x
		}
		return math.Sqrt(s)
	}
	for range 100 {
		r := resid(q, nu)
		if norm(r) < 1e-15 {
			break
		}
		// KKT system [H Aᵀ; A 0] [dq; dnu] = −r, H = diag(p̂ᵢ/qᵢ²).
		M := make([][]float64, n+m)
		for i := range M {
			M[i] = make([]float64, n+m+1)
		}
		for i := range n {
			M[i][i] = ph[i] / (q[i] * q[i])
			for k := range m {
				M[i][n+k] = A[k][i]
				M[n+k][i] = A[k][i]
			}
		}
		for i := range n + m {
			M[i][n+m] = -r[i]
		}
		x := gauss(M)
		if x == nil {
			return math.Inf(-1)
		}
		step := 1.0
		for range 200 {
			ok := true
			for i := range n {
				if q[i]+step*x[i] <= 0 {
					ok = false
				}
			}
			if ok {
				nq, nn := make([]float64, n), make([]float64, m)
				for i := range n {
					nq[i] = q[i] + step*x[i]
				}
				for k := range m {
					nn[k] = nu[k] + step*x[n+k]
				}
				if norm(resid(nq, nn)) <= (1-0.01*step)*norm(r) {
					break
				}
			}
			step /= 2
		}
		for i := range n {
			q[i] += step * x[i]
		}
		for k := range m {
			nu[k] += step * x[n+k]
		}
	}
	// Feasible?
	for k := range m {
		s := 0.0
		for i := range n {
			s += A[k][i] * q[i]
		}
		if math.Abs(s-b[k]) > 1e-12 {
			return math.Inf(-1)
		}
	}
	l := 0.0
	for i := range n {
		if q[i] <= 0 {
			return math.Inf(-1)
		}
		l += ph[i] * math.Log(q[i])
	}
	return l
}

// gauss solves the augmented system M by elimination with partial pivoting.
func gauss(M [][]float64) []float64 {
	n := len(M)
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(M[r][c]) > math.Abs(M[p][c]) {
				p = r
			}
		}
		if M[p][c] == 0 {
			return nil
		}
		M[c], M[p] = M[p], M[c]
		for r := range n {
			if r != c {
				f := M[r][c] / M[c][c]
				for k := c; k <= n; k++ {
					M[r][k] -= f * M[c][k]
				}
			}
		}
	}
	x := make([]float64, n)
	for i := range n {
		x[i] = M[i][n] / M[i][i]
	}
	return x
}

// refLLR computes the LLR of counts under s from the definition (see the
// comment at the top).
func refLLR(s SPRT, counts []int) float64 {
	n := len(counts)
	ph := make([]float64, n)
	a := make([]float64, n)
	a2 := make([]float64, n)
	ones := make([]float64, n)
	total := 0.0
	for i, c := range counts {
		ph[i] = float64(c)
		if c == 0 {
			ph[i] = 1e-3
		}
		total += ph[i]
		a[i] = float64(i) / float64(n-1)
		a2[i] = a[i] * a[i]
		ones[i] = 1
	}
	for i := range ph {
		ph[i] /= total
	}
	meanMax := func(score float64) float64 {
		return maxLogLik(ph, [][]float64{ones, a}, []float64{1, score})
	}
	var l0, l1 float64
	switch s.Model {
	case ModelLogistic:
		sc := func(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }
		l0, l1 = meanMax(sc(s.Elo0)), meanMax(sc(s.Elo1))
	case ModelBayesian:
		if counts[0] == 0 || counts[2] == 0 {
			return 0
		}
		// BayesElo: P(win) = 1/(1+10^((drawelo−elo)/400)), P(loss) =
		// 1/(1+10^((drawelo+elo)/400)), drawelo from the observed
		// frequencies.
		L, W := ph[0], ph[2]
		drawelo := 200 * math.Log10((1-L)/L*(1-W)/W)
		sc := func(elo float64) float64 {
			w := 1 / (1 + math.Pow(10, (drawelo-elo)/400))
			l := 1 / (1 + math.Pow(10, (drawelo+elo)/400))
			return w + (1-w-l)/2
		}
		l0, l1 = meanMax(sc(s.Elo0)), meanMax(sc(s.Elo1))
	case ModelNormalized:
		k := 1.0
		if n == 5 {
			k = math.Sqrt2 // per pair, half the variance of a game
		}
		tmax := func(t float64) float64 {
			f := func(sigma float64) float64 {
				m := 0.5 + t*sigma
				return maxLogLik(ph, [][]float64{ones, a, a2}, []float64{1, m, sigma*sigma + m*m})
			}
			hi := 0.5 / math.Sqrt(1+t*t)
			const grid = 200
			best, bestV := -1, math.Inf(-1)
			for i := 1; i < grid; i++ {
				if v := f(hi * float64(i) / grid); v > bestV {
					best, bestV = i, v
				}
			}
			_, _, m := goldenMax(f, hi*float64(best-1)/grid, hi*float64(best+1)/grid, math.Inf(-1), 80)
			return m
		}
		t0, t1 := k*s.Elo0*math.Ln10/800, k*s.Elo1*math.Ln10/800
		l0, l1 = tmax(t0), tmax(t1)
	}
	return total * (l1 - l0)
}

var sprtCases = []struct {
	counts     []int
	elo0, elo1 float64
}{
	{[]int{0, 3, 50, 30, 20}, 0, 5}, // TestLLRExample's
	{[]int{10, 20, 40, 20, 10}, 0, 5},
	{[]int{10, 20, 40, 20, 10}, -3, 1},
	{[]int{3, 120, 900, 160, 7}, 0, 2},
	{[]int{5, 0, 0, 0, 9}, 0, 10},
	{[]int{0, 0, 0, 0, 12}, 0, 10},
	{[]int{0, 0, 0, 1, 0}, 0, 10},
	{[]int{40, 60, 90, 50, 30}, 0, 50},
	{[]int{30, 40, 50}, 0, 5},
	{[]int{30, 40, 50}, -2, 8},
	{[]int{0, 10, 20}, 0, 10},
	{[]int{12, 0, 0}, 0, 50},
	{[]int{7, 0, 9}, 0, 50},
	{[]int{210, 540, 250}, 0, 5},
	{[]int{0, 0, 0}, 0, 5},
	// Far apart: the normalized model's fixed point from the uniform start
	// fails and is followed from t = 0.
	{[]int{0, 0, 0, 0, 100}, -300, 300},
	{[]int{3, 0, 100}, -300, 300},
}

func TestLLRAgainstDefinition(t *testing.T) {
	for _, c := range sprtCases {
		for _, model := range Models {
			if model == ModelBayesian && len(c.counts) == 5 {
				continue
			}
			s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05, Model: model}
			t.Run(fmt.Sprintf("%s%v%v", model, c.counts, [2]float64{c.elo0, c.elo1}), func(t *testing.T) {
				got, want := s.LLR(c.counts), refLLR(s, c.counts)
				if math.IsNaN(got) || math.Abs(got-want) > 1e-6*math.Max(math.Abs(want), 1e-3) {
					t.Errorf("LLR(%v) = %.10f; want %.10f (from the definition)", c.counts, got, want)
				}
			})
		}
	}
}

// TestLLRExample checks the LLR of a pentanomial example against its
// reference value, and that fastchess's (its logistic solver stops at a θ
// tolerance of 1e-3) is off by about 3e-4.
func TestLLRExample(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: ModelLogistic}
	got := s.LLR([]int{0, 3, 50, 30, 20})
	if math.Abs(got-1.471548) > 5e-7 {
		t.Errorf("LLR = %.7f; want 1.471548", got)
	}
	if rel := math.Abs(got-1.471117) / got; rel < 2e-4 || rel > 4e-4 {
		t.Errorf("LLR %.7f is %.1e from fastchess's 1.471117; want about 3e-4", got, rel)
	}
}

func TestSPRTBoundsAndDecide(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: ModelNormalized}
	lo, hi := s.Bounds()
	if math.Abs(lo+2.944438979) > 1e-9 || math.Abs(hi-2.944438979) > 1e-9 {
		t.Errorf("Bounds() = %v, %v; want ∓2.944438979", lo, hi)
	}
	for _, c := range []struct {
		llr  float64
		want string
	}{{3, H1}, {hi, H1}, {-3, H0}, {lo, H0}, {0, ""}, {2.9, ""}} {
		if got := s.Decide(c.llr); got != c.want {
			t.Errorf("Decide(%v) = %q; want %q", c.llr, got, c.want)
		}
	}
	a := SPRT{Elo0: -1, Elo1: 3, Alpha: 0.1, Beta: 0.2, Model: ModelLogistic}
	lo, hi = a.Bounds()
	if math.Abs(lo-math.Log(0.2/0.9)) > 1e-15 || math.Abs(hi-math.Log(0.8/0.1)) > 1e-15 {
		t.Errorf("Bounds() = %v, %v", lo, hi)
	}
}

func TestSPRTCheck(t *testing.T) {
	cases := []struct {
		s     SPRT
		param string
		msg   string
	}{
		{SPRT{Elo0: 5, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}, "elo1", "must be below elo1"},
		{SPRT{Elo0: 6, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}, "elo1", "must be below elo1"},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05, Model: "normalized"}, "alpha", "at least 1e-300 and below 1"},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 1, Model: "normalized"}, "beta", "at least 1e-300 and below 1"},
		// The bound ln((1 − beta)/alpha) would be +Inf.
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 1e-320, Beta: 0.05, Model: "normalized"}, "alpha", "sprt alpha is 1e-320; it must be at least 1e-300 and below 1"},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 1e-320, Model: "normalized"}, "beta", "sprt beta is 1e-320; it must be at least 1e-300 and below 1"},
		// Hypotheses whose LLR has no value for some counts.
		{SPRT{Elo0: -2000, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}, "elo0", "sprt elo0 is -2000; it must be within ±200"},
		{SPRT{Elo0: 0, Elo1: 2000, Alpha: 0.05, Beta: 0.05, Model: "logistic"}, "elo1", "sprt elo1 is 2000; it must be within ±200"},
		{SPRT{Elo0: 1e308, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}, "elo0", "sprt elo0 is 1e+308; it must be within ±200"},
		{SPRT{Elo0: 0, Elo1: math.Inf(1), Alpha: 0.05, Beta: 0.05, Model: "normalized"}, "elo1", "must be a number"},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.6, Beta: 0.4, Model: "normalized"}, "beta", "alpha + beta is 1"},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "gaussian"}, "model", `"gaussian" is unknown`},
		{SPRT{Elo0: math.NaN(), Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}, "elo0", "must be a number"},
	}
	for _, c := range cases {
		errs := c.s.Check()
		if len(errs) != 1 || errs[0].Param != c.param || !strings.Contains(errs[0].Msg, c.msg) {
			t.Errorf("%+v.Check() = %v; want one error on %s saying %q", c.s, errs, c.param, c.msg)
		}
	}
	for _, s := range []SPRT{
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "bayesian"},
		{Elo0: -200, Elo1: 200, Alpha: 1e-300, Beta: 1e-300, Model: "normalized"},
	} {
		if errs := s.Check(); len(errs) != 0 {
			t.Errorf("%+v.Check() = %v; want none", s, errs)
		}
		if lo, hi := s.Bounds(); math.IsInf(lo, 0) || math.IsInf(hi, 0) {
			t.Errorf("%+v.Bounds() = %v, %v; want finite bounds", s, lo, hi)
		}
	}
}

// TestLLRTotal checks that the LLR is a finite number whatever the counts:
// over the edges of the range Check accepts, with the results all in one
// cell, a few, or none (a normalized test of ±2000 Elo made NaN of draws
// alone, which the database refused to store); and 0 where it has no
// value.
func TestLLRTotal(t *testing.T) {
	var counts [][]int
	for _, n := range []int{3, 5} {
		for _, total := range []int{0, 1, 10, 10_000_000, 1_000_000_000} {
			for i := range n {
				for j := range n {
					c := make([]int, n)
					c[i] += total
					c[j]++
					counts = append(counts, c)
				}
			}
		}
	}
	for _, model := range Models {
		for _, elo := range [][2]float64{{-200, 200}, {0, 200}, {-200, 0}, {199, 200}, {-200, -199}, {-1, 1}, {0, 5}} {
			s := SPRT{Elo0: elo[0], Elo1: elo[1], Alpha: 0.05, Beta: 0.05, Model: model}
			for _, c := range counts {
				if model == ModelBayesian && len(c) == 5 {
					continue
				}
				if llr := s.llr(c); math.IsNaN(llr) || math.IsInf(llr, 0) {
					t.Errorf("%v.LLR(%v) = %v; want a number", s, c, llr)
				}
			}
		}
	}
	for _, tc := range []struct {
		s      SPRT
		counts []int
	}{
		{SPRT{Elo0: -2000, Elo1: 2000, Alpha: 0.05, Beta: 0.05, Model: ModelNormalized}, []int{0, 0, 10_000_000, 0, 1}},
		{SPRT{Elo0: 1e308, Elo1: 1.5e308, Alpha: 0.05, Beta: 0.05, Model: ModelNormalized}, []int{1, 2, 3}},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: ModelBayesian}, []int{1, 2, 3, 4, 5}},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "gaussian"}, []int{1, 2, 3}},
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: ModelLogistic}, []int{1, 2}},
	} {
		if llr := tc.s.LLR(tc.counts); llr != 0 {
			t.Errorf("%v.LLR(%v) = %v; want 0, no value", tc.s, tc.counts, llr)
		}
	}
}

// TestEstimate checks the Elo and normalized Elo estimates against the
// formulas fastchess prints them by, worked by hand for small counts.
func TestEstimate(t *testing.T) {
	// Pentanomial [1, 2, 4, 2, 1]: score ½, variance per pair
	// (1·¼ + 2·1/16 + 2·1/16 + 1·¼)/10 = 0.075.
	e := EstimateOf([]int{1, 2, 4, 2, 1})
	half := z95 * math.Sqrt(0.075/10)
	if math.Abs(e.Elo) > 1e-12 || math.Abs(e.EloError-(eloDiff(0.5+half)-eloDiff(0.5-half))/2) > 1e-9 {
		t.Errorf("Elo = %v ± %v", e.Elo, e.EloError)
	}
	if want := half / math.Sqrt(2*0.075) * 800 / math.Ln10; math.Abs(e.NElo) > 1e-12 || math.Abs(e.NEloError-want) > 1e-9 {
		t.Errorf("nElo = %v ± %v; want 0 ± %v", e.NElo, e.NEloError, want)
	}
	// Trinomial 1 loss, 2 draws, 3 wins: score 8/12 = 2/3.
	e = EstimateOf([]int{1, 2, 3})
	mu := 2.0 / 3
	v := (1*mu*mu + 2*(0.5-mu)*(0.5-mu) + 3*(1-mu)*(1-mu)) / 6
	if want := (mu - 0.5) / math.Sqrt(v) * 800 / math.Ln10; math.Abs(e.NElo-want) > 1e-9 || math.Abs(e.Elo-eloDiff(mu)) > 1e-9 {
		t.Errorf("Estimate = %+v; want nElo %v, Elo %v", e, want, eloDiff(mu))
	}
	if e := EstimateOf([]int{0, 0, 0, 0, 4}); !math.IsNaN(e.Elo) || !math.IsNaN(e.NElo) {
		t.Errorf("all won: %+v; want NaN", e)
	}
}

// BenchmarkLLR is what the runner pays after every stored game.
func BenchmarkLLR(b *testing.B) {
	for _, c := range []struct {
		model  string
		counts []int
	}{
		{ModelNormalized, []int{3, 120, 900, 160, 7}},
		{ModelLogistic, []int{3, 120, 900, 160, 7}},
		{ModelNormalized, []int{210, 540, 250}},
		{ModelBayesian, []int{210, 540, 250}},
	} {
		s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: c.model}
		b.Run(fmt.Sprintf("%s-%d", c.model, len(c.counts)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.LLR(c.counts)
			}
		})
	}
}

// FuzzLLR checks that the LLR of any counts under a checked test neither
// panics nor hangs, and has a value (is not 0 for want of one), seeded
// from the table above.
func FuzzLLR(f *testing.F) {
	for _, c := range sprtCases {
		for i := range Models {
			pad := append(append([]int{}, c.counts...), 0, 0, 0, 0, 0)
			f.Add(c.elo0, c.elo1, uint8(i), len(c.counts) == 5, pad[0], pad[1], pad[2], pad[3], pad[4])
		}
	}
	f.Fuzz(func(t *testing.T, elo0, elo1 float64, model uint8, five bool, c0, c1, c2, c3, c4 int) {
		s := SPRT{Elo0: elo0, Elo1: elo1, Alpha: 0.05, Beta: 0.05, Model: Models[int(model)%len(Models)]}
		if len(s.Check()) > 0 {
			return
		}
		counts := []int{c0, c1, c2, c3, c4}
		if !five || s.Model == ModelBayesian {
			counts = counts[:3]
		}
		for _, c := range counts {
			if c < 0 || c > 1e9 {
				return
			}
		}
		if llr := s.llr(counts); math.IsNaN(llr) || math.IsInf(llr, 0) {
			t.Errorf("%+v.LLR(%v) = %v", s, counts, llr)
		}
		EstimateOf(counts)
	})
}
