package rating

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

func fitOf(n int, add func(f *Fit)) *Fit {
	f := NewFit(n)
	add(f)
	return f
}

func TestFitTwoPlayers(t *testing.T) {
	// A scores 3 of 4 against B: the difference is 400·log10(0.75/0.25).
	f := fitOf(2, func(f *Fit) { f.Add(0, 1, 4, 3) })
	f.Solve(-1, 0)
	diff := 400 * math.Log10(3)
	if math.Abs(f.elo[0]-diff/2) > 1e-6 || math.Abs(f.elo[1]+diff/2) > 1e-6 {
		t.Errorf("ratings %v; want ±%.4f", f.elo, diff/2)
	}
	// Fisher information of the difference: n·p·(1-p) = 4·3/16 = 0.75 (in
	// natural units); each rating carries half the difference.
	wantErr := z95 * eloScale * math.Sqrt(1/0.75) / 2
	if math.Abs(f.err[0]-wantErr) > 1e-6 || math.Abs(f.err[1]-wantErr) > 1e-6 {
		t.Errorf("errors %v; want %.4f", f.err, wantErr)
	}
	// Anchored at B = 1500: A = 1500 + diff, A's error that of the difference.
	f.Solve(1, 1500)
	if math.Abs(f.elo[1]-1500) > 1e-6 || math.Abs(f.elo[0]-1500-diff) > 1e-6 || f.err[1] != 0 ||
		math.Abs(f.err[0]-2*wantErr) > 1e-6 {
		t.Errorf("anchored ratings %v ± %v; want %.4f, 1500 ± %.4f, 0", f.elo, f.err, 1500+diff, 2*wantErr)
	}
}

func TestFitThreePlayers(t *testing.T) {
	// A beats B 3 of 4, B beats C 3 of 4, A beats C 9 of 10: the odds 3 and
	// 3 multiply to 9, so the data fit the model exactly and the ratings
	// are 400·log10(3) apart: A = +190.85, B = 0, C = -190.85.
	f := fitOf(3, func(f *Fit) {
		f.Add(0, 1, 4, 3)
		f.Add(1, 2, 4, 3)
		f.Add(0, 2, 10, 9)
	})
	f.Solve(-1, 0)
	d := 400 * math.Log10(3)
	want := []float64{d, 0, -d}
	for i := range want {
		if math.Abs(f.elo[i]-want[i]) > 1e-6 {
			t.Errorf("elo[%d] = %.6f; want %.6f", i, f.elo[i], want[i])
		}
	}
	if f.regularized {
		t.Errorf("regularized; want a plain maximum likelihood fit")
	}
	// A and C are placed symmetrically: their intervals agree.
	if math.Abs(f.err[0]-f.err[2]) > 1e-6 {
		t.Errorf("errors %v; want A's and C's equal", f.err)
	}
}

func TestFitRegularized(t *testing.T) {
	// A wins every game: no finite maximum; one virtual draw gives A 4.5 of
	// 5, a difference of 400·log10(9).
	f := fitOf(2, func(f *Fit) { f.Add(0, 1, 4, 4) })
	f.Solve(-1, 0)
	if !f.regularized {
		t.Errorf("not regularized")
	}
	if d := f.elo[0] - f.elo[1]; math.Abs(d-400*math.Log10(9)) > 1e-6 {
		t.Errorf("difference %.4f; want %.4f", d, 400*math.Log10(9))
	}
}

func TestFitDisconnected(t *testing.T) {
	// Two separate matches and a player without games: each group averages
	// 0; the lone player has no interval.
	f := fitOf(5, func(f *Fit) {
		f.Add(0, 1, 2, 1)
		f.Add(2, 3, 4, 3)
	})
	f.Solve(-1, 0)
	if math.Abs(f.elo[0]) > 1e-9 || math.Abs(f.elo[2]+f.elo[3]) > 1e-6 || f.elo[4] != 0 {
		t.Errorf("ratings %v; want each group centred on 0", f.elo)
	}
	if !math.IsNaN(f.err[4]) {
		t.Errorf("lone player's error %v; want NaN", f.err[4])
	}
}

// TestFitSparse checks that the conjugate-gradient path, used for many
// players, finds the same ratings as the dense one.
func TestFitSparse(t *testing.T) {
	build := func() *Fit {
		f := NewFit(6)
		f.Add(0, 1, 4, 3)
		f.Add(1, 2, 4, 3)
		f.Add(0, 2, 10, 9)
		f.Add(2, 3, 6, 2.5)
		f.Add(3, 4, 8, 5)
		f.Add(0, 4, 3, 1)
		return f // player 5 met nobody
	}
	dense := build()
	dense.Solve(-1, 0)
	old := denseLimit
	denseLimit = 0
	defer func() { denseLimit = old }()
	sparse := build()
	sparse.Solve(-1, 0)
	for i := range dense.elo {
		if math.Abs(dense.elo[i]-sparse.elo[i]) > 1e-6 {
			t.Errorf("elo[%d]: sparse %.6f, dense %.6f", i, sparse.elo[i], dense.elo[i])
		}
	}
	for i := range 5 {
		if !(sparse.err[i] > 0) {
			t.Errorf("sparse err[%d] = %v; want a positive interval", i, sparse.err[i])
		}
	}
	if !math.IsNaN(sparse.err[5]) {
		t.Errorf("sparse err[5] = %v; want NaN for a player who met nobody", sparse.err[5])
	}
	// Anchored, the sparse path moves the component too.
	sparse.Solve(3, 1000)
	if math.Abs(sparse.elo[3]-1000) > 1e-9 || math.Abs(sparse.elo[0]-sparse.elo[3]-(dense.elo[0]-dense.elo[3])) > 1e-6 {
		t.Errorf("anchored sparse ratings %v", sparse.elo)
	}
}

// advantageFixture is a round robin of 8 players, each pair meeting 6 times
// with colours alternating, whose results are drawn from the logistic
// model with White 60 Elo stronger (and 20 % draws), from a fixed seed.
func advantageFixture(f *Fit) {
	rng := rand.New(rand.NewPCG(14, 17))
	truth := []float64{-210, -120, -60, 0, 30, 90, 150, 240}
	const adv = 60.0
	for i := range truth {
		for j := i + 1; j < len(truth); j++ {
			var asWhite, asBlack Match // i's results by i's colour
			for g := range 6 {
				iWhite := g%2 == 0
				d := truth[i] - truth[j]
				if iWhite {
					d += adv
				} else {
					d -= adv
				}
				p := 1 / (1 + math.Pow(10, -d/400))
				m := &asBlack
				if iWhite {
					m = &asWhite
				}
				switch u := rng.Float64(); {
				case u < 0.2:
					m.Draws++
				case u < 0.2+0.8*p:
					m.Wins++
				default:
					m.Losses++
				}
			}
			f.AddColour(i, j, asWhite, 1)
			f.AddColour(i, j, asBlack, -1)
		}
	}
}

// logLik is the log-likelihood of the fit's games at ratings theta and
// White's advantage w (natural units), draws as half a win and half a loss.
func logLik(f *Fit, theta []float64, w float64) float64 {
	ll := 0.0
	for _, e := range f.edges {
		d := theta[e.i] - theta[e.j] + e.white*w
		ll -= e.points*softplus(-d) + (e.games-e.points)*softplus(d)
	}
	return ll
}

// goldenMax narrows [lo, hi] around a maximum of the unimodal f by golden
// section search, until it is no wider than tol or for steps steps,
// whichever comes first (tol -Inf: steps steps); it returns the interval left and the larger of
// the last two values of f.
func goldenMax(f func(float64) float64, lo, hi, tol float64, steps int) (float64, float64, float64) {
	g := (math.Sqrt(5) - 1) / 2
	x1, x2 := hi-g*(hi-lo), lo+g*(hi-lo)
	f1, f2 := f(x1), f(x2)
	for range steps {
		if !(hi-lo > tol) {
			break
		}
		if f1 < f2 {
			lo, x1, f1 = x1, x2, f2
			x2 = lo + g*(hi-lo)
			f2 = f(x2)
		} else {
			hi, x2, f2 = x2, x1, f1
			x1 = hi - g*(hi-lo)
			f1 = f(x1)
		}
	}
	return lo, hi, max(f1, f2)
}

// bruteForce maximises logLik by cyclic coordinate ascent with a golden
// section search on each coordinate (ratings re-centred on 0): a method
// that shares nothing with the Newton fit but the likelihood itself.
func bruteForce(f *Fit) (theta []float64, w float64) {
	n := f.n
	theta = make([]float64, n)
	golden := func(get func() float64, set func(float64)) {
		c := get()
		lo, hi := c-1, c+1
		eval := func(x float64) float64 { set(x); return logLik(f, theta, w) }
		lo, hi, _ = goldenMax(eval, lo, hi, 1e-11, math.MaxInt)
		set((lo + hi) / 2)
	}
	for range 400 {
		old := append([]float64{w}, theta...)
		for i := range n {
			golden(func() float64 { return theta[i] }, func(x float64) { theta[i] = x })
		}
		golden(func() float64 { return w }, func(x float64) { w = x })
		mean := 0.0
		for _, x := range theta {
			mean += x / float64(n)
		}
		for i := range theta {
			theta[i] -= mean
		}
		big := math.Abs(old[0] - w)
		for i := range theta {
			big = max(big, math.Abs(old[i+1]-theta[i]))
		}
		if big < 1e-10 {
			break
		}
	}
	return theta, w
}

// TestFitWhiteAdvantage checks the joint fit of the ratings and White's
// advantage (Ordo's -W model) against a brute-force maximisation of the same
// likelihood, and its interval against the curvature of the profile
// likelihood of the advantage.
func TestFitWhiteAdvantage(t *testing.T) {
	bf := NewFit(8)
	advantageFixture(bf)
	theta, w := bruteForce(bf)
	for _, sparse := range []bool{false, true} {
		name := "dense"
		if sparse {
			name = "sparse"
		}
		t.Run(name, func(t *testing.T) {
			if sparse {
				old := denseLimit
				denseLimit = 0
				defer func() { denseLimit = old }()
			}
			f := NewFit(8)
			advantageFixture(f)
			f.fitAdvantage = true
			f.Solve(-1, 0)
			t.Logf("white advantage %.4f ± %.4f Elo; brute force %.4f", f.advantage*eloScale, f.advantageErr, w*eloScale)
			if got, want := f.advantage*eloScale, w*eloScale; math.Abs(got-want) > 0.01 {
				t.Errorf("white advantage %.4f Elo; brute force %.4f", got, want)
			}
			for i := range theta {
				if math.Abs(f.elo[i]-theta[i]*eloScale) > 0.01 {
					t.Errorf("elo[%d] = %.4f; brute force %.4f", i, f.elo[i], theta[i]*eloScale)
				}
			}
			// Ordo's own stopping rule (calc_rating_ordo in its rating.c):
			// every player's expected points equal its points, and White's
			// expected points equal White's, at the ratings and W found.
			exp, got := make([]float64, f.n), make([]float64, f.n)
			var whiteExp, whiteGot float64
			for _, e := range f.edges {
				p := 1 / (1 + math.Pow(10, -(f.elo[e.i]-f.elo[e.j]+e.white*f.advantage*eloScale)/400))
				exp[e.i] += e.games * p
				exp[e.j] += e.games * (1 - p)
				got[e.i] += e.points
				got[e.j] += e.games - e.points
				if e.white > 0 {
					whiteExp, whiteGot = whiteExp+e.games*p, whiteGot+e.points
				} else {
					whiteExp, whiteGot = whiteExp+e.games*(1-p), whiteGot+e.games-e.points
				}
			}
			for i := range exp {
				if math.Abs(exp[i]-got[i]) > 1e-6 {
					t.Errorf("player %d: expected %.8f points at the fit; scored %.8f", i, exp[i], got[i])
				}
			}
			if math.Abs(whiteExp-whiteGot) > 1e-6 {
				t.Errorf("White: expected %.8f points at the fit; scored %.8f", whiteExp, whiteGot)
			}
			if adv := f.advantage * eloScale; adv < 20 || adv > 100 {
				t.Errorf("white advantage %.1f Elo; the games were drawn with 60", adv)
			}
			// The profile log-likelihood of the advantage (the ratings
			// refitted at each fixed value) curves by 1/Var(w).
			profile := func(w float64) float64 {
				g := NewFit(8)
				advantageFixture(g)
				g.advantage = w
				g.Solve(-1, 0)
				th := make([]float64, 8)
				for i := range th {
					th[i] = g.elo[i] / eloScale
				}
				return logLik(g, th, w)
			}
			const h = 1e-3
			curv := -(profile(f.advantage+h) - 2*profile(f.advantage) + profile(f.advantage-h)) / (h * h)
			want := z95 * eloScale / math.Sqrt(curv)
			if math.Abs(f.advantageErr-want) > 0.05*want {
				t.Errorf("white advantage error %.3f Elo; profile likelihood gives %.3f", f.advantageErr, want)
			}
		})
	}
}

// TestFitFixedAdvantage checks that a fixed advantage shifts the ratings as
// the model says: with White 100 Elo stronger, a player who scored 3 of 4
// as White only against an equal opponent is rated below it.
func TestFitFixedAdvantage(t *testing.T) {
	f := NewFit(2)
	f.AddColour(0, 1, Match{Wins: 3, Losses: 1}, 1)
	f.advantage = 100 / eloScale
	f.Solve(-1, 0)
	// p(0 beats 1 as White) = 3/4 = logistic(d + 100 Elo).
	d := 400*math.Log10(3) - 100
	if got := f.elo[0] - f.elo[1]; math.Abs(got-d) > 1e-6 {
		t.Errorf("difference %.4f; want %.4f", got, d)
	}
}

// TestFitStops: a fit whose stop says true ends at its next check, on the
// sparse path too, instead of iterating to convergence.
func TestFitStops(t *testing.T) {
	for _, n := range []int{50, 3000} { // dense, then conjugate gradients
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			build := func() *Fit {
				f := NewFit(n)
				for i := range n {
					for k := 1; k <= 10; k++ {
						f.Add(i, (i+k*k*7)%n, 4, float64((i*k)%5))
					}
				}
				return f
			}
			calls := 0
			f := build()
			f.Stop = func() bool { calls++; return true }
			f.Solve(-1, 0)
			if calls == 0 || calls > 3 {
				t.Errorf("stop asked %d times; want the fit to end at its first check", calls)
			}
			// Without stop the same fit asks nothing and finishes.
			g := build()
			g.Solve(-1, 0)
			if len(g.elo) != n {
				t.Errorf("unstopped fit: %d ratings; want %d", len(g.elo), n)
			}
		})
	}
}
